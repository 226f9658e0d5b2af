"""``lembrar mcp --print-config``: the entry a desktop client needs, and that entry started the
way such a client starts it: no shell, the command and args exactly as printed, an environment
with only what the client passes (a bare ``PATH``, no ``VIRTUAL_ENV``, no ``HOME``), another
working directory; then driven by the official ``mcp`` client."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("mcp", reason="needs the [mcp] extra")
from mcp import Client, StdioServerParameters  # noqa: E402
from mcp_session import environment, payload, run  # noqa: E402

pytestmark = pytest.mark.server
CLIENT_PATH = "/usr/bin:/bin"  # what a desktop app started from the dock has, at most


def printed_config(*options: str, cwd: os.PathLike[str]) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "lembrar", *options],
        env=environment(),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def as_a_client_launches_it(entry: dict[str, Any], cwd: os.PathLike[str]) -> StdioServerParameters:
    env = {"PATH": CLIENT_PATH, **entry.get("env", {})}
    return StdioServerParameters(command=entry["command"], args=entry["args"], env=env, cwd=cwd)


def test_the_printed_config_starts_the_server_with_a_bare_environment(tmp_path):
    setup, elsewhere = tmp_path / "setup", tmp_path / "elsewhere"
    setup.mkdir(), elsewhere.mkdir()
    config = printed_config(
        "--embedder",
        "hash",
        "mcp",
        "--db",
        "memory.db",
        "--user",
        "ana",
        "--print-config",
        cwd=setup,
    )
    entry = config["mcpServers"]["lembrar"]
    assert os.path.isabs(entry["command"]) and os.access(entry["command"], os.X_OK)
    db = entry["args"][entry["args"].index("--db") + 1]
    assert db == str(setup / "memory.db")  # relative to where it was printed, made absolute

    async def session(client: Client) -> Any:
        await client.call_tool("remember", {"fact": "My kayak is called Sardinha"})
        return payload(await client.call_tool("recall", {"query": "kayak"}))["memories"]

    found = run(session, as_a_client_launches_it(entry, elsewhere))
    assert [m["text"] for m in found] == ["My kayak is called Sardinha"]
    assert (setup / "memory.db").exists() and not list(elsewhere.iterdir())

    async def again(client: Client) -> Any:  # the same memory for the next session
        return payload(await client.call_tool("saved_memories", {}))["memories"]

    remembered = run(again, as_a_client_launches_it(entry, elsewhere))
    assert [m["text"] for m in remembered] == ["My kayak is called Sardinha"]


def test_a_bare_command_name_is_not_found_by_such_a_client(tmp_path):
    """Why the config names the interpreter by its absolute path: with the client's PATH, the
    README's old ``"command": "lembrar"`` was not found."""
    if shutil.which("lembrar", path=CLIENT_PATH):
        pytest.skip("lembrar is installed system-wide here")
    bare = StdioServerParameters(
        command="lembrar", args=["mcp"], env={"PATH": CLIENT_PATH}, cwd=tmp_path
    )

    async def session(client: Client) -> Any:
        return await client.list_tools()

    with pytest.raises(BaseException) as failed:
        run(session, bare)
    assert "No such file or directory" in repr(failed.value) or isinstance(
        failed.value, FileNotFoundError
    )


def test_print_config_keeps_the_tenant_and_refuses_http(tmp_path):
    entry = printed_config(
        "mcp", "--db", str(tmp_path / "m.db"), "--tenant", "family", "--print-config", cwd=tmp_path
    )["mcpServers"]["lembrar"]
    args = entry["args"]
    assert args[:3] == ["-m", "lembrar", "mcp"]
    assert args[args.index("--tenant") + 1] == "family" and args[args.index("--user") + 1] == "me"
    done = subprocess.run(
        [sys.executable, "-m", "lembrar", "mcp", "--transport", "http", "--print-config"],
        env=environment(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0 and "print-config" in done.stderr and "Traceback" not in done.stderr
