"""Every retrieval set, dev and generated, scored alike: is the first conversation gold, and are
all gold conversations in the top five? `balanced`, `dense` and `keyword` (BM25) run in the same
harness on the same cached vectors, plus any variants of `balanced`.

    PYTHONPATH=. python benchmarks/shapes.py                       # the generated sets, dev style
    PYTHONPATH=. python benchmarks/shapes.py --sets calendar,story,diary,locomo,dailydialog,lme-pool
    PYTHONPATH=. python benchmarks/shapes.py --style heldout       # the phrasings kept aside
    PYTHONPATH=. python benchmarks/shapes.py --sets mixed --timing  # search latency at 10k

Sets: ``calendar``, ``story``, ``diary`` (generated, :mod:`lembrar.evaluation.shapes`); ``locomo``
(the dev file, categories 1–4, gold = evidence sessions); ``dailydialog`` (the frame questions,
``frames`` for dev and ``frames-unseen`` for heldout, gold = the dialogue); ``lme`` (LongMemEval-S
dev, one haystack per question, non-abstention) and ``lme-pool`` (its haystacks pooled ten to a
scope); ``mixed`` (about 10,000 memories in one scope: the calendar, LoCoMo and DailyDialog,
asked the calendar's questions; with ``--timing``, the search latency at that size).
``--limit N`` takes N LongMemEval questions spread evenly over the file (every type);
``--json FILE`` writes the per-question rows; the data folder is ``LEMBRAR_DATA``, by default
``shared/data`` beside the checkout.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from lembrar.config import MemoryConfig
from lembrar.evaluation import dailydialog, locomo, shapes
from lembrar.evaluation.answers_data import stratified
from lembrar.evaluation.harness import (
    DEFAULT_CACHE_DIR,
    Case,
    Probe,
    bench_embedder,
    run_cases,
    score_all,
    summarize,
)
from lembrar.evaluation.longmemeval import build_cases as lme_cases
from lembrar.evaluation.longmemeval import spread
from lembrar.evaluation.systems import EngineBackend
from lembrar.importers.longmemeval import load_longmemeval
from lembrar.retrieval.config import PRESETS, SearchConfig

SHARED = Path(os.environ.get("LEMBRAR_DATA", Path(__file__).resolve().parents[2] / "shared/data"))
LME = SHARED / "longmemeval/longmemeval_s_dev.json.gz"
LOCOMO = SHARED / "locomo/locomo_dev.json.gz"
DAILYDIALOG = SHARED / "dailydialog/xdd_1k_dialogues_text_En.txt"
DEPTH = 50


def _regold(cases: Sequence[Case], gold: Callable[[Probe], frozenset[str]]) -> list[Case]:
    return [replace(case, probes=[replace(p, gold=gold(p)) for p in case.probes]) for case in cases]


def dev_cases(name: str, style: str, limit: int | None, draw: str = "spread") -> list[Case]:
    """A dev set's cases with gold = a frozenset of session ids."""
    if name == "locomo":
        cases = list(locomo.build_cases(locomo.load_locomo(LOCOMO)))
        return _regold(cases, lambda p: p.gold.sessions)
    if name == "dailydialog":
        settings = dailydialog.DailyDialogSettings(
            data=DAILYDIALOG, style="frames" if style == "dev" else "frames-unseen"
        )
        dialogues = dailydialog.load_dailydialog(DAILYDIALOG, None, dailydialog.DEFAULT_END)
        session = {d.number: d.session_id for d in dialogues}
        case = dailydialog.build_case(dialogues, dailydialog._questions(settings, dialogues))
        return _regold([case], lambda p: frozenset({session[p.gold]}))
    asked = [q for q in load_longmemeval(LME) if not q.is_abstention]
    questions = (
        stratified(asked, lambda q: q.question_type, limit, seed=0)
        if draw == "stratified" and limit
        else spread(asked, limit)
    )
    pool = 10 if name == "lme-pool" else 1
    return _regold(list(lme_cases(questions, "turn", 1, pool)), lambda p: p.gold.sessions)


def mixed(style: str) -> list[Case]:
    """About 10,000 memories in one scope (the calendar, LoCoMo and DailyDialog together), asked
    the calendar's questions: a scope the size ``bench speed`` times at 10k."""
    parts = [*shapes.build("calendar", style), *dev_cases("locomo", style, None)]
    parts += dev_cases("dailydialog", style, None)
    scope = "mixed"
    items = [replace(i, user_id=scope) for case in parts for i in case.items]
    probes = [p for case in parts[:2] for p in case.probes]
    return [Case(scope, items, probes)]


def cases_of(name: str, style: str, limit: int | None, draw: str = "spread") -> list[Case]:
    if name == "mixed":
        return mixed(style)
    if name in shapes.GENERATORS:
        return shapes.build(name, style)
    return dev_cases(name, style, limit, draw)


def variant(text: str) -> tuple[str, SearchConfig]:
    changes = {}
    for part in text.split(";"):
        key, _, value = part.partition("=")
        changes[key.strip()] = json.loads(value)
    return text, PRESETS["balanced"].with_(**changes)


def run_set(
    name: str, cases: list[Case], systems: dict[str, Any], cache: Path, embedder: str
) -> tuple[dict[str, Any], list[Any]]:
    backend = EngineBackend(bench_embedder(embedder, cache), systems, MemoryConfig())
    total = sum(len(c.probes) for c in cases)
    answers, timings = run_cases(
        cases, [backend], DEPTH, total=total, label=name, warm=backend.embedder
    )
    rows = score_all(answers, shapes.score_answer)
    summary = summarize(rows, list(systems))
    for system, ms in timings.summary()["search_ms"].items():
        summary[system]["search_ms"] = ms
    return summary, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="calendar,story,diary")
    parser.add_argument("--style", choices=shapes.STYLES, default="dev")
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--embedder", default="use-m3")
    parser.add_argument(
        "--limit", type=int, default=None, help="LongMemEval questions, spread over the types"
    )
    parser.add_argument(
        "--draw",
        choices=("spread", "stratified"),
        default="spread",
        help="how --limit picks LongMemEval questions: spread evenly over the file, or the "
        "seeded stratified draw of `lembrar bench answers` (seed 0: the same questions)",
    )
    parser.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE_DIR)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--groups", action="store_true", help="print each question kind too")
    parser.add_argument("--timing", action="store_true", help="print search latency too")
    args = parser.parse_args()
    systems: dict[str, Any] = {"balanced": "balanced", "dense": "dense", "keyword": "keyword"}
    systems.update(variant(v) for v in args.variant)
    dump: dict[str, Any] = {}
    print("| set | n | " + " | ".join(f"{s} first / all@5" for s in systems) + " |")
    for name in args.sets.split(","):
        cases = cases_of(name, args.style, args.limit, args.draw)
        summary, rows = run_set(name, cases, systems, args.cache_dir, args.embedder)
        n = summary["balanced"]["n"]
        cells = [
            f"{summary[s]['overall']['first']:.3f} / {summary[s]['overall']['all@5']:.3f}"
            for s in systems
        ]
        print(f"| {name} | {n} | " + " | ".join(cells) + " |", flush=True)
        if args.timing:
            print(
                "|   search p50 / p95 ms (query embedded beforehand) | "
                + " | ".join(
                    f"{summary[s]['search_ms']['p50']:.2f} / {summary[s]['search_ms']['p95']:.2f}"
                    for s in systems
                )
                + " |"
            )
        if args.groups:
            for group in summary["balanced"]["groups"]:
                cells = [
                    f"{summary[s]['groups'][group]['first']:.3f} / "
                    f"{summary[s]['groups'][group]['all@5']:.3f}"
                    for s in systems
                ]
                k = summary["balanced"]["groups"][group]["n"]
                print(f"|   {group} | {k} | " + " | ".join(cells) + " |", flush=True)
        dump[name] = [r.__dict__ for r in rows]
    if args.json:
        args.json.write_text(json.dumps(dump, default=str))


if __name__ == "__main__":
    main()
