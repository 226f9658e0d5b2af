"""``lembrar serve`` as a user starts it: a separate process on 127.0.0.1, stopped by its PID."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def lembrar_serve(
    db: Path | str, *args: str, env: Mapping[str, str] | None = None
) -> Iterator[str]:
    """Run ``lembrar --embedder hash serve --db DB ARGS`` on a free port; yields its base URL."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "lembrar",
        "--embedder",
        "hash",
        "serve",
        "--db",
        str(db),
        "--port",
        str(port),
        *args,
    ]
    environment = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    for name in (
        "LEMBRAR_LLM_BASE_URL",
        "LEMBRAR_LLM_MODEL",
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
        "OLLAMA_HOST",
    ):
        if env is None or name not in env:
            environment.pop(name, None)
    process = subprocess.Popen(
        command,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, process)
        yield url
    finally:
        stop(process)


def wait_ready(url: str, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"lembrar serve exited: {process.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise AssertionError("lembrar serve did not become ready")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)
    if process.stderr:
        process.stderr.close()
