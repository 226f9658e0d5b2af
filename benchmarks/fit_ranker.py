"""Fit the ranker's weights on a mix of retrieval sets and check them by leave-one-set-out.

    PYTHONPATH=. python benchmarks/fit_ranker.py --sets calendar,story,diary,locomo,dailydialog,lme
    PYTHONPATH=. python benchmarks/fit_ranker.py ... --write      # ship the weights (ranker.json)

For every question of every set, the search's candidate pool and each candidate's features are
taken from the real pipeline (``candidate_pool`` and ``pool_signals``); a candidate is gold when
its conversation is. The weights maximise, summed over questions, the log of the probability a
softmax over the pool's scores puts on the gold candidates (the chance the first hit is gold),
with a small L2 penalty; each question weighs the same, each set the same. Then one scale and a
bias are fitted so that the score is the probability that a candidate's conversation is gold.

Leave-one-set-out: each set is scored (first hit gold; all gold conversations in the top five)
by the weights fitted on the other sets, and by the weights fitted on all of them. The scoring
here repeats the pipeline's order (the named time first, one hit per turn).
"""

from __future__ import annotations

import argparse
import json
import pickle
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from lembrar.evaluation.harness import DEFAULT_CACHE_DIR, bench_embedder
from lembrar.graph import GraphConfig
from lembrar.retrieval import features, ranker
from lembrar.retrieval.search import candidate_pool, named_time_leaders, pool_signals

L2 = 1e-3
DEFAULT_EMBEDDER = "use-m3"
STEPS = 600


@dataclass
class Question:
    set: str
    signals: features.Signals
    gold: np.ndarray  # bool per candidate
    sessions: list[str]
    turns: list[str]
    leads: np.ndarray  # bool: inside the named time and allowed to lead
    topical: bool
    gold_sessions: frozenset[str]


def collect(
    name: str, style: str, limit: int | None, cache: Path, embedder_name: str
) -> list[Question]:
    import shapes as harness_sets  # benchmarks/shapes.py

    from lembrar import Memory

    embedder = bench_embedder(embedder_name, cache)
    out = []
    for case in harness_sets.cases_of(name, style, limit):
        with Memory(":memory:", embedder=embedder, graph=GraphConfig(enabled=False)) as memory:
            memory.add_many(case.items)
            for probe in case.probes:
                request = memory.request(probe.text, case.scope, 10, now=probe.now)
                pool = candidate_pool(memory.store, memory.embedder.embed_queries, request)
                if not pool.candidates:
                    continue
                signals = pool_signals(memory.store, pool, request)
                cands = pool.candidates
                sessions = [c.row.episode.session_id or c.row.episode.id for c in cands]
                # which turns outside the named time have their text read for the times it
                # names follows the shipped weights' first stage, not the weights being fitted
                first = ranker.fitted().linear(features.base_features(signals))
                inside, eligible, _ = named_time_leaders(cands, request, pool.rankings, first)
                leads = inside & eligible
                if leads.all():
                    leads = np.zeros_like(leads)
                out.append(
                    Question(
                        name,
                        signals,
                        np.array([s in probe.gold for s in sessions]),
                        sessions,
                        [c.row.episode.id for c in cands],
                        leads,
                        request.topical,
                        probe.gold,
                    )
                )
        print(f"{name}: {len(out)} questions", flush=True)
    return out


def pools(name: str, args: argparse.Namespace) -> list[Question]:
    """The set's questions with their candidate pools, read from ``--pools`` when kept there."""
    label = f"{name}-{args.limit}" if name.startswith("lme") else name
    if args.embedder != DEFAULT_EMBEDDER:
        label = f"{label}-{args.embedder}"
    kept = args.pools / f"{label}.pickle" if args.pools else None
    if kept is not None and kept.exists():
        return pickle.loads(kept.read_bytes())
    questions = collect(name, "dev", args.limit, args.cache_dir, args.embedder)
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.write_bytes(pickle.dumps(questions))
    return questions


def _base(q: Question) -> np.ndarray:
    return features.matrix(features.base_features(q.signals), features.BASE)


def _support(q: Question, w: np.ndarray, bias: float) -> np.ndarray:
    first = ranker.probability(_base(q) @ w + bias)
    if not q.topical:
        return np.zeros(len(first))
    return features.session_support(first, q.sessions, q.turns)


def _design(q: Question, stage1: np.ndarray | None, bias: float) -> np.ndarray:
    if stage1 is None:
        return _base(q)
    return np.column_stack([_base(q), _support(q, stage1, bias)])


def fit(
    questions: list[Question], stage1: np.ndarray | None = None, bias: float = 0.0
) -> np.ndarray:
    """Listwise softmax weights (Adam), each question and each set weighing the same."""
    kept = [q for q in questions if q.gold.any()]
    x = np.vstack([_design(q, stage1, bias) for q in kept])
    y = np.concatenate([q.gold for q in kept]).astype(float)
    sizes = np.array([len(q.gold) for q in kept])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    rows = np.repeat(np.arange(len(kept)), sizes)
    sets = [q.set for q in kept]
    share = {name: 1.0 / sets.count(name) for name in set(sets)}
    weight = np.array([share[name] for name in sets]) / len(share)
    w = np.zeros(x.shape[1])
    m, v = np.zeros_like(w), np.zeros_like(w)
    for step in range(1, STEPS + 1):
        s = x @ w
        e = np.exp(s - np.maximum.reduceat(s, starts)[rows])
        p = e / np.add.reduceat(e, starts)[rows]
        gold = p * y
        target = gold / np.add.reduceat(gold, starts)[rows]
        grad = x.T @ (weight[rows] * (p - target)) + 2 * L2 * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        w -= 0.05 * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return w


def calibrate(
    questions: list[Question], w: np.ndarray, stage1: np.ndarray | None, bias: float
) -> tuple[float, float]:
    """Scale and bias so that sigmoid(scale * score + bias) is the chance a candidate is gold."""
    s = np.concatenate([_design(q, stage1, bias) @ w for q in questions])
    y = np.concatenate([q.gold for q in questions]).astype(float)
    a, b = 1.0, 0.0
    for _ in range(2000):
        p = ranker.probability(a * s + b)
        a -= 0.5 * float(np.mean((p - y) * s))
        b -= 0.5 * float(np.mean(p - y))
    return a, b


def full_fit(questions: list[Question]) -> ranker.Ranker:
    w1 = fit(questions)
    a1, b1 = calibrate(questions, w1, None, 0.0)
    stage1 = a1 * w1
    w2 = fit(questions, stage1, b1)
    a2, b2 = calibrate(questions, w2, stage1, b1)
    names = (*features.BASE, "session")
    # the pipeline computes the support from the final base weights: refit the support weight
    # only would be exact; the base weights of stage 2 stay close to stage 1's
    return ranker.Ranker({n: round(float(a2 * x), 4) for n, x in zip(names, w2)}, round(b2, 4))


def evaluate(questions: list[Question], model: ranker.Ranker) -> dict[str, float]:
    first, all5 = [], []
    names = features.BASE
    wb = np.array([model.weights.get(n, 0.0) for n in names])
    for q in questions:
        linear = _base(q) @ wb + model.bias
        support = _support(q, wb, model.bias)
        linear = linear + model.weights.get("session", 0.0) * support
        order = sorted(range(len(linear)), key=lambda i: (not q.leads[i], -linear[i]))
        top: list[str] = []
        for i in order:
            if q.sessions[i] not in top:
                top.append(q.sessions[i])
            if len(top) == 5:
                break
        found = len(q.gold_sessions.intersection(top))
        first.append(float(bool(top) and top[0] in q.gold_sessions))
        all5.append(float(found == min(5, len(q.gold_sessions))))
    return {"first": float(np.mean(first)), "all@5": float(np.mean(all5)), "n": len(questions)}


def _rounded(figures: dict[str, float]) -> dict[str, float]:
    return {key: round(value, 3) for key, value in figures.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="calendar,story,diary,locomo,dailydialog")
    parser.add_argument("--limit", type=int, default=None, help="LongMemEval questions")
    parser.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE_DIR)
    parser.add_argument(
        "--embedder",
        default=DEFAULT_EMBEDDER,
        help="the embedder whose scale the weights are fitted on (the shipped ones: use-m3)",
    )
    parser.add_argument("--write", action="store_true", help="write lembrar/retrieval/ranker.json")
    parser.add_argument(
        "--pools", type=Path, default=None, help="a folder keeping each set's candidate pools"
    )
    args = parser.parse_args()
    if args.write and args.embedder != DEFAULT_EMBEDDER:
        parser.error(f"--write ships weights for {DEFAULT_EMBEDDER}, the default embedder")
    names = args.sets.split(",")
    by_set = {name: pools(name, args) for name in names}
    everything = [q for qs in by_set.values() for q in qs]
    model = full_fit(everything)
    print("weights", json.dumps(model.weights), "bias", model.bias)
    print("| set | n | fitted on all: first / all@5 | fitted without it: first / all@5 |")
    loso = {}
    for name in names:
        rest = [q for other, qs in by_set.items() if other != name for q in qs]
        held = full_fit(rest)
        mine, out = evaluate(by_set[name], model), evaluate(by_set[name], held)
        loso[name] = {"all": _rounded(mine), "without": _rounded(out)}
        print(
            f"| {name} | {mine['n']} | {mine['first']:.3f} / {mine['all@5']:.3f} |"
            f" {out['first']:.3f} / {out['all@5']:.3f} |",
            flush=True,
        )
    if args.write:
        data = {
            "weights": model.weights,
            "bias": model.bias,
            "fitted_on": names,
            "leave_one_set_out": loso,
        }
        ranker.WEIGHTS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
