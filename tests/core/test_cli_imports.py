"""Building the command line imports what every command needs, not what one command needs."""

from __future__ import annotations

import subprocess
import sys

HEAVY = (
    "lembrar.evaluation.answers_command",
    "lembrar.evaluation.llm_steps.command",
    "lembrar.memory",
)

PROBE = """
import sys
from lembrar.cli import build_parser
parser = build_parser()
parser.format_help()
print(",".join(name for name in {heavy!r} if name in sys.modules))
parser.parse_args(["bench", "answers", "--summary"])
print(",".join(name for name in {heavy!r} if name in sys.modules))
"""


def test_the_parser_imports_a_benchmark_command_only_when_it_is_used():
    probe = subprocess.run(
        [sys.executable, "-c", PROBE.format(heavy=HEAVY)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    before, after = probe.stdout.splitlines()
    assert before == ""
    assert "lembrar.evaluation.answers_command" in after.split(",")


SEARCH_PROBE = """
import sys
from lembrar.cli import main

status = main(["--db", sys.argv[1], "--embedder", "hash", "search", "feijoada", "--user", "ana"])
print(status, ",".join(name for name in {unused!r} if name in sys.modules))
"""
UNUSED_BY_SEARCH = (
    "lembrar.llm.client",
    "lembrar.assistant",
    "lembrar.api",
    "lembrar.mcp",
    "lembrar.importers.chatgpt",
    "httpx",
    "pydantic",
    "spacy",
)


def test_a_search_imports_no_llm_client_assistant_or_server(tmp_path):
    db = str(tmp_path / "m.db")
    add = [sys.executable, "-m", "lembrar", "--db", db, "--embedder", "hash", "add"]
    subprocess.run([*add, "--user", "ana", "I made feijoada today"], check=True, timeout=120)
    probe = subprocess.run(
        [sys.executable, "-c", SEARCH_PROBE.format(unused=UNUSED_BY_SEARCH), db],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    *found, imported = probe.stdout.splitlines()
    assert any("feijoada" in line for line in found)
    assert imported == "0 ", imported
