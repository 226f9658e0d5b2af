"""How right the graph is: extraction on hand-labelled turns, a scripted life story, and a dump
of one conversation's graph for a person to judge.

* labelled sets (``benchmarks/graph/*.jsonl``, rules in ``benchmarks/graph/LABELS.md``): fact
  and entity precision / recall per set, entities found that no label names ("junk") and
  seconds of extraction per message;
* the life story (``lembrar.evaluation.life_story``) ingested into a real store: fact precision,
  recall of the facts that hold at the end, replaced facts closed, facts from trap turns,
  junk entities and seconds per message (ingest with extraction);
* ``hand_check``: the facts and entities of one LoCoMo conversation's graph, to be judged by a
  person; ``judged`` scores the judged file.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from lembrar.config import MemoryConfig
from lembrar.errors import ValidationError
from lembrar.evaluation.life_story import LifeStory, StoryFact, life_story
from lembrar.graph.extract import Extractor, offline_extractor
from lembrar.graph.extract.names import fold
from lembrar.graph.extract.parsed import plain_forms
from lembrar.ingest import build_episode
from lembrar.model.episode import Episode
from lembrar.model.graph import Extraction, Fact, GraphData
from lembrar.model.inputs import EpisodeIn
from lembrar.model.users import UserSettings

Triple = tuple[str, str, str]


@dataclass(frozen=True)
class DataFiles:
    """Where the labelled turns' texts are read from (the labels store references only)."""

    locomo: Path
    longmemeval: Path
    dailydialog: Path | None = None


def episode_of(item: EpisodeIn) -> Episode:
    """The episode ``item`` becomes (its own time is its ingest time: labelled turns are dated)."""
    now = item.at if isinstance(item.at, datetime) else datetime.now(UTC)
    return build_episode(item, UserSettings(item.user_id), MemoryConfig(), now)


def same_name(a: str, b: str) -> bool:
    """Names match when equal after folding, or one holds the other as whole words."""
    fa, fb = f" {fold(a)} ", f" {fold(b)} "
    return fa == fb or fa in fb or fb in fa


def matched(predicted: Sequence[Any], gold: Sequence[Any], same: Callable[[Any, Any], bool]) -> int:
    """One-to-one matches, greedy in order."""
    left = list(predicted)
    hits = 0
    for want in gold:
        found = next((p for p in left if same(p, want)), None)
        if found is not None:
            left.remove(found)
            hits += 1
    return hits


DATED = re.compile(r"\s*\(\d{4}-\d{2}-\d{2}\)$")
"""The date a plan found carries at its end."""


def same_fact(found: Sequence[str], gold: Sequence[str]) -> bool:
    """Equal predicate, matching subject and object (a gold fact's fourth item, a
    replacement mark, is not compared); a plan matches with its verb in any form ("move to
    Porto" is "moving to Porto") and without the date it carries (labels hold none)."""
    if found[1] != gold[1] or not same_name(found[0], gold[0]):
        return False
    if found[1] != "plans":
        return same_name(found[2], gold[2])
    undated = DATED.sub("", found[2])  # labels hold no dates: "job interview (2024-05-02)"
    forms = [{undated, *plain_forms(undated)}, {gold[2], *plain_forms(gold[2])}]
    return any(same_name(a, b) for a in forms[0] for b in forms[1])


# -- labelled turns --------------------------------------------------------------------------
def _rows(labels: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in labels.read_text().splitlines() if line.strip()]


def labelled_turns(labels: Path, data: DataFiles) -> list[tuple[dict[str, Any], Episode]]:
    """Each label with the turn it refers to (by reference; the text is read from the data), or
    with its own ``text`` (a message written for the set)."""
    rows = _rows(labels)
    kinds = {row["ref"].split("-")[0] for row in rows}
    turns: dict[str, EpisodeIn] = {}
    if "conv" in kinds:
        turns |= _locomo_turns(data.locomo)
    if "dailydialog" in kinds:
        if data.dailydialog is None:
            raise ValidationError("dailydialog", "the labels name DailyDialog turns; give its file")
        turns |= _dailydialog_turns(data.dailydialog)
    questions = _longmemeval(data.longmemeval) if any("/" in r["ref"] for r in rows) else {}
    out = []
    for row in rows:
        if "text" in row:  # a message written for the set, not drawn from a dataset
            item = EpisodeIn(user_id="written", content=row["text"], role="user", at=WRITTEN_AT)
        else:
            item = turns.get(row["ref"]) or _longmemeval_turn(questions, row["ref"])
        out.append((row, episode_of(item)))
    return out


WRITTEN_AT = datetime(2024, 5, 1, 12, tzinfo=UTC)
"""When a written message is read as said (a Wednesday): "next month" is June 2024."""


def _locomo_turns(path: Path) -> dict[str, EpisodeIn]:
    from lembrar.importers.locomo import load_locomo

    return {
        f"{c.sample_id}/{item.metadata['dia_id']}": item
        for c in load_locomo(path)
        for item in c.episodes()
    }


def _dailydialog_turns(path: Path) -> dict[str, EpisodeIn]:
    """``dailydialog-N/T``: turn T of dialogue N, a user message (DailyDialog names nobody)."""
    from lembrar.importers.dailydialog import load_dailydialog

    return {
        f"dailydialog-{d.number}/{i}": EpisodeIn(
            user_id="dailydialog", content=text, role="user", at=d.at
        )
        for d in load_dailydialog(path)
        for i, text in enumerate(d.turns)
    }


def _longmemeval(path: Path) -> dict[str, Any]:
    from lembrar.importers.longmemeval import load_longmemeval

    return {q.question_id: q for q in load_longmemeval(path)}


def _longmemeval_turn(questions: dict[str, Any], ref: str) -> EpisodeIn:
    qid, session, turn = ref.split("/")
    s = questions[qid].sessions[int(session)]
    t = s.turns[int(turn)]
    return EpisodeIn(user_id=qid, content=t.content, role=t.role, at=s.at)


def found_triples(found: Extraction) -> list[Triple]:
    return [(f.subject, ("not:" if f.negated else "") + f.predicate, f.object) for f in found.facts]


def score_extraction(row: dict[str, Any], episode: Episode, found: Extraction) -> dict[str, int]:
    speaker = episode.speaker or "User"
    names = [e.name for e in found.entities if e.type != "user" and fold(e.name) != fold(speaker)]
    gold_facts = [tuple(f) for f in row["facts"]]
    labelled = row.get("entities")
    if labelled is None:  # a written set labels facts only: no entity is counted
        names, labelled = [], []
    entities_hit = matched(names, labelled, same_name)
    return {
        "turns": 1,
        "entities_found": len(names),
        "entities_gold": len(labelled),
        "entities_hit": entities_hit,
        "entities_junk": len(names) - entities_hit,
        "facts_found": len(found.facts),
        "facts_gold": len(gold_facts),
        "facts_hit": matched(found_triples(found), gold_facts, same_fact),
    }


def ratios(counts: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = dict(counts)
    for kind in ("entities", "facts"):
        hit, found, gold = counts[f"{kind}_hit"], counts[f"{kind}_found"], counts[f"{kind}_gold"]
        out[f"{kind}_precision"] = round(hit / found, 3) if found else 0.0
        out[f"{kind}_recall"] = round(hit / gold, 3) if gold else 0.0
    return out


def run_labelled(
    labels: Path,
    data: DataFiles,
    names: str = "rules",
    trusted: bool = False,
    *,
    extractor: Extractor | None = None,
    limit: int | None = None,
) -> dict[str, Any]:
    """Precision / recall per set of one labels file (and ``all``), with extraction time, model
    calls and fallbacks; ``trusted``: only the facts the extraction confidence trusts;
    ``extractor``: another extractor than the offline one (a language model's); ``limit``: only
    the file's first turns."""
    turns = labelled_turns(labels, data)[:limit]
    if extractor is None:
        extractor = offline_extractor(names, trusted)
        if turns:
            extractor.extract(turns[0][1])  # loads what it needs outside the timing
    per_set: dict[str, dict[str, Any]] = {}
    for row, episode in turns:
        scores = _read_and_score(extractor, row, episode)
        for key in (row["set"], "all"):
            bucket = per_set.setdefault(key, dict.fromkeys(scores, 0))
            for name, value in scores.items():
                bucket[name] += value
    order = [n for n in per_set if n != "all"] + ["all"] if per_set else []
    return {set_name: _with_speed(ratios(per_set[set_name])) for set_name in order}


def _read_and_score(extractor: Extractor, row: dict[str, Any], episode: Episode) -> dict[str, Any]:
    """One turn's counts, with the seconds its extraction took, the model calls it spent and
    whether the extractor fell back."""
    fell_back = model_counts(extractor)[1]
    start = time.perf_counter()
    found = extractor.extract(episode)
    seconds = time.perf_counter() - start
    scores: dict[str, Any] = score_extraction(row, episode, found)
    scores["calls"] = found.calls
    scores["fallbacks"] = model_counts(extractor)[1] - fell_back
    scores["seconds"] = seconds
    return scores


def model_counts(extractor: Extractor | None) -> tuple[int, int]:
    """Model calls and fallbacks an extractor has counted so far (a model's extractor counts
    them; the offline one spends none)."""
    return getattr(extractor, "calls", 0), getattr(extractor, "fallbacks", 0)


def _with_speed(counts: dict[str, Any]) -> dict[str, Any]:
    seconds = counts.pop("seconds")
    counts["seconds_per_message"] = round(seconds / counts["turns"], 5) if counts["turns"] else 0.0
    return counts


# -- the life story --------------------------------------------------------------------------
@dataclass(frozen=True)
class ReadFact:
    """A fact of the built graph with every name of its subject and object."""

    subjects: tuple[str, ...]
    predicate: str
    objects: tuple[str, ...]
    closed: bool
    episodes: tuple[str, ...]


def _read_facts(data: GraphData) -> list[ReadFact]:
    names = {e.id: e.names for e in data.entities}

    def read(f: Fact) -> ReadFact:
        predicate = ("not:" if f.negated else "") + f.predicate
        closed = f.invalid_at is not None
        return ReadFact(names[f.subject_id], predicate, names[f.object_id], closed, f.episodes)

    return [read(f) for f in data.facts]


def states(found: ReadFact, fact: StoryFact) -> bool:
    """The found fact says ``fact`` (any name of its subject / object against any accepted)."""
    return (
        found.predicate == fact.predicate
        and any(same_name(s, fact.subject) for s in found.subjects)
        and any(same_name(o, want) for o in found.objects for want in fact.objects)
    )


def score_story(story: LifeStory, data: GraphData, episode_ids: Sequence[str]) -> dict[str, int]:
    """Counts for one story's graph; ``episode_ids`` are its turns' episodes, in order."""
    facts = _read_facts(data)
    stated = [f for t in story.turns for f in (*t.facts, *t.allowed)]
    live = [f for f in facts if not f.closed and not f.predicate.startswith("not:")]
    closed = [f for f in facts if f.closed]
    traps = {e: t for e, t in zip(episode_ids, story.turns, strict=True) if t.trap}

    def from_trap(found: ReadFact) -> bool:
        turns = [traps[e] for e in found.episodes if e in traps]
        return bool(turns) and not any(states(found, a) for t in turns for a in t.allowed)

    users = {e.id for e in data.entities if e.type == "user"}
    entities = [e for e in data.entities if e.id not in users]
    return {
        "turns": len(story.turns),
        "facts_found": len(facts),
        "facts_right": sum(any(states(f, s) for s in stated) for f in facts),
        "current_gold": len(story.current),
        "current_found": sum(any(states(f, c) for f in live) for c in story.current),
        "replaced_gold": len(story.replaced),
        "replaced_closed": sum(
            any(states(f, r) for f in closed) and not any(states(f, r) for f in live)
            for r in story.replaced
        ),
        "current_closed": sum(any(states(f, c) for f in closed) for c in story.current),
        "trap_facts": sum(from_trap(f) for f in facts),
        "entities_found": len(entities),
        "entities_junk": sum(not any(known(n, story) for n in e.names) for e in entities),
    }


def known(name: str, story: LifeStory) -> bool:
    """A name the story gives something, said as is ("Berlin in a few weeks" is junk)."""
    bare = fold(name).removeprefix("my ").removeprefix("our ").removeprefix("a ")
    return any(bare == fold(k) for k in story.names)


def story_items(story: LifeStory, user_id: str = "story") -> list[EpisodeIn]:
    return [
        EpisodeIn(user_id=user_id, content=t.text, role="user", speaker=story.person, at=t.at)
        for t in story.turns
    ]


def run_life_story(
    seeds: Sequence[int],
    names: str = "rules",
    trusted: bool = False,
    extractor: Extractor | None = None,
) -> dict[str, Any]:
    """Each seed's story through a real in-memory store with the offline extractor (or
    ``extractor``); the counts summed over the seeds, with the ratios, the seconds each message
    took to ingest and the model calls and fallbacks."""
    from lembrar import Memory
    from lembrar.embed.hashing import HashingEmbedder
    from lembrar.graph import GraphConfig

    total: dict[str, int] = {}
    seconds = 0.0
    calls, fallbacks = model_counts(extractor)
    graph = GraphConfig(extractor=extractor, names=names, trusted_facts=trusted)
    for seed in seeds:
        story = life_story(seed)
        with Memory(":memory:", embedder=HashingEmbedder(), graph=graph) as m:
            start = time.perf_counter()
            added = m.add_many(story_items(story))
            seconds += time.perf_counter() - start
            counts = score_story(story, m.graph.load("story"), [e.id for e in added])
        for key, value in counts.items():
            total[key] = total.get(key, 0) + value
    spent = model_counts(extractor)
    total |= {"calls": spent[0] - calls, "fallbacks": spent[1] - fallbacks}
    return {"seeds": list(seeds), **story_ratios(total, seconds)}


def story_ratios(total: dict[str, int], seconds: float) -> dict[str, Any]:
    def share(hit: str, of: str) -> float:
        return round(total[hit] / total[of], 3) if total[of] else 0.0

    return {
        **total,
        "fact_precision": share("facts_right", "facts_found"),
        "current_recall": share("current_found", "current_gold"),
        "replaced_closed_share": share("replaced_closed", "replaced_gold"),
        "seconds_per_message": round(seconds / total["turns"], 5) if total["turns"] else 0.0,
    }


# -- by hand ---------------------------------------------------------------------------------
def hand_check(locomo: Path, sample_id: str = "conv-26", names: str = "rules") -> dict[str, Any]:
    """The graph of one LoCoMo conversation, every fact with the sentences that stated it and a
    ``right`` for a person to fill (true / false), every entity with its type, mentions and a
    ``junk`` to fill."""
    from lembrar import Memory
    from lembrar.embed.hashing import HashingEmbedder
    from lembrar.graph import GraphConfig
    from lembrar.importers.locomo import load_locomo

    conversation = next((c for c in load_locomo(locomo) if c.sample_id == sample_id), None)
    if conversation is None:
        raise ValidationError(
            "conversation", f"no {sample_id!r} in {locomo}; use a LoCoMo sample id"
        )
    items = conversation.episodes("hand-check")
    with Memory(":memory:", embedder=HashingEmbedder(), graph=GraphConfig(names=names)) as m:
        said = {e.id: e.content for e in m.add_many(items)}
        data = m.graph.load("hand-check")
    label = {e.id: e.name for e in data.entities}
    facts = [
        {
            "fact": [
                label[f.subject_id],
                ("not:" if f.negated else "") + f.predicate,
                label[f.object_id],
            ],
            "current": f.invalid_at is None and not f.negated,
            "said": [said.get(s.episode_id, s.quote) for s in f.sources],
            "right": None,
        }
        for f in data.facts
    ]
    entities = [
        {
            "name": e.name,
            "type": e.type,
            "aliases": list(e.aliases),
            "mentions": len(e.episodes),
            "junk": None,
        }
        for e in sorted(data.entities, key=lambda e: -len(e.episodes))
    ]
    return {"conversation": sample_id, "messages": len(items), "facts": facts, "entities": entities}


def judged(path: Path) -> dict[str, Any]:
    """Precision of a hand-checked dump: facts marked right over facts marked at all. A mark is
    a JSON ``true`` / ``false`` (``null``: not judged yet); anything else is refused, so a
    quoted ``"false"`` never counts as right."""
    dump = _read_dump(path)
    marks = _marks(dump["facts"], "facts", "right")
    junk = _marks(dump["entities"], "entities", "junk")
    return {
        "facts": len(dump["facts"]),
        "judged": len(marks),
        "right": sum(marks),
        "precision": round(sum(marks) / len(marks), 3) if marks else 0.0,
        "entities": len(dump["entities"]),
        "entities_junk": sum(junk),
    }


def _read_dump(path: Path) -> dict[str, Any]:
    try:
        dump = json.loads(path.read_text())
    except OSError as exc:
        raise ValidationError("judged", f"cannot read {path} ({exc.strerror})") from exc
    except json.JSONDecodeError as exc:
        raise ValidationError("judged", f"{path} is not JSON ({exc}); pass a filled dump") from exc
    lists = isinstance(dump, dict) and all(
        isinstance(dump.get(key), list) for key in ("facts", "entities")
    )
    if not lists:
        raise ValidationError(
            "judged", f"{path} has no facts and entities lists; pass a `hand-check` dump"
        )
    return dump


def _marks(rows: list[Any], section: str, key: str) -> list[bool]:
    """The boolean marks of a dump's rows, skipping unjudged (null or absent) ones."""
    marks = []
    for n, row in enumerate(rows):
        mark = row.get(key) if isinstance(row, dict) else None
        if mark is None:
            continue
        if not isinstance(mark, bool):
            raise ValidationError(
                f"{section}[{n}].{key}", f"is {mark!r}; write true, false or null (no quotes)"
            )
        marks.append(mark)
    return marks
