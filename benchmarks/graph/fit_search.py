"""Fits graph search's confidence (``lembrar/graph/confidence.py``) on question / fact pairs
built from the labelled sets, chooses the threshold they justify and reports it on held-out
pairs.

Each labelled conversation (a LoCoMo sample, a LongMemEval question, a DailyDialog dialogue) or
life story becomes a small graph of its gold facts. Every person in it is asked about every
predicate with templated questions ("where does Ana live?", "where do I live?" for the user);
a fact answers a question when its subject and predicate are the ones asked about ("where
does she live?" names nobody: any ``lives_in`` fact answers it; "tell me about Ana": any of
Ana's facts). Questions
about a predicate a person has no fact of ("where does Caroline live?" with no ``lives_in``)
are the pairs that teach the model to answer nothing. Fitted on ``labels.jsonl``,
``fresh.jsonl`` and life stories 100-109; reported on ``heldout.jsonl`` and life stories 0-4.

    PYTHONPATH=. python benchmarks/graph/fit_search.py            # report
    PYTHONPATH=. python benchmarks/graph/fit_search.py --write    # and store the fit
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from lembrar.evaluation.life_story import life_story
from lembrar.graph.centers import NameIndex
from lembrar.graph.confidence import FEATURES, content_stems, features, question_words
from lembrar.graph.extract.names import fold
from lembrar.model.graph import Entity, Fact
from lembrar.model.predicates import PREDICATES, predicates_asked

HERE = Path(__file__).resolve().parent
TARGET = HERE.parents[1] / "lembrar/graph/confidence.py"
T0 = datetime(2024, 1, 1, tzinfo=UTC)
PRECISION = 0.9  # the share of returned facts that must answer their question
QUESTIONS: dict[str, tuple[str, ...]] = {
    "lives_in": (
        "where does {s} live?",
        "which city is {s} living in now?",
        "where is {s}'s home?",
    ),
    "works_at": ("where does {s} work?", "which company does {s} work for?"),
    "works_as": ("what is {s}'s job?", "what does {s} work as?"),
    "studies": ("what does {s} study?",),
    "studies_at": ("which school does {s} go to?", "what university does {s} attend?"),
    "likes": ("what does {s} like?", "what does {s} love doing?", "what is {s}'s favorite thing?"),
    "dislikes": ("what does {s} hate?",),
    "has_pet": (
        "does {s} have a pet?",
        "what is the name of {s}'s dog?",
        "what pets does {s} have?",
    ),
    "has_child": ("does {s} have kids?", "what is {s}'s daughter called?"),
    "has_partner": ("is {s} married?", "who is {s}'s partner?", "does {s} have a girlfriend?"),
    "has_sibling": ("does {s} have a sister?", "who is {s}'s brother?"),
    "has_parent": ("who are {s}'s parents?", "what does {s}'s mother do?"),
    "allergic_to": ("is {s} allergic to anything?", "what allergies does {s} have?"),
    "diet": ("is {s} vegetarian?", "what diet is {s} on?"),
    "owns": ("what does {s} own?", "does {s} have a car?"),
    "does": ("what hobbies does {s} have?", "does {s} play any sport?", "what does {s} practise?"),
    "plans": ("what is {s} planning?", "what are {s}'s plans for next month?"),
}
SAME = {"works_at": "work", "works_as": "work", "studies": "study", "studies_at": "study"}


def answers(asked: str, predicate: str) -> bool:
    """A fact of ``predicate`` answers a question about ``asked`` ("what is her job?" is
    answered by where she works and by what she works as)."""
    return predicate == asked or SAME.get(predicate, predicate) == SAME.get(asked, asked)


ABOUT = ("tell me about {s}", "what do you know about {s}?")  # every fact of {s} answers
ELSEWHERE = ("what's the weather like today?", "can you recommend a movie?", "what time is it?")


def first_person(question: str) -> str:
    for third, first in (
        ("does {s}", "do I"),
        ("is {s}", "am I"),
        ("{s}'s", "my"),
        ("about {s}", "about me"),
    ):
        question = question.replace(third, first)
    return question.replace("{s}", "I")


def third_person(question: str) -> str:
    """The question about someone not named ("where does she live?")."""
    return question.replace("{s}'s", "her").replace("{s}", "she")


def _group(ref: str) -> str:
    return ref.split("/")[0]


def labelled_groups(names: Sequence[str]) -> Iterator[list[tuple[str, str, str]]]:
    """The gold facts of each conversation of the labels files ``names`` (endings and counts
    left out: nobody asks for them this way)."""
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for name in names:
        for line in (HERE / name).read_text().splitlines():
            row = json.loads(line) if line.strip() else None
            if row is None:
                continue
            for s, p, o, *_ in row["facts"]:
                if p in QUESTIONS:
                    groups.setdefault(_group(row["ref"]), []).append((s, p, o))
    yield from (g for g in groups.values() if g)


def story_groups(seeds: Sequence[int]) -> Iterator[list[tuple[str, str, str]]]:
    for seed in seeds:
        story = life_story(seed)
        facts = {(f.subject, f.predicate, f.objects[0]) for t in story.turns for f in t.facts}
        yield sorted(
            (s if s != story.person else "User", p, o) for s, p, o in facts if p in QUESTIONS
        )


def _graph(triples: Sequence[tuple[str, str, str]]) -> tuple[list[Entity], list[Fact]]:
    entities: dict[str, Entity] = {}

    def entity(name: str) -> str:
        key = fold(name)
        if key not in entities:
            kind = "user" if name == "User" else "person"
            entities[key] = Entity(key, "g", name, kind, T0)
        return key

    facts = []
    for n, (s, p, o) in enumerate(triples):
        phrase = PREDICATES[p].phrase if p in PREDICATES else p.replace("_", " ")
        facts.append(Fact(f"f{n}", "g", entity(s), p, entity(o), f"{s} {phrase} {o}", T0, T0))
    return list(entities.values()), facts


def pairs(
    groups: Iterator[list[tuple[str, str, str]]], rng: random.Random
) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """Feature rows, labels and the question each row belongs to."""
    rows, labels, asked_in = [], [], []
    question_id = 0
    for triples in groups:
        entities, facts = _graph(triples)
        index = NameIndex(entities)
        subjects = sorted({s for s, _, _ in triples})
        for subject in subjects:
            for predicate, templates in QUESTIONS.items():
                template = rng.choice(templates)
                text = first_person(template) if subject == "User" else template.format(s=subject)
                question_id += 1
                words = question_words(text)
                centers = frozenset(index.centers(words, None))
                stems, asked = content_stems(text), predicates_asked(words)
                for fact, (s, p, _) in zip(facts, triples, strict=True):
                    rows.append(features(stems, asked, centers, fact))
                    labels.append(float(s == subject and answers(predicate, p)))
                    asked_in.append(question_id)
            template = rng.choice(ABOUT)
            text = first_person(template) if subject == "User" else template.format(s=subject)
            question_id += 1
            words = question_words(text)
            centers = frozenset(index.centers(words, None))
            for fact, (s, _, _) in zip(facts, triples, strict=True):
                rows.append(features(content_stems(text), predicates_asked(words), centers, fact))
                labels.append(float(s == subject))
                asked_in.append(question_id)
        for predicate in sorted({p for _, p, _ in triples}):  # "she": any fact of it answers
            text = third_person(rng.choice(QUESTIONS[predicate]))
            question_id += 1
            words = question_words(text)
            centers = frozenset(index.centers(words, None))
            for fact, (_, p, _) in zip(facts, triples, strict=True):
                rows.append(features(content_stems(text), predicates_asked(words), centers, fact))
                labels.append(float(answers(predicate, p)))
                asked_in.append(question_id)
        for text in ELSEWHERE:
            question_id += 1
            words = question_words(text)
            for fact in facts:
                rows.append(features(content_stems(text), predicates_asked(words), (), fact))
                labels.append(0.0)
                asked_in.append(question_id)
    return np.array(rows), np.array(labels), asked_in


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0, rounds: int = 50) -> np.ndarray:
    """Logistic regression by Newton's method with an L2 penalty (the bias not penalized)."""
    w = np.zeros(x.shape[1])
    penalty = np.eye(x.shape[1]) * l2
    penalty[0, 0] = 0.0
    for _ in range(rounds):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) + penalty @ w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + penalty
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def threshold(p: np.ndarray, y: np.ndarray) -> float:
    """The lowest confidence at which the pairs at or above it are right ``PRECISION`` of the
    time."""
    for t in np.arange(0.05, 0.96, 0.05):
        above = p >= t
        if above.any() and y[above].mean() >= PRECISION:
            return round(float(t), 2)
    return 0.95


def report(p: np.ndarray, y: np.ndarray, asked_in: list[int], t: float) -> dict[str, float]:
    above = p >= t
    by_question: dict[int, list[int]] = {}
    for row, q in enumerate(asked_in):
        by_question.setdefault(q, []).append(row)
    answerable = [rows for rows in by_question.values() if y[rows].any()]
    unanswerable = [rows for rows in by_question.values() if not y[rows].any()]
    return {
        "pairs": len(y),
        "questions": len(by_question),
        "precision": round(float(y[above].mean()), 3) if above.any() else 0.0,
        "recall": round(float(above[y == 1].mean()), 3) if (y == 1).any() else 0.0,
        "answered_right_first": round(
            float(np.mean([y[max(rows, key=lambda r: p[r])] == 1 for rows in answerable])), 3
        ),
        "unanswerable": len(unanswerable),
        "unanswerable_returning_none": round(
            float(np.mean([not above[rows].any() for rows in unanswerable])), 3
        ),
    }


def write(weights: np.ndarray, t: float) -> None:
    values = ", ".join(f"{w:.3f}" for w in weights)
    block = f"CALIBRATION = Calibration(\n    weights=({values}),\n    threshold={t},\n)"
    text = re.sub(r"CALIBRATION = Calibration\(.*?\n\)", block, TARGET.read_text(), flags=re.S)
    TARGET.write_text(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the fit in confidence.py")
    args = parser.parse_args()
    rng = random.Random(0)
    train_groups = [
        *labelled_groups(("labels.jsonl", "fresh.jsonl")),
        *story_groups(range(100, 110)),
    ]
    x, y, train_q = pairs(iter(train_groups), rng)
    weights = fit(x, y)
    p = 1.0 / (1.0 + np.exp(-(x @ weights)))
    t = threshold(p, y)
    test_groups = [*labelled_groups(("heldout.jsonl",)), *story_groups(range(5))]
    hx, hy, test_q = pairs(iter(test_groups), rng)
    hp = 1.0 / (1.0 + np.exp(-(hx @ weights)))
    result = {
        "weights": dict(zip(FEATURES, (round(float(w), 3) for w in weights), strict=True)),
        "threshold": t,
        "fitted_on": report(p, y, train_q, t),
        "held_out": report(hp, hy, test_q, t),
    }
    print(json.dumps(result, indent=2))
    if args.write:
        write(weights, t)


if __name__ == "__main__":
    main()
