"""The CLI fails as a person needs: one line naming the input and the fix, an exit status of its
own per kind of failure, no traceback, and the store as it was."""

from __future__ import annotations

import gzip
import os
import sqlite3
import subprocess
import sys

import pytest

from lembrar.cli import build_parser
from lembrar.cli.failures import (
    EXIT_INPUT,
    EXIT_NOT_FOUND,
    EXIT_OUTPUT,
    EXIT_STORE,
    EXIT_USAGE,
)


def lembrar(db, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "lembrar", "--db", str(db), "--embedder", "hash", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONUTF8": "1"},
        timeout=120,
        check=False,
    )


@pytest.fixture
def store(tmp_path):
    db = tmp_path / "memory.db"
    assert lembrar(db, "add", "one thing to keep", "--user", "ana").returncode == 0
    return db


def rows(db) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT id, user_id, content FROM episodes ORDER BY id").fetchall()
    finally:
        conn.close()


def _files(tmp_path):
    latin1 = tmp_path / "latin1.jsonl"
    latin1.write_bytes('{"user_id": "ana", "content": "café"}\n'.encode("latin-1"))
    fake_gz = tmp_path / "turns.jsonl.gz"
    fake_gz.write_text('{"user_id": "ana", "content": "plain text"}\n')
    return latin1, fake_gz


CASES = {
    "metadata that is not JSON": (
        lambda t: ("add", "x", "--user", "ana", "--metadata", "{bad"),
        EXIT_USAGE,
        ["--metadata", "object like"],
    ),
    "an import file that is not UTF-8": (
        lambda t: ("import", str(_files(t)[0])),
        EXIT_INPUT,
        ["latin1.jsonl", "UTF-8"],
    ),
    "a .gz that is not gzip": (
        lambda t: ("import", str(_files(t)[1])),
        EXIT_INPUT,
        ["turns.jsonl.gz", "gzip"],
    ),
    "a missing import file": (
        lambda t: ("import", str(t / "nowhere.jsonl")),
        EXIT_INPUT,
        ["nowhere.jsonl", "check the path"],
    ),
    "export into a missing folder": (
        lambda t: ("export", "--out", str(t / "no" / "such" / "out.jsonl")),
        EXIT_OUTPUT,
        ["--out", "does not exist", "create it"],
    ),
    "forgetting a user that does not exist": (
        lambda t: ("forget", "--user", "nobody", "--all"),
        EXIT_NOT_FOUND,
        ["nobody", "not found"],
    ),
    "forgetting a session that does not exist": (
        lambda t: ("forget", "--user", "ana", "--session", "no-such-chat"),
        EXIT_NOT_FOUND,
        ["no-such-chat", "not found"],
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_failed_command_says_one_line_with_its_own_status(store, tmp_path, case):
    make_args, status, words = CASES[case]
    before = rows(store)
    proc = lembrar(store, *make_args(tmp_path))
    assert proc.returncode == status, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    assert all(word in lines[0] for word in words), lines[0]
    assert rows(store) == before


@pytest.mark.parametrize("where", ["a text file", "under a file"])
def test_a_db_that_is_no_store_is_named_and_left_alone(tmp_path, where):
    text = tmp_path / "notes.txt"
    text.write_text("my shopping list\n")
    target = text if where == "a text file" else text / "memory.db"
    proc = lembrar(target, "add", "x", "--user", "ana")
    assert proc.returncode == EXIT_STORE, proc.stderr
    [line] = proc.stderr.strip().splitlines()
    assert str(target) in line and "--db" in line and "new file path" in line
    assert text.read_text() == "my shopping list\n" and sorted(
        p.name for p in tmp_path.iterdir()
    ) == ["notes.txt"]


def test_the_exit_statuses_are_in_the_help():
    text = build_parser().format_help()
    for status in (EXIT_USAGE, EXIT_NOT_FOUND, EXIT_INPUT, EXIT_OUTPUT, EXIT_STORE):
        assert f"\n  {status}  " in text


def test_a_gz_file_that_is_gzip_still_imports(tmp_path):
    path = tmp_path / "turns.jsonl.gz"
    path.write_bytes(gzip.compress(b'{"user_id": "ana", "content": "compressed"}\n'))
    proc = lembrar(tmp_path / "m.db", "import", str(path))
    assert proc.returncode == 0 and "imported 1" in proc.stdout
