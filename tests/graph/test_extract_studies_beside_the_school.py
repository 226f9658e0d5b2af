"""What the speaker studies and where, said beside the school: a thesis or a year at it ("my
architecture thesis at the UBA", "my final year of engineering at Imperial"), a degree done at it
("doing my BCom part time through UNISA", "my PhD in atmospheric physics at LMU"), a student of a
field at it ("a second-year medicine student at Wits"); a relative's studies are not the
speaker's."""

from __future__ import annotations

import pytest

from .reading import signed


@pytest.mark.parametrize(
    "text, field, school",
    [
        ("it's for my architecture thesis at the UBA", "architecture", "UBA"),
        ("I'm in my final year of engineering at Imperial.", "engineering", "Imperial"),
        ("I'm doing my BCom part time through UNISA.", "BCom", "UNISA"),
        ("I'm doing my PhD in atmospheric physics at LMU", "atmospheric physics", "LMU"),
        ("I'm a second-year medicine student at Wits.", "medicine", "Wits"),
    ],
)
def test_what_and_where_the_speaker_studies(text: str, field: str, school: str) -> None:
    found = signed(text)
    assert {("Ines", "studies", field), ("Ines", "studies_at", school)} <= found
    assert not any(p == "studies" and o in ("PhD", "atmospheric") for _, p, o in found)


def test_a_relatives_studies_are_not_the_speakers() -> None:
    found = signed("My sister is a medicine student at Wits.")
    assert ("Ines", "studies", "medicine") not in found
    assert ("Ines", "studies_at", "Wits") not in found
