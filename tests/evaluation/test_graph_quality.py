"""The graph's quality measures: the life story generator, its scoring against a graph, the
labelled-set scoring and ``lembrar bench graph quality`` / ``hand-check`` as a person runs them."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from lembrar.cli.bench_graph import LABEL_SETS
from lembrar.evaluation.graph_quality import DataFiles, run_labelled, same_fact, score_story
from lembrar.evaluation.life_story import BEATS, LifeStory, StoryFact, life_story
from lembrar.evaluation.life_story_words import FOURTH, THIRD, Words
from lembrar.evaluation.life_story_words_fifth import FIFTH
from lembrar.evaluation.life_story_words_sixth import SIXTH
from lembrar.model.graph import Entity, Fact, FactSource, GraphData
from lembrar.model.predicates import PREDICATES

ROOT = Path(__file__).resolve().parents[2]
T0 = datetime(2024, 1, 1, tzinfo=UTC)


# -- the story -------------------------------------------------------------------------------
def test_a_seed_tells_the_same_story_and_seeds_tell_it_in_other_words() -> None:
    assert life_story(3) == life_story(3)
    texts = {tuple(t.text for t in life_story(seed).turns) for seed in range(6)}
    assert len(texts) == 6
    languages = {t.lang for seed in range(6) for t in life_story(seed).turns}
    assert languages == {"en", "pt"}


def test_held_out_seeds_say_every_beat_in_words_no_earlier_seeds_use() -> None:
    seen: set[str] = set()
    for first in (0, 100, 200, 300, 400, 500):
        stories = [life_story(seed) for seed in range(first, first + 40)]
        texts = {t.text for story in stories for t in story.turns}
        assert not texts & seen, first
        assert [len(s.turns) for s in stories] == [len(life_story(0).turns)] * 40
        assert {t.lang for s in stories for t in s.turns} == {"en", "pt"}
        seen |= texts


def _wording(template: str) -> re.Pattern[str]:
    """A template as a pattern its filled-in turns match: each placeholder any name."""
    parts = re.split(r"\{\w+\}", template)
    return re.compile("(.+?)".join(re.escape(part) for part in parts))


def _told_wordings(seeds: range, words: Words) -> set[str]:
    """The templates of ``words`` that the stories of ``seeds`` tell; fails on a turn told in
    other words, or with a placeholder left unfilled."""
    told: set[str] = set()
    for seed in seeds:
        for beat, turn in zip(BEATS, life_story(seed).turns, strict=True):
            assert "{" not in turn.text and "}" not in turn.text, (seed, turn.text)
            en, pt = words[beat.month]
            matches = [t for t in (*en, *pt) if _wording(t).fullmatch(turn.text)]
            assert matches, (seed, turn.text)
            told |= set(matches)
    return told


def test_seeds_from_300_tell_every_fourth_wording_filled_in_and_200s_still_tell_third() -> None:
    assert set(FOURTH) == set(THIRD) == {beat.month for beat in BEATS}
    assert all(en and pt for en, pt in FOURTH.values())
    every = {t for en, pt in FOURTH.values() for t in (*en, *pt)}
    assert _told_wordings(range(300, 400), FOURTH) == every
    assert _told_wordings(range(200, 210), THIRD)


def test_seeds_from_400_tell_every_fifth_wording_filled_in_and_300s_still_tell_fourth() -> None:
    assert set(FIFTH) == {beat.month for beat in BEATS}
    assert all(en and pt for en, pt in FIFTH.values())
    every = {t for en, pt in FIFTH.values() for t in (*en, *pt)}
    assert _told_wordings(range(400, 500), FIFTH) == every
    assert _told_wordings(range(300, 310), FOURTH)


def test_seeds_from_500_tell_every_sixth_wording_filled_in_and_400s_still_tell_fifth() -> None:
    assert set(SIXTH) == {beat.month for beat in BEATS}
    assert all(en and pt for en, pt in SIXTH.values())
    every = {t for en, pt in SIXTH.values() for t in (*en, *pt)}
    assert _told_wordings(range(500, 600), SIXTH) == every
    assert _told_wordings(range(400, 410), FIFTH)


@pytest.mark.parametrize(
    "seed",
    [*range(8), 100, 101, 102, 200, 201, 202, 300, 301, 302, 400, 401, 402, 500, 501, 502],
)
def test_the_story_states_what_it_says_holds_and_traps_state_nothing(seed: int) -> None:
    story = life_story(seed)
    stated = {(f.subject, f.predicate, f.objects) for t in story.turns for f in t.facts}
    allowed = {(f.subject, f.predicate, f.objects) for t in story.turns for f in t.allowed}
    for fact in story.current:  # each current fact is said by some turn
        assert any(
            s == fact.subject and p == fact.predicate and set(fact.objects) <= set(o)
            for s, p, o in stated | allowed
        ), fact
    for fact in story.replaced:  # said once, and not current at the end
        assert (fact.subject, fact.predicate, fact.objects) in stated
        assert fact not in story.current
    assert all(not t.facts for t in story.turns if t.trap)
    assert sum(t.trap for t in story.turns) >= 7
    times = [t.at for t in story.turns]
    assert times == sorted(times) and times[-1] - times[0] > timedelta(days=600)


def test_the_partner_is_one_person_under_two_names() -> None:
    story = life_story(0)
    partner = next(f for f in story.current if f.predicate == "has_partner")
    husband = [f for t in story.turns for f in t.facts if "husband" in f.objects]
    assert husband and partner.objects[0] in husband[0].objects
    assert partner.objects == partner.objects[:1]  # the current fact needs the name itself


# -- scoring a graph of the story ------------------------------------------------------------
def _graph(story: LifeStory, facts: list[tuple[StoryFact, bool, int]]) -> GraphData:
    """A graph holding ``facts`` (fact, closed, the turn that said it); names become entities."""
    entities: dict[str, Entity] = {}

    def entity(name: str, kind: str = "thing") -> str:
        if name not in entities:
            entities[name] = Entity(f"e{len(entities)}", "story", name, kind, T0)
        return entities[name].id

    entity(story.person, "user")
    out = []
    for n, (fact, closed, turn) in enumerate(facts):
        negated = fact.predicate.startswith("not:")
        out.append(
            Fact(
                f"f{n}",
                "story",
                entity(fact.subject),
                fact.predicate.removeprefix("not:"),
                entity(fact.objects[0]),
                str(fact),
                T0,
                T0,
                invalid_at=T0 + timedelta(days=1) if closed else None,
                sources=(FactSource(f"ep{turn}", str(fact), T0),),
                negated=negated,
            )
        )
    return GraphData(tuple(entities.values()), tuple(out))


def _turn_of(story: LifeStory, fact: StoryFact) -> int:
    return next(i for i, t in enumerate(story.turns) if fact in t.facts or fact in t.allowed)


def test_a_graph_holding_exactly_the_story_scores_full_marks():
    story = life_story(1)
    facts = [(f, False, _turn_of(story, f)) for f in story.current if f.predicate != "has_partner"]
    partner = next(f for t in story.turns for f in t.facts if f.predicate == "has_partner")
    facts += [(partner, False, _turn_of(story, partner))]
    facts += [(f, True, _turn_of(story, f)) for f in story.replaced]
    ids = [f"ep{i}" for i in range(len(story.turns))]
    counts = score_story(story, _graph(story, facts), ids)
    assert counts["facts_right"] == counts["facts_found"] == len(facts)
    assert counts["current_found"] == len(story.current)
    assert counts["replaced_closed"] == len(story.replaced) == 3
    assert counts["trap_facts"] == counts["entities_junk"] == counts["current_closed"] == 0


def test_open_old_values_trap_facts_junk_and_a_merged_name_closing_are_counted():
    story = life_story(2)
    ids = [f"ep{i}" for i in range(len(story.turns))]
    trap = next(i for i, t in enumerate(story.turns) if t.trap and not t.allowed)
    partner = next(f for f in story.current if f.predicate == "has_partner")
    husband = StoryFact(story.person, "has_partner", ("husband",))
    wrong = StoryFact(story.person, "lives_in", ("Madrid in spring",))
    facts = [
        (story.replaced[0], False, 1),  # the old city still current
        (wrong, False, trap),  # a fact from a trap, its object junk
        (partner, True, 2),  # the partner closed by "husband": the same man
        (husband, False, 12),
    ]
    counts = score_story(story, _graph(story, facts), ids)
    assert counts["facts_found"] == 4 and counts["facts_right"] == 3
    assert counts["replaced_closed"] == 0
    assert counts["trap_facts"] == 1
    assert counts["entities_junk"] == 1
    assert counts["current_closed"] == 1
    assert counts["current_found"] == 0  # "husband" is no name for the partner's fact


# -- labelled sets and the command -----------------------------------------------------------
def _data_root() -> Path:
    from lembrar.evaluation.data import data_root

    root = data_root(ROOT)
    if root is None or not (root / "dailydialog").is_dir():
        pytest.skip("shared/data not found (set LEMBRAR_BENCH_DATA)")
    return root


def test_labelled_turns_of_every_source_are_read_and_scored(tmp_path: Path):
    root = _data_root()
    labels = tmp_path / "labels.jsonl"
    rows = [
        {"set": "a", "ref": "dailydialog-438/1", "entities": ["newspaper columnist"], "facts": []},
        {
            "set": "b",
            "ref": "conv-44/D15:1",
            "entities": [],
            "facts": [["Audrey", "has_pet", "dogs"]],
        },
    ]
    labels.write_text("".join(json.dumps(r) + "\n" for r in rows))
    data = DataFiles(
        root / "locomo/locomo_dev.json.gz",
        root / "longmemeval/longmemeval_oracle_dev.json.gz",
        root / "dailydialog/xdd_1k_dialogues_text_En.txt",
    )
    sets = run_labelled(labels, data)
    assert set(sets) == {"a", "b", "all"} and sets["all"]["turns"] == 2
    assert sets["b"]["facts_gold"] == 1 and sets["a"]["facts_gold"] == 0
    assert (
        sets["all"]["entities_junk"] == sets["all"]["entities_found"] - sets["all"]["entities_hit"]
    )
    assert sets["all"]["seconds_per_message"] > 0


def test_a_written_message_is_scored_by_its_facts_alone(tmp_path: Path):
    labels = tmp_path / "written.jsonl"
    rows = [
        {"set": "w", "ref": "w-1", "text": "We're flying to Oslo next month!", "facts": []},
        {
            "set": "w",
            "ref": "w-2",
            "text": "Our parrot Kiwi is learning words.",
            "facts": [["User", "has_pet", "Kiwi"], ["User", "likes", "parrots"]],
        },
    ]
    labels.write_text("".join(json.dumps(r) + "\n" for r in rows))
    sets = run_labelled(labels, DataFiles(tmp_path / "none", tmp_path / "none"))
    written = sets["w"]
    assert written["turns"] == 2 and written["facts_gold"] == 2 and written["facts_hit"] == 1
    assert written["facts_found"] == 2  # the trip to Oslo, dated June 2024, is no label's
    assert written["entities_gold"] == written["entities_found"] == 0  # facts only


def _lembrar(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LEMBRAR_BENCH_DATA": str(_data_root())}
    return subprocess.run(
        [sys.executable, "-m", "lembrar", "bench", "graph", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )


def test_quality_reports_every_set_and_the_life_story():
    done = _lembrar("quality", "--seeds", "2")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report) >= {"dev", "dev2", "dev3", "heldout", "fresh", "fresh2", "life_story"}
    assert report["written"]["all"]["turns"] == report["written2"]["all"]["turns"] == 150
    assert report["written3"]["all"]["turns"] == 200
    assert report["dev3"]["all"]["turns"] == 200
    assert report["fresh"]["all"]["turns"] >= 150
    assert {"locomo-fresh", "dailydialog"} <= set(report["fresh"])
    assert report["fresh2"]["all"]["turns"] == 120
    assert {"locomo-fresh2", "dailydialog-fresh2"} <= set(report["fresh2"])
    story = report["life_story"]
    assert story["seeds"] == [0, 1] and story["replaced_gold"] == 6
    for key in ("fact_precision", "current_recall", "trap_facts", "entities_junk"):
        assert key in story


def test_trusted_extraction_keeps_fewer_facts_of_the_development_turns():
    def facts(*flags: str) -> dict:
        done = _lembrar("extraction", "--labels", "benchmarks/graph/dev2.jsonl", *flags)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    plain, trusted = facts(), facts("--trusted")
    assert plain["extractor"] == "offline/rules"
    assert trusted["extractor"] == "offline/rules/trusted"
    kept, every = trusted["sets"]["all"], plain["sets"]["all"]
    assert kept["facts_found"] < every["facts_found"]
    assert kept["facts_precision"] > every["facts_precision"]
    assert kept["entities_found"] < every["entities_found"]


def test_quality_refuses_no_story_with_a_clear_message():
    done = _lembrar("quality", "--seeds", "0")
    assert done.returncode != 0
    assert "seeds" in done.stderr and "Traceback" not in done.stderr


def test_hand_check_dumps_the_graph_and_scores_a_judged_dump(tmp_path: Path):
    done = _lembrar("hand-check", "--conversation", "conv-30")
    assert done.returncode == 0, done.stderr
    dump = json.loads(done.stdout)
    assert dump["conversation"] == "conv-30" and dump["facts"] and dump["entities"]
    assert all(f["right"] is None and f["said"] for f in dump["facts"])
    for n, fact in enumerate(dump["facts"]):
        fact["right"] = n % 2 == 0
    judged = tmp_path / "judged.json"
    judged.write_text(json.dumps(dump))
    done = _lembrar("hand-check", "--judged", str(judged))
    score = json.loads(done.stdout)
    assert score["judged"] == len(dump["facts"])
    assert score["right"] == (len(dump["facts"]) + 1) // 2
    missing = _lembrar("hand-check", "--conversation", "conv-99")
    assert missing.returncode != 0 and "conv-99" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_a_judged_dump_counts_only_true_marks_and_refuses_other_marks(tmp_path: Path):
    def dump(*rights: object) -> Path:
        facts = [
            {"fact": ["Ana", "likes", "jazz"], "said": ["I love jazz"], "right": r} for r in rights
        ]
        entities = [{"name": "Ana", "junk": False}, {"name": "Hey", "junk": True}]
        path = tmp_path / "judged.json"
        path.write_text(json.dumps({"facts": facts, "entities": entities}))
        return path

    done = _lembrar("hand-check", "--judged", str(dump(True, False, None)))
    assert done.returncode == 0, done.stderr
    score = json.loads(done.stdout)
    assert (score["judged"], score["right"], score["precision"]) == (2, 1, 0.5)
    assert score["entities_junk"] == 1

    quoted = _lembrar("hand-check", "--judged", str(dump(True, "false")))
    assert quoted.returncode != 0 and not quoted.stdout
    assert "facts[1].right" in quoted.stderr and "no quotes" in quoted.stderr
    assert "Traceback" not in quoted.stderr


def test_a_judged_path_that_is_not_a_dump_gets_a_clear_error(tmp_path: Path):
    not_json = tmp_path / "notes.txt"
    not_json.write_text("Caroline likes art: right")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"precision": 1.0}))
    for path in (tmp_path / "missing.json", not_json, other):
        done = _lembrar("hand-check", "--judged", str(path))
        assert done.returncode != 0 and not done.stdout
        assert "judged" in done.stderr and str(path) in done.stderr
        assert "Traceback" not in done.stderr


def test_a_plan_is_the_same_fact_in_any_form_of_its_verb_and_nothing_else_is_loosened() -> None:
    assert same_fact(
        ("U", "plans", "move to Leeds (2024-06-01)"), ("U", "plans", "moving to Leeds")
    )
    assert same_fact(("U", "plans", "getting a puppy"), ("U", "plans", "get a puppy"))
    assert not same_fact(("U", "plans", "moving to Leeds"), ("U", "plans", "move to York"))
    assert not same_fact(("U", "does", "running"), ("U", "does", "run"))  # only plans


def test_a_plan_found_matches_without_the_date_it_carries() -> None:
    found = ("U", "plans", "job interview (2024-05-02)")
    assert same_fact(found, ("U", "plans", "job interview at the bank"))
    assert not same_fact(found, ("U", "plans", "dentist appointment"))
    assert not same_fact(("U", "owns", "car (2024-05-02)"), ("U", "owns", "car at home"))


@pytest.mark.parametrize(("name", "file"), sorted(LABEL_SETS.items()))
def test_every_labelled_set_the_bench_names_is_well_formed(name: str, file: str) -> None:
    rows = [
        json.loads(line)
        for line in (ROOT / "benchmarks" / "graph" / file).read_text().splitlines()
        if line.strip()
    ]
    assert rows, name
    refs = [row["ref"] for row in rows]
    assert len(refs) == len(set(refs)), f"{name}: a ref is given twice"
    for row in rows:
        for fact in row["facts"]:
            assert len(fact) in (3, 4), (row["ref"], fact)
            assert fact[1].removeprefix("not:") in PREDICATES, (row["ref"], fact)
            assert all(isinstance(part, str) and part.strip() for part in fact[:3]), row["ref"]
