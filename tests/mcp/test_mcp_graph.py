"""The knowledge graph's ``facts`` and ``entities`` tools through ``lembrar mcp`` (a subprocess,
the official ``mcp`` client): hints, current and superseded facts, as-of reads, tenants kept
apart, and bad arguments as tool errors."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("mcp", reason="needs the [mcp] extra")
from mcp import Client  # noqa: E402
from mcp_session import over_http, payload, run, stdio  # noqa: E402

pytestmark = pytest.mark.server

# Three things said over a year; the third ends what the first said.
EPISODES = [
    ("I live in Lisbon.", "2023-03-10T09:00:00+00:00"),
    ("My sister Rita works at Google.", "2023-09-14T18:30:00+00:00"),
    ("I moved to Porto last month.", "2024-03-02T10:00:00+00:00"),
]


async def remember_the_year(client: Client) -> list[str]:
    """Remember the three episodes as events; their ids, in order."""
    ids = []
    for text, at in EPISODES:
        stored = payload(
            await client.call_tool("remember", {"fact": text, "kind": "event", "at": at})
        )
        ids.append(stored["id"])
    return ids


def test_the_graph_tools_are_listed_as_read_only_and_idempotent(tmp_path):
    async def session(client: Client) -> Any:
        return (await client.list_tools()).tools

    tools = {t.name: t for t in run(session, stdio(tmp_path / "m.db"))}
    for name in ("facts", "entities"):
        hints = tools[name].annotations
        assert (hints.read_only_hint, hints.destructive_hint, hints.idempotent_hint) == (
            True,
            False,
            True,
        )
        assert hints.open_world_hint is False
    assert {"query", "entity", "as_of", "limit"} == set(tools["facts"].input_schema["properties"])
    assert "person" in tools["entities"].input_schema["properties"]["type"]["enum"]


def test_facts_put_the_current_one_first_and_mark_the_superseded_one(tmp_path):
    async def session(client: Client) -> Any:
        ids = await remember_the_year(client)
        now = payload(await client.call_tool("facts", {"query": "where do I live"}))
        then = payload(
            await client.call_tool("facts", {"query": "where do I live", "as_of": "2023-06-01"})
        )
        phrase = payload(await client.call_tool("facts", {"as_of": "May 2023"}))
        rita = payload(await client.call_tool("facts", {"entity": "my sister"}))
        people = payload(await client.call_tool("entities", {"type": "person"}))
        return ids, now, then, phrase, rita, people

    ids, now, then, phrase, rita, people = run(session, stdio(tmp_path / "m.db", "--user", "ana"))
    first = now["facts"][0]
    assert (first["fact"], first["current"], first["when"]) == (
        "User lives in Porto",
        True,
        "since 2024-02-01",
    )
    assert first["episodes"] == [ids[2]]
    [lisbon] = [f for f in now["facts"] if f["object"] == "Lisbon"]
    assert (lisbon["current"], lisbon["when"]) == (False, "2023-03-10 to 2024-02-01 (superseded)")
    assert lisbon["invalid_at"].startswith("2024-02-01") and lisbon["episodes"] == [ids[0]]
    assert now["facts"].index(lisbon) > 0

    assert [f["fact"] for f in then["facts"]] == ["User lives in Lisbon"]
    assert then["understood"]["as_of"]["start"].startswith("2023-06-01T00:00")
    assert "User lives in Lisbon" in [f["fact"] for f in phrase["facts"]]
    assert "User lives in Porto" not in [f["fact"] for f in phrase["facts"]]
    assert rita["facts"] and all("Rita" in (f["subject"], f["object"]) for f in rita["facts"])
    assert [(p["name"], p["aliases"]) for p in people["entities"]] == [("Rita", ["my sister"])]


def test_bad_graph_arguments_are_tool_errors_naming_the_argument(tmp_path):
    async def session(client: Client) -> Any:
        await remember_the_year(client)
        bad = [
            await client.call_tool(name, args)
            for name, args in (
                ("facts", {"as_of": "2023-13-45"}),
                ("facts", {"as_of": "purple"}),
                ("facts", {"entity": "Nobody"}),
                ("facts", {"limit": 0}),
                ("facts", {"query": "where", "when": "2023"}),
                ("entities", {"type": "planet"}),
                ("entities", {"limit": "all"}),
            )
        ]
        still = payload(await client.call_tool("facts", {"limit": 1}))
        return bad, still

    bad, still = run(session, stdio(tmp_path / "m.db"))
    assert all(r.is_error for r in bad)
    named = [r.content[0].text.split(":")[0] for r in bad]
    assert named == ["as_of", "as_of", "entity", "limit", "when", "type", "limit"]
    assert "YYYY-MM-DD" in bad[0].content[0].text
    assert [f["fact"] for f in still["facts"]] == ["User lives in Porto"]  # the session goes on


def test_over_http_another_tenant_or_user_sees_no_facts(served):
    url, key_a, key_b = served

    async def tell(client: Client) -> Any:
        await remember_the_year(client)
        return payload(await client.call_tool("facts", {"query": "where do I live", "limit": 1}))

    async def look(client: Client) -> Any:
        facts = payload(await client.call_tool("facts", {}))
        entities = payload(await client.call_tool("entities", {}))
        return facts["facts"], entities["entities"]

    [best] = over_http(url, key_a, tell, user="gil")["facts"]
    assert best["fact"] == "User lives in Porto"
    assert over_http(url, key_b, look, user="gil") == ([], [])
    assert over_http(url, key_a, look, user="bob") == ([], [])
    facts, entities = over_http(url, key_a, look, user="gil")
    assert len(facts) >= 3 and {"Lisbon", "Porto", "Rita"} <= {e["name"] for e in entities}
