"""Deleting really deletes: no copy of the text in any table, index, history or the file."""

import sqlite3

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder

SECRET = "zanzibarquokka"


def occurrences(db_path, needle):
    """Rows of every table (FTS shadow tables included) whose text contains ``needle``."""
    db = sqlite3.connect(db_path)
    found = []
    for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        for row in db.execute(f'SELECT * FROM "{table}"'):
            for value in row:
                raw = value if isinstance(value, bytes) else str(value).encode()
                if needle.encode() in raw.lower():
                    found.append(table)
    db.close()
    return found


def file_bytes_contain(db_path, needle):
    data = b""
    for suffix in ("", "-wal"):
        try:
            data += open(str(db_path) + suffix, "rb").read()
        except FileNotFoundError:
            pass
    return needle.encode() in data.lower()


def fill(memory):
    memory.add({"role": "user", "content": f"My cat is called {SECRET}, please remember."}, user_id="ana", session_id="s1")
    [kept] = memory.add({"role": "user", "content": "The weather is nice today."}, user_id="ana", session_id="s2")
    return kept


def test_delete_episode_leaves_no_trace(memory, db_path):
    fill(memory)
    [target] = [e for e in memory.get_all("ana").items if SECRET in e.content]
    memory.update(target.id, f"Actually {SECRET} is my dog.", "ana")
    assert occurrences(db_path, SECRET)
    memory.delete(target.id, "ana")
    assert occurrences(db_path, SECRET) == []
    assert not file_bytes_contain(db_path, SECRET)
    assert memory.search(SECRET, user_id="ana", preset="keyword") == []


def test_delete_session_leaves_no_trace(memory, db_path):
    kept = fill(memory)
    assert memory.delete_all("ana", session_id="s1") == 1
    assert occurrences(db_path, SECRET) == []
    assert not file_bytes_contain(db_path, SECRET)
    assert [e.id for e in memory.get_all("ana").items] == [kept.id]


def test_forget_user_leaves_zero_rows(memory, db_path):
    fill(memory)
    memory.add("bob's unrelated note", user_id="bob")
    memory.forget_user("ana")
    db = sqlite3.connect(db_path)
    for table in ("episodes", "chunks", "users", "scope_versions"):
        assert db.execute(f"SELECT COUNT(*) FROM {table} WHERE user_id = 'ana'").fetchone() == (0,), table
    assert db.execute("SELECT COUNT(*) FROM episode_history").fetchone() == (0,)
    db.close()
    assert occurrences(db_path, SECRET) == [] and not file_bytes_contain(db_path, SECRET)


def test_a_deleted_text_is_embedded_again_when_re_added(db_path, clock):
    embedder = HashingEmbedder()
    with Memory(db_path, embedder=embedder, clock=clock) as mem:
        [a] = mem.add("shared sentence", user_id="ana")
        [b] = mem.add("shared sentence", user_id="bob")
        assert embedder.texts_embedded == 1
        mem.delete(a.id, "ana")
        mem.delete(b.id, "bob")
        mem.embedder._lru.clear()
        mem.add("shared sentence", user_id="carl")
        assert embedder.texts_embedded == 2
