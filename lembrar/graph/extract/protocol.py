"""The one protocol every extractor follows: an episode in, entities and facts out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from lembrar.model.episode import Episode
from lembrar.model.graph import Extraction

__all__ = ["Extractor"]


@runtime_checkable
class Extractor(Protocol):
    """Reads one episode. ``tz`` is the user's zone, for the time phrases inside the text;
    ``known`` the names already in the graph and ``current`` the facts that hold now (a model
    uses them to resolve names and spot endings; the rules need neither)."""

    name: str

    def extract(
        self,
        episode: Episode,
        tz: str = "UTC",
        known: Sequence[str] = (),
        current: Sequence[str] = (),
    ) -> Extraction: ...
