"""``lembrar bench graph quality --extractor llm`` as a person runs it, against the bundled
OpenAI-protocol server with scripted replies: what the replies say is what gets scored, a reply
that never validates falls back to the offline extractor and is counted, and a model that
cannot be used is an error naming the option to fix."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lembrar.evaluation.graph_quality import DataFiles, run_labelled
from lembrar.testing import FakeOpenAIServer, Reply

ROOT = Path(__file__).resolve().parents[2]
STORE = {
    "set": "locomo-heldout",
    "ref": "conv-30/D3:3",
    "entities": ["Gina", "store"],
    "facts": [["Gina", "owns", "store"]],
}
COINS = {
    "set": "longmemeval-ku-heldout",
    "ref": "69fee5aa/0/8",
    "entities": ["coins"],
    "facts": [["User", "owns", "coins"], ["coins", "count", "37"]],
}
ONE_RIGHT_ONE_WRONG = {  # the store turn read by the model: its fact, and one it made up
    "entities": [
        {"name": "Gina", "type": "person", "aliases": []},
        {"name": "store", "type": "organization", "aliases": []},
        {"name": "Paris", "type": "place", "aliases": []},
    ],
    "facts": [
        {"subject": "Gina", "predicate": "owns", "object": "store"},
        {"subject": "Gina", "predicate": "lives_in", "object": "Paris"},
    ],
}
NEVER_VALID = {  # an unknown predicate: refused, asked again, refused again
    "entities": [{"name": "coins", "type": "thing", "aliases": []}],
    "facts": [{"subject": "coins", "predicate": "collects_dust", "object": "coins"}],
}
NOTHING: dict[str, list[Any]] = {"entities": [], "facts": []}


def _data_root() -> Path:
    from lembrar.evaluation.data import data_root

    root = data_root(ROOT)
    if root is None or not (root / "locomo").is_dir():
        pytest.skip("shared/data not found (set LEMBRAR_BENCH_DATA)")
    return root


def _lembrar(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LEMBRAR_BENCH_DATA": str(_data_root())}
    return subprocess.run(
        [sys.executable, "-m", "lembrar", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )


def _labels(folder: Path, *rows: dict[str, Any]) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "heldout.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return folder


def _offline(tmp_path: Path, row: dict[str, Any]) -> dict[str, Any]:
    """What the offline extractor finds in ``row``'s turn: the fallback's share of the score."""
    root = _data_root()
    data = DataFiles(
        root / "locomo/locomo_dev.json.gz", root / "longmemeval/longmemeval_oracle_dev.json.gz"
    )
    counts: dict[str, dict[str, Any]] = run_labelled(
        _labels(tmp_path / "offline", row) / "heldout.jsonl", data
    )
    return counts["all"]


def test_the_model_extractor_is_scored_on_what_its_replies_say(tmp_path: Path) -> None:
    folder = _labels(tmp_path / "labels", STORE, COINS)
    fallback = _offline(tmp_path, COINS)
    with FakeOpenAIServer(api_key="sk-test", models=["reader"]) as server:
        server.script(Reply.json(ONE_RIGHT_ONE_WRONG), Reply.json(NEVER_VALID))
        server.script(Reply.json(NEVER_VALID))
        server.default = Reply.json(NOTHING)  # the life story's turns: nothing read
        done = _lembrar(
            "--json", "bench", "graph", "quality", "--extractor", "llm",
            "--llm-base-url", server.base_url, "--llm-model", "reader",
            "--llm-api-key", "sk-test", "--labels-dir", str(folder),
            "--sets", "heldout", "--seeds", "1",
        )  # fmt: skip
        chats = [r for r in server.requests if r.path.endswith("/chat/completions")]
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["extractor"] == "llm/reader" and report["fallback"] == "offline/rules"
    assert "Gina" in chats[0].messages[-1]["content"]
    store, every = report["heldout"]["locomo-heldout"], report["heldout"]["all"]
    assert (store["facts_found"], store["facts_hit"], store["calls"]) == (2, 1, 1)
    assert (store["facts_precision"], store["facts_recall"], store["fallbacks"]) == (0.5, 1.0, 0)
    coins = report["heldout"]["longmemeval-ku-heldout"]
    assert (coins["calls"], coins["fallbacks"]) == (2, 1)  # asked twice, then the offline rules
    assert coins["facts_found"] == fallback["facts_found"]
    assert coins["facts_hit"] == fallback["facts_hit"]
    hit, found = 1 + fallback["facts_hit"], 2 + fallback["facts_found"]
    assert every["facts_precision"] == round(hit / found, 3)
    assert every["facts_recall"] == round(hit / 3, 3)
    assert every["turns"] == 2 and every["seconds_per_message"] > 0
    story = report["life_story"]
    assert story["seeds"] == [0] and story["calls"] == story["turns"] == len(chats) - 3
    assert story["facts_found"] == story["fallbacks"] == 0


def test_limit_reads_the_first_turns_and_the_table_names_every_column(tmp_path: Path) -> None:
    folder = _labels(tmp_path / "labels", STORE, COINS)
    with FakeOpenAIServer(models=["reader"], default=Reply.json(NOTHING)) as server:
        done = _lembrar(
            "bench", "graph", "quality", "--extractor", "llm", "--llm-base-url", server.base_url,
            "--llm-model", "reader", "--labels-dir", str(folder), "--sets", "heldout",
            "--limit", "1", "--seeds", "1",
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert list(report["heldout"]) == ["locomo-heldout", "all"]
    assert report["heldout"]["all"]["turns"] == report["heldout"]["all"]["calls"] == 1
    head = "| set | facts | precision | recall | messages | s/message | calls | fallbacks |"
    assert head in done.stderr and "| life story |" in done.stderr


def test_a_missing_model_file_names_the_option_and_the_fix(tmp_path: Path) -> None:
    missing = tmp_path / "absent.gguf"
    done = _lembrar(
        "bench", "graph", "quality", "--extractor", "llm", "--model-path", str(missing),
        "--sets", "heldout", "--seeds", "1",
    )  # fmt: skip
    assert done.returncode == 2
    assert f"--model-path: no model file at {missing}" in done.stderr
    assert "GGUF" in done.stderr and "Traceback" not in done.stderr


def test_a_server_that_cannot_be_reached_names_the_option_and_the_fix() -> None:
    with FakeOpenAIServer() as server:
        url = server.base_url
    done = _lembrar(
        "bench", "graph", "quality", "--extractor", "llm", "--llm-base-url", url,
        "--llm-model", "fake-model", "--sets", "heldout", "--seeds", "1",
    )  # fmt: skip
    assert done.returncode == 2
    assert f"--llm-base-url: {url} cannot be reached" in done.stderr
    assert "start the server" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("--model-path", "x.gguf"), "--extractor"),
        (("--extractor", "llm"), "--model-path"),
        (("--extractor", "llm", "--llm-base-url", "http://127.0.0.1:9/v1"), "--llm-model"),
        (("--sets", "heldout,nope"), "--sets"),
        (("--limit", "0"), "--limit"),
    ],
)
def test_options_that_cannot_run_are_refused_before_any_work(
    args: tuple[str, ...], named: str
) -> None:
    done = _lembrar("bench", "graph", "quality", "--seeds", "1", *args)
    assert done.returncode == 2
    assert done.stderr.startswith(f"error: {named}:") and "Traceback" not in done.stderr
