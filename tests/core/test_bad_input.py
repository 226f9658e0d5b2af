"""Bad input gets an error naming the field; the store is left as it was."""

import sqlite3
from datetime import datetime

import pytest

from lembrar import Memory, ValidationError
from lembrar.embed.hashing import HashingEmbedder


def snapshot(db_path):
    db = sqlite3.connect(db_path)
    rows = {
        t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
        for t in ("episodes", "chunks", "users", "episode_history", "scope_versions")
    }
    db.close()
    return rows


@pytest.mark.parametrize(
    "call, field",
    [
        (lambda m: m.add("", user_id="ana"), "content"),
        (lambda m: m.add("   ", user_id="ana"), "content"),
        (lambda m: m.add("hi", user_id=""), "user_id"),
        (lambda m: m.add("hi", user_id=42), "user_id"),
        (lambda m: m.add("hi", user_id="ana", at=datetime(2024, 1, 1)), "at"),
        (lambda m: m.add("hi", user_id="ana", at="yesterday-ish"), "at"),
        (lambda m: m.add("hi", user_id="ana", at=12345), "at"),
        (lambda m: m.add({"role": "robot", "content": "x"}, user_id="ana"), "role"),
        (
            lambda m: m.add({"role": "user", "content": "x", "mood": 1}, user_id="ana"),
            "message.mood",
        ),
        (lambda m: m.add("hi", user_id="ana", metadata=["not", "a", "dict"]), "metadata"),
        (lambda m: m.add(123, user_id="ana"), "data"),
        (lambda m: m.add("hi", user_id="ana", metadata={"x": float("nan")}), "metadata"),
        (lambda m: m.add({"score": float("inf")}, user_id="ana"), "record"),
        (lambda m: m.add("hi", user_id="ana", at="0001-01-01T00:00:00+05:00"), "at"),
        (lambda m: m.search("x", user_id="ana", now="9999-12-31T23:00:00-05:00"), "now"),
        (lambda m: m.get_all("ana", {"metadata": {'a"b': 1}}), "metadata"),
        (
            lambda m: m.get_all("ana", cursor="WzEuMCwgOTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5XQ=="),
            "cursor",
        ),
        (
            lambda m: m.add_many(
                [{"user_id": "ana", "content": "ok"}, {"user_id": "ana", "content": ""}]
            ),
            "content",
        ),
        (lambda m: m.add_many([{"user_id": "ana", "content": "ok", "colour": "red"}]), "colour"),
        (lambda m: m.add_many([{"user_id": "ana", "content": "ok", 1: "a", "b": 2}]), "episode"),
        (lambda m: m.add({"role": "user", "content": "hi", "name": 5}, user_id="ana"), "speaker"),
        (lambda m: m.add_many([{"user_id": "ana", "content": "hi", "speaker": ["a"]}]), "speaker"),
        (lambda m: m.update(m.get_all("ana").items[0].id, " ", "ana"), "content"),
        (lambda m: m.search("", user_id="ana"), "query"),
        (lambda m: m.search("x", user_id="ana", k=0), "k"),
        (lambda m: m.search("x", user_id="ana", preset="nope"), "preset"),
        (lambda m: m.search("x", user_id="ana", filters={"colour": "red"}), "filters"),
        (lambda m: m.get_all("ana", {"periods": ("teatime",)}), "periods"),
        (lambda m: m.get_all("ana", order="sideways"), "order"),
        (lambda m: m.get_all("ana", cursor="garbage!"), "cursor"),
        (lambda m: m.set_user("ana", timezone="Mars/Olympus"), "timezone"),
        (lambda m: m.set_user("ana", hemisphere="east"), "hemisphere"),
    ],
)
def test_bad_input_names_the_field_and_changes_nothing(memory, db_path, call, field):
    memory.add("existing memory", user_id="ana")
    before = snapshot(db_path)
    with pytest.raises(ValidationError) as info:
        call(memory)
    assert info.value.field == field
    assert snapshot(db_path) == before


def test_naive_time_is_read_in_the_users_zone_when_one_is_set(memory):
    memory.set_user("ana", timezone="America/Sao_Paulo", hemisphere="south")
    [e] = memory.add("hi", user_id="ana", at=datetime(2024, 2, 1, 9, 0))
    assert e.at.utcoffset().total_seconds() == -3 * 3600
    assert (e.tags.period, e.tags.season) == ("morning", "summer")


def test_failed_batch_write_is_rolled_back(db_path, clock):
    class Exploding(HashingEmbedder):
        def embed_batch(self, texts):
            if any("boom" in t for t in texts):
                raise RuntimeError("embedder crashed")
            return super().embed_batch(texts)

    with Memory(db_path, embedder=Exploding(), clock=clock) as mem:
        mem.add("before", user_id="ana")
        before = snapshot(db_path)
        with pytest.raises(RuntimeError):
            mem.add_many(
                [{"user_id": "ana", "content": "fine"}, {"user_id": "ana", "content": "boom"}]
            )
        assert snapshot(db_path) == before


def test_duplicate_id_conflict_leaves_store_unchanged(memory, db_path):
    from lembrar import ConflictError

    memory.add_many([{"user_id": "ana", "content": "first", "id": "fixed-id"}])
    before = snapshot(db_path)
    with pytest.raises(ConflictError):
        memory.add_many(
            [
                {"user_id": "ana", "content": "new one"},
                {"user_id": "ana", "content": "dup", "id": "fixed-id"},
            ]
        )
    assert snapshot(db_path) == before


def test_a_record_is_not_updated_in_place(memory, db_path):
    [record] = memory.add({"plan": "basic"}, user_id="ana")
    before = snapshot(db_path)
    with pytest.raises(ValidationError) as info:
        memory.update(record.id, "plan: premium", "ana")
    assert info.value.field == "content"
    assert "adding a new record" in info.value.message
    assert snapshot(db_path) == before


def test_skipped_items_are_told_in_order_and_the_rest_stored(memory):
    told = []
    stored = memory.add_many(
        [
            {"user_id": "ana", "content": "kept first"},
            7,
            {"user_id": "ana", "content": "dated", "at": "yesterday-ish"},
            {"user_id": "ana", "content": "odd keys", 1: "a", "b": 2},
            {"user_id": "", "content": "nobody's"},
            {"user_id": "ana", "content": "kept last"},
        ],
        on_invalid=lambda position, error: told.append((position, error.field, error.message)),
    )
    assert [(position, field) for position, field, _ in told] == [
        (1, "episode"),
        (2, "at"),
        (3, "episode"),
        (4, "user_id"),
    ]
    assert told[2][2].startswith("item 3: ")
    assert [e.content for e in stored] == ["kept first", "kept last"]
    assert [e.content for e in memory.get_all("ana").items] == ["kept first", "kept last"]
