"""The shared benchmark loop, with a scripted backend, and the report it feeds."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest

from lembrar.errors import ConfigurationError
from lembrar.evaluation.harness import Case, Probe, run_cases, score_all, summarize
from lembrar.evaluation.metrics import recall_any
from lembrar.evaluation.report import BenchResult, markdown, table, write_report
from lembrar.evaluation.setup import parse_baselines, system_name
from lembrar.evaluation.systems import Found
from lembrar.model.inputs import EpisodeIn

NOW = datetime(2024, 1, 1, tzinfo=UTC)


@dataclass
class Scripted:
    """Answers every query with the loaded items in a fixed order (reversed for 'worse')."""

    systems: tuple[str, ...] = ("good", "worse")
    loaded: list[EpisodeIn] = field(default_factory=list)
    resets: int = 0
    closed: bool = False

    def load(self, scope, items):
        self.loaded += items

    def search(self, system, scope, query, k, now):
        items = self.loaded if system == "good" else self.loaded[::-1]
        return [Found(i.session_id, i.metadata, 1.0, i.content) for i in items[:k]]

    def reset(self):
        self.loaded, self.resets = [], self.resets + 1

    def close(self):
        self.closed = True


def _case(scope: str, group: str) -> Case:
    items = [
        EpisodeIn(user_id=scope, content=f"t{n}", session_id="s", metadata={"unit": f"{scope}-{n}"})
        for n in range(3)
    ]
    return Case(scope, items, [Probe(f"{scope}-q", "query", NOW, group, gold=f"{scope}-0")])


def _score(answer):
    ranking = [f.metadata["unit"] for f in answer.found]
    return {"hit@1": recall_any(ranking, [answer.probe.gold], 1), "empty": None}


def test_every_probe_is_asked_of_every_system_and_backends_reset():
    backend = Scripted()
    answers, timings = run_cases(
        [_case("a", "g1"), _case("b", "g2")], [backend], depth=5, progress=False
    )
    asked = [(a.probe.qid, a.system) for a in answers]
    assert asked == [("a-q", "good"), ("a-q", "worse"), ("b-q", "good"), ("b-q", "worse")]
    assert backend.resets == 2 and backend.closed
    assert timings.items == 6 and set(timings.search) == {"good", "worse"}
    assert timings.summary()["search_ms"]["good"]["n"] == 2


def test_summaries_average_overall_and_per_group():
    answers, _ = run_cases(
        [_case("a", "g1"), _case("b", "g2")], [Scripted()], depth=5, progress=False
    )
    summary = summarize(score_all(answers, _score), ["good", "worse"])
    assert (
        summary["good"]["overall"]["hit@1"] == 1.0 and summary["worse"]["overall"]["hit@1"] == 0.0
    )
    assert summary["good"]["groups"]["g1"] == {"n": 1, "hit@1": 1.0, "empty": None}
    assert summary["good"]["n"] == 2


def test_report_files_and_markdown(tmp_path):
    answers, timings = run_cases(
        [_case("a", "g1"), _case("b", "g2")], [Scripted()], depth=5, progress=False
    )
    rows = score_all(answers, _score)
    result = BenchResult(
        "demo",
        {"limit": 2},
        ["good", "worse"],
        summarize(rows, ["good", "worse"]),
        ["hit@1"],
        timings.summary(),
        {"questions": 2},
        rows,
        curves={"hit": [1]},
    )
    text = markdown(result)
    assert (
        "| good | 2 | 1.000 |" in text and "### hit@1 by group" in text and "- questions: 2" in text
    )
    written = write_report(result, tmp_path)
    names = {p.name for p in written}
    assert {"demo.json", "demo.md"} <= names
    document = json.loads((tmp_path / "demo.json").read_text())
    assert document["summary"]["good"]["overall"]["hit@1"] == 1.0
    assert document["environment"]["python"] and len(document["rows"]) == 4


def test_table_cells():
    lines = table(["a", "b"], [[0.5, None], [1234.5, "x"]])
    assert lines == ["| a | b |", "|---|---|", "| 0.500 | – |", "| 1,234.5 | x |"]


def test_baseline_names_are_checked():
    assert parse_baselines("dense, keyword") == ("dense", "keyword")
    assert parse_baselines("none") == ()
    with pytest.raises(ConfigurationError):
        parse_baselines("dense,faiss")
    assert system_name("balanced") == "lembrar" and system_name("thorough") == "lembrar:thorough"


def test_spread_samples_evenly_over_the_file():
    from lembrar.evaluation.longmemeval import spread

    assert spread(list(range(10)), 3) == [0, 3, 6]
    assert spread(list(range(4)), 9) == [0, 1, 2, 3]
    assert spread(list(range(4)), None) == [0, 1, 2, 3]


def test_install_size_of_a_known_distribution():
    from lembrar.evaluation.embedders import install_mb

    assert install_mb({"numpy"}) > 1.0
    assert install_mb({"no_such_module_here"}) == 0.0
