"""Claude export reader: the conversation as it ended, times, what is kept of each message,
the zip as downloaded, clear errors, and imports that are idempotent and resume."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import ImportFormatError, SourceError, ValidationError
from lembrar.importers import formats, reader
from lembrar.importers.claude import read_claude
from lembrar.importers.load import import_file

FIXTURE = Path(__file__).parent / "data" / "claude" / "conversations.json"
SOURDOUGH = "claude-5b2a0000-0000-4000-8000-000000000001"
GIFTS = "claude-5b2a0000-0000-4000-8000-000000000002"
UNTITLED = "claude-5b2a0000-0000-4000-8000-000000000003"


def conversations() -> list[dict]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def episodes(path: Path = FIXTURE, **kwargs):
    return list(read_claude(path, user_id="ana", **kwargs))


def session(items, session_id):
    return [(e.role, e.content) for e in items if e.session_id == session_id]


def write(tmp_path: Path, records) -> Path:
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


def export_zip(tmp_path: Path) -> Path:
    """A zip laid out like the one Claude sends."""
    path = tmp_path / "data-2024-04-11-08-00-00-batch-0000.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("users.json", json.dumps([{"uuid": "0f6c3a2e", "full_name": "Ana"}]))
        archive.writestr("projects.json", "[]")
        archive.writestr("conversations.json", FIXTURE.read_text(encoding="utf-8"))
    return path


@pytest.fixture
def mem(tmp_path, clock):
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(), clock=clock) as memory:
        yield memory


def test_the_format_is_registered():
    assert "claude" in formats() and reader("claude") is read_claude


def test_text_blocks_are_kept_and_thinking_and_tools_skipped():
    assert session(episodes(), SOURDOUGH)[:2] == [
        ("user", "My sourdough starter smells like nail polish. Is it dead?"),
        ("assistant", "No, it is hungry.\n\nFeed it twice a day at 1:1:1."),
    ]
    texts = " ".join(e.content for e in episodes())
    assert "acetone" not in texts and "not supported on your current device" not in texts
    assert "Feed more often" not in texts  # a tool result


def test_attachments_become_placeholders_and_their_extracted_text_is_left_out():
    sent = session(episodes(), SOURDOUGH)[2]
    assert sent == (
        "user",
        "Here is my feeding schedule.\n\n[attached file: schedule.txt]\n\n[attached file: jar.jpg]",
    )
    item = next(e for e in episodes() if e.content == sent[1])
    assert item.metadata["attachments"] == ["schedule.txt", "jar.jpg"]
    assert "50 g flour" not in " ".join(e.content for e in episodes())


def test_empty_messages_and_other_senders_are_skipped():
    assert len(session(episodes(), SOURDOUGH)) == 4  # the blank human message is gone
    assert session(episodes(), UNTITLED) == [
        ("user", "What is the capital of Australia?"),  # the old form: text without content
        ("assistant", "Canberra."),
    ]


def test_only_the_branch_that_ends_at_the_current_leaf_is_imported():
    assert session(episodes(), GIFTS) == [
        ("user", "Gift ideas for my dad, who loves birdwatching?"),
        ("assistant", "Binoculars: 8x42 are a good all-round choice."),
        ("user", "Something under 100 euros?"),
        ("assistant", "The Nikon Prostaff P3 8x42 costs about 95 euros."),
    ]


def test_without_a_leaf_the_messages_are_taken_in_order(tmp_path):
    records = conversations()[1:2]
    del records[0]["current_leaf_message_uuid"]
    assert len(episodes(write(tmp_path, records))) == 6


def test_times_are_utc_and_a_missing_one_is_the_time_before_it():
    sourdough = [e.at for e in episodes() if e.session_id == SOURDOUGH]
    assert sourdough == [
        datetime(2024, 3, 2, 9, 15, 27, 531204, tzinfo=UTC),
        datetime(2024, 3, 2, 9, 15, 40, tzinfo=UTC),
        datetime(2024, 3, 2, 9, 15, 40, tzinfo=UTC),  # no created_at: the message before it
        datetime(2024, 3, 2, 9, 20, tzinfo=UTC),
    ]
    untitled = [e.at for e in episodes() if e.session_id == UNTITLED]
    assert untitled[0] == datetime(2023, 11, 5, 18, 0, tzinfo=UTC)  # naive: read as UTC


def test_a_message_without_time_takes_the_conversations(tmp_path):
    records = conversations()[:1]
    del records[0]["chat_messages"][0]["created_at"]
    first = episodes(write(tmp_path, records))[0]
    assert first.at == datetime(2024, 3, 2, 9, 15, 20, tzinfo=UTC)


def test_one_session_per_conversation_with_its_title():
    items = episodes()
    assert list(dict.fromkeys(e.session_id for e in items)) == [SOURDOUGH, GIFTS, UNTITLED]
    assert items[0].metadata == {
        "imported_from": "claude",
        "conversation_id": "5b2a0000-0000-4000-8000-000000000001",
        "message_id": "5b2a0000-0000-4000-8000-000000000101",
        "title": "Sourdough starter",
    }
    assert {e.metadata["title"] for e in items if e.session_id == UNTITLED} == {None}


def test_the_zip_as_downloaded_reads_like_its_conversations_json(tmp_path):
    assert episodes(export_zip(tmp_path)) == episodes()


def test_the_owner_must_be_given():
    with pytest.raises(ValidationError, match="--user"):
        list(read_claude(FIXTURE))


def _broken(change):
    records = copy.deepcopy(conversations()[:1])
    change(records[0])
    return records


MALFORMED = {
    "no uuid": (lambda c: c.pop("uuid"), "uuid"),
    "no chat_messages": (lambda c: c.pop("chat_messages"), "chat_messages"),
    "a message without sender": (
        lambda c: c["chat_messages"][1].pop("sender"),
        "chat_messages[1].sender",
    ),
    "content that is no list": (
        lambda c: c["chat_messages"][0].update(content="hello"),
        "chat_messages[0].content",
    ),
    "a time that is no ISO 8601": (
        lambda c: c["chat_messages"][0].update(created_at="2 March 2024"),
        "chat_messages[0].created_at",
    ),
    "attachments that are no list": (
        lambda c: c["chat_messages"][2].update(attachments={"file_name": "x"}),
        "chat_messages[2].attachments",
    ),
}


@pytest.mark.parametrize("case", MALFORMED, ids=list(MALFORMED))
def test_malformed_conversations_name_the_field(tmp_path, case):
    change, field = MALFORMED[case]
    with pytest.raises(ImportFormatError) as info:
        episodes(write(tmp_path, _broken(change)))
    assert info.value.field == field and str(info.value).startswith(f"{field}: conversation 1: ")


def test_a_cycle_of_parents_is_refused(tmp_path):
    records = conversations()[1:2]
    records[0]["chat_messages"][0]["parent_message_uuid"] = records[0]["chat_messages"][5]["uuid"]
    with pytest.raises(ImportFormatError, match="its own ancestor"):
        episodes(write(tmp_path, records))


def test_a_chatgpt_export_is_recognised():
    chatgpt = Path(__file__).parent / "data" / "chatgpt" / "conversations.json"
    with pytest.raises(ImportFormatError, match="--format chatgpt"):
        episodes(chatgpt)


def test_a_truncated_zip_is_a_source_error(tmp_path):
    path = tmp_path / "export.zip"
    path.write_bytes(export_zip(tmp_path).read_bytes()[:-100])
    with pytest.raises(SourceError, match="not a complete zip"):
        episodes(path)


def test_importing_twice_stores_once_and_an_interrupted_import_resumes(mem, tmp_path):
    path = export_zip(tmp_path)
    assert import_file(mem, path, "claude", user_id="ana", limit=1).imported == 4
    report = import_file(mem, path, "claude", user_id="ana", batch_size=2)
    assert (report.imported, report.already_stored) == (6, 4)
    again = import_file(mem, path, "claude", user_id="ana")
    assert (again.imported, again.already_stored) == (0, 10)
    assert len(mem.get_all("ana", limit=100).items) == 10


def lembrar(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lembrar", "--db", str(db), "--embedder", "hash", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONUTF8": "1"},
        timeout=120,
        check=False,
    )


def test_the_cli_imports_the_zip_once(tmp_path):
    db, path = tmp_path / "m.db", export_zip(tmp_path)
    first = lembrar(db, "import", str(path), "--format", "claude", "--user", "ana")
    assert first.returncode == 0 and first.stdout.strip() == "imported 10 episode(s)"
    again = lembrar(db, "import", str(path), "--format", "claude", "--user", "ana")
    assert again.stdout.strip() == "imported 0 episode(s), 10 already stored"
    listed = lembrar(db, "sessions", "--user", "ana")
    assert listed.returncode == 0 and GIFTS in listed.stdout and SOURDOUGH in listed.stdout


def test_the_cli_names_a_malformed_file_in_one_line(tmp_path):
    path = write(tmp_path, _broken(lambda c: c["chat_messages"][1].pop("sender")))
    proc = lembrar(tmp_path / "m.db", "import", str(path), "--format", "claude", "--user", "a")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines() == [
        "error: chat_messages[1].sender: conversation 1: missing"
    ]


def test_the_cli_asks_for_the_owner(tmp_path):
    proc = lembrar(tmp_path / "m.db", "import", str(FIXTURE), "--format", "claude")
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and "--user" in lines[0]
