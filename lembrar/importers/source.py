"""Reading an import file: a file that cannot be read at all is a ``SourceError`` that says why."""

from __future__ import annotations

import errno
import gzip
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from lembrar.errors import SourceError


@contextmanager
def reading(path: str | Path) -> Iterator[None]:
    """Turn the ways a file cannot be read into a ``SourceError`` naming it and the fix."""
    name = str(path)
    try:
        yield
    except FileNotFoundError as exc:
        raise SourceError(name, "no such file; check the path") from exc
    except (gzip.BadGzipFile, zlib.error, EOFError) as exc:
        raise SourceError(
            name,
            "named .gz but not a complete gzip file; "
            "compress it with gzip, or drop the .gz from its name",
        ) from exc
    except UnicodeDecodeError as exc:
        raise SourceError(
            name, f"not UTF-8 text (byte {exc.start} of the text); save it as UTF-8"
        ) from exc
    except OSError as exc:
        if exc.errno in (errno.EISDIR, errno.ENOTDIR):
            raise SourceError(name, "not a file; give the path of the file to import") from exc
        raise SourceError(
            name, f"cannot be read ({exc.strerror or exc}); check its permissions"
        ) from exc
