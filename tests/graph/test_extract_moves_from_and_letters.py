"""A move told with where it was from ("Moved from Recife to São Paulo in January") is a home in
the new place; one lives "alone" or "together" in a place; a letter's salutation is whom it is
written to, never a partner ("Dear Ms. Patel, My husband and I…"); a plan made with a relative
not named is the speaker's only (the labels' written7 notes), one made with a named one is
theirs too."""

from __future__ import annotations

import pytest

from .reading import signed, undated


@pytest.mark.parametrize(
    "text, place",
    [
        ("Moved from Recife to São Paulo in January for a job.", "São Paulo"),
        ("I moved from Leeds to Bristol last year.", "Bristol"),
        ("Now I live alone in Sakai with my cat Tama.", "Sakai"),
        ("We live together in Ghent.", "Ghent"),
    ],
)
def test_a_home(text: str, place: str) -> None:
    found = signed(text)
    assert ("Ines", "lives_in", place) in found
    assert not any(p == "lives_in" and o in ("Recife", "Leeds") for _, p, o in found)


def test_a_salutation_is_no_one_the_letter_speaks_of() -> None:
    found = undated(signed("Dear Ms. Patel, My husband and I are relocating to Toronto in August."))
    assert not any("Patel" in (s, o) for s, _, o in found)
    assert ("Ines", "has_partner", "husband") in found


def test_a_plan_with_a_relative_not_named_is_the_speakers_only() -> None:
    found = undated(signed("My husband and I are moving to Toronto in August."))
    assert ("Ines", "plans", "move to Toronto") in found
    assert not any(s == "husband" and p == "plans" for s, p, _ in found)


def test_a_plan_with_a_relative_named_is_theirs_too() -> None:
    found = undated(signed("My husband Paco and I are moving to Toronto in August."))
    assert ("Paco", "plans", "move to Toronto") in found


def test_a_pastime_with_a_relative_not_named_is_theirs_too() -> None:
    found = signed("My husband and I go dancing every Tuesday.")
    assert ("husband", "does", "dancing") in found
