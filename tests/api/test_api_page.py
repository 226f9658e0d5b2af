"""The endpoints behind the web page: the page itself, local mode, the timeline's months,
forget previews and streamed chat turns."""

from __future__ import annotations

import json
import subprocess
import sys

import httpx
import pytest

from lembrar.api import create_app
from lembrar.embed.hashing import HashingEmbedder
from lembrar.testing import FakeOpenAIServer, Reply
from lembrar.ui import STATIC

pytestmark = pytest.mark.server


def test_the_page_and_its_files_are_served(live, client):
    anyone = client(live.url, None)
    page = anyone.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert '<script type="module" src="/ui/app.js">' in page.text
    for name in (
        "app.js",
        "api.js",
        "timeline.js",
        "search.js",
        "graph.js",
        "saved.js",
        "chat.js",
        "forget.js",
        "app.css",
    ):
        assert (STATIC / name).is_file()
        served = anyone.get(f"/ui/{name}")
        assert served.status_code == 200 and served.text == (STATIC / name).read_text()
    assert anyone.get("/v1/page").json() == {
        "local": False,
        "version": anyone.get("/v1/page").json()["version"],
    }
    assert anyone.get("/v1/users").status_code == 401


def test_local_mode_needs_no_key_but_still_refuses_a_wrong_one(tmp_path, serve, client):
    app = create_app(str(tmp_path / "m.db"), embedder=HashingEmbedder(), local=True)
    with serve(app) as url:
        me = client(url, None)
        assert me.get("/v1/page").json()["local"] is True
        assert (
            me.post("/v1/users/me/episodes", json={"content": "a note to myself"}).status_code
            == 201
        )
        assert me.get("/v1/users").json() == {"users": ["me"]}
        assert client(url, "lmb_x_wrong").get("/v1/users").status_code == 401


def test_serve_local_is_refused_on_any_other_interface():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "lembrar",
            "--embedder",
            "hash",
            "serve",
            "--local",
            "--host",
            "0.0.0.0",
            "--db",
            ":memory:",
        ],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert (
        "error: host:" in done.stderr
        and "127.0.0.1" in done.stderr
        and "Traceback" not in done.stderr
    )


def add(api, user, session, at, *texts):
    body = {
        "session_id": session,
        "at": at,
        "messages": [{"role": "user", "content": t} for t in texts],
    }
    assert api.post(f"/v1/users/{user}/episodes", json=body).status_code == 201


def test_timeline_counts_days_in_the_users_zone_and_lists_the_months_conversations(alice, user):
    alice.put(f"/v1/users/{user}", json={"timezone": "America/Sao_Paulo"})
    add(
        alice,
        user,
        "late",
        "2024-05-31T22:30:00-03:00",
        "late on the last day of May",
        "still talking",
    )
    add(alice, user, "june", "2024-06-02T10:00:00-03:00", "a June morning")
    alice.post(
        f"/v1/users/{user}/episodes",
        json={"content": "loose note", "at": "2024-05-31T08:00:00-03:00"},
    )
    may = alice.get(f"/v1/users/{user}/timeline", params={"month": "2024-05"}).json()
    assert may["timezone"] == "America/Sao_Paulo" and len(may["days"]) == 31
    assert may["days"][-1] == {
        "date": "2024-05-31",
        "episodes": 3,
        "sessions": 1,
    }  # 01:30 UTC on 1 June
    assert sum(d["episodes"] for d in may["days"]) == 3
    cards = {c["session_id"]: c for c in may["sessions"]}
    assert (
        cards["late"]["turns"] == 2
        and cards["late"]["period"] == "night"
        and cards["late"]["episodes"] == []
    )
    assert cards["late"]["opening"] == "late on the last day of May"
    assert [e["content"] for e in cards[None]["episodes"]] == ["loose note"]
    assert (may["first_date"], may["last_date"]) == ("2024-05-31", "2024-06-02")
    latest = alice.get(f"/v1/users/{user}/timeline").json()
    assert latest["month"] == "2024-06" and [c["session_id"] for c in latest["sessions"]] == [
        "june"
    ]
    wrong = alice.get(f"/v1/users/{user}/timeline", params={"month": "May 2024"})
    assert wrong.status_code == 422 and wrong.json()["error"]["field"] == "month"


def test_timeline_shows_a_summary_title_on_its_card(alice, user):
    add(
        alice,
        user,
        "s1",
        "2024-03-03T10:00:00+00:00",
        "we planned the garden: tomatoes and basil",
        "and a fence",
    )
    summary = alice.post(f"/v1/users/{user}/sessions/s1/end").json()
    [card] = alice.get(f"/v1/users/{user}/timeline", params={"month": "2024-03"}).json()["sessions"]
    assert card["title"] == summary["title"] and card["summary"] == summary["summary"]


def test_forget_preview_counts_what_each_delete_removes(alice, user):
    add(
        alice,
        user,
        "s1",
        "2024-03-03T10:00:00+00:00",
        "first turn about tomatoes",
        "second turn about basil",
    )
    add(alice, user, "s2", "2024-03-04T10:00:00+00:00", "a one-turn chat")
    alice.post(f"/v1/users/{user}/sessions/s1/end")
    alice.post(f"/v1/users/{user}/sessions/s2/end")
    preview = f"/v1/users/{user}/forget-preview"
    session = alice.get(preview, params={"session_id": "s1"}).json()
    assert session | {"description": None} == {
        "description": None,
        "episodes": 2,
        "sessions": 1,
        "saved_memories": 0,
        "summaries_deleted": 1,
        "summaries_rewritten": 0,
        "insights_deleted": 0,
        "insights_recomputed": 0,
        "settings": False,
    }
    turn = alice.get(f"/v1/users/{user}/episodes", params={"session_id": "s1"}).json()["items"][0][
        "id"
    ]
    one = alice.get(preview, params={"episode_id": turn}).json()
    assert (
        one["episodes"],
        one["sessions"],
        one["summaries_rewritten"],
        one["summaries_deleted"],
    ) == (1, 0, 1, 0)
    alice.post(f"/v1/users/{user}/memories", json={"fact": "I live in Lisbon"})
    porto = alice.post(
        f"/v1/users/{user}/memories", json={"fact": "I live in Porto", "on_conflict": "replace"}
    ).json()
    fact = alice.get(preview, params={"memory_id": porto["memory"]["id"]}).json()
    assert fact["saved_memories"] == 2 and "I live in Porto" in fact["description"]
    assert alice.delete(f"/v1/users/{user}/memories/{porto['memory']['id']}").json() == {
        "deleted": 2
    }
    everything = alice.get(preview, params={"everything": "true"}).json()
    assert (
        everything["episodes"],
        everything["sessions"],
        everything["summaries_deleted"],
        everything["settings"],
    ) == (3, 2, 2, True)
    assert alice.delete(f"/v1/users/{user}/sessions/s1").json() == {
        "deleted": 2
    }  # what the preview said
    assert alice.get(preview, params={"session_id": "s1"}).status_code == 404
    assert alice.get(preview).json()["error"]["field"] == "target"
    assert (
        alice.get(preview, params={"session_id": "s2", "everything": "true"}).json()["error"][
            "field"
        ]
        == "target"
    )


def test_forget_preview_of_another_tenants_episode_is_not_found(alice, bob, user):
    ident = alice.post(f"/v1/users/{user}/episodes", json={"content": "mine"}).json()["episodes"][
        0
    ]["id"]
    assert (
        bob.get(f"/v1/users/{user}/forget-preview", params={"episode_id": ident}).status_code == 404
    )


def test_chat_without_a_model_says_how_to_configure_one(alice, user):
    setup = alice.get("/v1/chat").json()
    assert setup["configured"] is False and "LEMBRAR_LLM_BASE_URL" in setup["setup"]
    refused = alice.post(f"/v1/users/{user}/chat", json={"message": "hello"})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "llm_not_configured"


def events(response: httpx.Response) -> list[tuple[str, dict]]:
    out = []
    for block in response.text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        out.append((lines["event"], json.loads(lines["data"])))
    return out


@pytest.fixture
def chat_site(tmp_path, serve, client, new_tenant):
    with FakeOpenAIServer() as llm:
        app = create_app(
            str(tmp_path / "m.db"), admin_key="adm", embedder=HashingEmbedder(), llm=llm.config()
        )
        with serve(app) as url:
            _, key = new_tenant(client(url, "adm"))
            yield llm, client(url, key)


def test_chat_streams_deltas_then_the_turn_with_the_memories_used(chat_site):
    llm, api = chat_site
    add(api, "ana", "harbour", "2024-05-19T13:05:00+00:00", "lunch with Rui at the harbour")
    llm.script(Reply(text="You had lunch with Rui at the harbour."))
    response = api.post(
        "/v1/users/ana/chat",
        json={
            "message": "Who did I have lunch with at the harbour?",
            "now": "2024-05-22T09:00:00+00:00",
        },
    )
    assert response.status_code == 200 and response.headers["content-type"].startswith(
        "text/event-stream"
    )
    got = events(response)
    names = [name for name, _ in got]
    assert names[-1] == "done" and names.count("delta") > 1 and set(names[:-1]) == {"delta"}
    assert (
        "".join(data["text"] for name, data in got if name == "delta")
        == "You had lunch with Rui at the harbour."
    )
    done = got[-1][1]
    assert any("harbour" in m["text"] and m["kind"] == "retrieved" for m in done["memories"])
    stored = api.get("/v1/users/ana/episodes", params={"session_id": done["session_id"]}).json()[
        "items"
    ]
    assert [e["role"] for e in stored] == ["user", "assistant"] and stored[0]["at"].startswith(
        "2024-05-22T09:00"
    )
    again = events(
        api.post("/v1/users/ana/chat", json={"message": "thanks", "session_id": done["session_id"]})
    )
    assert again[-1][0] == "error"  # nothing scripted: the model's 500 ends the turn
    assert (
        len(
            api.get("/v1/users/ana/episodes", params={"session_id": done["session_id"]}).json()[
                "items"
            ]
        )
        == 2
    )
    assert llm.requests[-1].messages[-1]["content"] == "thanks"


def test_chat_input_errors_name_the_field(chat_site):
    _, api = chat_site
    assert (
        api.post("/v1/users/ana/chat", json={"message": ""}).json()["error"]["field"] == "message"
    )
    assert (
        api.post("/v1/users/ana/chat", json={"message": "  "}).json()["error"]["field"] == "message"
    )
    assert (
        api.post("/v1/users/ana/chat", json={"message": "hi", "now": "soon"}).json()["error"][
            "field"
        ]
        == "now"
    )
