"""The model server's URL may hold credentials (``http://user:secret@host/v1``): a tenant never
learns the URL at all, and the operator's log shows it without them."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time

import pytest

from lembrar.api import create_app
from lembrar.embed.hashing import HashingEmbedder
from lembrar.llm.config import LLMConfig
from lembrar.testing import FakeOpenAIServer

pytestmark = pytest.mark.server


def _with_credentials(base_url: str) -> str:
    return base_url.replace("http://", "http://proxyuser:s3cr3t-token@") + "?api-key=k3y-value"


def _leaks(text: str, port: int) -> list[str]:
    return [part for part in ("s3cr3t", "proxyuser", "k3y-value", f":{port}") if part in text]


@pytest.fixture
def closed_port(free_port) -> int:
    return free_port()  # nothing listens there


@pytest.fixture
def served(tmp_path, serve, closed_port):
    """A server whose chat model and memory proxy forward to a closed port, with credentials."""
    url = _with_credentials(f"http://127.0.0.1:{closed_port}/v1")
    config = LLMConfig(base_url=url, model="m", max_retries=0, timeout=5)
    app = create_app(
        str(tmp_path / "m.db"), admin_key="adm", embedder=HashingEmbedder(), llm=config
    )
    with serve(app) as base:
        yield base


def test_the_memory_proxy_names_no_upstream_to_the_tenant(
    served, client, new_tenant, closed_port, caplog
):
    key = new_tenant(client(served, "adm"))[1]
    with caplog.at_level(logging.WARNING, logger="lembrar.api"):
        answer = client(served, key).post(
            "/v1/chat/completions",
            json={"messages": [{"role": "user", "content": "hello"}], "user": "ana"},
        )
    assert answer.status_code == 502, answer.text
    assert answer.json()["error"]["code"] == "upstream_unavailable"
    assert _leaks(answer.text, closed_port) == [] and "127.0.0.1" not in answer.text
    assert "the model server" in answer.json()["error"]["message"]
    logged = "\n".join(r.getMessage() for r in caplog.records if "memory proxy" in r.getMessage())
    assert f"http://127.0.0.1:{closed_port}/v1" in logged  # the operator sees where
    assert [part for part in _leaks(logged, closed_port) if part != f":{closed_port}"] == []


def test_a_chat_turn_that_fails_upstream_names_no_url(tmp_path, serve, client, new_tenant):
    with FakeOpenAIServer(models=["another-model"]) as fake:
        port = int(fake.base_url.rsplit(":", 1)[1].split("/")[0])
        config = LLMConfig(base_url=_with_credentials(fake.base_url), model="m", max_retries=0)
        app = create_app(
            str(tmp_path / "m.db"), admin_key="adm", embedder=HashingEmbedder(), llm=config
        )
        with serve(app) as base:
            key = new_tenant(client(base, "adm"))[1]
            answer = client(base, key).post("/v1/users/ana/chat", json={"message": "hi"})
    assert answer.status_code == 200
    errors = [
        json.loads(block.split("data: ", 1)[1])
        for block in answer.text.split("\n\n")
        if block.startswith("event: error")
    ]
    assert errors, answer.text  # the model server refused the model
    assert _leaks(answer.text, port) == [] and "127.0.0.1" not in answer.text
    assert "the model server" in errors[0]["message"]


def test_serve_prints_the_upstream_without_its_credentials(tmp_path, free_port, closed_port):
    port = free_port()
    upstream = _with_credentials(f"http://127.0.0.1:{closed_port}/v1")
    command = [sys.executable, "-m", "lembrar", "--embedder", "hash", "serve", "--local"]
    command += ["--db", str(tmp_path / "m.db"), "--port", str(port)]
    command += ["--llm-base-url", upstream, "--llm-model", "m"]
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        banner = _read_until(process, b"memory proxy")
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(15)
    assert f"-> http://127.0.0.1:{closed_port}/v1?api-key=***" in banner, banner
    assert [part for part in _leaks(banner, closed_port) if part != f":{closed_port}"] == []


def _read_until(process: subprocess.Popen, marker: bytes) -> str:
    seen = b""
    deadline = time.monotonic() + 60
    while marker not in seen and time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line and process.poll() is not None:
            break
        seen += line
    return seen.decode()


def test_the_llm_client_never_shows_credentials(closed_port):
    from lembrar.llm.client import LLMClient
    from lembrar.llm.errors import LLMConnectionError

    config = LLMConfig(
        base_url=_with_credentials(f"http://127.0.0.1:{closed_port}/v1"), model="m", max_retries=0
    )
    client = LLMClient(config)
    try:
        with pytest.raises(LLMConnectionError) as raised:
            client.chat([{"role": "user", "content": "hi"}])
    finally:
        client.close()
    shown = f"{raised.value} {client!r}"
    assert f"http://127.0.0.1:{closed_port}/v1?api-key=***" in shown
    assert [part for part in _leaks(shown, closed_port) if part != f":{closed_port}"] == []


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("http://u:p@h:8/v1", "http://h:8/v1"),
        ("https://h/v1?key=abc&v=2", "https://h/v1?key=***&v=***"),
        ("http://[::1]:11434/v1", "http://[::1]:11434/v1"),
        ("http://u:p@h:99999/v1", "***"),
    ],
)
def test_redact_url(url, shown):
    from lembrar.llm.redact import hide_url, redact_url

    assert redact_url(url) == shown
    assert hide_url(f"could not reach {url}/chat/completions", url) == (
        "could not reach the model server/chat/completions"
    )


def test_the_proxys_upstream_error_names_the_server_without_its_credentials(closed_port):
    import asyncio

    from lembrar.llm.config import LLMConfig
    from lembrar.proxy import Upstream, UpstreamUnavailable

    port = closed_port
    url = _with_credentials(f"http://127.0.0.1:{port}/v1")
    upstream = Upstream(LLMConfig(base_url=url, model="m"))

    async def call() -> str:
        try:
            await upstream.open({"messages": []})
        except UpstreamUnavailable as exc:
            return str(exc)
        finally:
            await upstream.aclose()
        raise AssertionError("a closed port answered")

    message = asyncio.run(call())
    assert not [part for part in ("s3cr3t", "proxyuser", "k3y-value") if part in message]
    assert f"127.0.0.1:{port}" in message  # the operator's log still says where
