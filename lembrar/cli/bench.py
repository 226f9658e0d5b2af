"""``lembrar bench``: retrieval quality and speed against public data sets and baselines."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lembrar.cli import add_when_used

DEFAULT_OUT = "bench-out"


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "bench", help="run a benchmark (LongMemEval, LoCoMo, DailyDialog, speed, embedders)"
    )
    bench = parser.add_subparsers(dest="bench", metavar="BENCHMARK")
    parser.set_defaults(run=lambda args: _usage(parser))

    p = _common(
        bench.add_parser(
            "longmemeval", help="LongMemEval retrieval: recall/NDCG at turn and session level"
        )
    )
    p.add_argument(
        "--granularity",
        choices=("turn", "session"),
        default="turn",
        help="one episode per turn or per session",
    )
    p.add_argument(
        "--merge",
        "--pool",
        dest="pool",
        type=int,
        default=1,
        metavar="N",
        help="pool the haystacks of N consecutive questions into one scope (LongMemEval-M scale at 10)",
    )
    p.add_argument(
        "--turns-per-episode",
        dest="turns_per_episode",
        type=int,
        default=1,
        metavar="N",
        help="with turn granularity: N consecutive turns per episode",
    )
    p.add_argument(
        "--depth",
        type=int,
        default=100,
        help="hits fetched per question (session roll-up needs depth)",
    )
    p.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help="N questions evenly spread over the file (all types)",
    )
    _graph_flag(p)
    p.set_defaults(run=run_longmemeval)

    p = _common(bench.add_parser("locomo", help="LoCoMo evidence recall at turn and session level"))
    _graph_flag(p)
    p.set_defaults(run=run_locomo)

    p = _common(
        bench.add_parser(
            "dailydialog", help="dated DailyDialog dialogues asked by topic and relative time"
        ),
        limit=False,
    )
    p.add_argument("--questions", type=int, default=200, help="how many questions to generate")
    p.add_argument("--seed", type=int, default=0, help="seed of the question generator")
    p.add_argument(
        "--style",
        choices=("plain", "frames", "frames-unseen"),
        default="plain",
        help="question phrasings: the generator's own, or recollection frames in en/pt/es/fr "
        "(frames: the set tuned on; frames-unseen: other phrasings)",
    )
    p.set_defaults(run=run_dailydialog)

    p = _common(
        bench.add_parser(
            "speed", help="ingest throughput, search latency at 1k/10k/100k, memory, store size"
        ),
        limit=False,
        baselines="dense,keyword,chroma",
    )
    p.add_argument("--sizes", default="1000,10000,100000", help="scope sizes, comma-separated")
    p.add_argument("--queries", type=int, default=100, help="searches per size and system")
    p.add_argument(
        "--ingest-sample",
        type=int,
        default=1000,
        help="turns for the cold-cache ingest measurement",
    )
    p.add_argument(
        "--approximate-above",
        type=int,
        metavar="CHUNKS",
        help="scopes of at least this many chunks use the approximate indexes (default 50,000)",
    )
    p.add_argument(
        "--store",
        metavar="URL",
        help="measure a postgresql:// database instead of SQLite files (a tenant per size)",
    )
    p.set_defaults(run=run_speed)

    p = bench.add_parser("embedders", help="every installed embedder on the same LongMemEval run")
    _outputs(p)
    p.add_argument("--data", help="LongMemEval JSON / JSON.gz file (default: shared/data)")
    p.add_argument(
        "--sample", type=int, default=10, help="questions, evenly spread over the file (default 10)"
    )
    p.add_argument(
        "--names", help="embedders to compare, comma-separated (default: all registered)"
    )
    p.add_argument("--preset", default="balanced", help="search preset of our engine")
    p.set_defaults(run=run_embedders)

    p = bench.add_parser(
        "llm", help="one language-model step against the plain method it can replace"
    )
    add_when_used(p, _llm_steps)

    p = bench.add_parser(
        "answers", help="answers from no memory, dense top-k, lembrar's context and the evidence"
    )
    add_when_used(p, _answers)

    from lembrar.cli.bench_graph import register_graph

    register_graph(bench)


def _llm_steps(p: argparse.ArgumentParser) -> None:
    from lembrar.evaluation.llm_steps.command import add_arguments, run_step

    add_arguments(p)
    p.set_defaults(run=run_step)


def _answers(p: argparse.ArgumentParser) -> None:
    from lembrar.evaluation.answers_command import add_arguments, run_command

    add_arguments(p)
    p.set_defaults(run=run_command)


def _common(
    p: argparse.ArgumentParser, *, limit: bool = True, baselines: str = "dense,keyword"
) -> argparse.ArgumentParser:
    p.add_argument("--data", help="data file (default: the copy under shared/data)")
    if limit:
        p.add_argument("--limit", type=int, help="only the first N questions / conversations")
    p.add_argument(
        "--preset", default="balanced", help="search preset of our engine (default: balanced)"
    )
    p.add_argument(
        "--embedder", dest="bench_embedder", metavar="NAME", help="embedder (default: use-m3)"
    )
    p.add_argument(
        "--baselines",
        default=baselines,
        help=f"comma-separated: dense, keyword, chroma, or none (default: {baselines})",
    )
    p.add_argument(
        "--llm-base-url",
        help="also run the preset with the language-model steps (system lembrar+llm)",
    )
    p.add_argument("--llm-model", help="model name for --llm-base-url (or LEMBRAR_LLM_MODEL)")
    p.add_argument("--llm-api-key", help="API key for --llm-base-url (or LEMBRAR_LLM_API_KEY)")
    _outputs(p)
    return p


def _graph_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--graph",
        action="store_true",
        help="also run the preset with graph facts lifting the turns that stated them "
        "(system lembrar+graph; extraction at ingest makes the run slower)",
    )


def _llm(args: argparse.Namespace) -> Any:
    """The preset with every LLM step on and its client, when a model was named."""
    if not (args.llm_base_url or args.llm_model):
        return None
    from lembrar.evaluation.llm import search_config_with_llm

    return search_config_with_llm(
        args.preset, base_url=args.llm_base_url, model=args.llm_model, api_key=args.llm_api_key
    )


def _outputs(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--out",
        default=DEFAULT_OUT,
        help=f"folder for JSON, Markdown and PNG (default: {DEFAULT_OUT}/)",
    )
    p.add_argument(
        "--cache-dir",
        default=".bench-cache",
        help="on-disk embedding cache (default: .bench-cache/)",
    )
    p.add_argument("--no-cache", action="store_true", help="embed everything afresh")
    p.add_argument("--no-progress", action="store_true", help="no progress bars on stderr")
    p.add_argument("--no-plots", action="store_true", help="skip the PNG plots")


def run_longmemeval(args: argparse.Namespace) -> int:
    from lembrar.evaluation.longmemeval import LongMemEvalSettings
    from lembrar.evaluation.longmemeval import run_longmemeval as run

    settings = LongMemEvalSettings(
        _data("longmemeval", args),
        args.limit,
        args.preset,
        args.granularity,
        args.turns_per_episode,
        args.pool,
        _embedder(args),
        _baselines(args),
        depth=args.depth,
        cache_dir=_cache(args),
        progress=not args.no_progress,
        sample=args.sample,
        llm=_llm(args),
        graph=args.graph,
    )
    return _publish(args, run(settings))


def run_locomo(args: argparse.Namespace) -> int:
    from lembrar.evaluation.locomo import LocomoSettings
    from lembrar.evaluation.locomo import run_locomo as run

    settings = LocomoSettings(
        _data("locomo", args),
        args.limit,
        args.preset,
        _embedder(args),
        _baselines(args),
        cache_dir=_cache(args),
        progress=not args.no_progress,
        llm=_llm(args),
        graph=args.graph,
    )
    return _publish(args, run(settings))


def run_dailydialog(args: argparse.Namespace) -> int:
    from lembrar.evaluation.dailydialog import DailyDialogSettings
    from lembrar.evaluation.dailydialog import run_dailydialog as run

    settings = DailyDialogSettings(
        _data("dailydialog", args),
        args.questions,
        args.seed,
        preset=args.preset,
        embedder=_embedder(args),
        baselines=_baselines(args),
        cache_dir=_cache(args),
        progress=not args.no_progress,
        llm=_llm(args),
        style=args.style,
    )
    return _publish(args, run(settings))


def run_speed(args: argparse.Namespace) -> int:
    from lembrar.evaluation.speed import SpeedSettings
    from lembrar.evaluation.speed import run_speed as run

    sizes = tuple(int(s) for s in args.sizes.split(",") if s.strip())
    settings = SpeedSettings(
        _data("longmemeval", args),
        sizes,
        args.queries,
        args.ingest_sample,
        _embedder(args),
        args.preset,
        _baselines(args),
        cache_dir=_cache(args),
        progress=not args.no_progress,
        approximate_above=args.approximate_above,
        store=args.store,
    )
    return _publish(args, run(settings))


def run_embedders(args: argparse.Namespace) -> int:
    from lembrar.evaluation.embedders import EmbeddersSettings
    from lembrar.evaluation.embedders import run_embedders as run

    names = tuple(n.strip() for n in (args.names or "").split(",") if n.strip())
    settings = EmbeddersSettings(
        _data("longmemeval", args),
        args.sample,
        names,
        args.preset,
        cache_dir=_cache(args),
        progress=not args.no_progress,
    )
    return _publish(args, run(settings))


def _publish(args: argparse.Namespace, result: Any) -> int:
    from lembrar.evaluation.publish import publish
    from lembrar.evaluation.report import markdown

    written = publish(result, args.out, plots=not args.no_plots)
    if getattr(args, "json", False):
        print(
            json.dumps(
                {"summary": result.summary, "files": [str(p) for p in written]},
                indent=2,
                default=str,
            )
        )
    else:
        print(markdown(result))
    print("wrote " + ", ".join(str(p) for p in written), file=sys.stderr)
    return 0


def _data(kind: str, args: argparse.Namespace) -> Path:
    from lembrar.evaluation.data import data_file

    return data_file(kind, args.data)


def _embedder(args: argparse.Namespace) -> str:
    return args.bench_embedder or getattr(args, "embedder", None) or "use-m3"


def _baselines(args: argparse.Namespace) -> tuple[str, ...]:
    from lembrar.evaluation.setup import parse_baselines

    return parse_baselines(args.baselines)


def _cache(args: argparse.Namespace) -> Path | None:
    return None if args.no_cache else Path(args.cache_dir)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2
