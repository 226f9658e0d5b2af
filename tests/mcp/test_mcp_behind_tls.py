"""The reverse proxy docs/mcp.md gives for TLS, run for real: Caddy with the documented block
(on a free port, with a test certificate) in front of ``lembrar mcp --transport http``, and
the official ``mcp`` client over ``https://``, sending the public name ``memory.example.com``
as its ``Host`` (it connects to 127.0.0.1, where DNS would have sent it). Skipped where
``caddy`` is not installed."""

from __future__ import annotations

import re
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp", reason="needs the [mcp] extra")
import httpx2  # noqa: E402
from mcp import Client  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from mcp_session import free_port, http_server, in_own_thread, payload  # noqa: E402

from lembrar.store import open_store  # noqa: E402
from lembrar.tenancy import create_tenant, issue_key  # noqa: E402

pytestmark = [
    pytest.mark.server,
    pytest.mark.skipif(shutil.which("caddy") is None, reason="needs caddy"),
]
DOC = Path(__file__).resolve().parents[2] / "docs" / "mcp.md"
NAME = "memory.example.com"


def documented_block() -> str:
    [block] = re.findall(r"```caddyfile\n(.*?)```", DOC.read_text(), re.S)
    return block


def self_signed(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        + ["-subj", f"/CN={NAME}", "-addext", f"subjectAltName=DNS:{NAME},IP:127.0.0.1"]
        + ["-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


@contextmanager
def caddy(folder: Path, upstream_port: int) -> Iterator[tuple[int, Path]]:
    """Caddy with the documented block on a free port; yields the port and the certificate to
    trust."""
    cert, key = self_signed(folder)
    port = free_port()
    site = documented_block()
    assert site.startswith(f"{NAME} {{") and "127.0.0.1:8421" in site
    site = site.replace(f"{NAME} {{", f"{NAME}:{port} {{\n\ttls {cert} {key}")
    site = site.replace("127.0.0.1:8421", f"127.0.0.1:{upstream_port}")
    config = folder / "Caddyfile"
    options = f"admin off\n\tauto_https disable_redirects\n\tdefault_sni {NAME}"
    config.write_text("{\n\t" + options + "\n}\n" + site)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(folder), "XDG_DATA_HOME": str(folder)}
    process = subprocess.Popen(
        ["caddy", "run", "--config", str(config), "--adapter", "caddyfile"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, process.stderr.read().decode()[-2000:]
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "caddy did not start"
                time.sleep(0.1)
        yield port, cert
    finally:
        process.terminate()
        process.wait(10)


def over_https(url: str, cert: Path, headers: dict[str, str], session: Any) -> Any:
    async def main() -> Any:
        trust = ssl.create_default_context(cafile=str(cert))
        timeout = httpx2.Timeout(30, read=60)
        async with httpx2.AsyncClient(headers=headers, verify=trust, timeout=timeout) as http:
            async with Client(streamable_http_client(url, http_client=http)) as client:
                return await session(client)

    return in_own_thread(main)


def test_the_documented_caddy_block_serves_mcp_over_tls(tmp_path):
    db = tmp_path / "m.db"
    store = open_store(db)
    create_tenant(store.key_store(), "acme")
    key = issue_key(store.key_store(), "acme")[1]
    store.close()

    async def session(client: Client) -> Any:
        await client.call_tool("remember", {"fact": "My kayak is called Sardinha"})
        return payload(await client.call_tool("recall", {"query": "kayak"}))["memories"]

    with http_server(db) as plain:
        port = int(plain.rsplit(":", 1)[1].split("/")[0])
        with caddy(tmp_path, port) as (public, cert):
            headers = {"Authorization": f"Bearer {key}", "X-Lembrar-User": "ana"}
            headers["Host"] = f"{NAME}:{public}"
            found = over_https(f"https://127.0.0.1:{public}/mcp", cert, headers, session)
    assert [m["text"] for m in found] == ["My kayak is called Sardinha"]
