"""Named extension points, all registered and found the same way.

Embedders (``embed.EMBEDDERS``), rerankers (``retrieval.rerank.RERANKERS``), storage backends
(``store.BACKENDS``), import formats (``importers.FORMATS``) and CLI commands
(``cli.COMMANDS``) are each a :class:`Registry`. An entry is a factory, or a
``"package.module:attribute"`` string imported on first use, so registering costs nothing and
an optional dependency is imported only when its entry is used. An entry that needs an extra
names it: when its import fails, :class:`~lembrar.errors.MissingExtraError` says what to install.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from lembrar.errors import ConfigurationError, MissingExtraError

T = TypeVar("T")

__all__ = ["Registry"]


@dataclass(frozen=True)
class _Entry:
    target: Callable[..., Any] | str
    extra: str | None


class Registry(Generic[T]):
    """The entries of one extension point, by name (``kind`` names the point in errors)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._entries: dict[str, _Entry] = {}

    def register(
        self, name: str, target: Callable[..., T] | str, *, extra: str | None = None
    ) -> None:
        """Add (or replace) the entry ``name``: a factory or a ``"module:attribute"`` path."""
        self._entries[name] = _Entry(target, extra)

    def names(self) -> list[str]:
        """The registered names, in the order they were registered."""
        return list(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def load(self, name: str) -> Callable[..., T]:
        """The factory registered as ``name``, imported if it was given as a path."""
        entry = self._entries.get(name)
        if entry is None:
            known = ", ".join(sorted(self._entries)) or "none registered"
            raise ConfigurationError(f"{self.kind}: unknown name {name!r}; registered: {known}")
        if not isinstance(entry.target, str):
            return entry.target
        module, _, attribute = entry.target.partition(":")
        try:
            loaded: Callable[..., T] = getattr(importlib.import_module(module), attribute)
        except ImportError as exc:
            raise _missing(entry, exc) from exc
        return loaded

    def create(self, name: str, *args: Any, **kwargs: Any) -> T:
        """A new object from the entry ``name``; a missing optional package names its extra."""
        factory = self.load(name)
        try:
            return factory(*args, **kwargs)
        except MissingExtraError:
            raise
        except ImportError as exc:
            entry = self._entries[name]
            if entry.extra is None:
                raise
            raise _missing(entry, exc) from exc


def _missing(entry: _Entry, exc: ImportError) -> Exception:
    if entry.extra is None or isinstance(exc, MissingExtraError):
        return exc
    return MissingExtraError(entry.extra, exc.name or str(exc))
