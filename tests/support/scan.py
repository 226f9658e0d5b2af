"""What a deletion must leave behind: nothing. A secret to store, and scanners that look for it
in every table's rows and in the database files' bytes (core, store and layer tests)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path

SECRET = "zanzibarquokka"


def add_secret(memory):
    """A turn saying ``SECRET`` (user ``ana``, session ``s1``) and one that does not (``s2``), which is returned."""
    memory.add(
        {"role": "user", "content": f"My cat is called {SECRET}, please remember."},
        user_id="ana",
        session_id="s1",
    )
    [kept] = memory.add(
        {"role": "user", "content": "The weather is nice today."}, user_id="ana", session_id="s2"
    )
    return kept


def tables_containing(
    tables: Iterable[tuple[str, Iterable[Sequence[object]]]], needle: str
) -> list[str]:
    """The table name of every row whose text (any column) contains ``needle``, ignoring case."""
    needle = needle.lower()
    return [
        name
        for name, rows in tables
        for row in rows
        if any(needle in _text(value).lower() for value in row)
    ]


def occurrences(db_path, needle: str) -> list[str]:
    """``tables_containing`` over every table of an SQLite file (FTS shadow tables included)."""
    db = sqlite3.connect(db_path)
    try:
        names = [
            name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        return tables_containing(
            ((name, db.execute(f'SELECT * FROM "{name}"')) for name in names), needle
        )
    finally:
        db.close()


def file_bytes_contain(db_path, needle: str) -> bool:
    """Whether the SQLite file or its write-ahead log holds ``needle`` anywhere, ignoring case."""
    data = b""
    for suffix in ("", "-wal"):
        path = Path(str(db_path) + suffix)
        if path.exists():
            data += path.read_bytes()
    return needle.lower().encode() in data.lower()


def _text(value: object) -> str:
    return (
        bytes(value).decode("utf-8", "replace")
        if isinstance(value, (bytes, memoryview))
        else str(value)
    )
