"""One memory on one machine: what the CLI imports, ``lembrar serve --local`` shows over HTTP
and ``lembrar mcp`` over stdio recalls, each run as a person runs it (subprocesses, the
official MCP client); ``--tenant`` reaches another; a store whose memory ``serve --local`` kept
under the earlier ``local`` tenant is still seen by all three."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.store import open_store

pytest.importorskip("mcp", reason="needs the [mcp] extra")
from mcp import Client  # noqa: E402
from mcp_session import payload, run, stdio  # noqa: E402
from served import lembrar_serve  # noqa: E402

pytestmark = pytest.mark.server

EXAMPLE = Path(__file__).parents[2] / "examples" / "conversation.jsonl"


def lembrar(db: Path, *args: str, tenant: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "LEMBRAR_TENANT"}
    return subprocess.run(
        [sys.executable, "-m", "lembrar", "--db", str(db), "--embedder", "hash", *args],
        capture_output=True,
        text=True,
        env={**env, "PYTHONUTF8": "1", **({"LEMBRAR_TENANT": tenant} if tenant else {})},
        timeout=120,
        check=False,
    )


def recall(db: Path, query: str, *more: str) -> list[str]:
    async def session(client: Client) -> Any:
        return payload(await client.call_tool("recall", {"query": query}))

    found = run(session, stdio(db, "--user", "ana", *more))
    return [m["text"] for m in found["memories"]]


def served_users(db: Path, tenant: str | None = None) -> list[str]:
    env = {"LEMBRAR_TENANT": tenant} if tenant else None
    with lembrar_serve(db, "--local", env=env) as url:
        return httpx.get(f"{url}/v1/users", timeout=30).json()["users"]


def test_what_the_cli_imports_the_page_and_mcp_see(tmp_path):
    db = tmp_path / "memory.db"
    imported = lembrar(db, "import", str(EXAMPLE))
    assert imported.returncode == 0, imported.stderr
    assert served_users(db) == ["ana"]
    assert any("feijoada" in text for text in recall(db, "feijoada"))


def test_what_the_page_stores_the_cli_lists(tmp_path):
    db = tmp_path / "memory.db"
    lembrar(db, "add", "created first by the CLI", "--user", "bob")
    with lembrar_serve(db, "--local") as url:
        body = {"content": "a note written on the page", "at": "2024-05-02T10:00:00+00:00"}
        assert httpx.post(f"{url}/v1/users/ana/episodes", json=body).status_code == 201
    listed = lembrar(db, "list", "--user", "ana")
    assert "a note written on the page" in listed.stdout, listed.stderr


def test_tenant_reaches_another_memory_in_the_same_file(tmp_path):
    db = tmp_path / "memory.db"
    assert (
        lembrar(db, "--tenant", "work", "add", "the quarterly plan", "--user", "ana").returncode
        == 0
    )
    assert lembrar(db, "add", "a holiday in Madeira", "--user", "ana").returncode == 0
    assert "quarterly" in lembrar(db, "--tenant", "work", "list", "--user", "ana").stdout
    assert "quarterly" not in lembrar(db, "list", "--user", "ana").stdout
    assert recall(db, "quarterly plan", "--tenant", "work") == ["the quarterly plan"]
    assert "the quarterly plan" not in recall(db, "quarterly plan")
    assert "quarterly" in lembrar(db, "list", "--user", "ana", tenant="work").stdout
    assert lembrar(db, "add", "a note at work", "--user", "bob", tenant="work").returncode == 0
    assert served_users(db, tenant="work") == ["ana", "bob"]
    assert served_users(db) == ["ana"]
    bad = lembrar(db, "--tenant", "no/slash", "users")
    assert bad.returncode == 2 and "--tenant" in bad.stderr
    bad = lembrar(db, "users", tenant="no/slash")
    assert bad.returncode == 2 and "$LEMBRAR_TENANT" in bad.stderr


def test_a_store_kept_by_the_earlier_serve_local_is_still_seen(tmp_path):
    db = tmp_path / "memory.db"
    with Memory(open_store(db, "local"), embedder=HashingEmbedder()) as earlier:
        earlier.add("kept by the earlier page", user_id="ana", at="2024-05-02T10:00:00+00:00")
    assert "kept by the earlier page" in lembrar(db, "list", "--user", "ana").stdout
    assert served_users(db) == ["ana"]
    assert recall(db, "earlier page") == ["kept by the earlier page"]
    assert lembrar(db, "add", "and a new one", "--user", "ana").returncode == 0
    with Memory(open_store(db, "local"), embedder=HashingEmbedder()) as earlier:
        assert len(earlier.get_all("ana").items) == 2  # one memory still, not two
