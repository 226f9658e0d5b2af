"""Where pooled LongMemEval loses its first hit: the ceiling the three rankings leave, and what
outranks the gold conversation.

The haystacks of ``--pool`` consecutive dev questions share one scope (as ``lembrar bench
longmemeval --merge``); each question is searched with ``balanced``, plain ``dense`` and plain
``keyword`` (100 hits, rolled up to distinct conversations). Prints, over the non-abstention
questions:

- each system's R@1, and how often at least one of the three puts a gold conversation first
  (what a choice among them could reach at best);
- how often a gold conversation is in ``balanced``'s first 2 and 3;
- for ``balanced``'s misses, whether the conversation that came first belongs to another
  question's haystack, and whether it is dated after the question's day (a timeline a user
  cannot have: each haystack holds nothing after its own question);
- with ``--list``, every miss: the question, the gold ranks per system and the winner's text.

    PYTHONPATH=. python benchmarks/pooled_misses.py --pool 10
    PYTHONPATH=. python benchmarks/pooled_misses.py --pool 10 --groups 0,1 --list
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from lembrar.config import MemoryConfig
from lembrar.evaluation.harness import DEFAULT_CACHE_DIR, Answer, bench_embedder, run_cases
from lembrar.evaluation.longmemeval import build_cases
from lembrar.evaluation.systems import EngineBackend
from lembrar.importers.longmemeval import LongMemEvalQuestion, load_longmemeval

DATA = Path(__file__).resolve().parents[2] / "shared/data/longmemeval/longmemeval_s_dev.json.gz"
SYSTEMS = ("balanced", "dense", "keyword")


def sessions_in_order(answer: Answer) -> list[str]:
    """The distinct conversations of a ranking, best first."""
    out: list[str] = []
    for found in answer.found:
        if found.session_id and found.session_id not in out:
            out.append(found.session_id)
    return out


def gold_ranks(order: Sequence[str], gold: Sequence[str]) -> list[int | None]:
    return [order.index(s) + 1 if s in order else None for s in gold]


def first_is_gold(ranks: Sequence[int | None]) -> bool:
    return 1 in ranks


def within(ranks: Sequence[int | None], k: int) -> bool:
    return any(r is not None and r <= k for r in ranks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--pool", type=int, default=10, help="questions per scope")
    parser.add_argument("--groups", default="", help="comma-separated scope numbers (default all)")
    parser.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE_DIR)
    parser.add_argument("--list", action="store_true", help="print every miss")
    args = parser.parse_args()
    questions = [q for q in load_longmemeval(args.data) if not q.is_abstention]
    if args.groups:
        chosen = [int(g) for g in args.groups.split(",")]
        questions = [q for g in chosen for q in questions[g * args.pool : (g + 1) * args.pool]]
    backend = EngineBackend(
        bench_embedder("use-m3", args.cache_dir), {name: name for name in SYSTEMS}, MemoryConfig()
    )
    cases = list(build_cases(questions, "turn", 1, args.pool))
    answers, _ = run_cases(cases, [backend], 100, total=len(questions), progress=False)
    orders = {(a.probe.qid, a.system): sessions_in_order(a) for a in answers}
    counts, misses = tally(questions, orders)
    for line in misses if args.list else []:
        print(line)
    report(counts, len(questions))


def tally(
    questions: Sequence[LongMemEvalQuestion], orders: dict[tuple[str, str], list[str]]
) -> tuple[Counter[str], list[str]]:
    """The counts printed (see the module's docstring) and a line per miss of ``balanced``."""
    dates: dict[str, set[date]] = {}
    for q in questions:
        for s in q.sessions:
            dates.setdefault(s.session_id, set()).add(s.at.date())
    counts: Counter[str] = Counter()
    misses = []
    for q in questions:
        gold = list(q.answer_session_ids)
        ranks = {name: gold_ranks(orders[q.question_id, name], gold) for name in SYSTEMS}
        for name in SYSTEMS:
            counts[name] += first_is_gold(ranks[name])
        counts["any of the three"] += any(first_is_gold(r) for r in ranks.values())
        counts["balanced, gold in the first 2"] += within(ranks["balanced"], 2)
        counts["balanced, gold in the first 3"] += within(ranks["balanced"], 3)
        if first_is_gold(ranks["balanced"]):
            continue
        winner = next(iter(orders[q.question_id, "balanced"]), "")
        own = winner in {s.session_id for s in q.sessions}
        later = min(dates.get(winner, {q.question_date.date()})) > q.question_date.date()
        counts["misses"] += 1
        counts["misses won by another haystack's conversation"] += not own
        counts["misses won by a conversation dated after the question"] += later
        shown = " ".join(f"{name} {ranks[name]}" for name in SYSTEMS)
        misses.append(f"[{q.question_type}] {q.question}\n    {shown} | first: {winner}")
    return counts, misses


def report(counts: Counter[str], total: int) -> None:
    print(f"{total} questions")
    for name, count in counts.items():
        share = f" ({count / total:.3f})" if not name.startswith("misses") else ""
        print(f"{name:58s} {count}{share}")


if __name__ == "__main__":
    main()
