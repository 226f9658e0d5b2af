"""A partner the message says died is an ended partnership (rule 20: "her husband Alf died on
Sunday"); an object ends at an emoji ("i hate mondays 😩 anyway can you…"); "Aoife and me are
getting married" is a plan of both."""

from __future__ import annotations

from .reading import signed, undated


def test_a_partner_who_died_is_an_ended_partnership() -> None:
    found = signed("A card for my friend Doreen, her husband Alf died on Sunday after 58 years.")
    assert ("Doreen", "not:has_partner", "Alf") in found
    assert ("Doreen", "has_partner", "Alf") not in found


def test_an_object_ends_at_an_emoji() -> None:
    found = undated(
        signed("I start at Leeds Teaching Hospitals on 3 June 😭🙏 help me write a note")
    )
    assert ("Ines", "plans", "start at Leeds Teaching Hospitals") in found
    assert not any("help" in o for _, _, o in found)


def test_a_name_and_me_plan_together() -> None:
    found = undated(signed("She said yes!!! Aoife and me are getting married next summer lads"))
    assert {("Ines", "plans", "getting married"), ("Aoife", "plans", "getting married")} <= found
