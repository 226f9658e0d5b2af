"""A file written before episode ids were unique per tenant opens with every row, link and
cursor kept, and then takes one tenant's id in another."""

from __future__ import annotations

import sqlite3

import numpy as np
from layerkit import NOW

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.store.sqlite import migrations

LINKED = (
    "episodes",
    "chunks",
    "episode_history",
    "saved_memories",
    "summary_sources",
    "insight_sources",
    "insight_exclusions",
)


def _older_file(path) -> None:
    """The rows an earlier version wrote: two turns, an edit, a fact, a summary and an insight."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
    older = tuple(m for m in migrations.MIGRATIONS if m[0] < "0007")
    for name, sql in older:
        for statement in migrations._statements(sql):
            db.execute(statement)
        db.execute("INSERT INTO migrations VALUES (?, ?)", (name, NOW.isoformat()))
    vector = np.asarray(
        HashingEmbedder().embed_batch(["a cat called Tom"])[0], np.float32
    ).tobytes()
    db.execute(
        "INSERT INTO users (tenant_id, user_id, created_at) VALUES ('default', 'ana', ?)",
        (NOW.isoformat(),),
    )
    for n, text in enumerate(["a cat called Tom", "a dog called Rex"]):
        db.execute(
            "INSERT INTO episodes (id, tenant_id, user_id, session_id, kind, role, content, at_ts, at_utc, tz,"
            " local_date, local_time, period, weekday, iso_week, month, season, recorded_at)"
            " VALUES (?, 'default', 'ana', 's1', 'message', 'user', ?, ?, ?, 'UTC', '2024-05-20', '12:00',"
            " 'afternoon', 'monday', '2024-W21', 5, 'spring', ?)",
            (f"e{n}", text, NOW.timestamp() + n, NOW.isoformat(), NOW.isoformat()),
        )
        db.execute(
            'INSERT INTO chunks (episode_id, tenant_id, user_id, position, text, start, "end", text_hash,'
            " vector) VALUES (?, 'default', 'ana', 0, ?, 0, ?, ?, ?)",
            (f"e{n}", text, len(text), f"h{n}", vector),
        )
    db.execute(
        "INSERT INTO episode_history (episode_id, version, event, content, changed_at)"
        " VALUES ('e0', 1, 'ADD', 'a cat', ?)",
        (NOW.isoformat(),),
    )
    db.execute(
        "INSERT INTO saved_memories VALUES ('m1', 'default', 'ana', 'cat is Tom', ?, ?, ?, 'e0', NULL, NULL)",
        (vector, NOW.isoformat(), NOW.isoformat()),
    )
    db.execute(
        "INSERT INTO session_summaries (id, tenant_id, user_id, session_id, title, summary, first_ts, last_ts,"
        " first_at, last_at, turns, method, created_at) VALUES ('s', 'default', 'ana', 's1', 'pets',"
        " 'pets', 0, 1, ?, ?, 2, 'extractive', ?)",
        (NOW.isoformat(),) * 3,
    )
    db.execute("INSERT INTO summary_sources VALUES ('s', 'e0'), ('s', 'e1')")
    db.execute(
        "INSERT INTO insights (id, tenant_id, user_id, statement, first_at, last_at, size, cohesion,"
        " confidence, created_at, updated_at) VALUES ('i', 'default', 'ana', 'pets', ?, ?, 2, 1, 1, ?, ?)",
        (NOW.isoformat(),) * 4,
    )
    db.execute("INSERT INTO insight_sources VALUES ('i', 'e0'), ('i', 'e1')")
    db.execute("INSERT INTO insight_exclusions VALUES ('default', 'ana', 'e1')")
    db.close()


def _rows(path) -> dict[str, list[tuple]]:
    db = sqlite3.connect(path)
    try:
        columns = {
            "episodes": "rowid, id, content",
            "chunks": "ref, episode_id, text",
            "episode_history": "episode_id, version, content",
            "saved_memories": "id, source_episode_id",
            "summary_sources": "summary_id, episode_id",
            "insight_sources": "insight_id, episode_id",
            "insight_exclusions": "user_id, episode_id",
        }
        return {n: sorted(db.execute(f"SELECT {columns[n]} FROM {n}").fetchall()) for n in LINKED}
    finally:
        db.close()


def test_an_older_file_is_rekeyed_without_losing_anything(db_path):
    _older_file(db_path)
    before = _rows(db_path)
    with Memory(db_path, embedder=HashingEmbedder(), clock=lambda: NOW) as memory:
        assert _rows(db_path) == before
        hits = memory.search("cat called Tom", user_id="ana", preset="keyword")
        assert hits[0].text == "a cat called Tom"
        other = Memory(
            memory.store.for_tenant("other"), embedder=HashingEmbedder(), clock=lambda: NOW
        )
        other.add_many([{"user_id": "ana", "content": "same id, other tenant", "id": "e0"}])
        memory.update("e0", "a cat called Tom the Second", "ana")
        assert [h.content for h in memory.history("e0", "ana")] == [
            "a cat",
            "a cat called Tom the Second",
        ]
        assert "the Second" in memory.summaries.list("ana")[0].summary  # its source changed: redone
        memory.delete("e0", "ana")
        assert (
            memory.saved.list("ana") == []
            and other.get("e0", "ana").content == "same id, other tenant"
        )
    db = sqlite3.connect(db_path)
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
