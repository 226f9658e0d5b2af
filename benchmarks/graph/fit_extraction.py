"""Fits the extraction confidence (``lembrar/graph/extract/trust.py``) on labelled facts, checks
it leave-one-set-out and chooses the threshold the labelled sets justify.

    PYTHONPATH=. python benchmarks/graph/fit_extraction.py            # report
    PYTHONPATH=. python benchmarks/graph/fit_extraction.py --write    # and store trust.json

Every development turn (``labels.jsonl``, ``dev2.jsonl``, ``dev3.jsonl`` and life stories 0-4; never
``heldout.jsonl``, ``fresh.jsonl`` or ``fresh2.jsonl``) is read by both offline extractors (the rules, and the
dependency parse when spaCy is installed) with no threshold; each fact found is right when it
matches a labelled fact of its turn (``graph_quality.same_fact``, one to one; a life story's
fact, as ``graph_quality.score_story`` judges it, when it states a fact the story tells under
any name of its subject and object, and a trap turn's only when the trap allows it). The
weights maximise the log-likelihood of right / wrong with an L2 penalty, each fact weighing the
same.

The threshold is the lowest confidence at which the labelled turns' facts kept are right nine
times in ten, each fact scored by the weights fitted without its conversation (ten folds of
whole conversations and stories); the scripted stories' facts help fit the weights but not
choose the threshold (they are read right by construction and would set it at zero).
Leave-one-set-out, each set scored by the weights fitted on the others, is the harder check:
how the confidence carries to a kind of conversation it has not seen. Both are reported per set
and extractor, with the precision / recall curve.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from lembrar.evaluation.graph_quality import (
    DataFiles,
    episode_of,
    labelled_turns,
    same_fact,
    same_name,
    story_items,
)
from lembrar.evaluation.life_story import LifeStory, life_story
from lembrar.graph.extract.names import fold
from lembrar.graph.extract.patterns import CHILDREN, PETS
from lembrar.graph.extract.rules import RuleExtractor
from lembrar.graph.extract.scope import KIN_PREDICATE, Scope
from lembrar.graph.extract.spacy_names import SpacyNames, spacy_available
from lembrar.graph.extract.trust import FEATURES, WEIGHTS, features
from lembrar.model.graph import ExtractedFact

HERE = Path(__file__).resolve().parent
LABELS = ("labels.jsonl", "dev2.jsonl", "dev3.jsonl")
STORIES = range(5)
PRECISION = 0.9  # the share of kept facts that must be right
L2 = 1.0
FOLDS = 10
GRID = [round(t, 2) for t in np.arange(0.0, 1.0, 0.01)]


@dataclass
class Sample:
    set: str
    extractor: str
    values: tuple[float, ...]
    right: bool
    fact: str
    conversation: str


@dataclass
class Gold:
    set: str
    extractor: str
    count: int


def extractors() -> dict[str, RuleExtractor]:
    found = {"rules": RuleExtractor()}
    if spacy_available():
        found["spacy"] = RuleExtractor(SpacyNames())
    return found


def _triple(fact: ExtractedFact) -> tuple[str, str, str]:
    return (fact.subject, ("not:" if fact.negated else "") + fact.predicate, fact.object)


def _vector(fact: ExtractedFact, sentence: str, scope: Scope) -> tuple[float, ...]:
    return features(fact, sentence, scope.speaker, scope.entities)


def labelled(data: DataFiles, readers: dict[str, RuleExtractor]) -> Iterator[Sample | Gold]:
    for file in LABELS:
        for row, episode in labelled_turns(HERE / file, data):
            gold = [tuple(f) for f in row["facts"]]
            for name, reader in readers.items():
                yield Gold(row["set"], name, len(gold))
                found, scope = reader.read(episode)
                left = list(gold)
                for fact, sentence in found:
                    hit = next((g for g in left if same_fact(_triple(fact), g)), None)
                    if hit is not None:
                        left.remove(hit)
                    text = " ".join(_triple(fact))
                    values = _vector(fact, sentence, scope)
                    conversation = row["ref"].split("/")[0]
                    yield Sample(row["set"], name, values, hit is not None, text, conversation)


def stories(readers: dict[str, RuleExtractor]) -> Iterator[Sample | Gold]:
    for seed in STORIES:
        story = life_story(seed)
        roles = _roles(story)
        told = [f for t in story.turns for f in (*t.facts, *t.allowed)]
        for turn, item in zip(story.turns, story_items(story), strict=True):
            stated = list(turn.allowed) if turn.trap else told
            episode = episode_of(item)
            for name, reader in readers.items():
                yield Gold("life-story", name, len(turn.facts))
                found, scope = reader.read(episode)
                for fact, sentence in found:
                    right = any(_states(fact, scope, roles, s) for s in stated)
                    text = " ".join(_triple(fact))
                    values = _vector(fact, sentence, scope)
                    yield Sample("life-story", name, values, right, text, f"story-{seed}")


ROLE_WORDS = {
    **KIN_PREDICATE,
    **dict.fromkeys(PETS.split("|"), "has_pet"),
    **dict.fromkeys(CHILDREN.split("|"), "has_child"),
}
"""Words that stand for someone of the person's: "my sister" is her sister, whatever her name."""


def _roles(story: LifeStory) -> dict[str, set[str]]:
    """The names of the person's relatives and pets, by the predicate that links them."""
    facts = [*story.current, *story.replaced, *(f for t in story.turns for f in t.facts)]
    out: dict[str, set[str]] = {}
    for f in facts:
        if f.subject == story.person:
            out.setdefault(f.predicate, set()).update(f.objects)
    return out


def _states(fact: ExtractedFact, scope: Scope, roles: dict[str, set[str]], want: Any) -> bool:
    """The fact states ``want`` under any name of its subject and object; a word for a
    relative or a pet ("my sister", "gatinha") stands for the person's own."""

    def names(name: str) -> list[str]:
        entity = scope.entities.get(fold(name))
        found = [name, *(entity.aliases if entity else ())]
        for word in list(found):
            bare = fold(word).removeprefix("my ").removeprefix("minha ").removeprefix("meu ")
            found += roles.get(ROLE_WORDS.get(bare, ""), set())
        return found

    predicate = ("not:" if fact.negated else "") + fact.predicate
    return (
        predicate == want.predicate
        and any(same_name(s, want.subject) for s in names(fact.subject))
        and any(same_name(o, w) for o in names(fact.object) for w in want.objects)
    )


# -- the fit ---------------------------------------------------------------------------------
def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic regression by Newton's method, L2 on all but the bias."""
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], L2)
    penalty[0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def probabilities(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    out: np.ndarray = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
    return out


def scores(kept: np.ndarray, right: np.ndarray, gold: int) -> dict[str, float | int]:
    hits = int((kept & right).sum())
    return {
        "found": int(kept.sum()),
        "right": hits,
        "precision": round(hits / kept.sum(), 3) if kept.sum() else 0.0,
        "recall": round(hits / gold, 3) if gold else 0.0,
    }


def lowest_threshold(p: np.ndarray, right: np.ndarray) -> float:
    """The lowest confidence at which the kept facts are right ``PRECISION`` of the time."""
    for t in GRID:
        kept = p >= t
        if kept.any() and right[kept].mean() >= PRECISION:
            return t
    return GRID[-1]


def out_of_fold(x: np.ndarray, y: np.ndarray, folds: np.ndarray) -> np.ndarray:
    """Each sample's probability under the weights fitted without its fold."""
    held = np.zeros(len(y))
    for part in dict.fromkeys(folds):
        out = folds == part
        held[out] = probabilities(x[out], fit(x[~out], y[~out]))
    return held


def conversation_folds(conversations: Sequence[str], k: int = FOLDS) -> np.ndarray:
    """``k`` folds of whole conversations (a conversation's facts never straddle two)."""
    names = sorted(set(conversations))
    random.Random(0).shuffle(names)
    part = {name: str(i % k) for i, name in enumerate(names)}
    return np.array([part[c] for c in conversations])


def table(
    held: np.ndarray, right: np.ndarray, groups: np.ndarray, readers: np.ndarray, gold: dict
) -> dict:
    """Per group and extractor: every fact found, and those at or above the threshold."""
    out = {}
    for name in [*dict.fromkeys(groups), "all"]:
        for reader in dict.fromkeys(readers):
            mask = (readers == reader) & ((groups == name) if name != "all" else True)
            g = sum(v for (s, r), v in gold.items() if r == reader and name in (s, "all"))
            out[f"{name}/{reader}"] = {
                "all": scores(mask, right, g),
                "kept": scores(mask & held, right, g),
            }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="store the fit in trust.json")
    args = parser.parse_args()
    from lembrar.cli.bench_graph import _data_files

    readers = extractors()
    rows = [*labelled(_data_files(), readers), *stories(readers)]
    samples = [r for r in rows if isinstance(r, Sample)]
    gold: dict[tuple[str, str], int] = {}
    for r in rows:
        if isinstance(r, Gold):
            gold[(r.set, r.extractor)] = gold.get((r.set, r.extractor), 0) + r.count
    x = np.array([s.values for s in samples])
    y = np.array([s.right for s in samples], dtype=float)
    right = y.astype(bool)
    sets = np.array([s.set for s in samples])
    readers_of = np.array([s.extractor for s in samples])
    cv = out_of_fold(x, y, conversation_folds([s.conversation for s in samples]))
    chat = sets != "life-story"  # the scripted stories are read right by construction
    threshold = lowest_threshold(cv[chat], right[chat])
    loso = out_of_fold(x, y, sets)
    w = fit(x, y)
    report: dict = {
        "facts": len(samples),
        "threshold": threshold,
        "cross_validated": table(cv >= threshold, right, sets, readers_of, gold),
        "leave_one_set_out": table(loso >= threshold, right, sets, readers_of, gold),
        "curve": {
            str(t): table(cv >= t, right, np.array(["all"] * len(y)), readers_of, gold)
            for t in GRID[::5]
        },
        "weights": {name: round(float(v), 4) for name, v in zip(FEATURES, w, strict=True)},
    }
    print(json.dumps(report, indent=1))
    if args.write:
        stored = {
            "weights": report["weights"],
            "threshold": threshold,
            "fitted_on": [*LABELS, f"life stories {STORIES.start}-{STORIES.stop - 1}"],
        }
        WEIGHTS.write_text(json.dumps(stored, indent=1) + "\n")


if __name__ == "__main__":
    main()
