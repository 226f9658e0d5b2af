"""The benchmark runs the language-model steps against any OpenAI-compatible endpoint."""

import json

from lembrar.cli import main
from lembrar.testing import FakeOpenAIServer, Reply


def test_dailydialog_bench_adds_a_system_with_the_llm_steps(tmp_path, dailydialog_file):
    with FakeOpenAIServer(models=("fake-model",), default=Reply.json({"ranges": []})) as server:
        code = main(
            [
                "bench",
                "dailydialog",
                "--data",
                str(dailydialog_file),
                "--questions",
                "4",
                "--embedder",
                "hash",
                "--baselines",
                "dense",
                "--no-plots",
                "--no-progress",
                "--out",
                str(tmp_path),
                "--cache-dir",
                str(tmp_path / "cache"),
                "--llm-base-url",
                server.base_url,
                "--llm-model",
                "fake-model",
            ]
        )
        asked = len(server.requests)
    assert code == 0
    summary = json.loads((tmp_path / "dailydialog.json").read_text())["summary"]
    assert {"lembrar", "lembrar+llm", "dense"} <= set(summary)
    assert summary["lembrar+llm"]["n"] == summary["lembrar"]["n"] == 4
    assert asked >= 4
