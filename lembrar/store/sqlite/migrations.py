"""Named, ordered schema migrations; each is applied once and recorded in ``migrations``."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone

MIGRATIONS: tuple[tuple[str, str], ...] = (
    (
        "0001_episodes",
        """
        CREATE TABLE users (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            timezone TEXT, hemisphere TEXT NOT NULL DEFAULT 'north', language TEXT,
            created_at TEXT NOT NULL,
            PRIMARY KEY (tenant_id, user_id)
        );
        CREATE TABLE episodes (
            id TEXT PRIMARY KEY,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, session_id TEXT,
            kind TEXT NOT NULL, role TEXT, speaker TEXT,
            content TEXT NOT NULL, record TEXT, metadata TEXT NOT NULL DEFAULT '{}',
            at_ts REAL NOT NULL, at_utc TEXT NOT NULL, tz TEXT NOT NULL,
            local_date TEXT NOT NULL, local_time TEXT NOT NULL, period TEXT NOT NULL,
            weekday TEXT NOT NULL, iso_week TEXT NOT NULL, month INTEGER NOT NULL, season TEXT NOT NULL,
            recorded_at TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 1,
            last_accessed REAL, access_count INTEGER NOT NULL DEFAULT 0,
            FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, user_id) ON DELETE CASCADE
        );
        CREATE INDEX episodes_by_time ON episodes (tenant_id, user_id, at_ts, id);
        CREATE INDEX episodes_by_session ON episodes (tenant_id, user_id, session_id, at_ts);
        CREATE TABLE chunks (
            ref INTEGER PRIMARY KEY,
            episode_id TEXT NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL,
            position INTEGER NOT NULL, text TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL,
            text_hash TEXT NOT NULL, vector BLOB NOT NULL,
            UNIQUE (episode_id, position)
        );
        CREATE INDEX chunks_by_scope ON chunks (tenant_id, user_id);
        CREATE INDEX chunks_by_hash ON chunks (text_hash);
        CREATE VIRTUAL TABLE chunks_fts USING fts5 (
            text, content='chunks', content_rowid='ref', tokenize='unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER chunks_fts_insert AFTER INSERT ON chunks BEGIN
            INSERT INTO chunks_fts (rowid, text) VALUES (new.ref, new.text);
        END;
        CREATE TRIGGER chunks_fts_delete AFTER DELETE ON chunks BEGIN
            INSERT INTO chunks_fts (chunks_fts, rowid, text) VALUES ('delete', old.ref, old.text);
        END;
        CREATE TABLE episode_history (
            id INTEGER PRIMARY KEY,
            episode_id TEXT NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
            version INTEGER NOT NULL, event TEXT NOT NULL, content TEXT NOT NULL, changed_at TEXT NOT NULL
        );
        CREATE INDEX history_by_episode ON episode_history (episode_id, version);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE scope_versions (
            tenant_id TEXT NOT NULL, user_id TEXT NOT NULL, version INTEGER NOT NULL,
            PRIMARY KEY (tenant_id, user_id)
        );
        """,
    ),
)


def migrate(db: sqlite3.Connection) -> list[str]:
    """Apply the migrations this database lacks, each in its own transaction; return their names."""
    db.execute("CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
    done = {name for (name,) in db.execute("SELECT name FROM migrations")}
    applied = []
    for name, sql in MIGRATIONS:
        if name in done:
            continue
        db.execute("BEGIN IMMEDIATE")
        try:
            if not db.execute("SELECT 1 FROM migrations WHERE name = ?", (name,)).fetchone():
                for statement in _statements(sql):
                    db.execute(statement)
                db.execute("INSERT INTO migrations VALUES (?, ?)", (name, datetime.now(timezone.utc).isoformat()))
                applied.append(name)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    return applied


def _statements(script: str) -> list[str]:
    """Split a script into statements, keeping trigger bodies whole."""
    out, buffer = [], ""
    for line in script.strip().splitlines():
        buffer += line + "\n"
        if sqlite3.complete_statement(buffer):
            out.append(buffer.strip())
            buffer = ""
    return out
