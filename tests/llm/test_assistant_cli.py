"""``lembrar chat`` run as a user would: a subprocess talking to the local protocol server."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.testing import FakeOpenAIServer, Reply, ScriptedToolCall

LLM_VARIABLES = (
    "LEMBRAR_LLM",
    "LEMBRAR_LLM_BASE_URL",
    "LEMBRAR_LLM_MODEL",
    "LEMBRAR_LLM_API_KEY",
    "OPENAI_BASE_URL",
    "OPENAI_API_KEY",
    "OPENAI_MODEL",
    "OLLAMA_HOST",
)


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in LLM_VARIABLES}
    return {**env, "PYTHONUTF8": "1", **extra}


def chat(db, *args, stdin="", env=None):
    return subprocess.run(
        [sys.executable, "-m", "lembrar", "--db", str(db), "--embedder", "hash", "chat", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env or clean_env(),
        timeout=60,
    )


def test_without_a_model_it_says_how_to_configure_one_and_exits_cleanly(tmp_path):
    proc = chat(tmp_path / "m.db", stdin="hello\n")
    assert proc.returncode == 0, proc.stderr
    assert (
        "LEMBRAR_LLM_BASE_URL=http://localhost:11434/v1 LEMBRAR_LLM_MODEL=llama3.2" in proc.stdout
    )
    assert "OPENAI_API_KEY=" in proc.stdout and proc.stderr == ""
    assert not (tmp_path / "m.db").exists()


def test_a_server_without_a_model_name_is_explained(tmp_path):
    proc = chat(tmp_path / "m.db", env=clean_env(LEMBRAR_LLM_BASE_URL="http://127.0.0.1:9/v1"))
    assert (
        proc.returncode == 0 and "LEMBRAR_LLM_MODEL" in proc.stdout and "no model is" in proc.stdout
    )


@pytest.fixture
def server():
    with FakeOpenAIServer(api_key="sk-cli", models=["fake-model"]) as fake:
        yield fake


@pytest.fixture
def env(server):
    return clean_env(
        LEMBRAR_LLM_BASE_URL=server.base_url,
        LEMBRAR_LLM_MODEL="fake-model",
        LEMBRAR_LLM_API_KEY="sk-cli",
    )


def test_a_chat_streams_recalls_by_date_and_handles_commands(tmp_path, server, env):
    db = tmp_path / "m.db"
    with Memory(db, embedder=HashingEmbedder()) as memory:
        memory.add(
            [
                {"role": "user", "content": "I had lunch with Ana at the harbour"},
                {"role": "assistant", "content": "Lovely! Say hi to Ana."},
            ],
            user_id="ana",
            session_id="lunch",
            at="2024-05-19T13:00:00+00:00",
        )
    server.script(
        Reply(
            tool_calls=[
                ScriptedToolCall("recall", {"since": "2024-05-19", "until": "2024-05-19"}, id="c1")
            ]
        ),
        Reply(text="Last Sunday you had lunch with Ana at the harbour."),
    )
    stdin = "/remember I am vegetarian\n/memories\nwhat did we talk about last Sunday?\n/quit\n"
    proc = chat(
        db,
        "--user",
        "ana",
        "--session",
        "today",
        "--show-memories",
        "--now",
        "2024-05-22T09:00:00+00:00",
        stdin=stdin,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "session today, model fake-model" in out
    assert "saved: I am vegetarian" in out and "  I am vegetarian" in out.split("/memories")[1]
    assert "lembrar> Last Sunday you had lunch with Ana at the harbour." in out
    assert "[recall] since='2024-05-19' until='2024-05-19' -> 2 memories" in out
    assert (
        "memories used:" in out
        and "retrieved: 2024-05-19 13:00 I had lunch with Ana at the harbour" in out
    )
    assert all(r.stream for r in server.requests)
    with Memory(db, embedder=HashingEmbedder()) as memory:
        turns = memory.get_all("ana", {"session_id": "today"}).items
    assert [(e.role, e.at.isoformat()) for e in turns] == [
        ("user", "2024-05-22T09:00:00+00:00"),
        ("assistant", "2024-05-22T09:00:00+00:00"),
    ]


def test_errors_are_reported_and_the_chat_goes_on(tmp_path, server, env):
    server.script(Reply(status=401, error="bad key"), Reply(text="Now it works."))
    proc = chat(
        tmp_path / "m.db",
        "--no-stream",
        "--user",
        "ana",
        stdin="first\nsecond\n/forget nope\n",
        env=env,
    )
    assert proc.returncode == 0
    assert "error:" in proc.stderr and "bad key" in proc.stderr
    assert "lembrar> Now it works." in proc.stdout
    assert "not found" in proc.stderr


def test_a_bad_now_is_a_clear_error(tmp_path, env):
    proc = chat(tmp_path / "m.db", "--now", "2024-05-22 09:00", env=env)
    assert proc.returncode == 2 and "now:" in proc.stderr and "Traceback" not in proc.stderr


def test_capture_and_llm_search_are_wired(tmp_path, server, env):
    prompts = {
        "decide what an assistant should remember": Reply.json(
            {
                "worth_remembering": True,
                "label": "travel",
                "description": "The user flies to Recife on Friday.",
            }
        ),
        "imagine the memory record": Reply.json(
            {"label": "travel", "description": "The user planned a trip."}
        ),
        "find the calendar dates": Reply.json({"ranges": []}),
        "select which of an assistant's memories": Reply.json({"ids": [1]}),
    }

    def answer(request):
        system = request.messages[0]["content"]
        return next(
            (reply for key, reply in prompts.items() if key in system),
            Reply(text="Have a good trip!"),
        )

    server.default = answer
    db = tmp_path / "m.db"
    proc = chat(
        db,
        "--user",
        "ana",
        "--capture",
        "--llm-search",
        stdin="I fly to Recife on Friday\n",
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    assert "lembrar> Have a good trip!" in proc.stdout
    asked = " ".join(r.messages[0]["content"] for r in server.requests)
    assert all(
        key in asked for key in prompts if not key.startswith("select")
    )  # nothing to filter yet
    with Memory(db, embedder=HashingEmbedder()) as memory:
        [record] = memory.get_all("ana", {"kinds": ["record"]}).items
    assert record.record["session"] == "travel" and len(record.metadata["derived_from"]) == 2
