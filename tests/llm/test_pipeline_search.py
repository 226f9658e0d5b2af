"""The search steps: hypothetical memory, LLM date ranges, relevance filter, and their fallbacks."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.evaluation.llm import search_config_with_llm
from lembrar.llm import LLMClient
from lembrar.llm.prompts.date_ranges import DateRange
from lembrar.retrieval.config import SearchConfig
from lembrar.retrieval.llm_steps.dates import windows_from_ranges
from lembrar.testing import Reply

NOW = datetime(2024, 5, 22, 9, 0, tzinfo=UTC)  # a Wednesday
EPISODES = [
    ("2024-05-19T13:00:00+00:00", "s1", "I had lunch with Ana at the harbour"),
    ("2024-05-10T10:00:00+00:00", "s2", "My dentist appointment went fine, no cavities"),
    ("2024-04-02T18:00:00+00:00", "s3", "I started learning the guitar"),
    ("2023-05-15T11:00:00+00:00", "s4", "I applied for a job at your restaurant"),
    ("2024-05-11T20:00:00+00:00", "s5", "Watched a film about a dentist who plays guitar"),
]
HYPOTHETICAL = {
    "date": "2024-05-19",
    "period": "afternoon",
    "label": "lunch",
    "description": "The user had lunch with Ana at the harbour.",
}
PROMPTS = {
    "hypothetical": "imagine the memory record",
    "dates": "find the calendar dates",
    "relevance": "select which of an assistant's memories",
}
ALL_STEPS = SearchConfig(
    llm_hypothetical_query=True, llm_time_extraction=True, llm_relevance_filter=True
)


def routed(**replies):
    """A responder answering each prompt kind with its reply (a list: one per request, in order)."""
    queues = {
        key: list(value) if isinstance(value, list) else value for key, value in replies.items()
    }

    def answer(request):
        system = request.messages[0]["content"]
        for key, reply in queues.items():
            if PROMPTS[key] in system:
                return reply.pop(0) if isinstance(reply, list) else reply
        return Reply(status=500, error=f"unexpected prompt: {system[:60]}")

    return answer


@pytest.fixture
def memory(client):
    with Memory(":memory:", embedder=HashingEmbedder(), clock=lambda: NOW, llm=client) as mem:
        for at, session, text in EPISODES:
            mem.add({"role": "user", "content": text}, user_id="ana", session_id=session, at=at)
        yield mem


def test_without_llm_flags_nothing_is_asked_and_nothing_reported(memory, server):
    result = memory.retrieve("dentist", "ana", k=3)
    assert result.steps == () and server.requests == []


def test_hypothetical_memory_is_an_extra_query_vector_of_the_dense_feature(memory, server):
    assert memory.search("where did we eat?", "ana", k=3)[0].episode.session_id != "s1"
    server.script(Reply.json(HYPOTHETICAL))
    config = SearchConfig(llm_hypothetical_query=True)
    result = memory.retrieve("where did we eat?", "ana", k=3, preset=config)
    [step] = result.steps
    assert step.name == "hypothetical_query" and step.outcome == "used"
    assert step.detail.startswith(
        "date: 2024-05-19; period: afternoon; weekday: sunday; session: lunch;"
    )
    top = result.hits[0]
    assert top.episode.session_id == "s1" and top.signals["hypothetical"] > 0.5
    sent = server.requests[0].messages[-1]["content"]
    assert "where did we eat?" in sent and "Wednesday 2024-05-22" in sent


def test_llm_date_ranges_join_the_rule_windows(memory, server):
    server.script(Reply.json({"ranges": [{"start": "2024-05-10", "end": "2024-05-10"}]}))
    result = memory.retrieve(
        "that appointment around my birthday",
        "ana",
        k=3,
        preset=SearchConfig(llm_time_extraction=True),
    )
    assert [(w.start.date().isoformat(), w.phrase) for w in result.time.windows] == [
        ("2024-05-10", "llm")
    ]
    assert result.steps[0].outcome == "used" and result.steps[0].detail == "2024-05-10..2024-05-10"
    assert result.hits[0].episode.session_id == "s2" and "time" in result.hits[0].signals


def test_llm_windows_are_added_to_the_parsed_ones_without_duplicates(memory, server):
    server.script(
        Reply.json(
            {
                "ranges": [
                    {"start": "2024-05-19", "end": "2024-05-19"},
                    {"start": "2024-05-18", "end": "2024-05-19"},
                ]
            }
        )
    )
    result = memory.retrieve(
        "what did I do last Sunday?", "ana", k=3, preset=SearchConfig(llm_time_extraction=True)
    )
    assert [w.phrase for w in result.time.windows] == ["last Sunday", "llm"]
    assert result.hits[0].episode.session_id == "s1"


def test_relevance_filter_drops_what_the_model_judges_irrelevant(memory, server):
    plain = memory.search("dentist guitar", "ana", k=3, preset=SearchConfig())
    server.script(Reply.json({"ids": [2]}))
    result = memory.retrieve(
        "dentist guitar", "ana", k=3, preset=SearchConfig(llm_relevance_filter=True)
    )
    assert [h.episode.id for h in result.hits] == [plain[1].episode.id]
    assert result.hits[0].rank == 1 and result.hits[0].signals["llm_relevant"] == 1.0
    assert result.steps[0].detail == "kept 1 of 3"
    shown = server.requests[0].messages[-1]["content"]
    assert "[1] " in shown and "[3] " in shown and "2024-05-" in shown


def test_a_filter_reply_naming_no_shown_memory_keeps_every_hit(memory, server):
    server.script(Reply.json({"ids": [7, 9]}), Reply.json({"ids": []}))
    config = SearchConfig(llm_relevance_filter=True)
    kept = memory.retrieve("dentist guitar", "ana", k=3, preset=config)
    assert (
        len(kept.hits) == 3
        and kept.steps[0].outcome == "fallback"
        and "[7, 9]" in kept.steps[0].detail
    )
    none = memory.retrieve("dentist guitar", "ana", k=3, preset=config)
    assert none.hits == [] and none.steps[0].detail == "kept 0 of 3"


def test_all_steps_together(memory, server):
    server.default = routed(
        hypothetical=Reply.json(HYPOTHETICAL),
        dates=Reply.json({"ranges": [{"start": "2024-05-19", "end": "2024-05-19"}]}),
        relevance=Reply.json({"ids": [1]}),
    )
    result = memory.retrieve("who did I eat with?", "ana", k=3, preset=ALL_STEPS)
    assert [s.name for s in result.steps] == [
        "hypothetical_query",
        "time_extraction",
        "relevance_filter",
    ]
    assert all(s.outcome == "used" for s in result.steps)
    assert [h.episode.session_id for h in result.hits] == ["s1"]
    assert len(server.requests) == 3


def test_a_timeout_falls_back_to_the_plain_search(server):
    server.default = Reply(text="{}", delay=1.0)
    with (
        LLMClient(server.config(timeout=0.2, max_retries=0)) as slow,
        Memory(":memory:", embedder=HashingEmbedder(), clock=lambda: NOW, llm=slow) as memory,
    ):
        for at, session, text in EPISODES:
            memory.add(text, user_id="ana", session_id=session, at=at)
        plain = memory.search("dentist", "ana", k=3, preset=SearchConfig())  # ALL_STEPS' twin
        result = memory.retrieve("dentist", "ana", k=3, preset=ALL_STEPS)
    assert [s.outcome for s in result.steps] == ["fallback"] * 3
    assert all("LLMTimeoutError" in s.detail and s.fell_back for s in result.steps)
    assert [h.episode.id for h in result.hits] == [h.episode.id for h in plain]
    assert [h.score for h in result.hits] == [h.score for h in plain]


def test_a_rate_limit_is_waited_out(memory, server):
    server.script(Reply(status=429, error="slow down", retry_after=0), Reply.json({"ids": [1]}))
    result = memory.retrieve("dentist", "ana", k=3, preset=SearchConfig(llm_relevance_filter=True))
    assert result.steps[0].outcome == "used" and len(result.hits) == 1
    assert len(server.requests) == 2


def test_malformed_json_is_repaired(memory, server):
    server.script(
        Reply(text='```json\n{"ranges": [{"start": "2024-05-10", "end": "2024-05-10"},]}\n```')
    )
    result = memory.retrieve(
        "that appointment", "ana", k=3, preset=SearchConfig(llm_time_extraction=True)
    )
    assert result.steps[0].outcome == "used" and len(server.requests) == 1


def test_a_reply_that_does_not_fit_is_asked_again(memory, server):
    server.script(Reply.json({"ids": "two"}), Reply.json({"ids": [2]}))
    result = memory.retrieve("dentist", "ana", k=3, preset=SearchConfig(llm_relevance_filter=True))
    assert result.steps[0].outcome == "used" and len(result.hits) == 1
    assert "could not be used" in server.requests[1].messages[-1]["content"]


def test_garbage_twice_falls_back(memory, server):
    server.script(Reply(text="I cannot help with that."), Reply(text="Still no JSON, sorry."))
    result = memory.retrieve(
        "who did I eat with?", "ana", k=3, preset=SearchConfig(llm_hypothetical_query=True)
    )
    assert result.steps[0].outcome == "fallback" and "LLMResponseError" in result.steps[0].detail
    assert "hypothetical" not in result.hits[0].signals


def test_an_empty_hypothetical_description_is_not_searched(memory, server):
    server.script(Reply.json({"date": None, "period": None, "label": "", "description": " "}))
    result = memory.retrieve(
        "dentist", "ana", k=3, preset=SearchConfig(llm_hypothetical_query=True)
    )
    assert result.steps[0].outcome == "fallback" and "empty description" in result.steps[0].detail


def test_without_a_model_the_steps_are_skipped(client):
    with Memory(":memory:", embedder=HashingEmbedder(), clock=lambda: NOW) as memory:
        memory.add("My dentist appointment went fine", user_id="ana")
        result = memory.retrieve("dentist", "ana", preset=ALL_STEPS)
    assert [s.outcome for s in result.steps] == ["skipped"] * 3
    assert len(result.hits) == 1


def test_windows_from_ranges_are_local_days_and_drop_absurd_spans():
    windows = windows_from_ranges(
        [
            DateRange(start="2024-05-10", end="2024-05-12"),
            DateRange(start="1990-01-01", end="2024-01-01"),
            DateRange(start="2024-05-10", end="2024-05-12"),
        ],
        "America/Sao_Paulo",
    )
    [window] = windows
    assert window.start.isoformat() == "2024-05-10T00:00:00-03:00"
    assert window.end.isoformat() == "2024-05-13T00:00:00-03:00"
    assert window.granularity == "range"


def test_the_bench_hook_builds_a_config_and_a_client(server, memory):
    setup = search_config_with_llm(
        "fast",
        base_url=server.base_url,
        model="fake-model",
        api_key="sk-test-key",
        relevance_filter=False,
        max_retries=0,
    )
    try:
        assert setup.config.methods == ("dense", "keyword")
        assert (
            setup.config.llm_hypothetical_query,
            setup.config.llm_time_extraction,
            setup.config.llm_relevance_filter,
        ) == (True, True, False)
        memory.llm = setup.llm
        server.default = routed(
            hypothetical=Reply.json(HYPOTHETICAL), dates=Reply.json({"ranges": []})
        )
        result = memory.retrieve("who did I eat with?", "ana", k=2, preset=setup.config)
        assert [s.outcome for s in result.steps] == ["used", "used"]
        assert result.steps[1].detail == "no dates"
    finally:
        setup.close()


def test_the_bench_hook_reads_the_environment():
    setup = search_config_with_llm(
        env={"LEMBRAR_LLM_BASE_URL": "http://127.0.0.1:9/v1", "LEMBRAR_LLM_MODEL": "m"}
    )
    try:
        assert setup.llm.config.model == "m" and setup.config.uses_llm
    finally:
        setup.close()
