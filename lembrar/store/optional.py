"""A part of the backend that some backends lack (the layer store, the graph store), opened on
first use and named in a clear error where it is missing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from lembrar.errors import ConfigurationError
from lembrar.store.base import Store

Part = TypeVar("Part")


class OptionalPart(Generic[Part]):
    """``opener`` asks ``store`` for the part (None: its backend does not keep it);
    ``wanted_by`` names who wants it and ``keeps`` what it holds, for the error."""

    def __init__(
        self, store: Store, opener: Callable[[Store], Part | None], wanted_by: str, keeps: str
    ) -> None:
        self._backend = store
        self._opener = opener
        self._wanted_by = wanted_by
        self._keeps = keeps
        self._part: Part | None = None
        self._opened = False

    @property
    def available(self) -> bool:
        if not self._opened:
            self._part, self._opened = self._opener(self._backend), True
        return self._part is not None

    def get(self) -> Part:
        """The part; ``ConfigurationError`` naming the backend where it does not keep one."""
        if not self.available:
            raise ConfigurationError(
                f"{self._wanted_by}: the {type(self._backend).__name__} backend does not keep "
                f"{self._keeps}; use a SQLite or PostgreSQL store"
            )
        assert self._part is not None
        return self._part
