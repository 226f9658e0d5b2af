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


def _judge_or_echo(request: RecordedRequest) -> Reply:
    """The judge says yes when the response holds the correct answer; a reader echoes its
    memories, so that only a context holding the answer can contain it."""
    import re

    text = request.messages[-1]["content"]
    if "Model Response:" in text:
        gold = re.search(r"(?:Correct Answer|Rubric): (.*?)\n\nModel Response:", text, re.S)
        response = text.split("Model Response:", 1)[1]
        return Reply(text="yes" if gold and gold.group(1).lower() in response.lower() else "no")
    system = request.messages[0]["content"] if len(request.messages) > 1 else ""
    memories = system.split("<memories>", 1)[1] if "<memories>" in system else "I do not know."
    return Reply(text=memories)


def test_answers_read_each_context_and_judge_every_reply(tmp_path, longmemeval_file):
    with FakeOpenAIServer(models=("fake-model",), default=_judge_or_echo) as server:
        result = _run(
            tmp_path,
            server,
            "answers",
            "--data",
            str(longmemeval_file),
            "--sample",
            "2",
            "--haystack",
            "4",
            "--embedder",
            "hash",
        )
    scores, cost = result["scores"], result["cost"]
    assert set(scores) == {"lembrar context", "dense top-k", "no memory"}
    assert scores["no memory"] == {"n": 2, "contains_gold": 0.0, "judged_correct": 0.0}
    for name in scores:
        assert cost[name]["calls"] == cost[name]["items"] == 2
        for row in result["rows"][name]:
            assert row["judged_correct"] == (row["answer"].lower() in row["reply"].lower())
    assert cost["judge"]["calls"] == 6 and cost["judge"]["tokens_in"] > 0


def test_summaries_count_each_summary_the_model_could_not_write(tmp_path, locomo_file):
    with FakeOpenAIServer(models=("fake-model",), default=Reply(status=400)) as server:
        result = _run(
            tmp_path,
            server,
            "summaries",
            "--data",
            str(locomo_file),
            "--sessions",
            "4",
            "--embedder",
            "hash",
        )
    hidden = result["cost"]["items"]
    assert hidden > 0 and result["cost"]["outcomes"] == {"fallback": hidden}
    assert result["methods"]["model summaries"] == ["extractive"]
    assert result["scores"]["model summaries"] == result["scores"]["extractive summaries"]


def test_model_summaries_replace_the_extractive_ones(tmp_path, locomo_file):
    summary = {"title": "Support group and adoption", "summary": "Caroline went to a group."}
    with FakeOpenAIServer(models=("fake-model",), default=Reply.json(summary)) as server:
        result = _run(
            tmp_path,
            server,
            "summaries",
            "--data",
            str(locomo_file),
            "--sessions",
            "4",
            "--embedder",
            "hash",
        )
    cost = result["cost"]
    assert cost["calls"] == cost["items"] > 0 and cost["outcomes"] == {"fallback": 0}
    assert result["methods"]["model summaries"] == ["llm:fake-model"]
    assert set(result["scores"]) == {
        "raw turns, no window",
        "extractive summaries",
        "model summaries",
    }
