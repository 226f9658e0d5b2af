"""The CLI, run as a user would: subprocesses on a real file."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "conversation.jsonl"


@pytest.fixture
def cli(tmp_path):
    db = tmp_path / "cli.db"

    def run(*args, ok=True, stdin=None):
        proc = subprocess.run(
            [sys.executable, "-m", "lembrar", "--db", str(db), "--embedder", "hash", *args],
            capture_output=True,
            text=True,
            input=stdin,
            env={**os.environ, "PYTHONUTF8": "1"},
        )
        if ok:
            assert proc.returncode == 0, proc.stderr
        return proc

    return run


def test_add_list_show_and_forget(cli):
    added = json.loads(
        cli(
            "--json",
            "add",
            "Bought a blue bicycle",
            "--user",
            "ana",
            "--session",
            "s1",
            "--role",
            "user",
            "--at",
            "2024-05-02T18:30:00+00:00",
        ).stdout
    )
    ident = added[0]["id"]
    listed = cli("list", "--user", "ana").stdout
    assert "2024-05-02 18:30 Thu evening [s1]  user: Bought a blue bicycle" in listed
    shown = cli("show", ident, "--user", "ana").stdout
    assert "thursday, evening, 2024-W18, spring" in shown
    assert "deleted 1" in cli("forget", ident, "--user", "ana").stdout
    assert "no episodes" in cli("list", "--user", "ana").stdout


def test_import_search_sessions_stats_export(cli, tmp_path):
    assert "imported 15 episode(s)" in cli("import", str(EXAMPLE)).stdout
    hits = json.loads(
        cli("--json", "search", "feijoada recipe", "--user", "ana", "--preset", "keyword").stdout
    )["hits"]
    assert "feijoada" in hits[0]["text"].lower() and 0 <= hits[0]["score"] <= 1
    assert cli("sessions", "--user", "ana").stdout.count("episode(s)") == 6
    stats = json.loads(cli("--json", "stats").stdout)
    assert stats["episodes"] == 15 and stats["users"] == 1
    out = tmp_path / "out.jsonl"
    cli("export", "--user", "ana", "--out", str(out))
    kinds = [json.loads(line)["type"] for line in out.read_text().splitlines()]
    assert kinds.count("episode") == 15 and kinds[:2] == ["lembrar-export", "user"]


def test_stdin_add_and_forget_session_and_user(cli):
    cli("add", "-", "--user", "bob", "--session", "x", stdin="from standard input")
    cli("add", "other", "--user", "bob", "--session", "y")
    assert "deleted 1" in cli("forget", "--user", "bob", "--session", "x").stdout
    assert "deleted 1" in cli("forget", "--user", "bob", "--all", "--yes").stdout
    assert "no users" in cli("users").stdout


def test_errors_are_clear_and_exit_non_zero(cli, tmp_path):
    bad = cli("add", "hi", "--user", "ana", "--at", "2024-05-02T18:30:00", ok=False)
    assert bad.returncode == 2 and "at:" in bad.stderr and "Traceback" not in bad.stderr
    missing = cli("show", "nope", "--user", "ana", ok=False)
    assert missing.returncode == 3 and "not found" in missing.stderr
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"user_id": "a", "content": "ok"}\n{oops\n')
    failed = cli("import", str(broken), ok=False)
    assert failed.returncode == 2 and "line 2" in failed.stderr
    assert "no users" in cli("users").stdout


def test_user_settings_change_how_time_is_shown(cli):
    cli("add", "first note", "--user", "ana")
    assert "timezone UTC" in cli("user", "ana").stdout
    assert (
        "America/Sao_Paulo, southern"
        in cli("user", "ana", "--timezone", "America/Sao_Paulo", "--hemisphere", "south").stdout
    )
    cli("add", "summer lunch", "--user", "ana", "--at", "2024-02-10T15:00:00+00:00")
    assert "2024-02-10 12:00 Sat afternoon" in cli("list", "--user", "ana").stdout
    bad = cli("user", "ana", "--timezone", "Mars/Base", ok=False)
    assert bad.returncode == 2 and "timezone" in bad.stderr
    assert (
        "language de (time phrases read by dateparser)"
        in cli("user", "ana", "--language", "de").stdout
    )
    assert (
        "language pt-BR (time phrases read by lembrar)"
        in cli("user", "ana", "--language", "pt-BR").stdout
    )


def test_search_shows_the_time_it_understood(cli):
    cli(
        "add", "We hiked the Serra da Estrela", "--user", "ana", "--at", "2024-04-13T10:00:00+00:00"
    )
    cli("add", "We hiked the Gerês", "--user", "ana", "--at", "2024-04-10T10:00:00+00:00")
    out = cli(
        "search",
        "where did we hike last month on a Saturday",
        "--user",
        "ana",
        "--now",
        "2024-05-20T12:00:00+00:00",
    ).stdout
    assert "time: 'last month on a Saturday' -> 2024-04-01 00:00 .. 2024-05-01 00:00 (month)" in out
    assert "time filters: saturday" in out and "searching for: 'where did we hike'" in out
    assert out.index("Serra da Estrela") < out.index("Gerês")  # the Saturday, not the Wednesday
