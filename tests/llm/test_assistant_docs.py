"""The chat transcript in docs/llm.md is real output of ``lembrar chat`` against the local
protocol server. Print a fresh one with ``python tests/llm/test_assistant_docs.py``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from lembrar.testing import FakeOpenAIServer, Reply, ScriptedToolCall

DOC = Path(__file__).parents[2] / "docs" / "llm.md"
SUNDAY = "2024-05-19T13:05:00+00:00"
WEDNESDAY = "2024-05-22T09:00:00+00:00"
SESSIONS = [
    (
        SUNDAY,
        "sunday-lunch",
        [
            (
                "Remember that I am vegetarian",
                [
                    Reply(
                        tool_calls=[
                            ScriptedToolCall("remember", {"fact": "I am vegetarian"}, id="c1")
                        ]
                    ),
                    Reply(text="Got it: I'll remember that you're vegetarian."),
                ],
            ),
            (
                "I'm having lunch with Ana at the harbour today. She just got back from Recife.",
                [Reply(text="Lovely! Enjoy the harbour, and welcome Ana back from Recife.")],
            ),
        ],
    ),
    (
        WEDNESDAY,
        "wednesday",
        [
            (
                "What did we talk about last Sunday?",
                [
                    Reply(
                        tool_calls=[
                            ScriptedToolCall(
                                "recall", {"since": "2024-05-19", "until": "2024-05-19"}, id="c2"
                            )
                        ]
                    ),
                    Reply(
                        text="Last Sunday (19 May) you had lunch with Ana at the harbour, just after she got back "
                        "from Recife, and you asked me to remember that you're vegetarian."
                    ),
                ],
            ),
        ],
    ),
]


def record_transcript(db: Path) -> str:
    """Both sessions, as the terminal shows them (ids replaced by ``<id>``)."""
    parts = []
    with FakeOpenAIServer(models=["llama3.2"]) as server:
        env = {
            **os.environ,
            "PYTHONUTF8": "1",
            "LEMBRAR_LLM_BASE_URL": server.base_url,
            "LEMBRAR_LLM_MODEL": "llama3.2",
        }
        for now, session, turns in SESSIONS:
            server.script(*[reply for _, replies in turns for reply in replies])
            stdin = "".join(f"{message}\n" for message, _ in turns)
            command = [
                "lembrar",
                "--db",
                str(db),
                "--embedder",
                "hash",
                "chat",
                "--user",
                "ana",
                "--session",
                session,
                "--now",
                now,
                "--show-memories",
            ]
            proc = subprocess.run(
                [sys.executable, "-m", *command],
                input=stdin,
                capture_output=True,
                text=True,
                env=env,
                timeout=60,
                check=True,
            )
            parts.append(f"$ {' '.join(command[:1] + command[5:])}\n{proc.stdout.rstrip()}")
    return re.sub(r"\b[0-9a-f]{32}\b", "<id>", "\n\n".join(parts))


def test_the_transcript_in_the_docs_is_what_the_chat_prints(tmp_path):
    fresh = record_transcript(tmp_path / "memory.db").splitlines()
    documented = [
        line
        for line in DOC.read_text().splitlines()
        if line.startswith(("you> ", "lembrar> ", "  ["))
    ]
    assert len(documented) >= 5
    assert [line for line in documented if line not in fresh] == []


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        print(record_transcript(Path(folder) / "memory.db"))
