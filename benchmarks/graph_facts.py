"""Every fact the offline extractor (rules, no spaCy) finds in the LoCoMo dev turns, one JSON line
each (``ref``, ``fact`` as subject / predicate / object, the turn's ``text``), and a count on
stderr. Most LoCoMo turns are chit-chat, so this is where false facts show: run it on two
checkouts and compare, or ``--diff`` an earlier dump to print what the current code no longer
finds and what it finds anew.

    PYTHONPATH=. python benchmarks/graph_facts.py > facts.jsonl
    PYTHONPATH=. python benchmarks/graph_facts.py --diff facts-before.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from lembrar.graph.extract.rules import RuleExtractor
from lembrar.importers.locomo import load_locomo
from lembrar.model.episode import Episode

DATA = Path(__file__).resolve().parents[2] / "shared/data/locomo/locomo_dev.json.gz"


def facts(path: Path) -> Iterator[dict[str, object]]:
    extractor = RuleExtractor()
    for conversation in load_locomo(path):
        for session in conversation.sessions:
            for turn in session.turns:
                at = session.at
                episode = Episode(
                    "e", "u", "message", turn.text, at, at, None, role="user", speaker=turn.speaker
                )
                for fact in extractor.extract(episode).facts:
                    ref = f"{conversation.sample_id}/{turn.dia_id}"
                    fact_row = [fact.subject, fact.predicate, fact.object]
                    yield {"ref": ref, "fact": fact_row, "text": turn.text}


def key(row: dict[str, object]) -> str:
    return json.dumps([row["ref"], row["fact"]])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--diff", type=Path, help="an earlier dump to compare with")
    args = parser.parse_args()
    found = list(facts(args.data))
    if args.diff is None:
        for row in found:
            print(json.dumps(row))
        print(f"{len(found)} facts", file=sys.stderr)
        return
    earlier = [json.loads(line) for line in args.diff.read_text().splitlines() if line]
    now, then = Counter(map(key, found)), Counter(map(key, earlier))
    gone, new = then - now, now - then
    print(
        f"{len(earlier)} facts then, {len(found)} now: {sum(gone.values())} gone, {sum(new.values())} new"
    )
    for label, keys in (("gone", gone), ("new", new)):
        for row in earlier if label == "gone" else found:
            if keys[key(row)] > 0:
                keys[key(row)] -= 1
                print(label, row["fact"], "|", str(row["text"])[:120])


if __name__ == "__main__":
    main()
