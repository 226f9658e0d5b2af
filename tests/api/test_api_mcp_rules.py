"""The rules the HTTP API and the MCP server share, checked on ``lembrar mcp --transport http``
with the real MCP client: the same host check (a loopback server answers loopback names only)
and the same cap on a search's query (``MAX_QUERY_CHARS``)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("mcp", reason="needs the [mcp] extra")
from mcp import Client  # noqa: E402
from mcp_session import http_server, over_http  # noqa: E402

from lembrar.retrieval.config import MAX_QUERY_CHARS  # noqa: E402
from lembrar.store import open_store  # noqa: E402
from lembrar.tenancy import create_tenant, issue_key  # noqa: E402

pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def mcp_server(tmp_path_factory):
    db = tmp_path_factory.mktemp("mcp") / "m.db"
    store = open_store(db)
    keys = store.key_store()
    create_tenant(keys, "acme")
    key = issue_key(keys, "acme")[1]
    store.close()
    with http_server(db) as url:
        yield url, key


def test_a_loopback_mcp_server_refuses_another_sites_name(mcp_server, client):
    url, key = mcp_server
    base, path = url.rsplit("/", 1)
    refused = client(base, key).post(f"/{path}", json={}, headers={"Host": "attacker.example"})
    assert refused.status_code == 421 and refused.json()["error"]["field"] == "host"
    foreign = client(base, key).post(f"/{path}", json={}, headers={"Origin": "http://evil.example"})
    assert foreign.status_code == 403


def test_recall_over_mcp_caps_the_query_as_the_http_api_does(mcp_server, alice, user):
    url, key = mcp_server
    too_long = "x" * (MAX_QUERY_CHARS + 1)
    result = over_http(url, key, _recall(too_long), user)
    assert result.is_error and result.content[0].text.startswith("query:")
    assert not over_http(url, key, _recall("x" * MAX_QUERY_CHARS), user).is_error
    http = alice.post(f"/v1/users/{user}/search", json={"query": too_long})
    assert http.status_code == 422 and http.json()["error"]["field"] == "query"
    tool = alice.post(f"/v1/users/{user}/tools/recall", json={"query": too_long})
    assert tool.status_code == 422 and tool.json()["error"]["field"] == "query"


def _recall(query: str):
    async def session(client: Client) -> Any:
        return await client.call_tool("recall", {"query": query})

    return session
