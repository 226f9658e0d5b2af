"""``lembrar mcp`` over stdio answers the handshake and the listings without loading the engine
or the SDK's client side; the store, the engines and the embedder open on the first tool call,
once, and an open that fails is that call's error (naming the database), tried again on the
next call.

The server runs as a client starts it, driven by the official ``mcp`` client; a small launcher
runs the same ``lembrar`` command line in a process that, when it exits, writes which of the
engine's modules it had loaded."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp", reason="needs the [mcp] extra")
from mcp import Client, StdioServerParameters  # noqa: E402
from mcp_session import environment, lembrar_args, payload, run  # noqa: E402

from lembrar.config import MemoryConfig  # noqa: E402
from lembrar.embed.hashing import HashingEmbedder  # noqa: E402
from lembrar.engines import EnginePool  # noqa: E402
from lembrar.mcp import Backend, MemoryService  # noqa: E402
from lembrar.store import open_store  # noqa: E402

pytestmark = pytest.mark.server

ENGINE_MODULES = (
    "lembrar.memory",
    "lembrar.engines",
    "lembrar.embed",
    "lembrar.store",
    "lembrar.tools.runner",
    "numpy",
)
SDK_UNUSED = ("mcp.client", "mcp.server.mcpserver")  # what ``import mcp`` would bring
LAUNCHER = """
import atexit, sys
from pathlib import Path
from lembrar.cli import main

report, modules = Path(sys.argv[1]), sys.argv[2].split(",")
atexit.register(lambda: report.write_text(",".join(m for m in modules if m in sys.modules)))
sys.exit(main(sys.argv[3:]))
"""


def launched(tmp_path: Path, db: Path) -> tuple[StdioServerParameters, Path]:
    """``lembrar --db DB --embedder hash mcp`` with the launcher, and where it reports."""
    report = tmp_path / "loaded.txt"
    modules = ",".join(ENGINE_MODULES + SDK_UNUSED)
    args = ["-c", LAUNCHER, str(report), modules, *lembrar_args(db)[2:]]
    return StdioServerParameters(command=sys.executable, args=args, env=environment()), report


def loaded(report: Path) -> list[str]:
    assert report.exists(), "the server did not exit on its own when the client left"
    return [name for name in report.read_text().split(",") if name]


def test_the_handshake_and_listings_load_nothing_of_the_engine(tmp_path):
    db = tmp_path / "m.db"
    server, report = launched(tmp_path, db)

    async def session(client: Client) -> Any:
        tools = (await client.list_tools()).tools
        resources = (await client.list_resources()).resources
        prompts = (await client.list_prompts()).prompts
        return [t.name for t in tools], len(resources), [p.name for p in prompts]

    tools, resources, prompts = run(session, server)
    assert len(tools) == 8 and "recall" in tools and resources == 2 and prompts == ["with_memory"]
    assert loaded(report) == []
    assert not db.exists()  # nothing was opened, so nothing was created


def test_the_first_tool_call_opens_the_memory(tmp_path):
    db = tmp_path / "m.db"
    server, report = launched(tmp_path, db)

    async def session(client: Client) -> Any:
        await client.call_tool("remember", {"fact": "My kayak is called Sardinha"})
        return payload(await client.call_tool("recall", {"query": "kayak"}))["memories"]

    found = run(session, server)
    assert [m["text"] for m in found] == ["My kayak is called Sardinha"]
    assert {"lembrar.memory", "lembrar.engines", "lembrar.store"} <= set(loaded(report))
    assert not set(SDK_UNUSED) & set(loaded(report))


def test_concurrent_first_calls_share_one_opening(tmp_path):
    async def session(client: Client) -> Any:
        calls = [client.call_tool("saved_memories", {}) for _ in range(4)]
        return await asyncio.gather(*calls)

    results = run(session, launched(tmp_path, tmp_path / "m.db")[0])
    assert [payload(r)["memories"] for r in results] == [[]] * 4


def test_a_database_that_cannot_open_is_the_calls_error_and_the_next_call_tries_again(tmp_path):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the database's folder should be")
    db = blocked / "m.db"

    async def session(client: Client) -> Any:
        tools = (await client.list_tools()).tools
        first = await client.call_tool("saved_memories", {})
        blocked.unlink()  # the person fixes it; the server is still the same process
        second = await client.call_tool("saved_memories", {})
        return len(tools), first, second

    tools, first, second = run(session, launched(tmp_path, db)[0])
    assert tools == 8
    assert first.is_error and first.content[0].text.startswith(f"{db}: ")
    assert "Traceback" not in first.content[0].text
    assert payload(second)["memories"] == [] and db.exists()


def test_print_config_opens_no_database(tmp_path):
    db = tmp_path / "not" / "yet" / "m.db"
    done = subprocess.run(
        [sys.executable, *lembrar_args(db, "--print-config")],
        env=environment(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert f'"{db}"' in done.stdout and not (tmp_path / "not").exists()


def test_the_service_opens_its_backend_once_across_threads(tmp_path):
    store = open_store(tmp_path / "m.db")
    opened: list[Backend] = []

    def open_backend() -> Backend:
        time.sleep(0.05)  # long enough for every thread to be waiting on it
        opened.append(Backend(EnginePool(store, HashingEmbedder(), MemoryConfig()), "t"))
        return opened[-1]

    service = MemoryService(open_backend)
    start = threading.Barrier(8)
    seen: list[Backend] = []

    def ask() -> None:
        start.wait()
        seen.append(service.backend())

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    store.close()
    assert len(opened) == 1 and seen == opened * 8


FALLBACK = """
import sys
from lembrar.mcp.sdk import SERVER_SIDE, import_server_side

done = import_server_side(SERVER_SIDE + ("mcp.server.no_such_module",))
import mcp
from lembrar.mcp import build_server
print(done, mcp.Client.__name__, build_server.__name__, "mcp.client" in sys.modules)
"""


def test_an_sdk_that_cannot_be_imported_in_part_is_imported_whole():
    done = subprocess.run(
        [sys.executable, "-c", FALLBACK],
        env=environment(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "Client", "build_server", "True"]


def test_an_sdk_imported_already_is_left_as_it_is():
    import mcp

    from lembrar.mcp.sdk import import_server_side

    before = dict(sys.modules)
    assert import_server_side() is False
    assert sys.modules["mcp"] is mcp and sys.modules.keys() == before.keys()
