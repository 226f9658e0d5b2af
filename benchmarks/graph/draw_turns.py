"""Draws the turns of the ``fresh`` labelled set (``benchmarks/graph/fresh.jsonl``) and prints
them, one JSON line each (``set``, ``ref``, ``speaker``, ``text``), for a person to label. The
draw is fixed by its seeds; labels are written from these texts alone, before any extractor is
run on them (``LABELS.md``).

    PYTHONPATH=. python benchmarks/graph/draw_turns.py > turns-to-label.jsonl
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from lembrar.evaluation.data import data_file
from lembrar.importers.dailydialog import load_dailydialog
from lembrar.importers.locomo import load_locomo

HERE = Path(__file__).resolve().parent
KEYWORDS = re.compile(
    r"\b(live[sd]?|living|moved?|moving|work(s|ed|ing)?|job|company|office|boss|studying|"
    r"college|university|school|sister|brother|mom|mother|dad|father|parents|dog|cat|puppy|"
    r"kids?|son|daughter|married|husband|wife|girlfriend|boyfriend|allergic|vegetarian|vegan|"
    r"bought|my new|play(s|ing)?|practi[cs]e|hobby|favorite|love|hate|planning|next (week|month))\b",
    re.IGNORECASE,
)
FIRST_CONVERSATION = "conv-26"  # the offline rules were written against it


def _used() -> set[str]:
    refs: set[str] = set()
    for name in ("labels.jsonl", "heldout.jsonl"):
        for line in (HERE / name).read_text().splitlines():
            if line.strip():
                refs.add(json.loads(line)["ref"])
    return refs


def locomo_turns() -> list[dict[str, str]]:
    used = _used()
    return [
        {"ref": f"{c.sample_id}/{t.dia_id}", "speaker": t.speaker, "text": t.content}
        for c in load_locomo(data_file("locomo"))
        if c.sample_id != FIRST_CONVERSATION
        for s in c.sessions
        for t in s.turns
        if f"{c.sample_id}/{t.dia_id}" not in used
    ]


def dailydialog_turns() -> list[dict[str, str]]:
    return [
        {"ref": f"dailydialog-{d.number}/{i}", "speaker": "User", "text": text}
        for d in load_dailydialog(data_file("dailydialog"))
        for i, text in enumerate(d.turns)
    ]


def draw() -> list[dict[str, str]]:
    """60 random and 50 keyword LoCoMo turns; 15 random and 45 keyword DailyDialog turns."""
    out: list[dict[str, str]] = []
    for name, pool, seed, random_n, keyword_n in (
        ("locomo-fresh", locomo_turns(), 32, 60, 50),
        ("dailydialog", dailydialog_turns(), 33, 15, 45),
    ):
        picked = random.Random(seed).sample(pool, random_n)
        taken = {row["ref"] for row in picked}
        keyed = [r for r in pool if KEYWORDS.search(r["text"]) and r["ref"] not in taken]
        picked += random.Random(seed + 100).sample(keyed, keyword_n)
        out += [{"set": name, **row} for row in picked]
    return out


if __name__ == "__main__":
    for row in draw():
        print(json.dumps(row, ensure_ascii=False))
