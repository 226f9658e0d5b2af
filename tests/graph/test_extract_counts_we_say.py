"""Counts the speaker says with "we" ("we have 3 grandchildren", "we're up to 63 calves"),
plurals not in "s" ("children", "sheep"), and a collection's size; and what is no count."""

from __future__ import annotations

import pytest

from .reading import read


def counts(text: str) -> set[tuple[str, str]]:
    found = read(text)
    return {(f.subject, f.object) for f in found if f.predicate == "count"}


@pytest.mark.parametrize(
    "text, count",
    [
        ("We have 4 grandchildren, all boys", ("Ines's grandchildren", "4")),
        ("we're up to 48 lambs this spring", ("Ines's lambs", "48")),
        ("I keep 30 sheep on the hill", None),
        ("I have 200 sheep", ("Ines's sheep", "200")),
        ("my collection is now over 1,200 vinyls", ("Ines's vinyls", "1,200")),
    ],
)
def test_a_count_said_with_we_or_an_irregular_plural(text, count):
    if count is None:
        assert not any("sheeps" in s for s, _ in counts(text)), counts(text)
    else:
        assert count in counts(text), counts(text)


@pytest.mark.parametrize(
    "text",
    ["We spent 3 days in Rome", "we waited 40 minutes for a table", "We are 5 minutes away"],
)
def test_spans_of_time_are_no_count(text):
    assert not counts(text), counts(text)
