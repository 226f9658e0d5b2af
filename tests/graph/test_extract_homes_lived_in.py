"""Where one lives: a home near something in a place ("we live near the beach in Cascais"); a
home lived in once ("back when I lived in Nairobi") or a state of mind ("I live in hope") is no
home now."""

from __future__ import annotations

import pytest

from .reading import signed


def homes(text: str) -> set[str]:
    return {o for s, p, o in signed(text) if s == "Ines" and p == "lives_in"}


@pytest.mark.parametrize(
    "text, place",
    [
        ("We live near the beach in Cascais.", "Cascais"),
        ("I live close to the station in Porto.", "Porto"),
        ("I live in Hope, British Columbia.", "Hope"),
        ("I've lived in Ghent for ten years.", "Ghent"),
    ],
)
def test_a_home(text: str, place: str) -> None:
    assert place in homes(text)


@pytest.mark.parametrize(
    "text",
    [
        "back when I lived in Nairobi we had mangoes straight off the tree",
        "I lived in Berlin for five years.",
        "I live in hope.",
        "We live in fear of the landlord.",
    ],
)
def test_no_home_now(text: str) -> None:
    assert not homes(text)
