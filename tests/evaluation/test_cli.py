"""``lembrar bench``: argument parsing, and end-to-end smoke runs on slices of the real data."""

from __future__ import annotations

import argparse
import json

import pytest

from lembrar.cli import bench


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lembrar")
    parser.add_argument("--embedder")
    parser.add_argument("--json", action="store_true")
    bench.register(parser.add_subparsers(dest="command"))
    return parser


def test_subcommands_and_options_parse():
    args = _parser().parse_args(
        [
            "bench",
            "longmemeval",
            "--data",
            "f.json",
            "--limit",
            "3",
            "--granularity",
            "session",
            "--merge",
            "10",
            "--turns-per-episode",
            "2",
            "--embedder",
            "hash",
            "--baselines",
            "dense,chroma",
        ]
    )
    assert args.run is bench.run_longmemeval
    assert (
        args.limit,
        args.granularity,
        args.pool,
        args.turns_per_episode,
        args.bench_embedder,
    ) == (3, "session", 10, 2, "hash")
    assert bench._baselines(args) == ("dense", "chroma")
    for name in ("locomo", "dailydialog", "speed", "embedders"):
        assert _parser().parse_args(["bench", name]).run.__name__ == f"run_{name}"


def test_the_global_embedder_is_the_fallback():
    args = _parser().parse_args(["--embedder", "minilm", "bench", "locomo"])
    assert bench._embedder(args) == "minilm"
    assert bench._embedder(_parser().parse_args(["bench", "locomo"])) == "use-m3"


def test_bench_without_a_benchmark_prints_help(capsys):
    args = _parser().parse_args(["bench"])
    assert args.run(args) == 2
    assert "longmemeval" in capsys.readouterr().out


@pytest.mark.slow
def test_longmemeval_smoke(longmemeval_file, tmp_path, capsys):
    args = _parser().parse_args(
        [
            "--json",
            "bench",
            "longmemeval",
            "--data",
            str(longmemeval_file),
            "--limit",
            "2",
            "--embedder",
            "hash",
            "--no-cache",
            "--no-progress",
            "--out",
            str(tmp_path),
        ]
    )
    assert args.run(args) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(printed["summary"]) == {"lembrar", "dense", "keyword"}
    document = json.loads((tmp_path / "longmemeval.json").read_text())
    for system in ("lembrar", "dense", "keyword"):
        overall = document["summary"][system]["overall"]
        assert (
            0.0 <= overall["session.recall_any@5"] <= 1.0
            and 0.0 <= overall["turn.ndcg_any@10"] <= 1.0
        )
        assert (
            overall["session.recall_any@1"]
            <= overall["session.recall_any@5"]
            <= overall["session.recall_any@10"]
        )
    assert (tmp_path / "longmemeval.md").exists()


@pytest.mark.slow
def test_locomo_smoke(locomo_file, tmp_path):
    args = _parser().parse_args(
        [
            "bench",
            "locomo",
            "--data",
            str(locomo_file),
            "--limit",
            "1",
            "--embedder",
            "hash",
            "--baselines",
            "keyword",
            "--no-cache",
            "--no-progress",
            "--no-plots",
            "--out",
            str(tmp_path),
        ]
    )
    assert args.run(args) == 0
    document = json.loads((tmp_path / "locomo.json").read_text())
    assert document["notes"]["malformed or unknown evidence ids skipped"] == 1
    assert document["summary"]["keyword"]["overall"]["session.evidence_recall@10"] > 0.5


@pytest.mark.slow
def test_dailydialog_smoke(dailydialog_file, tmp_path):
    args = _parser().parse_args(
        [
            "bench",
            "dailydialog",
            "--data",
            str(dailydialog_file),
            "--questions",
            "30",
            "--embedder",
            "hash",
            "--no-cache",
            "--no-progress",
            "--no-plots",
            "--out",
            str(tmp_path),
        ]
    )
    assert args.run(args) == 0
    document = json.loads((tmp_path / "dailydialog.json").read_text())
    assert len(document["questions"]) == 30
    assert document["time_parsing"]["truthful"]["n"] > 0


@pytest.mark.slow
def test_speed_smoke(longmemeval_file, tmp_path):
    args = _parser().parse_args(
        [
            "bench",
            "speed",
            "--data",
            str(longmemeval_file),
            "--sizes",
            "300,1200",
            "--queries",
            "5",
            "--ingest-sample",
            "100",
            "--embedder",
            "hash",
            "--baselines",
            "dense",
            "--no-cache",
            "--no-progress",
            "--approximate-above",
            "1000",
            "--out",
            str(tmp_path),
        ]
    )
    assert args.run(args) == 0
    document = json.loads((tmp_path / "speed.json").read_text())
    sizes = [row["size"] for row in document["scaling"]]
    assert sizes == [300, 1200] and document["cold_ingest"]["lembrar"] > 0
    small, large = document["scaling"]
    assert small["dense_recall_at_10"] == 1.0  # exact below the threshold
    assert large["dense_recall_at_10"] >= 0.9  # through the approximate index above it
    assert (tmp_path / "speed.png").exists()
