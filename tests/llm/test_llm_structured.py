from __future__ import annotations

import pytest
from pydantic import BaseModel

from lembrar.llm import LLMAuthError, LLMClient, LLMResponseError
from lembrar.testing import FakeOpenAIServer, Reply


class Person(BaseModel):
    name: str
    age: int


ASK = [{"role": "user", "content": "Who is Ana?"}]


def test_valid_reply_uses_json_schema(client, server):
    server.script(Reply.json({"name": "Ana", "age": 31}))
    assert client.structured(ASK, Person) == Person(name="Ana", age=31)
    response_format = server.requests[0].body["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == "Person"
    assert response_format["json_schema"]["schema"] == Person.model_json_schema()


@pytest.mark.parametrize(
    "text",
    [
        'Sure! Here it is:\n```json\n{"name": "Ana", "age": 31}\n```',
        "{'name': 'Ana', 'age': 31,}",
        'The answer is {"name": "Ana", "age": 31} as requested.',
        '{"name": "Ana", "age": 31',
        '<think>Ana is 31.</think>{"name": "Ana", "age": 31}',
    ],
)
def test_malformed_json_is_repaired_without_asking_again(client, server, text):
    server.script(Reply(text=text))
    assert client.structured(ASK, Person) == Person(name="Ana", age=31)
    assert len(server.requests) == 1


def test_invalid_reply_is_asked_again_with_the_error(client, server):
    server.script(
        Reply.json({"name": "Ana", "age": "thirty-one"}), Reply.json({"name": "Ana", "age": 31})
    )
    assert client.structured(ASK, Person) == Person(name="Ana", age=31)
    retry = server.requests[1].messages
    assert retry[:-2] == ASK
    assert retry[-2] == {"role": "assistant", "content": '{"name": "Ana", "age": "thirty-one"}'}
    assert "age" in retry[-1]["content"] and "integer" in retry[-1]["content"]


def test_unrepairable_json_is_asked_again(client, server):
    server.script(Reply(text="I don't know who Ana is."), Reply.json({"name": "Ana", "age": 31}))
    assert client.structured(ASK, Person).age == 31
    assert "no JSON object" in server.requests[1].messages[-1]["content"]


def test_invalid_twice_raises_and_structured_or_falls_back(client, server):
    server.script(Reply(text="nope"), Reply(text="still nope"))
    with pytest.raises(LLMResponseError, match="Person"):
        client.structured(ASK, Person)
    server.script(Reply(text="nope"), Reply(text="still nope"))
    assert client.structured_or(ASK, Person, lambda: None) is None
    assert len(server.requests) == 4


def test_structured_or_falls_back_on_any_llm_error(server):
    config = server.config(max_retries=0)
    with LLMClient(config) as client:
        server.script(Reply(status=500))
        assert client.structured_or(ASK, Person, lambda: "fallback") == "fallback"


def test_structured_or_calls_the_fallback_only_on_failure(client, server):
    server.script(Reply.json({"name": "Ana", "age": 31}))

    def fallback() -> None:
        raise AssertionError("not called")

    assert client.structured_or(ASK, Person, fallback) == Person(name="Ana", age=31)


def test_falls_back_to_json_object_and_remembers(user_hi):
    with FakeOpenAIServer(response_formats=("text", "json_object")) as server:
        server.script(
            Reply.json({"name": "Ana", "age": 31}), Reply.json({"name": "Rui", "age": 40})
        )
        with LLMClient(server.config(backoff=0.001)) as client:
            assert client.structured(ASK, Person).name == "Ana"
            assert client.structured(ASK, Person).name == "Rui"
    kinds = [(r.body.get("response_format") or {}).get("type") for r in server.requests]
    assert kinds == ["json_schema", "json_object", "json_object"]
    assert "JSON schema" in server.requests[1].messages[-1]["content"]


def test_falls_back_to_plain_instructions():
    with FakeOpenAIServer(response_formats=("text",)) as server:
        server.script(Reply.json({"name": "Ana", "age": 31}))
        with LLMClient(server.config(backoff=0.001)) as client:
            assert client.structured(ASK, Person).name == "Ana"
    last = server.requests[-1].body
    assert "response_format" not in last
    assert '"age"' in last["messages"][-1]["content"]


def test_other_errors_are_not_taken_for_a_missing_format(server):
    config = server.config()
    with (
        LLMClient(
            type(config)(base_url=config.base_url, model=config.model, api_key="bad")
        ) as client,
        pytest.raises(LLMAuthError),
    ):
        client.structured(ASK, Person)
    assert len(server.requests) == 1
