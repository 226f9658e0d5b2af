"""``lembrar bench answers``: answers from each kind of memory, scored, resumable.

lembrar bench answers --set longmemeval --model-path /models/reader.gguf
lembrar bench answers --summary                  # the table of what the file holds
lembrar bench answers --hand-check 50            # a sample for a person to label
lembrar bench answers --agreement                # judge and containment against the labels
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from lembrar.errors import ValidationError
from lembrar.evaluation.answers_contexts import CONDITIONS
from lembrar.evaluation.answers_data import DEFAULT_QUESTIONS, SETS

if TYPE_CHECKING:
    from lembrar.evaluation.answers_run import Progress, RunSettings

__all__ = ["add_arguments", "run_command"]

DEFAULT_RESULTS = "bench-out/answers.jsonl"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--set", dest="data_set", choices=SETS, help="which benchmark to answer")
    p.add_argument(
        "--results",
        default=DEFAULT_RESULTS,
        help=f"JSON Lines file the answers are appended to; re-running resumes it "
        f"(default: {DEFAULT_RESULTS})",
    )
    reader = p.add_argument_group("reader (one of)")
    reader.add_argument("--model-path", metavar="FILE", help="a GGUF chat model run in-process")
    reader.add_argument(
        "--threads", type=int, default=1, help="CPU threads of the in-process model (default 1)"
    )
    reader.add_argument("--llm-base-url", help="an OpenAI-protocol server's URL")
    reader.add_argument("--llm-model", help="the model name on that server")
    reader.add_argument("--llm-api-key", help="its API key, if it needs one")
    run = p.add_argument_group("run")
    run.add_argument(
        "--budget", type=int, default=1600, help="context tokens in every condition (default 1600)"
    )
    run.add_argument(
        "--conditions",
        default=",".join(CONDITIONS),
        help=f"comma-separated, from {', '.join(CONDITIONS)} (default: all)",
    )
    run.add_argument(
        "--questions",
        type=int,
        help="questions drawn by --seed, stratified by type (default: "
        + ", ".join(f"{k} {v}" for k, v in DEFAULT_QUESTIONS.items())
        + ")",
    )
    run.add_argument("--seed", type=int, default=0, help="seed of the draw and the intervals")
    run.add_argument("--data", help="data file (default: the copy under shared/data)")
    run.add_argument("--oracle-data", help="LongMemEval oracle file (default: beside --data)")
    run.add_argument(
        "--embedder",
        dest="bench_embedder",
        metavar="NAME",
        help="embedder of the stores (default: use-m3)",
    )
    run.add_argument("--cache-dir", default=".bench-cache", help="on-disk embedding cache")
    run.add_argument("--no-cache", action="store_true", help="embed everything afresh")
    run.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    modes = p.add_argument_group("instead of running").add_mutually_exclusive_group()
    modes.add_argument("--summary", action="store_true", help="print the results file's table")
    modes.add_argument(
        "--hand-check",
        type=int,
        metavar="N",
        help="write N answers drawn by --seed to --labels for a person to mark correct yes/no",
    )
    modes.add_argument(
        "--agreement",
        action="store_true",
        help="agreement of judge and containment with the labels in --labels",
    )
    p.add_argument("--labels", help="hand-check CSV (default: the results file's .labels.csv)")


def run_command(args: argparse.Namespace) -> int:
    results = Path(args.results)
    if args.summary:
        return _summary(results, args.seed)
    if args.hand_check is not None:
        return _hand_check(results, args)
    if args.agreement:
        return _agreement(args)
    return _run(results, args)


def _summary(results: Path, seed: int) -> int:
    from lembrar.evaluation.answers_report import summary_markdown
    from lembrar.evaluation.answers_results import read_rows

    if not results.exists():
        raise ValidationError("--results", f"{results} does not exist; run the benchmark first")
    table = summary_markdown(read_rows(results), seed)
    print(table)
    results.with_suffix(".md").write_text(table + "\n", encoding="utf-8")
    return 0


def _hand_check(results: Path, args: argparse.Namespace) -> int:
    from lembrar.evaluation.answers_results import read_rows, write_hand_check

    if args.hand_check < 1:
        raise ValidationError("--hand-check", "sample at least one answer")
    labels = _labels(args)
    written = write_hand_check(read_rows(results), args.hand_check, args.seed, labels)
    print(f"wrote {written} answers to {labels}: fill its 'correct' column with yes or no, then")
    print(f"  lembrar bench answers --agreement --labels {labels}")
    return 0


def _agreement(args: argparse.Namespace) -> int:
    from lembrar.evaluation.answers_report import agreement_markdown
    from lembrar.evaluation.answers_results import read_agreement

    result, blank = read_agreement(_labels(args))
    print(agreement_markdown(result, blank))
    return 0


def _labels(args: argparse.Namespace) -> Path:
    return Path(args.labels) if args.labels else Path(args.results).with_suffix(".labels.csv")


def _run(results: Path, args: argparse.Namespace) -> int:
    from lembrar.evaluation.answers_run import Progress, open_reader, reader_config, run_answers

    settings = _settings(results, args)
    config = reader_config(
        model_path=args.model_path,
        threads=args.threads,
        base_url=args.llm_base_url,
        model=args.llm_model,
        api_key=args.llm_api_key,
    )
    progress = Progress()
    try:
        run_answers(settings, config.model, lambda: open_reader(config), progress)
    except KeyboardInterrupt:
        _stopped(progress, results)
        return 130
    except BaseException:
        _stopped(progress, results)
        raise
    return _summary(results, args.seed)


def _stopped(progress: Progress, results: Path) -> None:
    if progress.total:
        print(
            f"stopped: {progress.in_file(results)} of {progress.total} answers are in {results}; "
            "run the same command again to resume",
            file=sys.stderr,
        )


def _settings(results: Path, args: argparse.Namespace) -> RunSettings:
    from lembrar.evaluation.answers_data import oracle_file
    from lembrar.evaluation.answers_run import RunSettings
    from lembrar.evaluation.data import data_file

    if args.data_set is None:
        raise ValidationError("--set", f"name the benchmark to answer: {' or '.join(SETS)}")
    if args.budget < 16:
        raise ValidationError("--budget", "give at least 16 tokens")
    data = data_file(args.data_set, args.data)
    conditions = tuple(c.strip() for c in args.conditions.split(",") if c.strip())
    oracle = None
    if args.data_set == "longmemeval" and "oracle" in conditions:
        oracle = Path(args.oracle_data) if args.oracle_data else oracle_file(data)
        if not oracle.exists():
            raise ValidationError("--oracle-data", f"{oracle} does not exist; pass the oracle file")
    return RunSettings(
        args.data_set,
        results,
        data,
        oracle,
        conditions,
        args.questions or DEFAULT_QUESTIONS[args.data_set],
        args.seed,
        args.budget,
        args.bench_embedder or getattr(args, "embedder", None) or "use-m3",
        None if args.no_cache else Path(args.cache_dir),
        not args.no_progress,
    )
