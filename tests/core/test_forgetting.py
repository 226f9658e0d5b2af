"""Deleting really deletes: no copy of the text in any table, index, history or the file."""

import sqlite3

from scan import SECRET, add_secret, file_bytes_contain, occurrences

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder


def test_delete_episode_leaves_no_trace(memory, db_path):
    add_secret(memory)
    [target] = [e for e in memory.get_all("ana").items if SECRET in e.content]
    memory.update(target.id, f"Actually {SECRET} is my dog.", "ana")
    assert occurrences(db_path, SECRET)
    memory.delete(target.id, "ana")
    assert occurrences(db_path, SECRET) == []
    assert not file_bytes_contain(db_path, SECRET)
    assert memory.search(SECRET, user_id="ana", preset="keyword") == []


def test_delete_session_leaves_no_trace(memory, db_path):
    kept = add_secret(memory)
    assert memory.delete_all("ana", session_id="s1") == 1
    assert occurrences(db_path, SECRET) == []
    assert not file_bytes_contain(db_path, SECRET)
    assert [e.id for e in memory.get_all("ana").items] == [kept.id]


def test_forget_user_leaves_zero_rows(memory, db_path):
    add_secret(memory)
    memory.add("bob's unrelated note", user_id="bob")
    memory.forget_user("ana")
    db = sqlite3.connect(db_path)
    for table in ("episodes", "chunks", "users", "scope_versions"):
        assert db.execute(f"SELECT COUNT(*) FROM {table} WHERE user_id = 'ana'").fetchone() == (
            0,
        ), table
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
