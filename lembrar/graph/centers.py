"""Where graph search starts: the entities a query names, found through an index of folded
names built once per read of the graph instead of folding every name on every search.

An entity is a centre when the caller names it (by id, name or alias), when one of its names
is a word of the query, or a name of several words appears in the query's words (sorted and
joined by spaces), and the user's own node is one when the query speaks in the first person.
"""

from __future__ import annotations

from collections.abc import Sequence

from lembrar.graph.extract.names import fold
from lembrar.model.graph import Entity

__all__ = ["FIRST_PERSON", "NameIndex"]

FIRST_PERSON = frozenset(
    {"i", "me", "my", "mine", "myself", "eu", "meu", "minha", "meus", "minhas", "mim"}
)


class NameIndex:
    """Folded names → the positions of the entities that bear them, in the order read."""

    def __init__(self, entities: Sequence[Entity]) -> None:
        self.ids = tuple(e.id for e in entities)
        self._position = {e.id: i for i, e in enumerate(entities)}
        self._names: dict[str, list[int]] = {}  # every folded name or alias
        self._phrases: dict[str, list[int]] = {}  # those with a space, matched inside the query
        self._users = [i for i, e in enumerate(entities) if e.type == "user"]
        for position, entity in enumerate(entities):
            for name in {fold(n) for n in entity.names}:
                self._names.setdefault(name, []).append(position)
                if " " in name:
                    self._phrases.setdefault(name, []).append(position)

    def named(self, ident: str) -> list[int]:
        """The positions of the entity with id ``ident`` or with ``ident`` as a name."""
        found = set(self._names.get(fold(ident), ()))
        if ident in self._position:
            found.add(self._position[ident])
        return sorted(found)

    def centers(self, words: set[str], center: str | None) -> tuple[str, ...]:
        """The ids of the centres for a query of ``words`` (and the entity ``center`` names, if
        it is here), in the order read."""
        chosen = set(self.named(center)) if center is not None else set()
        for word in words:
            chosen.update(self._names.get(word, ()))
        joined = " ".join(sorted(words))
        for phrase, positions in self._phrases.items():
            if phrase in joined:
                chosen.update(positions)
        if words & FIRST_PERSON:
            chosen.update(self._users)
        return tuple(self.ids[i] for i in sorted(chosen))
