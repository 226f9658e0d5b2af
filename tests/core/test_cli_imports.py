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
