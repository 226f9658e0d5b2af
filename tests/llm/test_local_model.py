"""The in-process provider and the local endpoint against a real GGUF model (slow tier).

Set ``LEMBRAR_TEST_GGUF=/path/to/model.gguf`` (any instruct model; measured with
Qwen2.5-Coder-1.5B-Instruct Q4_K_M) and install the ``[local]`` extra; otherwise skipped.
"""

from __future__ import annotations

import importlib.util
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pydantic import BaseModel

from lembrar.llm import LLMClient, LLMConfig
from lembrar.llm.local import LocalModel
from lembrar.llm.local.runtime import load

GGUF = os.environ.get("LEMBRAR_TEST_GGUF", "")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not GGUF or not Path(GGUF).is_file(), reason="set LEMBRAR_TEST_GGUF to a GGUF file"
    ),
    pytest.mark.skipif(
        importlib.util.find_spec("llama_cpp") is None,
        reason="needs llama-cpp-python: pip install 'lembrar[local]'",
    ),
]

NOW = datetime(2024, 5, 22, 9, 0, tzinfo=UTC)


class City(BaseModel):
    city: str
    country: str


@pytest.fixture(scope="module")
def llm():
    with LLMClient(LLMConfig(f"local:{GGUF}", "", max_retries=0, timeout=900)) as client:
        yield client


def test_chat_answers_and_counts_tokens(llm):
    result = llm.chat([{"role": "user", "content": "Say hello in one word."}], max_tokens=8)
    assert result.text.strip()
    assert result.usage.prompt_tokens > 5 and 0 < result.usage.completion_tokens <= 8
    assert result.model == Path(GGUF).name.removesuffix(".gguf")


def test_structured_output_follows_the_schema(llm):
    city = llm.structured(
        [
            {
                "role": "user",
                "content": "Lisbon is the capital of which country? Give the city and the country.",
            }
        ],
        City,
    )
    assert city.city.lower() == "lisbon" and "portugal" in city.country.lower()


def test_date_ranges_from_the_real_model_are_valid_ranges(llm):
    from lembrar.retrieval.llm_steps.dates import llm_windows

    windows, step = llm_windows(llm, "what did we talk about last Sunday?", NOW, "UTC")
    assert step.outcome == "used"  # the grammar made the reply parse; whether the dates are
    assert windows  # right is measured by `lembrar bench llm dates`, not asserted here
    assert all(w.start < w.end for w in windows)


def test_a_prompt_past_the_context_falls_back_to_the_plain_method():
    from lembrar.retrieval.llm_steps.dates import llm_windows

    tiny = LLMConfig("", "", local=LocalModel(Path(GGUF), context=256), max_retries=0)
    with LLMClient(tiny) as llm:
        windows, step = llm_windows(llm, "what did we talk about last Sunday? " * 60, NOW, "UTC")
    assert (windows, step.outcome) == ((), "fallback")
    assert "context" in step.detail


def test_a_named_tool_choice_forces_the_call(llm):
    tools = [
        {
            "type": "function",
            "function": {
                "name": "recall",
                "description": "search the user's memories",
                "parameters": {
                    "type": "object",
                    "properties": {"query": {"type": "string"}},
                    "required": ["query"],
                },
            },
        }
    ]
    result = llm.chat(
        [{"role": "user", "content": "What did I say about my trip to Porto?"}],
        tools=tools,
        tool_choice={"type": "function", "function": {"name": "recall"}},
    )
    assert [call.name for call in result.tool_calls] == ["recall"]
    assert isinstance(result.tool_calls[0].arguments.get("query"), str)


def test_stream_gives_the_same_text_as_its_result(llm):
    with llm.stream([{"role": "user", "content": "Count from 1 to 5."}], max_tokens=30) as stream:
        text = "".join(stream)
    assert text == stream.result.text and "3" in text


def test_the_model_loads_once_per_process():
    model = LocalModel(Path(GGUF))
    assert load(model) is load(model)


def test_the_local_endpoint_serves_the_model_over_http():
    from lembrar.testing.local_server import local_model_server

    with (
        local_model_server(LocalModel(Path(GGUF))) as server,
        LLMClient(server.config(max_retries=0, timeout=900)) as llm,
    ):
        assert llm.models() == [Path(GGUF).name.removesuffix(".gguf")]
        city = llm.structured(
            [{"role": "user", "content": "Madrid: give the city and its country."}], City
        )
        assert "spain" in city.country.lower()
        assert server.requests[-1].body["response_format"]["type"] == "json_schema"
