"""The CLI fails as a person needs: one line naming the input and the fix, an exit status of its
own per kind of failure, no traceback, and the store as it was."""

from __future__ import annotations

import argparse
import gzip
import os
import pty
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from lembrar.cli import build_parser
from lembrar.cli.failures import (
    EXIT_FAILED,
    EXIT_INPUT,
    EXIT_NOT_FOUND,
    EXIT_OUTPUT,
    EXIT_PIPE,
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


def one_line(proc: subprocess.CompletedProcess, status: int, *words: str) -> str:
    """The single ``error:`` line of a failed command, checked against its exit status."""
    assert proc.returncode == status, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    assert all(word in lines[0] for word in words), lines[0]
    return lines[0]


def closed_early(db, *args: str) -> tuple[int, str]:
    """Run with standard output closed before the command writes (``| head`` that has left)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "lembrar", "--db", str(db), "--embedder", "hash", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUTF8": "1"},
    )
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.stderr.close()
    return proc.wait(timeout=120), err


@pytest.mark.parametrize("command", [("export",), ("list", "--user", "ana")])
def test_output_closed_by_its_reader_ends_quietly(store, command):
    status, err = closed_early(store, *command)
    assert (status, err) == (EXIT_PIPE, "")


def test_export_to_a_full_disk_says_so_in_one_line(store):
    one_line(
        lembrar(store, "export", "--out", "/dev/full"), EXIT_OUTPUT, "--out /dev/full", "space"
    )


UNKNOWN_USER = [
    ("search", "anything", "--user", "nobody"),
    ("context", "anything", "--user", "nobody"),
    ("list", "--user", "nobody"),
    ("show", "some-id", "--user", "nobody"),
    ("sessions", "--user", "nobody"),
    ("forget", "some-id", "--user", "nobody"),
    ("forget", "--user", "nobody", "--all", "--yes"),
    ("graph", "facts", "--user", "nobody"),
    ("graph", "entities", "--user", "nobody"),
    ("graph", "search", "anything", "--user", "nobody"),
    ("memories", "list", "--user", "nobody"),
    ("insights", "list", "--user", "nobody"),
    ("summaries", "--user", "nobody"),
    ("user", "nobody"),
    ("export", "--user", "nobody"),
]


@pytest.mark.parametrize("command", UNKNOWN_USER, ids=lambda c: " ".join(c[:2]))
def test_an_unknown_user_is_exit_3_for_every_command(store, command):
    one_line(lembrar(store, *command), EXIT_NOT_FOUND, "'nobody' not found", "lembrar users")


def test_a_known_user_with_nothing_matching_is_not_an_error(store):
    found = lembrar(store, "search", "zebra", "--user", "ana", "--preset", "keyword")
    assert found.returncode == 0 and "no memories found" in found.stdout


@pytest.mark.parametrize(
    "command", [("stats",), ("users",), ("search", "x", "--user", "ana"), ("export",)]
)
def test_a_read_never_creates_a_store(tmp_path, command):
    db = tmp_path / "no" / "such" / "x.db"
    one_line(lembrar(db, *command), EXIT_STORE, str(db), "no lembrar store there yet")
    assert list(tmp_path.iterdir()) == []


def test_forget_all_without_a_terminal_needs_yes(store):
    one_line(lembrar(store, "forget", "--user", "ana", "--all"), EXIT_USAGE, "--yes")
    assert len(rows(store)) == 1


@pytest.mark.parametrize("answer, status, left", [("n\n", EXIT_FAILED, 1), ("y\n", 0, 0)])
def test_forget_all_asks_on_a_terminal(store, answer, status, left):
    leader, follower = pty.openpty()
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "lembrar", "--db", str(store), "--embedder", "hash"]
            + ["forget", "--user", "ana", "--all"],
            stdin=follower,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUTF8": "1"},
        )
        os.write(leader, answer.encode())
        out, err = proc.communicate(timeout=120)
    finally:
        os.close(leader)
        os.close(follower)
    assert proc.returncode == status, err
    assert "Delete user 'ana'" in err.decode()
    assert len(rows(store)) == left


@pytest.mark.parametrize(
    "command, option",
    [
        (("import", "x.jsonl", "--limit", "-1"), "--limit"),
        (("import", "x.jsonl", "--batch-size", "0"), "--batch-size"),
        (("search", "x", "--user", "ana", "-k", "0"), "-k"),
        (("list", "--user", "ana", "--limit", "many"), "--limit"),
        (("serve", "--port", "70000"), "--port"),
        (("graph", "facts", "--user", "ana", "--as-of", "gibberish"), "--as-of"),
        (("search", "x", "--user", "ana", "--now", "whenever"), "--now"),
    ],
)
def test_a_bad_option_value_names_the_option(store, command, option):
    one_line(lembrar(store, *command), EXIT_USAGE, option)
    assert len(rows(store)) == 1


@pytest.mark.parametrize(
    "as_of, last_month",
    [
        ("June 2023", "2023-05-01"),
        ("2023-07-01", "2023-06-01"),
        ("2023-07-01T12:00Z", "2023-06-01"),
    ],
)
def test_date_options_take_days_and_phrases(tmp_path, as_of, last_month):
    db = tmp_path / "m.db"
    for text, at in (
        ("I live in Lisbon.", "2023-03-10T09:00:00+00:00"),
        ("I moved to Porto last month.", "2024-03-02T10:00:00+00:00"),
    ):
        assert lembrar(db, "add", text, "--user", "ana", "--at", at).returncode == 0
    facts = lembrar(db, "graph", "facts", "--user", "ana", "--as-of", as_of)
    assert facts.returncode == 0, facts.stderr
    assert "Lisbon" in facts.stdout and "Porto" not in facts.stdout
    found = lembrar(db, "search", "where was I last month", "--user", "ana", "--now", as_of)
    assert found.returncode == 0, found.stderr
    assert f"time: 'last month' -> {last_month} 00:00" in found.stdout


def _options(parser: argparse.ArgumentParser, path: str) -> list[tuple[str, str]]:
    found = []
    parser.format_usage()  # adds the arguments a command defers until it is used
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                found += _options(child, f"{path} {name}")
        elif not isinstance(action, argparse._HelpAction):
            name = "/".join(action.option_strings) or action.dest
            found.append((f"{path} {name}", action.help))
    return found


def test_every_option_and_argument_says_what_it_is_for():
    options = _options(build_parser(), "lembrar")
    assert len(options) > 150
    missing = [name for name, text in options if not text or text == argparse.SUPPRESS]
    assert missing == []


def test_the_cli_reference_lists_every_exit_status():
    from lembrar.cli import failures

    text = (Path(__file__).parents[2] / "docs" / "cli.md").read_text()
    statuses = [
        v for k, v in vars(failures).items() if k.startswith("EXIT_") and isinstance(v, int)
    ]
    assert len(statuses) == 7
    assert all(f"\n| {status} | " in text for status in statuses)


def test_a_failed_export_leaves_the_file_it_would_replace(store, tmp_path):
    out = tmp_path / "backup.jsonl"
    out.write_text("last week's export\n")
    one_line(lembrar(store, "export", "--user", "nobody", "--out", str(out)), EXIT_NOT_FOUND)
    assert out.read_text() == "last week's export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backup.jsonl", "memory.db"]
    done = lembrar(store, "export", "--out", str(out))
    assert done.returncode == 0 and "exported 1 episode(s)" in done.stderr
    assert "one thing to keep" in out.read_text()
