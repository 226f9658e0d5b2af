"""The HTTP API (``lembrar serve``): FastAPI routes over the ``Memory`` façade, one tenant per key.

Needs the ``[server]`` extra; importing this package without it raises ``MissingExtraError``.
"""

from lembrar.errors import MissingExtraError

try:
    import fastapi  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise MissingExtraError("server", "fastapi") from exc

from lembrar.api.app import create_app  # noqa: E402
from lembrar.store.base import KeyStore  # noqa: E402
from lembrar.store.sqlite.keys import SqliteKeyStore  # noqa: E402

__all__ = ["KeyStore", "SqliteKeyStore", "create_app"]
