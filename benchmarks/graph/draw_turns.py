"""Draws the turns of a labelled set and prints them, one JSON line each (``set``, ``ref``,
``speaker``, ``text``), for a person to label: ``fresh`` (``benchmarks/graph/fresh.jsonl``) or
``dev2`` (``benchmarks/graph/dev2.jsonl``: more turns to fit the extraction confidence on, from
conversations no evaluation set holds) or ``fresh2`` (``benchmarks/graph/fresh2.jsonl``: a
second held-out set from LoCoMo and DailyDialog turns no other set holds) or ``dev3`` (a third
development set from turns no other set holds). The draw is fixed
by its seeds; labels are written from these texts alone, before any extractor is run on them
(``LABELS.md``).

    PYTHONPATH=. python benchmarks/graph/draw_turns.py [--set dev2|fresh2|dev3] > turns-to-label.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

from lembrar.evaluation.data import data_file
from lembrar.importers.dailydialog import load_dailydialog
from lembrar.importers.locomo import load_locomo
from lembrar.importers.longmemeval import load_longmemeval

HERE = Path(__file__).resolve().parent
KEYWORDS = re.compile(
    r"\b(live[sd]?|living|moved?|moving|work(s|ed|ing)?|job|company|office|boss|studying|"
    r"college|university|school|sister|brother|mom|mother|dad|father|parents|dog|cat|puppy|"
    r"kids?|son|daughter|married|husband|wife|girlfriend|boyfriend|allergic|vegetarian|vegan|"
    r"bought|my new|play(s|ing)?|practi[cs]e|hobby|favorite|love|hate|planning|next (week|month))\b",
    re.IGNORECASE,
)
FIRST_CONVERSATION = "conv-26"  # the offline rules were written against it


def _used(names: tuple[str, ...] = ("labels.jsonl", "heldout.jsonl")) -> set[str]:
    refs: set[str] = set()
    for name in names:
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


LONGEST = 600  # characters: longer turns are not drawn for dev2


def _conversations(refs: set[str]) -> set[str]:
    return {ref.split("/")[0] for ref in refs}


def draw_dev2() -> list[dict[str, str]]:
    """30 random and 70 keyword user turns of LongMemEval oracle questions that no labelled set
    draws from, 40 keyword DailyDialog turns of dialogues ``fresh`` does not hold, then 100 more
    keyword LongMemEval turns (``longmemeval-dev2b``); turns of at most ``LONGEST``
    characters."""
    taken = _conversations(_used(("labels.jsonl", "heldout.jsonl", "fresh.jsonl")))
    path = data_file("longmemeval", None).with_name("longmemeval_oracle_dev.json.gz")
    lme = [
        {"ref": f"{q.question_id}/{i}/{j}", "speaker": "User", "text": t.content}
        for q in load_longmemeval(path)
        if q.question_id not in taken
        for i, s in enumerate(q.sessions)
        for j, t in enumerate(s.turns)
        if t.role == "user" and len(t.content) <= LONGEST
    ]
    dialogues = [r for r in dailydialog_turns() if r["ref"].split("/")[0] not in taken]
    dialogues = [r for r in dialogues if len(r["text"]) <= LONGEST]
    out: list[dict[str, str]] = []
    chosen: set[str] = set()
    for name, pool, seed, random_n, keyword_n in (
        ("longmemeval-dev2", lme, 34, 30, 70),
        ("dailydialog-dev2", dialogues, 35, 0, 40),
        ("longmemeval-dev2b", lme, 36, 0, 100),
    ):
        picked = random.Random(seed).sample(pool, random_n)
        chosen |= {row["ref"] for row in picked}
        keyed = [r for r in pool if KEYWORDS.search(r["text"]) and r["ref"] not in chosen]
        picked += random.Random(seed + 100).sample(keyed, keyword_n)
        chosen |= {row["ref"] for row in picked}
        out += [{"set": name, **row} for row in picked]
    return out


ALL_SETS = ("labels.jsonl", "heldout.jsonl", "fresh.jsonl", "dev2.jsonl")


def draw_fresh2() -> list[dict[str, str]]:
    """A second fresh set: 40 random and 40 keyword LoCoMo turns (every conversation but
    ``conv-26``) and 40 keyword DailyDialog turns, of dialogues no labelled set draws from,
    excluding every labelled turn; turns of at most ``LONGEST`` characters."""
    used = _used(ALL_SETS)
    dialogues_used = {r.split("/")[0] for r in used if r.startswith("dailydialog-")}
    locomo = [r for r in locomo_turns() if r["ref"] not in used and len(r["text"]) <= LONGEST]
    dialogues = [
        r
        for r in dailydialog_turns()
        if r["ref"].split("/")[0] not in dialogues_used and len(r["text"]) <= LONGEST
    ]
    out: list[dict[str, str]] = []
    for name, pool, seed, random_n, keyword_n in (
        ("locomo-fresh2", locomo, 42, 40, 40),
        ("dailydialog-fresh2", dialogues, 43, 0, 40),
    ):
        picked = random.Random(seed).sample(pool, random_n)
        taken = {row["ref"] for row in picked}
        keyed = [r for r in pool if KEYWORDS.search(r["text"]) and r["ref"] not in taken]
        picked += random.Random(seed + 100).sample(keyed, keyword_n)
        out += [{"set": name, **row} for row in picked]
    return out


def draw_dev3() -> list[dict[str, str]]:
    """A third development set, from turns no other set holds: 40 random and 75 keyword LoCoMo
    turns (every conversation but ``conv-26``), 40 keyword DailyDialog turns of dialogues no
    labelled set draws from, and 20 random and 25 keyword user turns of the LongMemEval oracle
    questions no labelled set draws from (few are left); turns of at most ``LONGEST``
    characters."""
    used = _used((*ALL_SETS, "fresh2.jsonl"))
    taken = _conversations(used)
    locomo = [r for r in locomo_turns() if r["ref"] not in used and len(r["text"]) <= LONGEST]
    dialogues = [
        r
        for r in dailydialog_turns()
        if r["ref"].split("/")[0] not in taken and len(r["text"]) <= LONGEST
    ]
    path = data_file("longmemeval", None).with_name("longmemeval_oracle_dev.json.gz")
    lme = [
        {"ref": f"{q.question_id}/{i}/{j}", "speaker": "User", "text": t.content}
        for q in load_longmemeval(path)
        if q.question_id not in taken
        for i, s in enumerate(q.sessions)
        for j, t in enumerate(s.turns)
        if t.role == "user" and len(t.content) <= LONGEST
    ]
    out: list[dict[str, str]] = []
    for name, pool, seed, random_n, keyword_n in (
        ("locomo-dev3", locomo, 52, 40, 75),
        ("dailydialog-dev3", dialogues, 53, 0, 40),
        ("longmemeval-dev3", lme, 54, 20, 25),
    ):
        picked = random.Random(seed).sample(pool, random_n)
        taken_here = {row["ref"] for row in picked}
        keyed = [r for r in pool if KEYWORDS.search(r["text"]) and r["ref"] not in taken_here]
        picked += random.Random(seed + 100).sample(keyed, keyword_n)
        out += [{"set": name, **row} for row in picked]
    return out


DRAWS = {"fresh": draw, "dev2": draw_dev2, "fresh2": draw_fresh2, "dev3": draw_dev3}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="fresh", choices=tuple(DRAWS))
    rows = DRAWS[parser.parse_args().set]()
    for row in rows:
        print(json.dumps(row, ensure_ascii=False))
