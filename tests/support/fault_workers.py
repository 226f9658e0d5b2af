"""Processes the fault suite starts on one SQLite file: writers that acknowledge each write on
standard output, and a reader that checks every ranking against the vectors of what it returns.

Run as ``python fault_workers.py ROLE DB ARGS...``; each prints one JSON line per event."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.model.query import Filters


def _open(db: str) -> Memory:
    return Memory(db, embedder=HashingEmbedder())


def writer(db: str, user: str, count: int, after: str | None = None) -> None:
    """Add ``count`` texts for ``user`` one by one (after the file ``after`` exists, if given),
    printing each id once ``add`` returned: an acknowledged write."""
    while after and not Path(after).exists():
        time.sleep(0.01)
    with _open(db) as memory:
        for n in range(count):
            [episode] = memory.add(f"{user} note number {n} about item{n}", user_id=user)
            print(json.dumps({"ack": episode.id, "user": user}), flush=True)


def reader(db: str, user: str, forgotten_flag: str, stop_flag: str, secret: str) -> None:
    """Search ``user`` until ``stop_flag`` exists. A search that began after ``forgotten_flag``
    existed must not return ``secret``; every dense score must be the cosine of the query with
    the returned text's own vector (a stale cached matrix would give another)."""
    searches = stale = leaked = 0
    with _open(db) as memory:
        while not Path(stop_flag).exists():
            after_forget = Path(forgotten_flag).exists()
            query = f"{user} note about item{searches % 7}"
            found = _ranked(memory, user, query)
            if found["stale"]:
                found = _ranked(memory, user, query)  # a write between two reads is no stale cache
            stale += found["stale"]
            leaked += after_forget and any(secret in text for text in found["texts"])
            searches += 1
    print(
        json.dumps({"searches": searches, "stale": int(stale), "leaked": int(leaked)}), flush=True
    )


def _ranked(memory: Memory, user: str, query: str) -> dict:
    vector = memory.embedder.embed_queries([query])[0]
    try:
        ranked = memory.store.dense(user, vector, 5, Filters())
        rows = memory.store.chunk_rows(user, [ref for ref, _ in ranked])
    except KeyError:
        return {"stale": 1, "texts": []}  # a cached ref that no longer exists
    texts = [rows[ref].text for ref, _ in ranked if ref in rows]
    expected = {
        ref: float(HashingEmbedder().embed_batch([rows[ref].text])[0] @ vector) for ref in rows
    }
    stale = sum(abs(expected[ref] - score) > 1e-4 for ref, score in ranked if ref in rows)
    return {"stale": int(stale), "texts": texts}


if __name__ == "__main__":
    role, *args = sys.argv[1:]
    if role == "writer":
        writer(args[0], args[1], int(args[2]), args[3] if len(args) > 3 else None)
    else:
        reader(*args)
