"""How the page's timeline scales: one month of a user with 10,000 messages, against listing
all of them (what a page without month-at-a-time loading would fetch).

Starts ``lembrar serve --local`` (hashing embedder) on 127.0.0.1 over a fresh SQLite file,
adds ``--messages`` messages through the API spread over 12 months (conversations of 20
turns), then times, ``--repeat`` times each: ``GET .../timeline?month=...`` for a month in
the middle, ``GET .../forget-preview?session_id=...``, and paging through every episode with
``GET .../episodes?limit=1000``. Prints medians and the ratio to the full listing.

    python benchmarks/page_timeline.py --messages 10000 --repeat 7
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))
from served import lembrar_serve

START = datetime(2023, 1, 1, 9, 0, tzinfo=UTC)
TURNS = 20
WORDS = [
    "garden",
    "tomatoes",
    "race",
    "training",
    "lunch",
    "harbour",
    "novel",
    "Lisbon",
    "work",
    "meeting",
    "guitar",
    "recipe",
]


def items(count: int) -> list[dict]:
    sessions = count // TURNS
    step = timedelta(days=365) / sessions
    out = []
    for n in range(count):
        session, turn = divmod(n, TURNS)
        at = START + step * session + timedelta(minutes=turn)
        words = " ".join(WORDS[(n + k) % len(WORDS)] for k in range(6))
        out.append(
            {
                "content": f"message {n} about {words}",
                "role": "user" if turn % 2 == 0 else "assistant",
                "session_id": f"s{session:05d}",
                "at": at.isoformat(),
            }
        )
    return out


def timed(call, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def list_all(api: httpx.Client) -> int:
    seen, cursor = 0, None
    while True:
        page = api.get(
            "/v1/users/big/episodes",
            params={"limit": 1000, **({"cursor": cursor} if cursor else {})},
        )
        body = page.json()
        seen += len(body["items"])
        cursor = body["next_cursor"]
        if not cursor:
            return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as folder,
        lembrar_serve(Path(folder) / "m.db", "--local") as url,
    ):
        api = httpx.Client(base_url=url, timeout=300)
        data = items(args.messages)
        for at in range(0, len(data), 1000):
            assert (
                api.post(
                    "/v1/users/big/episodes/bulk", json={"items": data[at : at + 1000]}
                ).status_code
                == 201
            )
        month = api.get("/v1/users/big/timeline", params={"month": "2023-06"}).json()
        in_month = sum(d["episodes"] for d in month["days"])
        assert list_all(api) == args.messages
        results = {
            "timeline month": timed(
                lambda: api.get("/v1/users/big/timeline", params={"month": "2023-06"}),
                args.repeat,
            ),
            "forget preview (session)": timed(
                lambda: api.get("/v1/users/big/forget-preview", params={"session_id": "s00100"}),
                args.repeat,
            ),
            "list every episode": timed(lambda: list_all(api), args.repeat),
        }
    print(
        f"{args.messages} messages; 2023-06 holds {in_month} in {len(month['sessions'])} conversations"
    )
    print(f"1-minute load average at the end: {os.getloadavg()[0]:.1f}")
    for name, seconds in results.items():
        ratio = seconds / results["list every episode"]
        print(f"{name:28s} median {seconds * 1000:8.1f} ms   {ratio:.2f} x the full listing")


if __name__ == "__main__":
    main()
