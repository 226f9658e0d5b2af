"""``lembrar bench llm STEP``: each step measured through the OpenAI protocol, its cost counted."""

from __future__ import annotations

import json

from lembrar.cli import main
from lembrar.testing import FakeOpenAIServer, RecordedRequest, Reply


def _run(tmp_path, server, *args: str) -> dict:
    common = [
        "--llm-base-url",
        server.base_url,
        "--llm-model",
        "fake-model",
        "--out",
        str(tmp_path),
    ]
    assert main(["bench", "llm", *args, *common, "--cache-dir", str(tmp_path / "cache")]) == 0
    return json.loads((tmp_path / f"llm-{args[0]}.json").read_text())


def test_dates_compares_the_model_with_the_rule_parser(tmp_path, dailydialog_file):
    with FakeOpenAIServer(models=("fake-model",), default=Reply.json({"ranges": []})) as server:
        result = _run(tmp_path, server, "dates", "--data", str(dailydialog_file), "--sample", "6")
    scores = result["scores"]
    assert result["model"]["model"] == "fake-model" and result["questions"] == 6
    assert scores["llm"]["no_window"] == 1.0
    assert scores["rules+llm"] == scores["rules"]
    assert scores["rules"]["holds_gold"] > 0
    assert result["cost"]["calls"] == 6 and result["cost"]["outcomes"] == {"used": 6}
    assert result["cost"]["tokens_in"] > 0


def test_a_failing_model_is_counted_as_fallbacks(tmp_path, dailydialog_file):
    with FakeOpenAIServer(models=("fake-model",), default=Reply(status=400)) as server:
        result = _run(tmp_path, server, "dates", "--data", str(dailydialog_file), "--sample", "3")
    assert result["cost"]["outcomes"] == {"fallback": 3}
    assert result["scores"]["llm"]["no_window"] == 1.0


def test_capture_counts_the_kept_share_and_scores_records(tmp_path, locomo_file):
    asked: list[int] = []

    def every_other(request: RecordedRequest) -> Reply:
        asked.append(1)
        keep = len(asked) % 2 == 1
        return Reply.json({"worth_remembering": keep, "label": "trip", "description": "a trip"})

    with FakeOpenAIServer(models=("fake-model",), default=every_other) as server:
        result = _run(
            tmp_path,
            server,
            "capture",
            "--data",
            str(locomo_file),
            "--sessions",
            "1",
            "--embedder",
            "hash",
        )
    assert result["records"] == (result["exchanges"] + 1) // 2
    assert result["cost"]["calls"] == result["exchanges"] > 0
    scores = result["scores"]
    assert set(scores) == {"raw turns", "turns + records", "records only"}
    assert scores["raw turns"]["n"] == result["questions"] > 0
