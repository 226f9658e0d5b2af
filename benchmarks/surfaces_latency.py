"""What the memory proxy and the MCP server add to a call, measured side by side in one run.

Proxy: the same chat request goes straight to an OpenAI-compatible server (the bundled test
server, which answers at once, so only lembrar's share is left) and through ``lembrar serve``'s
``/v1/chat/completions`` (memory context read, user turn stored, forwarded, reply stored),
alternating call by call, with the official ``openai`` client. Streaming is timed to the last
chunk and to the first text chunk.

MCP: ``recall`` over stdio (``lembrar mcp`` as a subprocess, the official ``mcp`` client)
against the same tool run in-process on the same store.

The user has ``--episodes`` stored turns first. Every query is new (no embedding cache hit).

    python benchmarks/surfaces_latency.py --calls 200 --episodes 500
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import anyio
import httpx
import openai
from mcp import Client, StdioServerParameters

from lembrar import Memory
from lembrar.testing import FakeOpenAIServer, Reply
from lembrar.tools import ToolRunner

ROOT = Path(__file__).resolve().parents[1]
ADMIN = "bench-admin"
TOPICS = (
    "bread",
    "running",
    "a trip to Porto",
    "the dentist",
    "a new book",
    "tomatoes",
    "rain",
    "a concert",
    "my sister",
    "the garden",
    "a job interview",
    "the cello",
)
ANSWER = "Sure. " + " ".join(["Here is a short answer of about forty words."] * 4)


def main() -> int:
    args = parse()
    with (
        tempfile.TemporaryDirectory(prefix="lembrar-surfaces-") as tmp,
        FakeOpenAIServer(default=fresh_answer()) as upstream,
    ):
        db = str(Path(tmp) / "m.db")
        port = free_port()
        server = start_serve(db, port, args.embedder, upstream.base_url)
        try:
            url = f"http://127.0.0.1:{port}"
            tenant, key = make_tenant(url)
            seed(url, key, args.episodes)
            proxy = measure_proxy(url, key, upstream.base_url, args.calls)
        finally:
            server.terminate()
            server.wait(10)
        mcp = measure_mcp(db, tenant, args.embedder, args.calls)
    report(args, proxy, mcp)
    return 0


def fresh_answer() -> Callable[[Any], Reply]:
    """A reply never given before, so storing it embeds new text, as a real reply would."""
    count = itertools.count()
    return lambda request: Reply(text=f"{ANSWER} ({next(count)})")


def parse() -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--calls", type=int, default=200, help="calls of each kind")
    p.add_argument("--episodes", type=int, default=500, help="turns stored for the user first")
    p.add_argument("--embedder", default="use-m3")
    return p.parse_args()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_serve(db: str, port: int, embedder: str, upstream: str) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-m",
        "lembrar",
        "--embedder",
        embedder,
        "serve",
        "--db",
        db,
        "--port",
        str(port),
        "--admin-key",
        ADMIN,
        "--llm-base-url",
        upstream,
        "--llm-model",
        "fake-model",
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.2)
    process.terminate()
    raise SystemExit("lembrar serve did not start")


def make_tenant(url: str) -> tuple[str, str]:
    admin = {"Authorization": f"Bearer {ADMIN}"}
    httpx.post(
        f"{url}/v1/admin/tenants", json={"tenant_id": "bench"}, headers=admin
    ).raise_for_status()
    created = httpx.post(
        f"{url}/v1/admin/tenants/bench/keys", json={"name": "bench"}, headers=admin
    )
    created.raise_for_status()
    return "bench", created.json()["key"]


def seed(url: str, key: str, count: int) -> None:
    start = datetime.now(UTC) - timedelta(days=180)
    items = [
        {
            "content": f"Talked about {TOPICS[i % len(TOPICS)]} ({i}) and what to do next",
            "role": "user" if i % 2 == 0 else "assistant",
            "session_id": f"s{i // 10}",
            "at": (start + timedelta(hours=8 * i)).isoformat(),
        }
        for i in range(count)
    ]
    with httpx.Client(
        base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=300
    ) as rest:
        for first in range(0, count, 500):
            rest.post(
                "/v1/users/ana/episodes/bulk", json={"items": items[first : first + 500]}
            ).raise_for_status()


def measure_proxy(url: str, key: str, upstream: str, calls: int) -> dict[str, list[float]]:
    proxied = openai.OpenAI(base_url=f"{url}/v1", api_key=key, max_retries=0)
    direct = openai.OpenAI(base_url=upstream, api_key="none", max_retries=0)
    times: dict[str, list[float]] = {
        name: []
        for name in (
            "direct",
            "proxy",
            "direct_stream",
            "proxy_stream",
            "direct_first",
            "proxy_first",
        )
    }
    for i in range(calls):
        messages = [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": f"What did we say about {TOPICS[i % len(TOPICS)]}? ({i})"},
        ]
        order = [("direct", direct), ("proxy", proxied)]
        random.shuffle(order)
        for name, sdk in order:
            times[name].append(
                timed(
                    lambda sdk=sdk, messages=messages: sdk.chat.completions.create(
                        model="fake-model", messages=messages, user="ana"
                    )
                )
            )
            streamed = [messages[0], {"role": "user", "content": messages[1]["content"] + " (s)"}]
            last, first = stream_times(sdk, streamed)  # a new question: no embedding reused
            times[f"{name}_stream"].append(last)
            times[f"{name}_first"].append(first)
    return times


def timed(call: Callable[[], Any]) -> float:
    start = time.perf_counter()
    call()
    return (time.perf_counter() - start) * 1000


def stream_times(sdk: openai.OpenAI, messages: list[dict[str, str]]) -> tuple[float, float]:
    start = time.perf_counter()
    first = None
    for chunk in sdk.chat.completions.create(
        model="fake-model", messages=messages, user="ana", stream=True
    ):
        if first is None and chunk.choices and chunk.choices[0].delta.content:
            first = time.perf_counter()
    end = time.perf_counter()
    return (end - start) * 1000, ((first or end) - start) * 1000


def measure_mcp(db: str, tenant: str, embedder: str, calls: int) -> dict[str, list[float]]:
    queries = [
        f"what happened with {TOPICS[i % len(TOPICS)]} last month ({i})" for i in range(calls)
    ]
    params = StdioServerParameters(
        command=sys.executable,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        args=[
            "-m",
            "lembrar",
            "--db",
            db,
            "--embedder",
            embedder,
            "mcp",
            "--tenant",
            tenant,
            "--user",
            "ana",
        ],
    )

    async def side_by_side(memory: Memory) -> tuple[list[float], list[float]]:
        """Each query over MCP and in-process, in a random order, one after the other."""
        runner, over_mcp, local = ToolRunner(memory, "ana"), [], []
        async with Client(params, read_timeout_seconds=120) as client:
            await client.call_tool("recall", {"query": "warm up"})
            runner.call("recall", {"query": "warm up, here"})
            for query in queries:
                for where in random.sample(("mcp", "local"), 2):
                    start = time.perf_counter()
                    if where == "mcp":
                        result = await client.call_tool("recall", {"query": query})
                        assert not result.is_error, result.content[0].text
                    else:  # another text, so neither side finds the other's query vector
                        runner.call("recall", {"query": query + " here"})
                    (over_mcp if where == "mcp" else local).append(
                        (time.perf_counter() - start) * 1000
                    )
        return over_mcp, local

    with Memory(db, embedder=embedder, tenant=tenant) as memory:
        mcp, local = anyio.run(side_by_side, memory)
    return {"mcp_recall": mcp, "inprocess_recall": local}


def report(
    args: argparse.Namespace, proxy: dict[str, list[float]], mcp: dict[str, list[float]]
) -> None:
    load = os.getloadavg()[0]
    rows = []
    for label, base, through in (
        ("chat, not streamed", "direct", "proxy"),
        ("chat, streamed (last chunk)", "direct_stream", "proxy_stream"),
        ("chat, streamed (first text chunk)", "direct_first", "proxy_first"),
        ("MCP recall (stdio)", None, None),
    ):
        if base is None:
            rows.append(row(label, mcp["inprocess_recall"], mcp["mcp_recall"]))
        else:
            rows.append(row(label, proxy[base], proxy[through]))
    print(
        f"calls per kind: {args.calls}; stored turns: {args.episodes}; embedder: {args.embedder}; "
        f"1-min load average at the end: {load:.1f}"
    )
    print(
        "| call | direct / in-process p50 ms | through lembrar p50 ms | added p50 ms"
        " | p90 direct / lembrar ms |"
    )
    print("|---|---|---|---|---|")
    for line in rows:
        print(line)
    print(json.dumps({k: statistics.median(v) for k, v in {**proxy, **mcp}.items()}, indent=1))


def row(label: str, base: list[float], through: list[float]) -> str:
    p50b, p50t = statistics.median(base), statistics.median(through)
    p90b, p90t = quantile(base, 0.9), quantile(through, 0.9)
    return f"| {label} | {p50b:.1f} | {p50t:.1f} | {p50t - p50b:+.1f} | {p90b:.1f} / {p90t:.1f} |"


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


if __name__ == "__main__":
    sys.exit(main())
