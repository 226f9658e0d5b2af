"""``lembrar bench graph``: extraction quality, knowledge updates and cost of the graph."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from lembrar.errors import ValidationError

if TYPE_CHECKING:
    from lembrar.graph.extract.llm import LLMExtractor

LABELS = Path("benchmarks/graph/labels.jsonl")
LABEL_SETS = {  # the name a report gives each labels file of benchmarks/graph/
    "dev": "labels.jsonl",
    "dev2": "dev2.jsonl",
    "heldout": "heldout.jsonl",
    "fresh": "fresh.jsonl",
    "fresh2": "fresh2.jsonl",
    "dev3": "dev3.jsonl",
    "written": "written.jsonl",
    "written2": "written2.jsonl",
    "written3": "written3.jsonl",
    "written4": "written4.jsonl",
    "written5": "written5.jsonl",
    "written6": "written6.jsonl",
    "written7": "written7.jsonl",
    "written8": "written8.jsonl",
    "written9": "written9.jsonl",
    "written10": "written10.jsonl",
    "written11": "written11.jsonl",
    "written12": "written12.jsonl",
    "written13": "written13.jsonl",
    "written14": "written14.jsonl",
    "written15": "written15.jsonl",
    "written16": "written16.jsonl",
    "written17": "written17.jsonl",
    "written18": "written18.jsonl",
    "written19": "written19.jsonl",
    "written20": "written20.jsonl",
    "written21": "written21.jsonl",
    "written22": "written22.jsonl",
    "written23": "written23.jsonl",
}


def register_graph(bench: argparse._SubParsersAction) -> None:
    parser = bench.add_parser(
        "graph", help="the knowledge graph: extraction quality, knowledge updates, cost"
    )
    actions = parser.add_subparsers(dest="graph_bench", metavar="MEASURE", required=True)
    p = actions.add_parser(
        "extraction", help="precision / recall of entities and facts on the labelled turns"
    )
    p.add_argument("--labels", default=str(LABELS), help=f"labels file (default: {LABELS})")
    p.add_argument(
        "--names", default="rules", choices=("rules", "spacy", "auto"), help="offline name finder"
    )
    _trusted_flag(p)
    p.set_defaults(run=run_extraction)
    p = actions.add_parser(
        "quality",
        help="every labelled set and the life story: precision, recall, closings, traps, junk",
    )
    p.add_argument(
        "--labels-dir",
        default=str(LABELS.parent),
        help=f"folder of the labels files (default: {LABELS.parent})",
    )
    p.add_argument(
        "--names", default="rules", choices=("rules", "spacy", "auto"), help="offline name finder"
    )
    p.add_argument("--seeds", type=int, default=5, help="life stories to tell (default: 5)")
    p.add_argument(
        "--first-seed",
        type=int,
        default=0,
        help="first story's seed (default: 0); from 100 and from 200 in held-out words",
    )
    p.add_argument(
        "--sets",
        default=",".join(LABEL_SETS),
        help=f"labelled sets to read, comma-separated (default: {','.join(LABEL_SETS)})",
    )
    p.add_argument(
        "--limit", type=int, metavar="N", help="only the first N turns of each labelled set"
    )
    _trusted_flag(p)
    _extractor_options(p)
    p.set_defaults(run=run_quality)
    p = actions.add_parser(
        "hand-check", help="a LoCoMo conversation's facts and entities, for a person to judge"
    )
    p.add_argument("--conversation", default="conv-26", help="sample id (default: conv-26)")
    p.add_argument(
        "--names", default="rules", choices=("rules", "spacy", "auto"), help="offline name finder"
    )
    p.add_argument(
        "--judged",
        help="a dump whose facts were marked (right: true/false): print its precision instead",
    )
    p.set_defaults(run=run_hand_check)
    p = actions.add_parser(
        "knowledge-update", help="LongMemEval knowledge-update questions: current value first?"
    )
    p.add_argument(
        "--data", help="LongMemEval file (default: the oracle dev file under shared/data)"
    )
    p.add_argument(
        "--graph-embedder", default="hash", help="embedder of the throwaway stores (default: hash)"
    )
    p.set_defaults(run=run_update)
    p = actions.add_parser(
        "cost", help="extraction episodes/s, model calls per episode, search latency"
    )
    p.add_argument(
        "--episodes", type=int, default=10_000, help="scope size for the latency measurement"
    )
    p.add_argument("--queries", type=int, default=50, help="searches per system")
    p.add_argument("--turns", type=int, default=1000, help="turns for the throughput measurement")
    p.set_defaults(run=run_cost)


def _trusted_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--trusted",
        action="store_true",
        help="keep only facts whose extraction confidence reaches the fitted threshold",
    )


def _extractor_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--extractor",
        default="offline",
        choices=("offline", "llm"),
        help="offline (default), or llm: a language model reads each message, the offline "
        "extractor when its reply never validates",
    )
    model = parser.add_argument_group("the model of --extractor llm (one of)")
    model.add_argument("--model-path", metavar="FILE", help="a GGUF chat model run in-process")
    model.add_argument(
        "--threads", type=int, default=1, help="CPU threads of the in-process model (default 1)"
    )
    model.add_argument("--llm-base-url", help="an OpenAI-protocol server's URL")
    model.add_argument("--llm-model", help="the model name on that server")
    model.add_argument("--llm-api-key", help="its API key, if it needs one")


def _file(kind: str, name: str | None = None) -> Path:
    from lembrar.evaluation.data import data_file

    path = data_file(kind, None)
    return path.with_name(name) if name else path


def _print(args: argparse.Namespace, result: dict) -> int:
    print(json.dumps(result, indent=2, default=str))
    return 0


def run_extraction(args: argparse.Namespace) -> int:
    from lembrar.evaluation.graph import run_extraction as run

    files = _data_files()
    found = run(
        Path(args.labels),
        files.locomo,
        files.longmemeval,
        args.names,
        files.dailydialog,
        args.trusted,
    )
    return _print(args, found)


def _data_files():
    from lembrar.evaluation.graph_quality import DataFiles

    lme = _file("longmemeval", "longmemeval_oracle_dev.json.gz")
    return DataFiles(_file("locomo"), lme, _file("dailydialog"))


def run_quality(args: argparse.Namespace) -> int:
    from lembrar.evaluation.graph_quality import run_labelled, run_life_story

    if args.seeds < 1:
        raise ValidationError("seeds", "tell at least one story (--seeds 1 or more)")
    if args.limit is not None and args.limit < 1:
        raise ValidationError("--limit", "read at least one turn of each set (--limit 1 or more)")
    folder, data, sets = Path(args.labels_dir), _data_files(), _label_sets(args.sets)
    for name in sets:
        if not (folder / LABEL_SETS[name]).exists():
            raise ValidationError(
                "labels-dir", f"{folder / LABEL_SETS[name]} is missing; pass the folder"
            )
    extractor = _model_extractor(args)
    result: dict = _extractor_names(args, extractor)
    try:
        for name in sets:
            labels = folder / LABEL_SETS[name]
            result[name] = run_labelled(
                labels, data, args.names, args.trusted, extractor=extractor, limit=args.limit
            )
            _progress(name, result[name]["all"] if result[name] else None)
        seeds = range(args.first_seed, args.first_seed + args.seeds)
        result["life_story"] = run_life_story(seeds, args.names, args.trusted, extractor)
        _progress("life_story", result["life_story"])
    finally:
        if extractor is not None:
            extractor.llm.close()
    if not args.json:
        print(quality_table(result), file=sys.stderr)
    return _print(args, result)


def _label_sets(given: str) -> list[str]:
    names = [n.strip() for n in given.split(",") if n.strip()]
    unknown = [n for n in names if n not in LABEL_SETS]
    if unknown or not names:
        raise ValidationError(
            "--sets", f"use names from {', '.join(LABEL_SETS)}, comma-separated (not {given!r})"
        )
    return names


def _model_extractor(args: argparse.Namespace) -> LLMExtractor | None:
    """The language-model extractor when ``--extractor llm`` asks for it."""
    from lembrar.evaluation.graph_llm import ModelOptions, open_model_extractor

    named = args.model_path or args.llm_base_url or args.llm_model
    if args.extractor != "llm":
        if named:
            raise ValidationError(
                "--extractor", "a model option measures the model: add --extractor llm"
            )
        return None
    if args.trusted:
        raise ValidationError(
            "--trusted", "the trust threshold is fitted to the offline extractor; drop --trusted"
        )
    options = ModelOptions(
        args.model_path, args.threads, args.llm_base_url, args.llm_model, args.llm_api_key
    )
    return open_model_extractor(options, args.names)


def _extractor_names(args: argparse.Namespace, extractor: LLMExtractor | None) -> dict:
    offline = f"offline/{args.names}" + ("/trusted" if args.trusted else "")
    if extractor is None:
        return {"extractor": offline}
    return {"extractor": f"llm/{extractor.llm.config.model}", "fallback": offline}


def _progress(name: str, counts: dict | None) -> None:
    if counts is not None:
        seconds = counts["seconds_per_message"] * counts["turns"]
        print(f"{name}: {counts['turns']} messages in {seconds:.1f} s", file=sys.stderr)


QUALITY_COLUMNS = (
    ("facts", "facts_found"),
    ("precision", "facts_precision"),
    ("recall", "facts_recall"),
    ("messages", "turns"),
    ("s/message", "seconds_per_message"),
    ("calls", "calls"),
    ("fallbacks", "fallbacks"),
)


def quality_table(result: dict) -> str:
    """Per labelled set (and its parts) and the life story: facts, precision, recall (of the
    current facts, for the story), messages, seconds per message, model calls, fallbacks."""
    story = dict(result["life_story"])
    story |= {"facts_precision": story["fact_precision"], "facts_recall": story["current_recall"]}
    rows = [
        (name if part == "all" else f"{name}: {part}", counts)
        for name in LABEL_SETS
        for part, counts in result.get(name, {}).items()
        if part == "all" or len(result[name]) > 2  # a set of one part: its "all" says it
    ]
    rows.append(("life story", story))
    head = ["set", *(title for title, _ in QUALITY_COLUMNS)]
    lines = [
        f"extractor: {result['extractor']}"
        + (f" (fallback {result['fallback']})" if "fallback" in result else ""),
        "",
        "| " + " | ".join(head) + " |",
        "|" + "---|" * len(head),
    ]
    for name, counts in rows:
        lines.append(
            "| " + " | ".join([name, *(str(counts[k]) for _, k in QUALITY_COLUMNS)]) + " |"
        )
    return "\n".join(lines)


def run_hand_check(args: argparse.Namespace) -> int:
    from lembrar.evaluation.graph_quality import hand_check, judged

    if args.judged:
        return _print(args, judged(Path(args.judged)))
    return _print(args, hand_check(_file("locomo"), args.conversation, args.names))


def run_update(args: argparse.Namespace) -> int:
    from lembrar.evaluation.graph import run_knowledge_update

    data = Path(args.data) if args.data else _file("longmemeval", "longmemeval_oracle_dev.json.gz")
    return _print(args, run_knowledge_update(data, args.graph_embedder))


def run_cost(args: argparse.Namespace) -> int:
    from lembrar.evaluation.graph import _episode, extraction_rate, model_calls, search_latency
    from lembrar.graph.extract.spacy_names import spacy_available
    from lembrar.importers.locomo import load_locomo
    from lembrar.importers.longmemeval import load_longmemeval

    conversations = load_locomo(_file("locomo"))
    turns = [item for c in conversations for item in c.episodes("bench")]
    sample = [_episode(item) for item in turns[: args.turns]]
    result: dict = {"turns": len(sample), "rules_episodes_per_s": extraction_rate(sample, "rules")}
    if spacy_available():
        result["spacy_episodes_per_s"] = extraction_rate(sample, "spacy")
    result["model"] = model_calls(turns[:100])
    pool = list(turns)
    for q in load_longmemeval(_file("longmemeval")):
        if len(pool) >= args.episodes:
            break
        pool += q.episodes("bench")
    queries = [qa.question for c in conversations for qa in c.qa][: args.queries]
    with tempfile.TemporaryDirectory() as folder:
        result["latency"] = search_latency(
            pool[: args.episodes], queries, Path(folder) / "graph.db"
        )
    return _print(args, result)
