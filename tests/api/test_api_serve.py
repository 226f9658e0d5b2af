"""``lembrar serve`` as a user runs it: a separate process tree, several workers on one SQLite file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

pytestmark = pytest.mark.server


@pytest.fixture
def served(tmp_path, free_port):
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "lembrar",
        "--embedder",
        "hash",
        "serve",
        "--db",
        str(tmp_path / "m.db"),
        "--port",
        str(port),
        "--workers",
        "2",
        "--admin-key",
        "serve-admin",
    ]
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(url, process)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


def _wait_ready(url: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
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


def test_two_workers_share_one_file_and_every_acknowledged_write_is_readable(served, client):
    admin = client(served, "serve-admin")
    assert admin.post("/v1/admin/tenants", json={"tenant_id": "acme"}).status_code == 201
    key = admin.post("/v1/admin/tenants/acme/keys", json={}).json()["key"]

    tenant = client(served, key)

    def write(i: int) -> str:
        response = tenant.post(f"/v1/users/u{i % 3}/episodes", json={"content": f"note number {i}"})
        assert response.status_code == 201, response.text
        return response.json()["episodes"][0]["id"]

    with ThreadPoolExecutor(8) as pool:
        ids = list(pool.map(write, range(40)))
    for i, ident in enumerate(ids):
        assert (
            tenant.get(f"/v1/users/u{i % 3}/episodes/{ident}").json()["content"]
            == f"note number {i}"
        )
    assert tenant.get("/v1/stats").json()["episodes"] == 40
