from pathlib import Path

import pytest

from lembrar import ImportFormatError
from lembrar.importers.export import export_file
from lembrar.importers.load import import_file

EXAMPLE = Path(__file__).parents[2] / "examples" / "conversation.jsonl"


def test_import_the_example_conversation(memory):
    report = import_file(memory, EXAMPLE)
    assert report.imported == 15 and report.skipped == []
    assert len(memory.sessions("ana")) == 6
    [first] = memory.get_all("ana", limit=1).items
    assert first.at.isoformat() == "2024-05-05T22:10:00+00:00"


def _source(memory):
    """A user with settings, messages in two conversations, a record, an edit, saved memories
    (one captured from a message, one replaced by another), a pending conflict, a summary."""
    memory.set_user("ana", timezone="America/Sao_Paulo", hemisphere="south", language="pt-BR")
    memory.add(
        [
            {"role": "user", "content": "Remember that my kayak is called Sardinha"},
            {"role": "assistant", "content": "Noted!", "name": "Lembrar"},
        ],
        user_id="ana",
        session_id="s1",
        at="2024-05-02T19:03:00+00:00",
        metadata={"source": "chat", "tags": ["boats"]},
    )
    [moved] = memory.add(
        {"role": "user", "content": "I moved to Porto with my sister Clara last year."},
        user_id="ana",
        session_id="s1",
        at="2024-05-02T19:05:00+00:00",
    )
    memory.update(moved.id, "I moved to Porto with my sister Clara in 2023.", "ana")
    memory.add({"kind_of": "record", "nested": {"a": 1}}, user_id="ana", at="2024-05-04T09:00Z")
    memory.saved.add("I live in Porto", "ana")
    memory.saved.add("I live in Lisbon", "ana", on_conflict="replace")
    memory.add(
        {"role": "user", "content": "Remember that I live in Braga"},
        user_id="ana",
        session_id="s2",
        at="2024-05-03T10:00:00+00:00",
    )
    memory.end_session("ana", "s1")
    memory.add("bob's only note", user_id="bob", at="2024-01-01T08:00:00+00:00")


def visible(memory, user):
    """Everything the user can see of their memory, without the ids of derived rows."""
    settings = memory.user_settings(user)
    episodes = [
        (
            e.id,
            e.session_id,
            e.kind,
            e.role,
            e.speaker,
            e.at,
            e.tags.local.isoformat(),
            e.tags.period,
            e.tags.season,
            e.content,
            e.record,
            e.metadata,
        )
        for e in memory.get_all(user, limit=500).items
    ]
    facts = sorted(
        (f.text, f.valid_at, f.invalid_at, f.negated) for f in memory.graph.facts(user)
    )
    summaries = [(s.session_id, s.title, s.summary) for s in memory.summaries.list(user)]
    return {
        "settings": (settings.timezone, settings.hemisphere, settings.language),
        "episodes": episodes,
        "saved": memory.saved.list(user, include_retired=True),
        "pending": memory.saved.pending(user),
        "facts": facts,
        "summaries": summaries,
    }


def test_export_then_import_brings_back_everything_a_user_sees(memory, tmp_path, clock):
    from lembrar import Memory
    from lembrar.embed.hashing import HashingEmbedder

    _source(memory)
    before = visible(memory, "ana")
    assert before["pending"] and before["summaries"] and before["facts"]
    assert [m.retired_at is not None for m in before["saved"]] == [False, True, False]
    assert before["saved"][0].source_episode_id == before["episodes"][0][0]
    assert before["episodes"][0][6:8] == ("2024-05-02T16:03:00-03:00", "afternoon")
    path = tmp_path / "export.jsonl"
    with path.open("w", encoding="utf-8") as out:
        report = export_file(memory, out)
    assert (report.users, report.episodes, report.saved_memories, report.pending_memories) == (
        2,
        6,
        3,
        1,
    )
    with Memory(tmp_path / "copy.db", embedder=HashingEmbedder(), clock=clock) as copy:
        imported = import_file(copy, path)
        assert (imported.imported, imported.saved_memories, imported.pending_memories) == (6, 3, 1)
        assert visible(copy, "ana") == before
        assert visible(copy, "bob") == visible(memory, "bob")
        again = import_file(copy, path)  # idempotent: nothing is stored twice
        assert (again.imported, again.already_stored, again.saved_memories) == (0, 6, 0)
        assert visible(copy, "ana") == before


def test_an_export_of_version_1_still_imports(memory, tmp_path):
    lines = [
        '{"id": "e1", "user_id": "ana", "session_id": "s", "kind": "message", "role": "user",'
        ' "speaker": null, "at": "2024-05-02T19:03:00+00:00",'
        ' "recorded_at": "2024-05-02T19:03:01+00:00", "metadata": {}, "content": "old format"}',
    ]
    report = import_file(memory, write(tmp_path, lines))
    assert report.imported == 1
    assert memory.get("e1", "ana").content == "old format"


def test_an_export_newer_than_this_version_is_refused_by_line(memory, tmp_path):
    path = write(tmp_path, ['{"type": "lembrar-export", "version": 99}', GOOD])
    with pytest.raises(ImportFormatError) as info:
        import_file(memory, path)
    assert info.value.line == 1 and info.value.field == "version"
    assert "upgrade" in str(info.value) and memory.users() == []


def test_text_the_store_refuses_is_refused_on_every_write_path(memory):
    from lembrar import ValidationError

    [episode] = memory.add("clean text", user_id="ana")
    with pytest.raises(ValidationError, match="NUL"):
        memory.update(episode.id, "a NUL \x00 inside", "ana")
    saved = memory.saved.add("I like tea", "ana").memory
    with pytest.raises(ValidationError, match="NUL"):
        memory.saved.edit(saved.id, "I like \x00 tea", "ana")
    assert memory.get(episode.id, "ana").content == "clean text"


def test_what_the_store_holds_re_imports(memory, tmp_path, clock):
    """Control characters and every plane of Unicode that the store keeps come back."""
    from lembrar import Memory
    from lembrar.embed.hashing import HashingEmbedder

    text = "tab\tbell\x07 emoji 🛶 rtl \u05e9\u05dc\u05d5\u05dd line\u2028sep \ud7ff"
    memory.add(text, user_id="ana", at="2024-05-02T19:03:00+00:00")
    memory.saved.add("My kayak is \U0001f6f6 Sardinha", "ana")
    path = tmp_path / "export.jsonl"
    with path.open("w", encoding="utf-8") as out:
        export_file(memory, out)
    with Memory(tmp_path / "copy.db", embedder=HashingEmbedder(), clock=clock) as copy:
        import_file(copy, path)
        assert visible(copy, "ana") == visible(memory, "ana")


def write(tmp_path, lines):
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


GOOD = '{"user_id": "ana", "content": "fine", "at": "2024-05-01T10:00:00+00:00"}'


@pytest.mark.parametrize(
    "bad, field",
    [
        ("{not json", "json"),
        ('["a list"]', "line"),
        ('{"content": "no owner"}', "user_id"),
        ('{"user_id": "ana", "content": "x", "colour": "red"}', "colour"),
        ('{"user_id": "ana", "content": ""}', "content"),
        ('{"user_id": "ana", "content": "x", "at": "2024-05-01T10:00:00"}', "at"),
        ('{"user_id": "ana", "content": "x", "role": "robot"}', "role"),
    ],
)
def test_malformed_line_is_reported_with_its_number_and_nothing_is_imported(
    memory, tmp_path, bad, field
):
    path = write(tmp_path, [GOOD, "", bad, GOOD])
    with pytest.raises(ImportFormatError) as info:
        import_file(memory, path)
    assert info.value.line == 3 and info.value.field == field
    assert memory.users() == []


def test_skip_invalid_imports_the_rest_and_says_why(memory, tmp_path):
    path = write(tmp_path, [GOOD, "{not json", '{"user_id": "ana", "content": ""}', GOOD])
    report = import_file(memory, path, skip_invalid=True)
    assert report.imported == 2
    assert [line for line, _ in report.skipped] == [2, 3]
    assert "content" in report.skipped[1][1]


def test_user_override_on_import(memory, tmp_path):
    path = write(tmp_path, ['{"content": "ownerless line"}'])
    assert import_file(memory, path, user_id="zed").imported == 1
    assert memory.get_all("zed").items[0].content == "ownerless line"
