"""A store locked by another writer raises ``StoreBusyError``, a ``StoreError`` callers may retry."""

from __future__ import annotations

import sqlite3

import pytest

from lembrar.errors import StoreBusyError, StoreError
from lembrar.store.sqlite import SqliteStore


def test_a_write_on_a_file_locked_by_another_connection_is_busy(tmp_path):
    path = tmp_path / "m.db"
    store = SqliteStore(path)
    store.set_meta("before", "1")
    store._s.db.execute("PRAGMA busy_timeout=50")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreBusyError) as caught:
            store.set_meta("during", "1")
        assert isinstance(caught.value, StoreError)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert store.get_meta("during") is None and store.get_meta("before") == "1"
    store.close()


def test_other_failures_are_not_busy(tmp_path):
    store = SqliteStore(tmp_path / "m.db")
    with pytest.raises(StoreError) as caught:
        store._read("SELECT * FROM no_such_table")
    assert not isinstance(caught.value, StoreBusyError)
    store.close()
