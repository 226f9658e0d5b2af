"""Search settings side by side on LongMemEval or LoCoMo, one load per scope: each variant is the
balanced preset with one field changed (or a few, joined by ``;``), so each idea is measured alone
on the same cached vectors.

    PYTHONPATH=. python benchmarks/search_variants.py --pool 10 --groups 0,1,9 \
        --variant session_weight=0 --variant time_tiebreak_above=0
    PYTHONPATH=. python benchmarks/search_variants.py --locomo --variant session_weight=0
    PYTHONPATH=. python benchmarks/search_variants.py --dailydialog plain \
        --variant session_weight=0

``--groups`` picks which pooled LongMemEval scopes (``--pool`` consecutive questions each, as
``lembrar bench longmemeval --merge``) to run; by default all of them. Prints session R@1,
recall_all@5 and NDCG@10 over distinct sessions per variant, overall and per question type; with
``--locomo``, LoCoMo's evidence recall at 1, 5 and 10 (session and turn); with
``--dailydialog STYLE``, the gold dialogue's hit@1/3/5 and MRR on the questions of ``lembrar bench
dailydialog --style STYLE`` (``plain``, ``frames`` or ``frames-unseen``), overall and by kind. On
LongMemEval it also prints each variant's search latency (query embedding excluded).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from lembrar.config import MemoryConfig
from lembrar.evaluation import dailydialog, locomo
from lembrar.evaluation.harness import (
    DEFAULT_CACHE_DIR,
    bench_embedder,
    run_cases,
    score_all,
    summarize,
)
from lembrar.evaluation.longmemeval import build_cases, score_answer
from lembrar.evaluation.systems import EngineBackend
from lembrar.importers.longmemeval import load_longmemeval
from lembrar.retrieval.config import PRESETS, SearchConfig

SHARED = Path(__file__).resolve().parents[2] / "shared/data"
DATA = SHARED / "longmemeval/longmemeval_s_dev.json.gz"
LOCOMO = SHARED / "locomo/locomo_dev.json.gz"
DAILYDIALOG = SHARED / "dailydialog/xdd_1k_dialogues_text_En.txt"


def variant(text: str) -> tuple[str, SearchConfig]:
    """``field=value`` (value read as JSON; several joined by ``;``) -> the balanced preset with
    those fields changed."""
    changes = {}
    for part in text.split(";"):
        name, _, value = part.partition("=")
        changes[name.strip()] = json.loads(value)
    return text, PRESETS["balanced"].with_(**changes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--pool", type=int, default=10, help="questions per scope")
    parser.add_argument("--groups", default="", help="comma-separated scope numbers (default all)")
    parser.add_argument("--variant", action="append", default=[], help="field=value (JSON)")
    parser.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE_DIR)
    parser.add_argument("--locomo", action="store_true", help="LoCoMo's dev file instead")
    parser.add_argument(
        "--dailydialog",
        choices=("plain", "frames", "frames-unseen"),
        help="DailyDialog's generated questions of this style instead",
    )
    args = parser.parse_args()
    systems = dict([("balanced", PRESETS["balanced"])] + [variant(v) for v in args.variant])
    backend = EngineBackend(bench_embedder("use-m3", args.cache_dir), systems, MemoryConfig())
    if args.locomo:
        run_locomo(backend, systems)
        return
    if args.dailydialog:
        run_dailydialog(backend, systems, args.dailydialog)
        return
    questions = [q for q in load_longmemeval(args.data) if not q.is_abstention]
    if args.groups:
        chosen = [int(g) for g in args.groups.split(",")]
        questions = [q for g in chosen for q in questions[g * args.pool : (g + 1) * args.pool]]
    cases = list(build_cases(questions, "turn", 1, args.pool))
    answers, timings = run_cases(
        cases, [backend], 100, total=len(questions), progress=False, warm=backend.embedder
    )
    summary = summarize(score_all(answers, score_answer((1, 5, 10))), list(systems))
    print(f"{len(questions)} questions, {len(cases)} scopes")
    print_latency(timings.summary()["search_ms"])
    for name in systems:
        overall, groups = summary[name]["overall"], summary[name]["groups"]
        by_type = " ".join(
            f"{kind}={g['session.recall_any@1']:.2f}/{g['session.recall_all@5']:.2f}"
            for kind, g in groups.items()
        )
        print(
            f"{name:28s} R@1 {overall['session.recall_any@1']:.3f}"
            f" recall_all@5 {overall['session.recall_all@5']:.3f}"
            f" NDCG@10 {overall['session.ndcg_distinct@10']:.3f}"
            f" turn recall_any@5 {overall['turn.recall_any@5']:.3f} | {by_type}"
        )


def print_latency(search_ms: dict[str, dict[str, float]]) -> None:
    """Each variant's search latency, the query embedded beforehand (the variants take turns on
    each question, in the order given)."""
    for name, ms in search_ms.items():
        print(f"{name:28s} search p50 {ms['p50']:.2f} ms, p95 {ms['p95']:.2f} ms")


def run_locomo(backend: EngineBackend, systems: dict[str, SearchConfig]) -> None:
    cases = list(locomo.build_cases(locomo.load_locomo(LOCOMO)))
    answers, _ = run_cases(cases, [backend], 100, progress=False)
    summary = summarize(score_all(answers, locomo.score_answer((1, 5, 10))), list(systems))
    for name in systems:
        o = summary[name]["overall"]
        print(
            f"{name:28s} "
            + " ".join(
                f"{level}@{k} {o[f'{level}.evidence_recall@{k}']:.3f}"
                for level in ("session", "turn")
                for k in (1, 5, 10)
            )
        )


def run_dailydialog(backend: EngineBackend, systems: dict[str, SearchConfig], style: str) -> None:
    settings = dailydialog.DailyDialogSettings(data=DAILYDIALOG, style=style)
    dialogues = dailydialog.load_dailydialog(DAILYDIALOG, None, dailydialog.DEFAULT_END)
    questions = dailydialog._questions(settings, dialogues)
    case = dailydialog.build_case(dialogues, questions)
    answers, _ = run_cases([case], [backend], 5, total=len(questions), progress=False)
    summary = summarize(score_all(answers, dailydialog.score_answer((1, 3, 5))), list(systems))
    for name in systems:
        o, groups = summary[name]["overall"], summary[name]["groups"]
        by_kind = " ".join(f"{kind}={g['hit@1']:.2f}" for kind, g in groups.items())
        print(
            f"{name:28s} hit@1 {o['hit@1']:.3f} hit@3 {o['hit@3']:.3f} hit@5 {o['hit@5']:.3f}"
            f" MRR {o['mrr']:.3f} | hit@1 {by_kind}"
        )


if __name__ == "__main__":
    main()
