"""Processes the fault suite starts on one store: writers that acknowledge each write on
standard output, a reader that checks every ranking against the vectors of what it returns,
and an adder that stops at a named step between an add's writes, to be killed there.

Run as ``python fault_workers.py ROLE DB ARGS...``; each prints one JSON line per event."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.model.query import Filters


def _open(db: str, tenant: str = "default") -> Memory:
    return Memory(db, embedder=HashingEmbedder(), tenant=tenant)


# An add's writes after its episodes (one transaction with their markers): the graph, then
# each saved memory, then the markers cleared. ``stopper`` holds the adder at one of them.
DERIVE_STEPS = ("graph", "capture", "between_captures", "clear", "forget")
DERIVE_TURNS = (
    "My sister Ana lives in Lisbon.",
    "Remember that my locker code is 4711.",
    "My sister Ana {name} now works at Siemens.",
    "Please remember that my dentist is Dr Costa.",
)
FORGET_TURN = 2  # the turn that teaches the full name
NAME = "Zorbalina7731"


def add_turns(memory: Memory, user: str, name: str = NAME) -> list[str]:
    """``DERIVE_TURNS`` (the sister's surname ``name``) as one add of user messages a day
    apart; their ids."""
    turns = [
        {
            "user_id": user,
            "role": "user",
            "content": text.format(name=name),
            "at": f"2024-03-0{n + 1}T10:00:00+00:00",
        }
        for n, text in enumerate(DERIVE_TURNS)
    ]
    return [e.id for e in memory.add_many(turns)]


def _stop(step: str) -> None:
    print(json.dumps({"stopped": step}), flush=True)
    time.sleep(600)  # until killed


def stopper(db: str, tenant: str, user: str, step: str) -> None:
    """Add ``DERIVE_TURNS`` (and, for ``forget``, delete the naming turn) and stop at ``step``:
    ``graph`` before the graph's write, ``capture`` before the first saved memory,
    ``between_captures`` after it, ``clear`` before the capture markers are cleared, ``forget``
    after a delete before what it taught is recomputed."""
    from lembrar.graph import Graph
    from lembrar.layers.saved import SavedMemories
    from lembrar.layers.service import Layers

    memory = _open(db, tenant)
    if step == "graph":
        Graph.after_add = lambda self, episodes: _stop(step)  # type: ignore[method-assign]
    elif step == "capture":
        Layers.after_add = lambda self, episodes: _stop(step)  # type: ignore[method-assign]
    elif step == "between_captures":
        save, saved = SavedMemories.add, []

        def add_once(self, *args, **kwargs):
            if saved:
                _stop(step)
            saved.append(save(self, *args, **kwargs))
            return saved[-1]

        SavedMemories.add = add_once  # type: ignore[method-assign]
    elif step == "clear":
        memory.store.clear_pending = lambda work: _stop(step)  # type: ignore[method-assign]
    elif step == "forget":
        Graph.after_change = lambda self, user_id: _stop(step)  # type: ignore[method-assign]
    ids = add_turns(memory, user)
    if step == "forget":
        memory.delete(ids[FORGET_TURN], user)
    print(json.dumps({"finished": step}), flush=True)


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
    elif role == "stopper":
        stopper(*args)
    else:
        reader(*args)
