"""A standalone on-disk vector cache in its own SQLite file (benchmarks reuse it across runs)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray


class SqliteVectorCache:
    """A standalone on-disk vector cache (used by benchmarks across runs)."""

    def __init__(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS vectors (model TEXT, hash TEXT, vector BLOB, PRIMARY KEY "
            "(model, hash)) WITHOUT ROWID"
        )

    def cached_vectors(self, model: str, hashes: Sequence[str]) -> dict[str, NDArray[np.float32]]:
        out: dict[str, NDArray[np.float32]] = {}
        for start in range(0, len(hashes), 500):
            part = list(hashes[start : start + 500])
            marks = ",".join("?" * len(part))
            rows = self._db.execute(
                f"SELECT hash, vector FROM vectors WHERE model = ? AND hash IN ({marks})",
                [model, *part],
            )
            out.update((h, np.frombuffer(blob, dtype=np.float32)) for h, blob in rows)
        return out

    def cache_vectors(self, model: str, items: dict[str, NDArray[np.float32]]) -> None:
        with self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO vectors VALUES (?, ?, ?)",
                [(model, h, np.asarray(v, dtype=np.float32).tobytes()) for h, v in items.items()],
            )

    def close(self) -> None:
        self._db.close()
