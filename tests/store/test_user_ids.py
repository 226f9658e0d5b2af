"""User ids follow one set of rules on every store: compared in NFC form, no control characters,
no path tricks, a maximum length; and a NUL character is bad input (never a store outage)."""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime

import numpy as np
import pytest

from lembrar import Memory, NotFoundError, ValidationError
from lembrar.config import UserSettings
from lembrar.embed.hashing import HashingEmbedder
from lembrar.model.episode import Chunk, Episode
from lembrar.model.ids import MAX_USER_ID
from lembrar.model.timetags import time_tags
from lembrar.store import IndexedEpisode

NFC, NFD = "José", unicodedata.normalize("NFD", "José")


@pytest.fixture
def mem(backend, clock):
    with Memory(backend.open(), embedder=HashingEmbedder(), clock=clock) as memory:
        yield memory


def test_equivalent_unicode_forms_are_one_user(mem):
    [added] = mem.add("a note from José", user_id=NFD)
    assert mem.users() == [NFC] and added.user_id == NFC
    assert (
        [e.id for e in mem.get_all(NFC).items]
        == [added.id]
        == [e.id for e in mem.get_all(NFD).items]
    )
    assert mem.forget_user(NFD) == 1 and mem.users() == []


@pytest.mark.parametrize(
    "bad",
    [
        "..",
        ".",
        "a/b",
        "..\\x",
        "ana\x00",
        "ana\n",
        "tab\there",
        "\x85x",
        " ",
        "x" * (MAX_USER_ID + 1),
        "x" * 5000,
    ],
)
def test_user_ids_breaking_the_rules_are_refused_and_nothing_is_stored(mem, backend, bad):
    with pytest.raises(ValidationError) as info:
        mem.add("text", user_id=bad)
    assert info.value.field == "user_id"
    with pytest.raises(ValidationError):
        mem.set_user(bad, timezone="UTC")
    with pytest.raises(ValidationError):
        mem.search("text", user_id=bad)
    assert mem.users() == [] and backend.rows("episodes") == []


def test_the_longest_allowed_id_and_dotted_ids_are_fine(mem):
    for ok in ("x" * MAX_USER_ID, "a.b", "...a", "locomo:conv-26", "ana@example.com"):
        mem.add("text", user_id=ok)
    assert len(mem.users()) == 5


def test_the_store_itself_refuses_ids_not_in_stored_form(store_under_test):
    at = datetime(2024, 5, 1, tzinfo=UTC)
    episode = Episode(
        id="e1",
        user_id=NFD,
        kind="text",
        content="x",
        at=at,
        recorded_at=at,
        tags=time_tags(at, "UTC", "north"),
    )
    item = IndexedEpisode(
        episode, [Chunk("e1", 0, "x", 0, 1)], np.ones((1, 256), np.float32) / 16, ["h"]
    )
    for write in (
        lambda: store_under_test.add([item]),
        lambda: store_under_test.put_user(UserSettings("..", None)),
    ):
        with pytest.raises(ValidationError):
            write()
    assert store_under_test.users() == []


@pytest.fixture
def store_under_test(backend):
    return backend.open()


@pytest.mark.parametrize(
    "field, value",
    [
        ("content", "a\x00b"),
        ("session_id", "s\x00"),
        ("speaker", "A\x00"),
        ("metadata", {"k": "v\x00"}),
        ("record", {"k\x00": 1}),
    ],
)
def test_a_nul_character_is_bad_input_on_every_store(mem, backend, field, value):
    item = {"user_id": "ana", "content": "fine"} | {field: value}
    if field == "record":
        item.pop("content")
    with pytest.raises(ValidationError) as info:
        mem.add_many([item])
    assert info.value.field == field and "NUL" in info.value.message
    assert backend.rows("episodes") == []


def test_a_nul_in_an_id_read_is_not_found_not_an_outage(mem):
    mem.add("text", user_id="ana")
    for read in (
        lambda: mem.get("e\x00", "ana"),
        lambda: mem.history("e\x00", "ana"),
        lambda: mem.delete("e\x00", "ana"),
    ):
        with pytest.raises((NotFoundError, ValidationError)):
            read()
