"""``lembrar mcp`` as a subprocess, driven by the official ``mcp`` client over stdio and over
streamable HTTP: tools, resources, the prompt, tenants, and bad calls."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

pytest.importorskip("mcp", reason="needs the [mcp] extra")
from mcp import Client  # noqa: E402
from mcp.shared.exceptions import MCPError  # noqa: E402
from mcp_session import http_server, over_http, payload, run, stdio  # noqa: E402

from lembrar.store import open_store  # noqa: E402
from lembrar.tenancy import create_tenant, issue_key  # noqa: E402

pytestmark = pytest.mark.server


def yesterday_noon() -> str:
    """Noon of the day before now, taken when a test stores it (not at import: a run that
    crosses midnight would store it two days back)."""
    return (datetime.now(UTC) - timedelta(days=1)).replace(hour=12, minute=0).isoformat()


# -- stdio ---------------------------------------------------------------------------------
def test_stdio_lists_the_tools_with_truthful_hints(tmp_path):
    async def session(client: Client) -> Any:
        return (await client.list_tools()).tools

    tools = {t.name: t for t in run(session, stdio(tmp_path / "m.db"))}
    assert list(tools) == [
        "remember",
        "recall",
        "context",
        "forget",
        "timeline",
        "saved_memories",
        "facts",
        "entities",
    ]
    assert tools["recall"].annotations.read_only_hint is True
    assert tools["forget"].annotations.destructive_hint is True
    assert tools["remember"].annotations.read_only_hint is False
    assert tools["remember"].annotations.destructive_hint is False
    assert tools["recall"].input_schema["properties"]["k"]["maximum"] == 50


def test_stdio_remember_recall_by_time_phrase_then_forget(tmp_path):
    db = tmp_path / "m.db"

    async def session(client: Client) -> Any:
        stored = payload(
            await client.call_tool(
                "remember",
                {
                    "fact": "Climbed Pico with Rui, windy at the top",
                    "kind": "event",
                    "at": yesterday_noon(),
                    "session_id": "trip",
                },
            )
        )
        found = payload(
            await client.call_tool("recall", {"query": "the climb", "when": "yesterday"})
        )
        forgotten = payload(await client.call_tool("forget", {"id": stored["id"]}))
        after = payload(
            await client.call_tool("recall", {"query": "the climb", "when": "yesterday"})
        )
        return stored, found, forgotten, after

    stored, found, forgotten, after = run(session, stdio(db, "--user", "ana"))
    assert [m["text"] for m in found["memories"]] == ["Climbed Pico with Rui, windy at the top"]
    assert found["understood"]["when"]["phrase"] == "yesterday"
    assert found["memories"][0]["id"] == stored["id"] and forgotten["kind"] == "episode"
    assert after["memories"] == []
    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("SELECT count(*) FROM episodes").fetchone() == (0,)


def test_stdio_bad_arguments_are_tool_errors_naming_the_argument(tmp_path):
    async def session(client: Client) -> Any:
        bad = [
            await client.call_tool(name, args)
            for name, args in (
                ("recall", {"k": 0}),
                ("remember", {}),
                ("forget", {"everything": True}),
                ("timeline", {"when": "purple"}),
                ("teleport", {}),
                ("recall", {"k": "five"}),
                ("remember", {"fact": 5}),
                ("forget", {"everything": "yes"}),
            )
        ]
        still = payload(await client.call_tool("saved_memories", {}))
        return bad, still

    bad, still = run(session, stdio(tmp_path / "m.db"))
    assert all(r.is_error for r in bad)
    named = [r.content[0].text.split(":")[0] for r in bad]
    assert named[:4] == ["k", "fact", "confirm", "when"] and "teleport" in bad[4].content[0].text
    assert [r.content[0].text for r in bad[5:]] == [
        'k: must be an integer, not "five"',
        "fact: must be a string, not 5",
        'everything: must be a boolean, not "yes"',
    ]
    assert still == {"memories": []}  # the session survived every bad call


def test_stdio_resources_and_prompt(tmp_path):
    async def session(client: Client) -> Any:
        await client.call_tool("remember", {"fact": "I'm allergic to peanuts"})
        await client.call_tool(
            "remember",
            {"fact": "Dinner at Casa Pasto was great", "kind": "event", "session_id": "dinner"},
        )
        listed = [str(r.uri) for r in (await client.list_resources()).resources]
        saved = await client.read_resource("lembrar://saved-memories")
        sessions = await client.read_resource("lembrar://sessions")
        one = await client.read_resource("lembrar://sessions/dinner")
        prompt = await client.get_prompt(
            "with_memory", {"question": "What should I order tonight?"}
        )
        return listed, saved, sessions, one, prompt

    listed, saved, sessions, one, prompt = run(session, stdio(tmp_path / "m.db"))
    assert listed == ["lembrar://saved-memories", "lembrar://sessions"]
    assert [m["text"] for m in json.loads(saved.contents[0].text)] == ["I'm allergic to peanuts"]
    assert [s["session_id"] for s in json.loads(sessions.contents[0].text)] == ["dinner"]
    assert json.loads(one.contents[0].text)[0]["text"] == "Dinner at Casa Pasto was great"
    text = prompt.messages[0].content.text
    assert "allergic to peanuts" in text and text.endswith("What should I order tonight?")


# -- streamable HTTP -----------------------------------------------------------------------
def test_http_remember_recall_forget_and_tenants_see_nothing_of_each_other(served):
    url, key_a, key_b = served

    async def write(client: Client) -> Any:
        return payload(
            await client.call_tool(
                "remember",
                {
                    "fact": "The server room door code is 4711",
                    "kind": "event",
                    "at": yesterday_noon(),
                },
            )
        )

    async def look(client: Client) -> Any:
        found = payload(
            await client.call_tool("recall", {"query": "door code", "when": "yesterday"})
        )
        timeline = payload(await client.call_tool("timeline", {"when": "yesterday"}))
        return found, timeline

    stored = over_http(url, key_a, write, user="ana")
    found, _ = over_http(url, key_a, look, user="ana")
    assert [m["id"] for m in found["memories"]] == [stored["id"]]
    other_tenant, other_timeline = over_http(url, key_b, look, user="ana")
    other_user, _ = over_http(url, key_a, look, user="bob")
    assert other_tenant["memories"] == [] and other_timeline["sessions"] == []
    assert other_user["memories"] == []

    async def forget(client: Client) -> Any:
        return await client.call_tool("forget", {"id": stored["id"]})

    assert over_http(url, key_b, forget, user="ana").is_error  # not found in the other tenant
    assert not over_http(url, key_a, forget, user="ana").is_error
    assert over_http(url, key_a, look, user="ana")[0]["memories"] == []


def test_http_refuses_a_missing_or_unknown_key(served):
    import httpx

    url = served[0]
    for headers in ({}, {"Authorization": "Bearer lmb_0000000000000000_" + "x" * 43}):
        response = httpx.post(
            url,
            headers={**headers, "Accept": "application/json, text/event-stream"},
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        )
        assert response.status_code == 401 and response.headers["www-authenticate"] == "Bearer"


def test_http_bad_arguments_are_tool_errors(served):
    url, key_a, _ = served

    async def session(client: Client) -> Any:
        return await client.call_tool("recall", {"since": "last tuesday"})

    result = over_http(url, key_a, session, user="ana")
    assert result.is_error and result.content[0].text.startswith("since:")


def refusal(call: Any) -> str:
    """The message of the MCP error a refused session raises (inside the client's task
    groups)."""
    with pytest.raises(BaseException) as raised:
        call()
    errors = [raised.value]
    while isinstance(errors[-1], BaseExceptionGroup):
        errors.append(errors[-1].exceptions[0])
    assert isinstance(errors[-1], MCPError), repr(raised.value)
    return str(errors[-1])


def test_http_refuses_a_call_that_names_no_user(served):
    import httpx

    url, key_a, _ = served

    async def session(client: Client) -> Any:
        return await client.call_tool("saved_memories", {})

    message = refusal(lambda: over_http(url, key_a, session))
    assert (
        message.startswith("X-Lembrar-User: send the X-Lembrar-User header") and "--user" in message
    )
    key = {"Authorization": f"Bearer {key_a}", "Accept": "application/json, text/event-stream"}
    listing = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    response = httpx.post(url, headers=key, json=listing)
    assert response.status_code == 400 and response.json()["error"]["message"] == message
    blank = httpx.post(url, headers={**key, "X-Lembrar-User": ""}, json=listing)
    assert blank.status_code == 400
    assert blank.json()["error"]["message"] == "X-Lembrar-User: must not be empty"


def test_http_started_with_a_user_acts_for_it_without_the_header(tmp_path):
    db = tmp_path / "m.db"
    store = open_store(db)
    create_tenant(store.key_store(), "acme")
    key = issue_key(store.key_store(), "acme")[1]
    store.close()

    async def save(client: Client) -> Any:
        return payload(await client.call_tool("remember", {"fact": "I keep bees"}))

    async def listed(client: Client) -> Any:
        return payload(await client.call_tool("saved_memories", {}))["memories"]

    with http_server(db, "--user", "ana") as url:
        assert over_http(url, key, save)["status"] == "saved"
        as_ana = over_http(url, key, listed, user="ana")
        as_bob = over_http(url, key, listed, user="bob")
    assert [m["text"] for m in as_ana] == ["I keep bees"] and as_bob == []
