"""The generated retrieval sets: deterministic, and their gold is what their questions say."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from lembrar.evaluation import shapes
from lembrar.evaluation.harness import Answer, Probe
from lembrar.evaluation.shapes import calendar, story
from lembrar.evaluation.systems import Found


@pytest.mark.parametrize("name", sorted(shapes.GENERATORS))
def test_a_set_is_the_same_for_a_seed_and_differs_for_another(name):
    one, again, other = shapes.build(name), shapes.build(name), shapes.build(name, seed=8)
    assert [p.text for c in one for p in c.probes] == [p.text for c in again for p in c.probes]
    assert [i.content for c in one for i in c.items] == [i.content for c in again for i in c.items]
    assert [i.content for c in one for i in c.items] != [i.content for c in other for i in c.items]


@pytest.mark.parametrize("name", sorted(shapes.GENERATORS))
def test_heldout_phrasings_are_not_the_dev_ones(name):
    dev = {p.text for c in shapes.build(name, "dev") for p in c.probes}
    heldout = {p.text for c in shapes.build(name, "heldout") for p in c.probes}
    assert dev and heldout and not dev & heldout


def _words(text: str) -> str:
    return " " + " ".join(re.findall(r"\w+", text.lower())) + " "


def test_calendar_gold_is_the_one_conversation_of_its_month_on_a_topic_others_share():
    for case in shapes.build("calendar"):
        sessions = {i.session_id: [] for i in case.items}
        for item in case.items:
            sessions[item.session_id].append(_words(item.content))
        assert len(case.probes) >= 40
        for probe in case.probes:
            (gold,) = probe.gold
            topic = next(
                t for pair in calendar.TOPICS for t in pair if f" {t} " in _words(probe.text)
            )
            holding = [s for s, texts in sessions.items() if f" {topic} " in "".join(texts)]
            month = gold[4:11]
            assert [s for s in holding if s[4:11] == month] == [gold] or probe.group == "fuzzy"
            assert 3 <= len(holding) - 1 <= 12


def test_story_questions_have_one_to_nine_gold_chapters_of_every_cue_kind():
    (case,) = shapes.build("story")
    assert len(case.items) == story.CHAPTERS
    assert {p.group for p in case.probes} >= {"date", "place_date", "person", "event", "place"}
    assert all(1 <= len(p.gold) <= 9 for p in case.probes)
    assert Counter(len(p.gold) > 1 for p in case.probes)[True] > 20


def test_scores_count_distinct_conversations():
    probe = Probe("q", "?", story.NOW, "date", frozenset({"a", "b"}))

    def answer(order):
        found = [Found(s, {}, 1.0, "") for s in order]
        return Answer(probe, "x", found, 0.0)

    assert shapes.score_answer(answer(["a", "a", "b"])) == {
        "first": 1.0,
        "all@5": 1.0,
        "any@5": 1.0,
    }
    assert shapes.score_answer(answer(["c", "b", "d", "e", "f", "a"])) == {
        "first": 0.0,
        "all@5": 0.0,
        "any@5": 1.0,
    }
