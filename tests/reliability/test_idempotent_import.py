"""Importing the same source twice stores it once; an exported file re-imports as a no-op; an
import in batches resumes; the progress bar shows on a terminal only; help says what is atomic."""

from __future__ import annotations

import io
import json
import os
import pty
import subprocess
import sys

import pytest

from lembrar import ImportFormatError, Memory
from lembrar.cli import build_parser
from lembrar.embed.hashing import HashingEmbedder
from lembrar.importers.load import export_file, import_file


def _locomo(tmp_path):
    turns = [
        {
            "speaker": "Ana" if i % 2 else "Rui",
            "dia_id": f"D1:{i}",
            "text": "ok" if i % 3 else f"turn {i}",
        }
        for i in range(1, 13)
    ]
    record = {
        "sample_id": "conv-1",
        "qa": [],
        "conversation": {
            "speaker_a": "Ana",
            "speaker_b": "Rui",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": turns,
        },
    }
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([record]))
    return path


@pytest.fixture
def mem(tmp_path, clock):
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(), clock=clock) as memory:
        yield memory


def test_importing_the_same_locomo_file_twice_stores_it_once(mem, tmp_path):
    path = _locomo(tmp_path)
    first = import_file(mem, path, "locomo", user_id="ana")
    again = import_file(mem, path, "locomo", user_id="ana")
    assert (first.imported, again.imported, again.already_stored) == (12, 0, 12)
    stored = mem.get_all("ana", limit=100).items
    assert (
        len(stored) == 12 and sum(e.content == "ok" for e in stored) == 8
    )  # repeated turns are kept


def test_jsonl_without_ids_reimports_as_a_no_op_and_duplicates_in_it_are_kept(mem, tmp_path):
    path = tmp_path / "turns.jsonl"
    line = (
        '{"user_id": "ana", "session_id": "s", "content": "ok", "at": "2024-05-01T10:00:00+00:00"}'
    )
    path.write_text("\n".join([line, line, line.replace('"ok"', '"fine"')]) + "\n")
    assert import_file(mem, path).imported == 3
    assert import_file(mem, path).imported == 0 and len(mem.get_all("ana").items) == 3


def test_an_exported_file_reimports_as_a_no_op(mem, tmp_path):
    import_file(mem, _locomo(tmp_path), "locomo", user_id="ana")
    out = io.StringIO()
    export_file(mem, out)
    path = tmp_path / "export.jsonl"
    path.write_text(out.getvalue())
    report = import_file(mem, path)
    assert (report.imported, report.already_stored, len(mem.get_all("ana", limit=100).items)) == (
        0,
        12,
        12,
    )


def test_an_id_given_twice_in_a_file_names_both_lines(mem, tmp_path):
    path = tmp_path / "dup.jsonl"
    path.write_text(
        '{"user_id": "ana", "content": "a", "id": "x1"}\n{"user_id": "ana", "content": "b"}\n'
        '{"user_id": "ana", "content": "c", "id": "x1"}\n'
    )
    with pytest.raises(ImportFormatError) as info:
        import_file(mem, path)
    assert info.value.line == 3 and "line 1" in str(info.value) and mem.users() == []


def test_a_partial_import_resumes_where_it_stopped(mem, tmp_path):
    path = tmp_path / "turns.jsonl"
    path.write_text(
        "".join(
            json.dumps({"user_id": "ana", "content": f"turn {i}", "metadata": {"n": i}}) + "\n"
            for i in range(12)
        )
    )
    assert import_file(mem, path, limit=5, batch_size=2).imported == 5
    report = import_file(mem, path, batch_size=2)
    assert (report.imported, report.already_stored) == (7, 5)
    assert sorted(e.metadata["n"] for e in mem.get_all("ana", limit=100).items) == list(range(12))


def test_a_bad_record_anywhere_stores_nothing_even_in_batches(mem, tmp_path):
    path = tmp_path / "bad.jsonl"
    good = '{"user_id": "ana", "content": "fine %d"}'
    path.write_text(
        "\n".join([*(good % i for i in range(5)), '{"user_id": "ana", "content": ""}']) + "\n"
    )
    with pytest.raises(ImportFormatError) as info:
        import_file(mem, path, batch_size=2)
    assert info.value.line == 6 and mem.users() == []


def _cli(args, db, **kwargs):
    return [sys.executable, "-m", "lembrar", "--db", str(db), "--embedder", "hash", *args]


def test_progress_is_drawn_on_a_terminal_only(tmp_path):
    path = _locomo(tmp_path)
    piped = subprocess.run(
        _cli(
            ["import", str(path), "--format", "locomo", "--user", "a", "--batch-size", "4"],
            tmp_path / "a.db",
        ),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert piped.returncode == 0 and piped.stderr == ""
    leader, follower = pty.openpty()
    proc = subprocess.run(
        _cli(
            ["import", str(path), "--format", "locomo", "--user", "a", "--batch-size", "4"],
            tmp_path / "b.db",
        ),
        stdout=subprocess.PIPE,
        stderr=follower,
        timeout=120,
        env={**os.environ},
        check=False,
    )
    os.close(follower)
    drawn = os.read(leader, 4096).decode()
    os.close(leader)
    assert (
        proc.returncode == 0 and "\rimporting [" in drawn and "12/12" in drawn and "4/12" in drawn
    )


def test_import_help_says_what_is_atomic():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    text = sub.choices["import"].format_help()
    assert "atomic" in text and "stores nothing" in text and "continues where it stopped" in text
