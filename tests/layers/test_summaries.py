"""Session summaries: when they are written, what they say, and the raw-window switch in search."""

from datetime import timedelta

import pytest
from layerkit import NO_TIME_PARSING, NOW, add_conversation

from lembrar import Memory, NotFoundError
from lembrar.embed.hashing import HashingEmbedder
from lembrar.errors import LLMError
from lembrar.layers import LayerConfig, SummaryDraft, is_summary_hit


def test_end_session_writes_a_title_and_an_extractive_summary(memory):
    turns = add_conversation(memory, "ana", "s-run", "running", NOW - timedelta(days=3))
    summary = memory.end_session("ana", "s-run")
    assert (
        summary.turns == 4 and summary.first_at == turns[0].at and summary.last_at == turns[-1].at
    )
    assert "running" in summary.title.lower() or "run" in summary.title.lower()
    assert "10 km" in summary.summary  # the sentence with most of the keyphrases is kept
    assert any("running shoes" == p.lower() for p in summary.keyphrases)
    assert memory.summaries.get("ana", "s-run").id == summary.id
    with pytest.raises(NotFoundError):
        memory.end_session("ana", "no-such-session")


@pytest.mark.parametrize(
    "name, expected", [("feijoada", "feijoada"), ("paella", "paella"), ("jardin", "savon noir")]
)
def test_summaries_in_other_languages_keep_their_key_words(memory, name, expected):
    add_conversation(memory, "ana", f"s-{name}", name, NOW - timedelta(days=1))
    summary = memory.end_session("ana", f"s-{name}")
    assert expected in (summary.title + " " + summary.summary).lower()


def test_only_idle_sessions_are_summarised_and_only_once(memory):
    add_conversation(memory, "ana", "old", "feijoada", NOW - timedelta(hours=5))
    add_conversation(memory, "ana", "live", "running", NOW - timedelta(minutes=20))
    assert [s.session_id for s in memory.summarize_idle(NOW)] == ["old"]
    assert memory.summarize_idle(NOW) == []
    later = NOW + timedelta(hours=2)
    assert [s.session_id for s in memory.summarize_idle(later)] == ["live"]
    memory.add(
        {"role": "user", "content": "Also, should I run on the beach?"},
        user_id="ana",
        session_id="live",
        at=NOW + timedelta(hours=3),
    )
    [redone] = memory.summarize_idle(NOW + timedelta(hours=5))
    assert redone.session_id == "live" and redone.turns == 5


def test_raw_turns_switch_to_summaries_after_fourteen_days(windowed):
    memory = windowed
    add_conversation(memory, "ana", "s-feijoada", "feijoada", NOW)
    memory.end_session("ana", "s-feijoada")
    add_conversation(memory, "ana", "s-run", "running", NOW + timedelta(days=19))

    fresh = memory.search(
        "receita de feijoada", "ana", now=NOW + timedelta(days=10), preset=NO_TIME_PARSING
    )
    assert fresh[0].episode.session_id == "s-feijoada" and not any(is_summary_hit(h) for h in fresh)

    old = memory.search(
        "receita de feijoada", "ana", now=NOW + timedelta(days=20), preset=NO_TIME_PARSING
    )
    assert is_summary_hit(old[0]) and old[0].episode.session_id == "s-feijoada"
    assert 0 < old[0].score <= 1 and old[0].signals["summary"] == old[0].score
    assert old[0].episode.metadata["summary"]["turns"] == 4
    assert not any(h.episode.session_id == "s-feijoada" and not is_summary_hit(h) for h in old)
    assert [h.rank for h in old] == list(range(1, len(old) + 1))
    assert all(a.score >= b.score for a, b in zip(old, old[1:]))


def test_raw_turns_of_a_summarised_session_stay_searchable_by_default(memory):
    add_conversation(memory, "ana", "s-feijoada", "feijoada", NOW)
    memory.end_session("ana", "s-feijoada")
    hits = memory.search(
        "receita de feijoada", "ana", now=NOW + timedelta(days=200), preset=NO_TIME_PARSING
    )
    assert hits[0].episode.session_id == "s-feijoada" and not is_summary_hit(hits[0])


def test_an_unsummarised_session_stays_searchable_past_the_window(windowed):
    memory = windowed
    add_conversation(memory, "ana", "s-feijoada", "feijoada", NOW)
    hits = memory.search("feijoada", "ana", now=NOW + timedelta(days=60), preset=NO_TIME_PARSING)
    assert hits and not any(is_summary_hit(h) for h in hits)


def test_turns_added_after_the_summary_stay_raw(memory):
    add_conversation(memory, "ana", "s", "running", NOW)
    memory.end_session("ana", "s")
    [late] = memory.add(
        {"role": "user", "content": "The race went well, 48 minutes!"},
        user_id="ana",
        session_id="s",
        at=NOW + timedelta(days=1),
    )
    hits = memory.search(
        "race minutes", "ana", now=NOW + timedelta(days=30), preset=NO_TIME_PARSING
    )
    assert late.id in [h.episode.id for h in hits]


def test_raw_search_forever_when_configured(db_path, clock):
    with Memory(
        db_path, embedder=HashingEmbedder(), clock=clock, layers=LayerConfig(raw_window_days=None)
    ) as mem:
        add_conversation(mem, "ana", "s", "feijoada", NOW)
        mem.end_session("ana", "s")
        hits = mem.search("feijoada", "ana", now=NOW + timedelta(days=400), preset=NO_TIME_PARSING)
        assert hits and not any(is_summary_hit(h) for h in hits)
        assert is_summary_hit(mem.summaries.search("feijoada", "ana", preset=NO_TIME_PARSING)[0])


def test_a_time_reference_finds_the_summary_of_that_period(windowed):
    memory = windowed
    add_conversation(memory, "ana", "s-jardin", "jardin", NOW - timedelta(days=60))
    add_conversation(memory, "ana", "s-run", "running", NOW - timedelta(days=100))
    memory.summarize_idle(NOW)
    hits = memory.search("what did we talk about two months ago?", "ana", now=NOW)
    assert hits[0].episode.session_id == "s-jardin" and is_summary_hit(hits[0])


def test_a_session_filter_applies_to_summaries(memory):
    add_conversation(memory, "ana", "a", "feijoada", NOW - timedelta(days=40))
    add_conversation(memory, "ana", "b", "paella", NOW - timedelta(days=40))
    memory.summarize_idle(NOW)
    hits = memory.search(
        "receita de arroz", "ana", filters={"session_id": "b"}, preset=NO_TIME_PARSING
    )
    assert {h.episode.session_id for h in hits} == {"b"}


def test_deleting_a_turn_rewrites_the_summary_without_it(memory, db_path):
    turns = add_conversation(memory, "ana", "s", "feijoada", NOW - timedelta(days=2))
    before = memory.end_session("ana", "s")
    assert "linguiça" in before.text + " ".join(before.keyphrases)  # a word said only in turns[2]
    memory.delete(turns[2].id, "ana")
    after = memory.summaries.get("ana", "s")
    assert after.turns == 3 and "linguiça" not in after.text + " ".join(after.keyphrases)
    memory.delete_all("ana", session_id="s")
    assert memory.summaries.list("ana") == []


def test_editing_a_turn_rewrites_the_summary_with_the_new_text(memory):
    turns = add_conversation(memory, "ana", "s", "running", NOW - timedelta(days=2))
    memory.end_session("ana", "s")
    memory.update(
        turns[0].id,
        "Can you help me plan a half marathon schedule? I want to race in October.",
        "ana",
    )
    summary = memory.summaries.get("ana", "s")
    assert "October" in summary.text and "10 km" not in summary.text


class BrokenSummarizer:
    name = "llm"

    def summarize(self, turns):
        raise LLMError("the model is down")


class FixedSummarizer:
    name = "llm"

    def summarize(self, turns):
        return SummaryDraft("A title", "The user talked about food.", ("food",))


@pytest.mark.parametrize(
    "summarizer, method", [(FixedSummarizer(), "llm"), (BrokenSummarizer(), "extractive")]
)
def test_a_summarizer_plugs_in_and_falls_back_to_extractive(db_path, clock, summarizer, method):
    with Memory(
        db_path, embedder=HashingEmbedder(), clock=clock, layers=LayerConfig(summarizer=summarizer)
    ) as mem:
        add_conversation(mem, "ana", "s", "paella", NOW)
        assert mem.end_session("ana", "s").method == method
