"""Import speed of ChatGPT and Claude exports: conversations/s and messages/s.

Writes one export of each format with --conversations conversations (a fixed seed, so every run
imports the same text): zips laid out as the services send them, ChatGPT's with a hidden system
message, tool calls and regenerated answers (branches the import leaves out), Claude's with
thinking and tool blocks and edited messages. Each is imported into a fresh SQLite store with
each --embedder (``hash`` by default; ``use-m3``, the default embedder, embeds for real), timing
the whole ``import_file`` (reading the zip, walking the trees, checking, embedding, writing),
then imported again (nothing new: the idempotent path). ``read s`` is the time to read the export
into episodes alone (unzip, parse, walk the trees), without storing them.

    python benchmarks/import_exports.py                       # 5,000 conversations, hash
    python benchmarks/import_exports.py --embedder hash --embedder use-m3
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from lembrar import Memory
from lembrar.importers import reader
from lembrar.importers.load import import_file

START = datetime(2023, 1, 1, tzinfo=UTC).timestamp()
WORDS = (
    "the bread dough rose overnight while we planned a trip to Porto and the train was late "
    "again so I ran along the river before the dentist called about Tuesday my sister wants "
    "tomatoes from the market a new book on birds arrived the concert moved to Friday rain "
    "all week means the garden waits and the budget for the kitchen is tight this month"
).split()
Turn = tuple[str, str, float]  # role, text, Unix time


def sentence(rng: random.Random, low: int, high: int) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(low, high))]
    return " ".join(words).capitalize() + "."


def dialogue(rng: random.Random, number: int) -> tuple[float, list[Turn]]:
    """A conversation's start and its turns: user and assistant in turn, minutes apart."""
    at = START + number * 3_600 + rng.random() * 600
    turns: list[Turn] = []
    for i in range(rng.randint(1, 9) * 2):
        at += rng.randint(5, 300)
        user = i % 2 == 0
        turns.append(
            ("user" if user else "assistant", sentence(rng, *(8, 40) if user else (30, 150)), at)
        )
    return START + number * 3_600, turns


def chatgpt_conversation(rng: random.Random, number: int) -> dict[str, Any]:
    start, turns = dialogue(rng, number)
    mapping: dict[str, Any] = {}

    def add(node_id: str, parent: str | None, message: dict[str, Any] | None) -> str:
        mapping[node_id] = {"id": node_id, "message": message, "parent": parent, "children": []}
        if parent is not None:
            mapping[parent]["children"].append(node_id)
        return node_id

    def message(
        node_id: str, role: str, content: dict[str, Any], at: float | None, **more: Any
    ) -> dict[str, Any]:
        return {
            "id": node_id,
            "author": {"role": role, "name": None, "metadata": {}},
            "create_time": at,
            "update_time": None,
            "content": content,
            "status": "finished_successfully",
            "weight": 1.0,
            "recipient": "all",
            "metadata": {},
            **more,
        }

    leaf = add(f"{number}-root", None, None)
    leaf = add(
        f"{number}-sys",
        leaf,
        message(
            f"{number}-sys",
            "system",
            {"content_type": "text", "parts": [""]},
            None,
            metadata={"is_visually_hidden_from_conversation": True},
        ),
    )
    for i, (role, text, at) in enumerate(turns):
        node_id = f"{number}-{i}"
        if role == "assistant" and rng.random() < 0.15:  # a regenerated answer: a dropped branch
            add(
                f"{node_id}-old",
                leaf,
                message(
                    f"{node_id}-old",
                    role,
                    {"content_type": "text", "parts": ["An earlier answer."]},
                    at,
                ),
            )
        if role == "assistant" and rng.random() < 0.1:  # code run by a tool, and its output
            leaf = add(
                f"{node_id}-code",
                leaf,
                message(
                    f"{node_id}-code",
                    role,
                    {"content_type": "code", "language": "python", "text": "print(sum(range(10)))"},
                    at,
                    recipient="python",
                ),
            )
            leaf = add(
                f"{node_id}-out",
                leaf,
                message(
                    f"{node_id}-out", "tool", {"content_type": "execution_output", "text": "45"}, at
                ),
            )
        leaf = add(
            node_id, leaf, message(node_id, role, {"content_type": "text", "parts": [text]}, at)
        )
    return {
        "title": f"Conversation {number}",
        "create_time": start,
        "update_time": turns[-1][2],
        "mapping": mapping,
        "current_node": leaf,
        "conversation_id": f"c-{number:06d}",
        "id": f"c-{number:06d}",
        "moderation_results": [],
        "is_archived": False,
    }


def claude_conversation(rng: random.Random, number: int) -> dict[str, Any]:
    start, turns = dialogue(rng, number)
    messages: list[dict[str, Any]] = []
    parent = "00000000-0000-4000-8000-000000000000"
    for i, (role, text, at) in enumerate(turns):
        uuid = f"m-{number:06d}-{i:03d}"
        if role == "user" and rng.random() < 0.1:  # an edited message: a dropped branch
            messages.append(
                claude_message(f"{uuid}-old", "human", "An earlier question.", at, parent)
            )
        blocks = (
            [{"type": "thinking", "thinking": "Considering the question."}]
            if role == "assistant" and rng.random() < 0.2
            else []
        )
        messages.append(
            claude_message(
                uuid, "human" if role == "user" else "assistant", text, at, parent, blocks
            )
        )
        parent = uuid
    return {
        "uuid": f"k-{number:06d}",
        "name": f"Conversation {number}",
        "created_at": iso(start),
        "updated_at": iso(turns[-1][2]),
        "current_leaf_message_uuid": parent,
        "account": {"uuid": "bench"},
        "chat_messages": messages,
    }


def claude_message(
    uuid: str,
    sender: str,
    text: str,
    at: float,
    parent: str,
    blocks: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    content = [*(blocks or []), {"type": "text", "text": text, "citations": []}]
    return {
        "uuid": uuid,
        "text": text,
        "content": content,
        "sender": sender,
        "created_at": iso(at),
        "updated_at": iso(at),
        "attachments": [],
        "files": [],
        "parent_message_uuid": parent,
    }


def iso(at: float) -> str:
    return datetime.fromtimestamp(at, tz=UTC).isoformat().replace("+00:00", "Z")


def write_export(folder: Path, fmt: str, count: int, seed: int) -> Path:
    make: Callable[[random.Random, int], dict[str, Any]] = (
        chatgpt_conversation if fmt == "chatgpt" else claude_conversation
    )
    rng = random.Random(seed)
    records = [make(rng, n) for n in range(count)]
    path = folder / f"{fmt}-export.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("conversations.json", json.dumps(records))
    return path


def timed_read(path: Path, fmt: str) -> float:
    """Seconds to read the export into episodes, without storing them."""
    began = time.perf_counter()
    for _ in reader(fmt)(path, user_id="bench"):
        pass
    return time.perf_counter() - began


def timed_import(path: Path, fmt: str, embedder: str, db: Path) -> dict[str, float]:
    with Memory(db, embedder=embedder) as memory:
        began = time.perf_counter()
        report = import_file(memory, path, fmt, user_id="bench")
        first = time.perf_counter() - began
        began = time.perf_counter()
        again = import_file(memory, path, fmt, user_id="bench")
        second = time.perf_counter() - began
    if again.imported:
        raise SystemExit(f"{fmt}: the second import stored {again.imported} episode(s)")
    return {"messages": report.imported, "seconds": first, "again_seconds": second}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--conversations", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument("--embedder", action="append", help="hash (default) and/or use-m3")
    parser.add_argument("--format", action="append", choices=("chatgpt", "claude"))
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for fmt in args.format or ["chatgpt", "claude"]:
            path = write_export(folder, fmt, args.conversations, args.seed)
            read_seconds = timed_read(path, fmt)
            for embedder in args.embedder or ["hash"]:
                result = timed_import(path, fmt, embedder, folder / f"{fmt}-{embedder}.db")
                rows.append(
                    {
                        "format": fmt,
                        "embedder": embedder,
                        "conversations": args.conversations,
                        "zip_mb": path.stat().st_size / 1e6,
                        "read_seconds": read_seconds,
                        **result,
                    }
                )
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(HEADER)
    for r in rows:
        print(
            f"{r['format']:8} {r['embedder']:8} {r['conversations']:>6} {r['messages']:>8} "
            f"{r['seconds']:>8.1f} {r['conversations'] / r['seconds']:>8.0f} "
            f"{r['messages'] / r['seconds']:>8.0f} {r['read_seconds']:>7.2f} {r['again_seconds']:>8.1f}"
        )
    return 0


HEADER = (
    f"{'format':8} {'embedder':8} {'convs':>6} {'messages':>8} {'seconds':>8} {'convs/s':>8} "
    f"{'msgs/s':>8} {'read s':>7} {'again s':>8}"
)


if __name__ == "__main__":
    sys.exit(main())
