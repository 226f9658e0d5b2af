"""The exception tree of lembrar.

LembrarError
├── ValidationError(LembrarError, ValueError)     bad input; names the field and the fix
│   └── ImportFormatError                          a malformed line/record in an import
├── NotFoundError(LembrarError, KeyError)          unknown id (or one owned by another user)
├── ConflictError(LembrarError)                    a write that contradicts stored state
├── StoreError(LembrarError)                       the backend failed; the write was rolled back
│   ├── StoreBusyError                             transient: locked by another writer; retry
│   └── StoreOpenError                             the target is no store and cannot become one
├── SourceError(LembrarError)                      an import file cannot be read at all
├── ConfigurationError(LembrarError)               an unusable setting
│   └── MissingExtraError(ConfigurationError, ImportError)
│                                                  an optional part is not installed
└── LLMError(LembrarError)                         a language-model call failed
"""

from __future__ import annotations


class LembrarError(Exception):
    """Root of every error lembrar raises on purpose."""


class ValidationError(LembrarError, ValueError):
    """Input that cannot be accepted. ``field`` names what to fix."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


class ImportFormatError(ValidationError):
    """A record in an import source is malformed; ``line`` is 1-based and counts ``unit``s (the
    file's lines, or its records where a format names them: ``conversation 3``)."""

    def __init__(self, line: int, field: str, message: str, *, unit: str = "line") -> None:
        self.line = line
        super().__init__(field, f"{unit} {line}: {message}")


class NotFoundError(LembrarError, KeyError):
    """No such object in the caller's scope."""

    def __init__(self, kind: str, ident: str) -> None:
        self.kind = kind
        self.ident = ident
        super().__init__(f"{kind} {ident!r} not found")

    def __str__(self) -> str:  # KeyError would add quotes around the message
        return f"{self.kind} {self.ident!r} not found"


class ConflictError(LembrarError):
    """A write that contradicts what is stored."""


class StoreError(LembrarError):
    """The storage backend failed; nothing was written."""


class StoreBusyError(StoreError):
    """The store was locked or busy (another writer); nothing was written and a retry may succeed."""


class StoreOpenError(StoreError):
    """The store's target cannot be opened (not a database, or a place nothing can be created)."""


class SourceError(LembrarError):
    """An import source that cannot be read: missing, not UTF-8, not the compression it claims."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}")


class ConfigurationError(LembrarError):
    """A setting that cannot be used."""


class MissingExtraError(ConfigurationError, ImportError):
    """An optional dependency is missing; the message names the extra to install."""

    def __init__(self, extra: str, package: str) -> None:
        self.extra = extra
        super().__init__(f"{package!r} is not installed: pip install 'lembrar[{extra}]'")


class LLMError(LembrarError):
    """A language-model request failed after retries."""
