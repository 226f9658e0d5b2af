"""``lembrar mcp`` as a client starts it, driven by the official ``mcp`` client: over stdio (a
subprocess per session) or streamable HTTP (a subprocess on a free port, stopped by its PID).

Each session runs on an event loop of its own thread: another test (the browser tests) may
leave a loop running in the main one."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

ROOT = Path(__file__).resolve().parents[2]
Session = Callable[[Client], Awaitable[Any]]


def lembrar_args(db: Path, *more: str) -> list[str]:
    return ["-m", "lembrar", "--db", str(db), "--embedder", "hash", "mcp", *more]


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def run(session: Session, transport: Any) -> Any:
    async def main() -> Any:
        async with Client(transport, read_timeout_seconds=60) as client:
            return await session(client)

    return in_own_thread(main)


def in_own_thread(main: Callable[[], Awaitable[Any]]) -> Any:
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(anyio.run, main).result()


def stdio(db: Path, *more: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=lembrar_args(db, *more), env=environment()
    )


def payload(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content[0].text
    return json.loads(result.content[0].text)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def http_server(db: Path, *more: str) -> Iterator[str]:
    """``lembrar mcp --transport http`` (and ``more`` options) on a free port; yields the
    endpoint's URL."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, *lembrar_args(db, "--transport", "http", "--port", str(port), *more)],
        env=environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.stderr.read().decode()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the MCP server did not start"
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(10)


def over_http(url: str, key: str | None, session: Session, user: str | None = None) -> Any:
    """Run ``session`` against the HTTP endpoint with a tenant key and an ``X-Lembrar-User``."""
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    if user:
        headers["X-Lembrar-User"] = user

    async def main() -> Any:
        async with create_mcp_http_client(headers=headers) as http:
            async with Client(
                streamable_http_client(url, http_client=http), read_timeout_seconds=60
            ) as client:
                return await session(client)

    return in_own_thread(main)
