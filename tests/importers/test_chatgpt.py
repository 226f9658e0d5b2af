"""ChatGPT export reader: the conversation as it ended, times, what is kept of each message,
the zip as downloaded, clear errors, and imports that are idempotent and resume."""

from __future__ import annotations

import copy
import json
import os
import pty
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
from lembrar.importers.chatgpt import read_chatgpt
from lembrar.importers.load import import_file

FIXTURE = Path(__file__).parent / "data" / "chatgpt" / "conversations.json"
LISBON = "chatgpt-67a1c0de-0b1e-8000-a4c1-3f2e9d000001"
RUNS = "chatgpt-67a1c0de-0b1e-8000-a4c1-3f2e9d000002"
UNTITLED = "chatgpt-67a1c0de-0b1e-8000-a4c1-3f2e9d000003"


def conversations() -> list[dict]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def episodes(path: Path = FIXTURE, **kwargs):
    return list(read_chatgpt(path, user_id="ana", **kwargs))


def session(items, session_id):
    return [(e.role, e.content) for e in items if e.session_id == session_id]


def write(tmp_path: Path, records, name: str = "conversations.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


def export_zip(tmp_path: Path, records=None, inner: str = "conversations.json") -> Path:
    """A zip laid out like the one ChatGPT sends."""
    path = tmp_path / "chatgpt-export.zip"
    body = FIXTURE.read_text(encoding="utf-8") if records is None else json.dumps(records)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("user.json", json.dumps({"id": "user-1", "email": "ana@example.org"}))
        archive.writestr("chat.html", "<html><body>...</body></html>")
        archive.writestr("message_feedback.json", "[]")
        archive.writestr(inner, body)
    return path


@pytest.fixture
def mem(tmp_path, clock):
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(), clock=clock) as memory:
        yield memory


def test_the_format_is_registered():
    assert "chatgpt" in formats() and reader("chatgpt") is read_chatgpt


def test_only_the_path_that_ends_at_current_node_is_imported():
    assert session(episodes(), LISBON) == [
        ("user", "I'm planning a trip to Lisbon in May. Which neighbourhood should I stay in?"),
        ("assistant", "Alfama, for the views and the fado houses."),
        ("user", "Where can I hear fado on a Tuesday?"),  # the edited question, not the first
        ("assistant", "Tasca do Chico in Bairro Alto has fado most nights."),
    ]
    texts = {e.content for e in episodes()}
    assert not texts & {"Baixa is central.", "What should I eat there?", "Try the custard tarts."}


def test_without_current_node_the_latest_branch_is_taken():
    assert session(episodes(), UNTITLED) == [
        ("user", "Remind me: my sister's birthday is on 3 August."),
        ("assistant", "Noted: your sister's birthday is on 3 August."),
    ]


def test_times_are_the_messages_own_else_the_one_before_else_the_conversations():
    lisbon = [e for e in episodes() if e.session_id == LISBON]
    start = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
    assert [e.at for e in lisbon] == [
        datetime(2024, 5, 1, 9, 0, 0, 123000, tzinfo=UTC),
        datetime(2024, 5, 1, 9, 0, 45, tzinfo=UTC),
        datetime(2024, 5, 1, 9, 0, 45, tzinfo=UTC),  # no create_time: the answer before it
        datetime(2024, 5, 1, 9, 3, 20, tzinfo=UTC),
    ]
    assert start < lisbon[-1].at
    untitled = [e.at for e in episodes() if e.session_id == UNTITLED]
    assert untitled == [datetime(2024, 7, 1, 12, 0, tzinfo=UTC)] * 2  # the conversation's time


def test_a_conversation_without_any_time_is_refused_naming_it(tmp_path):
    records = conversations()[2:3]
    records[0]["create_time"] = records[0]["update_time"] = None
    with pytest.raises(ImportFormatError) as info:
        episodes(write(tmp_path, records))
    assert info.value.field == "create_time" and "'c-u1' has no time" in str(info.value)


def test_one_session_per_conversation_with_its_title_and_ids_in_metadata():
    items = episodes()
    assert [s for s in dict.fromkeys(e.session_id for e in items)] == [LISBON, RUNS, UNTITLED]
    first = items[0]
    assert first.metadata == {
        "imported_from": "chatgpt",
        "conversation_id": "67a1c0de-0b1e-8000-a4c1-3f2e9d000001",
        "message_id": "u-1",
        "title": "Trip to Lisbon",
    }
    assert items[1].metadata["model"] == "gpt-4o"
    assert {e.metadata["title"] for e in items if e.session_id == UNTITLED} == {None}
    assert len({e.id for e in items}) == len(items) and all(e.user_id == "ana" for e in items)


def test_system_hidden_and_custom_instruction_messages_are_skipped():
    lisbon = [e for e in episodes() if e.session_id == LISBON]
    assert lisbon[0].metadata["message_id"] == "u-1"  # sys-1 and ci-1 come before it
    assert not any("Porto" in e.content or "Be brief" in e.content for e in episodes())


def test_what_is_kept_of_images_files_code_voice_tools_and_reasoning():
    assert session(episodes(), RUNS) == [
        (
            "user",
            "Here is my running log from May, can you plot it?\n\n"
            "[attached file: runs.png]\n\n[attached file: runs.csv]",
        ),
        (
            "assistant",
            "```python\nimport pandas as pd\nruns = pd.read_csv('runs.csv')\n"
            "runs.plot(x='date', y='km')\n```",
        ),
        # the empty answer, the code's output (a tool message) and the reasoning are skipped
        ("assistant", "Your weekly distance rose from 12 km to 20 km over May."),
        ("user", "[image]"),
        ("assistant", "Those look like trail shoes."),
        ("user", "Thanks, draw me a running shoe."),  # a voice message's transcription
        # the image-generation call and the generated image (a tool message) are skipped
        ("assistant", "Here is your running shoe."),
    ]
    uploaded = next(e for e in episodes() if e.metadata["message_id"] == "b-u1")
    assert uploaded.metadata["attachments"] == ["runs.png", "runs.csv"]


def test_an_empty_conversation_imports_nothing():
    assert not any(e.metadata["conversation_id"].endswith("04") for e in episodes())


def test_limit_counts_conversations():
    assert {e.session_id for e in episodes(limit=1)} == {LISBON}


def test_the_zip_as_downloaded_reads_like_its_conversations_json(tmp_path):
    assert episodes(export_zip(tmp_path)) == episodes()
    nested = export_zip(tmp_path, inner="export-2024-07-02/conversations.json")
    assert episodes(nested) == episodes()


def test_an_object_holding_the_conversations_is_read_too(tmp_path):
    path = write(tmp_path, {"conversations": conversations()})
    assert episodes(path) == episodes()


def test_the_owner_must_be_given():
    with pytest.raises(ValidationError) as info:
        list(read_chatgpt(FIXTURE))
    assert info.value.field == "user_id" and "--user" in str(info.value)


def _broken(change):
    records = copy.deepcopy(conversations()[:1])
    change(records[0])
    return records


MALFORMED = {
    "a record that is no object": (lambda c: c.clear(), None),
    "no mapping": (lambda c: c.pop("mapping"), "mapping"),
    "no id": (lambda c: [c.pop("id"), c.pop("conversation_id")], "id"),
    "a current_node outside the mapping": (
        lambda c: c.update(current_node="nowhere"),
        "current_node",
    ),
    "a parent outside the mapping": (
        lambda c: c["mapping"]["u-1"].update(parent="gone"),
        "mapping['gone']",
    ),
    "a cycle of parents": (
        lambda c: c["mapping"]["client-created-root"].update(parent="a-2b"),
        "mapping['a-2b']",
    ),
    "a message without author": (
        lambda c: c["mapping"]["u-1"]["message"].pop("author"),
        "mapping['u-1'].message.author",
    ),
    "parts that are no list": (
        lambda c: c["mapping"]["u-1"]["message"]["content"].update(parts="hello"),
        "mapping['u-1'].message.content.parts",
    ),
    "a create_time that is text": (
        lambda c: c["mapping"]["u-1"]["message"].update(create_time="yesterday"),
        "mapping['u-1'].message.create_time",
    ),
}


@pytest.mark.parametrize("case", MALFORMED, ids=list(MALFORMED))
def test_malformed_conversations_name_the_field(tmp_path, case):
    change, field = MALFORMED[case]
    records = _broken(change)
    if case == "a record that is no object":
        records = [[]]
    with pytest.raises(ImportFormatError) as info:
        episodes(write(tmp_path, records))
    assert info.value.field == (field or "conversation")
    assert str(info.value).startswith(f"{field or 'conversation'}: conversation 1: ")


def test_a_claude_export_is_recognised(tmp_path):
    claude = Path(__file__).parent / "data" / "claude" / "conversations.json"
    with pytest.raises(ImportFormatError, match="--format claude"):
        episodes(claude)


def test_unreadable_files_are_source_errors(tmp_path):
    not_json = tmp_path / "conversations.json"
    not_json.write_text('[{"title": "cut off', encoding="utf-8")
    with pytest.raises(ImportFormatError, match="not valid JSON"):
        episodes(not_json)
    bad_zip = tmp_path / "export.zip"
    bad_zip.write_bytes(export_zip(tmp_path).read_bytes()[:200])
    with pytest.raises(SourceError, match="not a complete zip"):
        episodes(bad_zip)
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("user.json", "{}")
    with pytest.raises(SourceError, match="no conversations.json"):
        episodes(other)


def test_importing_the_export_twice_stores_it_once(mem, tmp_path):
    path = export_zip(tmp_path)
    first = import_file(mem, path, "chatgpt", user_id="ana")
    again = import_file(mem, path, "chatgpt", user_id="ana")
    assert (first.imported, again.imported, again.already_stored) == (13, 0, 13)
    assert len(mem.get_all("ana", limit=100).items) == 13
    assert {s.session_id for s in mem.sessions("ana")} == {LISBON, RUNS, UNTITLED}


def test_an_interrupted_import_resumes(mem, tmp_path):
    assert import_file(mem, FIXTURE, "chatgpt", user_id="ana", limit=1).imported == 4
    report = import_file(mem, FIXTURE, "chatgpt", user_id="ana", batch_size=3)
    assert (report.imported, report.already_stored) == (9, 4)


def test_a_later_export_adds_only_what_is_new(mem, tmp_path):
    import_file(mem, FIXTURE, "chatgpt", user_id="ana")
    records = conversations()
    lisbon = records[0]
    lisbon["title"] = "Lisbon in May"  # renamed since
    lisbon["mapping"]["a-2b"]["children"] = ["u-3"]
    lisbon["mapping"]["u-3"] = {
        "id": "u-3",
        "parent": "a-2b",
        "children": [],
        "message": {
            "id": "u-3",
            "author": {"role": "user", "name": None, "metadata": {}},
            "create_time": 1714640400.0,
            "content": {"content_type": "text", "parts": ["Booked Tasca do Chico!"]},
            "metadata": {},
            "recipient": "all",
        },
    }
    lisbon["current_node"] = "u-3"
    report = import_file(mem, write(tmp_path, records), "chatgpt", user_id="ana")
    assert (report.imported, report.already_stored) == (1, 13)
    (hit,) = mem.search("Booked Tasca do Chico", "ana", k=1)
    assert hit.episode.session_id == LISBON and hit.episode.metadata["title"] == "Lisbon in May"


def test_the_same_export_for_two_owners_in_one_store(mem):
    import_file(mem, FIXTURE, "chatgpt", user_id="ana")
    assert import_file(mem, FIXTURE, "chatgpt", user_id="rui").imported == 13


def lembrar(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lembrar", "--db", str(db), "--embedder", "hash", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONUTF8": "1"},
        timeout=120,
        check=False,
    )


def test_the_cli_imports_the_zip_once_and_finds_it(tmp_path):
    db, path = tmp_path / "m.db", export_zip(tmp_path)
    first = lembrar(db, "import", str(path), "--format", "chatgpt", "--user", "ana")
    assert first.returncode == 0 and first.stdout.strip() == "imported 13 episode(s)"
    again = lembrar(db, "import", str(path), "--format", "chatgpt", "--user", "ana")
    assert again.stdout.strip() == "imported 0 episode(s), 13 already stored"
    found = lembrar(db, "search", "fado on a Tuesday", "--user", "ana")
    assert found.returncode == 0 and "Where can I hear fado on a Tuesday?" in found.stdout


@pytest.mark.parametrize(
    ("make", "status", "names"),
    [
        (lambda t: write(t, _broken(lambda c: c.pop("mapping"))), 2, "mapping: conversation 1"),
        (lambda t: t / "missing.zip", 4, "no such file"),
        (lambda t: t / "user.json", 4, "no conversations.json"),
    ],
    ids=["malformed", "missing", "zip-without-conversations"],
)
def test_the_cli_fails_with_one_line_and_its_status(tmp_path, make, status, names):
    path = make(tmp_path)
    if path.name == "user.json":
        path = tmp_path / "user.zip"
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("user.json", "{}")
    proc = lembrar(tmp_path / "m.db", "import", str(path), "--format", "chatgpt", "--user", "a")
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == status and len(lines) == 1 and names in lines[0]
    assert "Traceback" not in proc.stderr


def test_the_cli_draws_progress_on_a_terminal(tmp_path):
    leader, follower = pty.openpty()
    args = ["import", str(FIXTURE), "--format", "chatgpt", "--user", "a", "--batch-size", "5"]
    proc = subprocess.run(
        [sys.executable, "-m", "lembrar", "--db", str(tmp_path / "m.db"), "--embedder", "hash"]
        + args,
        stdout=subprocess.PIPE,
        stderr=follower,
        timeout=120,
        check=False,
    )
    os.close(follower)
    drawn = os.read(leader, 4096).decode()
    os.close(leader)
    assert proc.returncode == 0 and "\rimporting [" in drawn
    assert "5/13" in drawn and "13/13" in drawn


def test_the_import_docs_describe_every_format():
    docs = (Path(__file__).parents[2] / "docs" / "import.md").read_text(encoding="utf-8")
    assert all(f"| `{name}`" in docs for name in formats())
    assert "[attached file: NAME]" in docs and "current_node" in docs
