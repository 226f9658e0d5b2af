"""The facts view of recent users, kept between searches while their graph does not change.

Fact search reads a user's facts view (``GraphStore.facts_view``: facts with their sources and
the entities they name, no mentions, no communities) and indexes its names once. A view is kept
with the graph's version (``GraphStore.version``, changed in the transaction of every write and
every deletion of the user's episodes, by any process) and used while the stored version is the
same: one indexed read per search instead of the whole graph.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from lembrar.graph.centers import NameIndex
from lembrar.model.graph import GraphData
from lembrar.store.base import GraphStore

__all__ = ["ReadGraph", "ViewCache"]


@dataclass(frozen=True)
class ReadGraph:
    """A user's graph as search reads it: the whole graph (``whole``) or the facts view, with
    the index of its names."""

    data: GraphData
    whole: bool
    index: NameIndex = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", NameIndex(self.data.entities))


class ViewCache:
    """The facts views of the ``size`` users searched last, each with the version it was read
    at; thread-safe."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._views: OrderedDict[str, tuple[int, ReadGraph]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, store: GraphStore, user_id: str) -> ReadGraph:
        """The user's facts view as stored now: the kept one if the version is unchanged."""
        version = store.version(user_id)  # read first: a write after it only costs a re-read
        with self._lock:
            kept = self._views.get(user_id)
            if kept is not None and kept[0] == version:
                self._views.move_to_end(user_id)
                return kept[1]
        view = ReadGraph(store.facts_view(user_id), whole=False)
        with self._lock:
            self._views[user_id] = (version, view)
            self._views.move_to_end(user_id)
            while len(self._views) > self.size:
                self._views.popitem(last=False)
        return view

    def drop(self, user_id: str) -> None:
        with self._lock:
            self._views.pop(user_id, None)
