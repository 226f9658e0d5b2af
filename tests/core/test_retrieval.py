"""The retrieval pipeline through ``Memory.search``: fusion, time windows, the speaker prior,
near-duplicate collapse, MMR, session roll-up, neighbour expansion and the query side of
asymmetric embedders."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from lembrar import Memory, SearchConfig, ValidationError
from lembrar.embed import CachedEmbedder, embed_queries
from lembrar.embed.hashing import HashingEmbedder
from lembrar.retrieval import fusion, ranker
from lembrar.retrieval.config import PRESETS
from lembrar.retrieval.search import named_speakers, without_names

BALANCED = PRESETS["balanced"]
SUNDAY = datetime(2024, 5, 19, 13, 0, tzinfo=UTC)  # the day before the fixtures' "now"


def texts(hits) -> list[str]:
    return [h.episode.content for h in hits]


def conversation(memory: Memory, session: str, *said: str) -> None:
    """Ana's turns, one session."""
    memory.add(
        [{"role": "user", "content": text} for text in said], user_id="ana", session_id=session
    )


# -- pure functions ------------------------------------------------------------------------------
def test_rrf_weights_each_list():
    fused = fusion.rrf({"dense": [1, 2], "keyword": [2, 3]}, {"dense": 1.0, "keyword": 0.5}, k=10)
    assert fused[1] == pytest.approx(1 / 11)
    assert fused[2] == pytest.approx(1 / 12 + 0.5 / 11)
    assert fused[3] == pytest.approx(0.5 / 12)


def test_relative_fusion_keeps_score_gaps_and_stays_in_the_unit_interval():
    fused = fusion.relative(
        {"dense": [(1, 0.50), (2, 0.49), (3, 0.30)], "keyword": [(2, 18.0), (4, 6.0), (1, 5.0)]},
        {"dense": 1.0, "keyword": 1.0},
    )
    assert fused[1] == pytest.approx((1.0 + 0.0) / 2)
    assert fused[2] == pytest.approx(
        (0.95 + 1.0) / 2
    )  # barely second on meaning, far first on words
    assert fused[3] == 0.0 and fused[4] == pytest.approx((6 - 5) / 13 / 2)
    assert max(fused, key=fused.get) == 2 and all(0.0 <= v <= 1.0 for v in fused.values())
    assert fusion.relative({"dense": [(7, 0.2)]}, {"dense": 1.0}) == {
        7: 1.0
    }  # a single hit is its list's best
    assert fusion.relative(
        {"dense": [(1, 0.5)], "keyword": [(2, 3.0)]}, {"dense": 1.0, "keyword": 0.0}
    ) == {1: 1.0, 2: 0.0}


def test_soft_time_score_is_full_inside_and_halves_every_tolerance_outside():
    assert fusion.soft_time_score(0, 86400) == 1.0
    assert fusion.soft_time_score(86400, 86400) == pytest.approx(0.5)
    assert fusion.soft_time_score(3 * 86400, 86400) == pytest.approx(0.125)
    assert fusion.soft_time_score(10, 0) == 0.0


def test_mmr_prefers_a_different_item_over_a_near_copy():
    vectors = np.array([[1.0, 0.0], [0.999, 0.0447], [0.0, 1.0]], dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    assert fusion.mmr([1.0, 0.95, 0.6], vectors, 1.0, 3) == [0, 1, 2]
    assert fusion.mmr([1.0, 0.95, 0.6], vectors, 0.5, 3)[:2] == [0, 2]


# -- the pipeline ---------------------------------------------------------------------------------
@pytest.mark.parametrize("ranker", ["fitted", "plain"])
def test_both_rankers_rank_a_match_on_meaning_and_words_first(memory, ranker):
    memory.add("We planted tomatoes in the garden", user_id="ana")
    memory.add("The garden gate is broken", user_id="ana")
    memory.add("The train to Porto was late", user_id="ana")
    hits = memory.search("tomatoes garden", user_id="ana", preset=BALANCED.with_(ranker=ranker))
    assert hits[0].episode.content == "We planted tomatoes in the garden"
    assert all(0.0 <= h.score <= 1.0 for h in hits) and [h.score for h in hits] == sorted(
        (h.score for h in hits), reverse=True
    )


def test_every_hit_says_which_signals_found_it(memory):
    memory.add("We planted tomatoes in the garden", user_id="ana")
    memory.add("The train to Porto was late", user_id="ana")
    [top, *_] = memory.search("tomatoes garden", user_id="ana")
    assert top.episode.content == "We planted tomatoes in the garden"
    assert top.signals["dense"] > 0 and top.signals["keyword"] > 0
    assert "time" not in top.signals and "speaker" not in top.signals


def test_a_time_phrase_alone_finds_the_memories_of_that_day(memory):
    memory.add("We grilled sardines at the harbour", user_id="ana", session_id="sun", at=SUNDAY)
    for days, text in (
        (1, "We talked about the budget for the trip"),
        (2, "Booked the dentist for June"),
        (5, "The kids talked about their school play"),
        (9, "Bought a new kettle"),
    ):
        memory.add(text, user_id="ana", session_id=f"d{days}", at=SUNDAY - timedelta(days=days))
    result = memory.retrieve("what did we talk about last Sunday?", user_id="ana")
    assert result.time is not None and result.time.has_time
    assert result.hits[0].episode.session_id == "sun"
    assert result.hits[0].signals["time_score"] == 1.0 and "time" in result.hits[0].signals
    assert all(h.signals["time_score"] < 1.0 for h in result.hits[1:])


def test_a_weekday_or_part_of_day_beside_a_topic_is_the_topic_not_the_time(memory):
    morning = datetime(2024, 5, 15, 9, 0, tzinfo=UTC)
    evening = datetime(2024, 5, 16, 20, 0, tzinfo=UTC)
    memory.add("my evening routine: board games and reading", user_id="ana", at=morning)
    memory.add("bought a new lamp for the hall", user_id="ana", at=evening)
    memory.add("the Sunday shift is Admon's, mornings", user_id="ana", at=morning)
    now = "2024-05-20T12:00:00+00:00"
    for question, said in (
        ("what do I do in the evening?", "my evening routine"),
        ("Can you suggest some activities for the evening?", "my evening routine"),
        ("who has the rotation on a Sunday?", "the Sunday shift"),
    ):
        result = memory.retrieve(question, "ana", now=now)
        assert result.semantic_query == question
        assert result.time is not None and not result.time.has_time
        assert result.hits[0].episode.content.startswith(said)
        assert all("time_score" not in h.signals for h in result.hits)
    windowed = memory.retrieve("what did I buy last Thursday?", "ana", now=now)
    assert windowed.semantic_query == "what did I buy?"


def test_a_weekday_or_part_of_day_with_no_topic_beside_it_is_the_time(memory):
    sunday_evening = datetime(2024, 5, 12, 20, 0, tzinfo=UTC)
    for days, text in ((0, "We planned the garden"), (1, "We argued about the car"), (3, "Rain")):
        at = sunday_evening - timedelta(days=days, hours=10 * (days > 0))
        memory.add(text, user_id="ana", session_id=f"s{days}", at=at)
    now = "2024-05-20T12:00:00+00:00"
    for question in (
        "what did we talk about on Sunday evenings?",
        "what did we discuss on a Sunday?",
    ):
        result = memory.retrieve(question, "ana", now=now)
        assert result.time is not None and result.time.weekdays == {6}
        assert result.hits[0].episode.content == "We planned the garden"
        assert result.hits[0].signals["time_score"] == 1.0


def test_a_holiday_that_is_what_was_talked_about_is_the_topic_not_the_day(memory):
    memory.add(
        "We wrapped the Easter eggs for the kids",
        user_id="ana",
        at=datetime(2024, 3, 20, 18, tzinfo=UTC),
    )
    memory.add(
        "The plumber fixed the sink", user_id="ana", at=datetime(2024, 3, 31, 10, tzinfo=UTC)
    )
    now = "2024-05-20T12:00:00+00:00"
    for question in ("did I ever mention Easter?", "a gente falou sobre a Páscoa?"):
        result = memory.retrieve(question, "ana", now=now)
        assert result.time is not None and result.time.windows == ()
        assert result.hits[0].episode.content.startswith("We wrapped the Easter eggs")
    on_the_day = memory.retrieve("what did we talk about at Easter?", "ana", now=now)
    assert on_the_day.hits[0].episode.content == "The plumber fixed the sink"


def test_a_window_in_the_future_is_a_plan_and_does_not_rank_memories(memory):
    memory.add("Grilled sardines with friends", user_id="ana", at=SUNDAY)
    memory.add("Grilled peppers for dinner", user_id="ana", at=SUNDAY - timedelta(days=20))
    result = memory.retrieve(
        "what should I grill for dinner this weekend?", user_id="ana"
    )  # asked on a Monday
    assert (
        result.time is not None
        and result.time.windows == ()
        and result.semantic_query == "what should I grill for dinner?"
    )
    assert result.hits[0].episode.content == "Grilled peppers for dinner"
    assert all("time_score" not in h.signals for h in result.hits)
    past = memory.retrieve("what did I grill last weekend?", user_id="ana")
    assert [w.start.date().isoformat() for w in past.time.windows] == ["2024-05-18"]


def _two_speakers(memory: Memory) -> None:
    memory.add(
        [
            {
                "role": "user",
                "name": "Caroline",
                "content": "I went to the support group yesterday and it helped",
            },
            {
                "role": "assistant",
                "name": "Melanie",
                "content": "Caroline, I went to the support group yesterday too, it helped me a lot",
            },
            {
                "role": "user",
                "name": "Caroline",
                "content": "The weather was lovely on the way back",
            },
        ],
        user_id="ana",
        session_id="s1",
        at=SUNDAY,
    )


def test_a_named_speaker_is_a_feature_the_ranker_weighs(memory):
    _two_speakers(memory)
    query = "When did Caroline go to the support group?"
    hits = memory.search(query, user_id="ana")
    said = {h.episode.content[:20]: h.signals["speaker"] for h in hits}
    assert said == {
        "I went to the suppor": 1.0,
        "Caroline, I went to ": 0.0,
        "The weather was love": 1.0,
    }
    assert ranker.fitted().weights["speaker"] > 0  # the fitted sets say it counts


def test_a_named_person_is_found_by_who_said_it_not_by_who_named_her(memory):
    memory.add(
        [
            {"role": "user", "name": "Caroline", "content": "The support group was so welcoming"},
            {"role": "assistant", "name": "Melanie", "content": "Caroline, a support group, wow"},
            {"role": "user", "name": "Caroline", "content": "My cat knocked a vase over"},
        ],
        user_id="ana",
        session_id="s1",
        at=SUNDAY,
    )
    hits = memory.search("How was Caroline's support group?", user_id="ana")
    assert hits[0].episode.content == "The support group was so welcoming"
    assert hits[0].signals["coverage"] == pytest.approx(hits[1].signals["coverage"])


def test_a_named_speakers_name_is_not_one_of_the_questions_words():
    assert without_names("what is Caroline's job?", {"Caroline"}) == "what is job?"
    assert without_names("did May and Bob’s sister call?", {"may", "Bob"}) == "did and sister call?"
    assert without_names("did Anastasia call?", {"Ana"}) == "did Anastasia call?"
    assert without_names("what did Ana  say?", set()) == "what did Ana  say?"  # none named


def test_naming_every_speaker_or_none_changes_nothing(memory):
    _two_speakers(memory)
    for query in (
        "Did Caroline and Melanie go to the support group?",
        "who went to the support group?",
    ):
        hits = memory.search(query, user_id="ana")
        assert all("speaker" not in h.signals for h in hits), query


def test_speaker_names_match_as_whole_words_and_never_as_single_letters():
    speakers = {"Ana", "A", "Bob", "may"}
    assert named_speakers("What did Ana say?", speakers) == {"Ana"}
    assert named_speakers("Did Anastasia call?", speakers) == set()
    assert named_speakers("A question for Bob", speakers) == {"Bob"}
    assert named_speakers("What did May tell me?", speakers) == {"may"}
    assert (
        named_speakers("Ana, Bob, May and A", {"Ana", "Bob"}) == set()
    )  # all of them: no preference


def test_session_support_and_coverage_are_reported_where_they_count(memory):
    conversation(
        memory,
        "garden",
        "the tomato garden is thriving",
        "garden watering by hand",
        "watering every tomato at dusk",
    )
    conversation(memory, "lucky", "tomato garden watering schedule", "the bus was late again")
    hits = memory.search("tomato garden watering", user_id="ana")
    support = {h.episode.session_id: h.signals.get("session", 0.0) for h in hits}
    assert set(support) == {"garden", "lucky"} and max(support.values()) == 1.0
    assert all(0.0 < value <= 1.0 for value in support.values())
    assert all(0.0 < h.signals["coverage"] <= 1.0 for h in hits if "tomato" in h.episode.content)
    framed = memory.search("what did we talk about?", user_id="ana")
    assert framed and all("coverage" not in h.signals for h in framed)  # no topic to cover
    assert all("session" not in h.signals for h in framed)


def test_a_copy_made_at_the_same_moment_collapses_unless_turned_off(memory):
    for _ in range(2):  # a write retried, outside any conversation
        memory.add("Remember to buy oat milk", user_id="ana", at=SUNDAY)
    memory.add("The oat harvest was early this year", user_id="ana")
    collapsed = memory.search("oat milk", user_id="ana")
    assert texts(collapsed).count("Remember to buy oat milk") == 1
    kept = memory.search("oat milk", user_id="ana", preset=BALANCED.with_(dedup_threshold=None))
    assert texts(kept).count("Remember to buy oat milk") == 2


def test_the_same_words_on_three_days_are_three_memories(memory):
    for day in range(3):
        memory.add("Remember to buy oat milk", user_id="ana", at=SUNDAY - timedelta(days=day))
    hits = memory.search("oat milk", user_id="ana")
    assert texts(hits).count("Remember to buy oat milk") == 3


def test_session_granularity_returns_one_hit_per_session(memory):
    for session, flour in (("a", "rye"), ("b", "rye and spelt")):
        memory.add(
            [{"role": "user", "content": f"bread recipe with {flour}, part {n}"} for n in range(3)],
            user_id="ana",
            session_id=session,
        )
    hits = memory.search(
        "rye bread recipe", user_id="ana", preset=BALANCED.with_(granularity="session")
    )
    assert sorted(h.episode.session_id for h in hits) == ["a", "b"]


def test_neighbour_expansion_brings_the_turns_around_a_hit(memory):
    memory.add(
        [
            {"role": "user", "content": "Shall we talk about holidays?"},
            {"role": "assistant", "content": "Sure."},
            {"role": "user", "content": "I booked a cabin in Gerês for August"},
            {"role": "assistant", "content": "Lovely, bring boots."},
        ],
        user_id="ana",
        session_id="s",
        at=SUNDAY,
    )
    [hit, *_] = memory.search(
        "cabin Gerês", user_id="ana", preset=BALANCED.with_(neighbours=(1, 1))
    )
    assert [e.content for e in hit.context] == [
        "Sure.",
        "I booked a cabin in Gerês for August",
        "Lovely, bring boots.",
    ]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"as_of_days": -1.0}, "as_of_days"),
        ({"time_tolerance_days": -1.0}, "time_tolerance_days"),
        ({"mmr_lambda": 1.5}, "mmr_lambda"),
        ({"dedup_threshold": 1.2}, "dedup_threshold"),
        ({"methods": ("dense", "psychic")}, "methods"),
        ({"granularity": "paragraph"}, "granularity"),
        ({"ranker": "borda"}, "ranker"),
    ],
)
def test_bad_search_settings_name_the_field(changes, field):
    with pytest.raises(ValidationError) as info:
        SearchConfig(**changes)
    assert info.value.field == field


# -- asymmetric embedders: queries have their own side --------------------------------------------
class QuerySide(HashingEmbedder):
    """Embeds a query as the hashing embedder does with a marker word; counts the query calls."""

    name = "hash"

    def __init__(self) -> None:
        super().__init__()
        self.queries: list[str] = []

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        self.queries.extend(texts)
        return self.embed_batch([f"question {t}" for t in texts])


def test_the_cache_keeps_query_vectors_apart_from_stored_text_vectors():
    inner = QuerySide()
    cached = CachedEmbedder(inner)
    stored = cached.embed_batch(["oat milk"])
    asked = cached.embed_queries(["oat milk"])
    assert not np.allclose(stored, asked)
    assert np.allclose(cached.embed_queries(["oat milk"]), asked) and inner.queries == ["oat milk"]
    assert np.allclose(
        embed_queries(HashingEmbedder(), ["oat milk"]), stored
    )  # a symmetric model: one side


def test_search_embeds_the_query_with_the_query_side(db_path, clock):
    inner = QuerySide()
    with Memory(db_path, embedder=inner, clock=clock) as memory:
        memory.add("We planted tomatoes in the garden", user_id="ana")
        assert inner.queries == []
        memory.search("tomatoes in the garden last Sunday", user_id="ana")
        assert inner.queries == ["tomatoes in the garden"]  # the time phrase is stripped first
