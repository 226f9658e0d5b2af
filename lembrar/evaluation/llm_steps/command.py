"""``lembrar bench llm STEP``: run one step's measurement, write its JSON, print its tables."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from lembrar.evaluation.llm_steps import STEPS

__all__ = ["add_arguments", "run_step"]

DATA = {
    "dates": "dailydialog",
    "search": "longmemeval",
    "answers": "longmemeval",
    "capture": "locomo",
    "summaries": "locomo",
}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("step", choices=STEPS, help="which language-model step to measure")
    p.add_argument(
        "--llm-base-url",
        help="local:/path/model.gguf, or a server's URL (default: $LEMBRAR_LLM, ...)",
    )
    p.add_argument("--llm-model", help="model name on the server (default: $LEMBRAR_LLM_MODEL)")
    p.add_argument("--data", help="data file (default: the copy under shared/data)")
    p.add_argument(
        "--sample", type=int, default=20, help="questions (dates, search, answers; default 20)"
    )
    p.add_argument(
        "--sessions",
        type=int,
        help="capture, summaries: the first N sessions (default: 3 for capture, all for summaries)",
    )
    p.add_argument(
        "--conversation", type=int, default=0, help="capture, summaries: which conversation (0-5)"
    )
    p.add_argument(
        "--haystack",
        type=int,
        help="search, answers: keep N sessions per haystack, the evidence ones included",
    )
    p.add_argument("--seed", type=int, default=0, help="dates: seed of the question generator")
    p.add_argument(
        "--out", default="bench-out", help="folder for the JSON result (default: bench-out/)"
    )
    p.add_argument(
        "--embedder", default="use-m3", help="embedder of the searches (default: use-m3)"
    )
    p.add_argument(
        "--cache-dir",
        default=".bench-cache",
        help="on-disk embedding cache (default: .bench-cache/)",
    )


def run_step(args: argparse.Namespace) -> int:
    from lembrar.evaluation.data import data_file
    from lembrar.evaluation.llm_steps.meter import open_model
    from lembrar.evaluation.llm_steps.report import markdown
    from lembrar.llm.config import LLMConfig

    data = data_file(DATA[args.step], args.data)
    run = open_model(LLMConfig.from_env(base_url=args.llm_base_url, model=args.llm_model))
    try:
        result = {"model": run.describe(), **_measure(args, run, data)}
    finally:
        run.close()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"llm-{args.step}.json"
    path.write_text(json.dumps(result, indent=2, default=str))
    print(markdown(result))
    print(f"wrote {path}")
    return 0


def _measure(args: argparse.Namespace, run: Any, data: Path) -> dict[str, Any]:
    from lembrar.evaluation.llm_steps import locomo, longmemeval
    from lembrar.evaluation.llm_steps.dates import run_dates

    cache = Path(args.cache_dir)
    if args.step == "dates":
        return run_dates(run, data, args.sample, args.seed)
    if args.step == "search":
        return longmemeval.run_search(run, data, args.sample, cache, args.embedder, args.haystack)
    if args.step == "answers":
        return longmemeval.run_answers(run, data, args.sample, cache, args.embedder, args.haystack)
    if args.step == "capture":
        return locomo.run_capture(
            run, data, args.sessions or 3, args.conversation, cache, args.embedder
        )
    return locomo.run_summaries(run, data, args.conversation, cache, args.embedder, args.sessions)
