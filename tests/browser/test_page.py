"""The page against a real ``lembrar serve`` with a tenant key and a chat model (the bundled
OpenAI-protocol test server): sign in, timeline, search, saved memories, forgetting, chat."""

from __future__ import annotations

import re

import httpx
import pytest
from served import lembrar_serve

from lembrar.testing import FakeOpenAIServer, Reply, ScriptedToolCall

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

ADMIN = "page-admin-key"
NOW = "2024-05-22T09:00"


def conversation(session: str, at: str, *turns: tuple[str, str]) -> dict:
    return {
        "session_id": session,
        "at": at,
        "messages": [
            {"role": role, "content": text, "name": "Ana" if role == "user" else None}
            for role, text in turns
        ],
    }


CONVERSATIONS = [
    conversation(
        "harbour",
        "2024-05-19T13:05:00-03:00",
        ("user", "Lunch with Rui at the harbour, grilled sardines"),
        ("assistant", "Sardines by the sea, lovely."),
    ),
    conversation(
        "feijoada",
        "2024-05-05T19:10:00-03:00",
        ("user", "I finally made feijoada for the family today!"),
        ("assistant", "Six hours of cooking, well done."),
    ),
    conversation(
        "race",
        "2024-05-08T08:30:00-03:00",
        ("user", "Bought a 10 km race ticket for July."),
        ("assistant", "Time to start training!"),
    ),
    conversation(
        "april",
        "2024-04-12T21:00:00-03:00",
        ("user", "Started reading a novel about Lisbon."),
        ("assistant", "Enjoy the book."),
    ),
]


@pytest.fixture(scope="module")
def llm():
    with FakeOpenAIServer(models=["fake-model"]) as server:
        yield server


@pytest.fixture(scope="module")
def site(tmp_path_factory, llm):
    env = {"LEMBRAR_LLM_BASE_URL": llm.base_url, "LEMBRAR_LLM_MODEL": "fake-model"}
    with lembrar_serve(
        tmp_path_factory.mktemp("page") / "m.db", "--admin-key", ADMIN, env=env
    ) as url:
        admin = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {ADMIN}"})
        keys = {}
        for tenant in ("acme", "other"):
            assert admin.post("/v1/admin/tenants", json={"tenant_id": tenant}).status_code == 201
            keys[tenant] = admin.post(f"/v1/admin/tenants/{tenant}/keys", json={}).json()["key"]
        api = httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {keys['acme']}"}, timeout=30
        )
        assert api.put("/v1/users/ana", json={"timezone": "America/Sao_Paulo"}).status_code == 200
        for body in CONVERSATIONS:  # imported through the API, as any client would
            assert api.post("/v1/users/ana/episodes", json=body).status_code == 201
        other = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {keys['other']}"})
        assert (
            other.post("/v1/users/bob/episodes", json={"content": "bob's note"}).status_code == 201
        )
        yield url, keys["acme"], api


@pytest.fixture(scope="module")
def page(site, open_page):
    url, _, _ = site
    page = open_page(url)
    yield page
    assert page.script_errors == []
    page.context.close()


def test_a_wrong_key_is_refused_and_nothing_is_shown(page):
    expect(page.get_by_label("API key")).to_be_visible()
    page.get_by_label("API key").fill("lmb_nope_wrong")
    page.get_by_role("button", name="Open").click()
    expect(page.locator("#login-error")).to_contain_text("This key was refused")
    expect(page.locator("#app")).to_be_hidden()
    assert page.evaluate("sessionStorage.getItem('lembrar.key')") is None
    page.get_by_label("API key").fill(ADMIN)
    page.get_by_role("button", name="Open").click()
    expect(page.locator("#login-error")).to_contain_text("admin key")


def test_signing_in_shows_only_the_tenants_users(page, site):
    _, key, _ = site
    page.get_by_label("API key").fill(key)
    page.get_by_label("API key").press("Enter")
    expect(page.locator("#app")).to_be_visible()
    assert page.locator("#user-select option").all_inner_texts() == ["ana"]
    assert page.evaluate("sessionStorage.getItem('lembrar.key')") == key


def test_timeline_shows_the_last_month_with_a_heat_map_and_turns(page):
    expect(page.locator("#month-title")).to_have_text("May 2024")
    sunday = page.get_by_role(
        "button", name=re.compile(r"^Sunday 19 May 2024: 2 messages, 1 conversation")
    )
    expect(sunday).to_have_class(re.compile(r"\bl4\b"))
    expect(
        page.get_by_role("button", name=re.compile(r"^Monday 20 May 2024: 0 messages"))
    ).to_have_class("l0")
    card = page.locator("article.session", has_text="Lunch with Rui")
    expect(card).to_contain_text("afternoon")
    expect(card).to_contain_text("13:05")
    card.get_by_role("button", name="Show turns (2)").click()
    expect(card.locator(".turns li")).to_have_count(2)
    expect(card.locator(".turns")).to_contain_text("Sardines by the sea")


def test_jumping_to_a_date_loads_its_month(page):
    page.get_by_label("Jump to date").fill("2024-04-12")
    page.get_by_role("button", name="Go").click()
    expect(page.locator("#month-title")).to_have_text("April 2024")
    expect(page.locator("#day-title-2024-04-12")).to_be_focused()
    expect(page.locator("#timeline-days")).to_contain_text("novel about Lisbon")
    page.get_by_role("button", name="Next month").click()
    expect(page.locator("#month-title")).to_have_text("May 2024")


def test_search_shows_the_time_window_read_from_the_query(page):
    page.get_by_role("tab", name="Search").click()
    page.get_by_label("Search the memory").fill("what did we eat last Sunday?")
    page.get_by_label(re.compile("^As of")).fill(NOW)
    page.get_by_role("button", name="Search", exact=True).click()
    window = page.locator("#search-window")
    expect(window).to_contain_text("“last Sunday” → Sunday 19 May 2024")
    expect(window).to_contain_text("what did we eat?")
    first = page.locator(".hit").first
    expect(first).to_contain_text("Sunday 19 May 2024, 13:05")
    expect(first.locator(".chip", has_text="time fit")).to_be_visible()
    page.get_by_label("Search the memory").fill("sardines")
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page.locator("#search-window")).to_contain_text("none read from the query")
    mark = page.locator(".hit").first.locator("mark")
    expect(mark).to_have_text(re.compile("^sardines$", re.IGNORECASE))
    expect(page.locator(".hit").first.locator(".chip", has_text="keyword")).to_be_visible()


def test_a_saved_memory_conflict_is_shown_then_edited_and_deleted(page, site):
    _, _, api = site
    page.get_by_role("tab", name="Memories").click()
    page.get_by_label("New fact").fill("I live in Lisbon")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#facts")).to_contain_text("I live in Lisbon")
    page.get_by_label("New fact").fill("I live in Porto")
    page.get_by_role("button", name="Save", exact=True).click()
    conflict = page.locator(".outcome.conflict")
    expect(conflict).to_contain_text("contradicts the saved “I live in Lisbon”")
    conflict.get_by_role("button", name="Replace the old one").click()
    expect(page.locator("#fact-outcome")).to_contain_text("replacing “I live in Lisbon”")
    expect(page.locator("#facts li")).to_have_count(1)
    page.get_by_role("button", name="Edit “I live in Porto”").click()
    page.get_by_label("New text").fill("I live in Porto, Portugal")
    page.get_by_label("New text").press("Enter")
    expect(page.locator("#facts")).to_contain_text("I live in Porto, Portugal")
    assert [m["fact"] for m in api.get("/v1/users/ana/memories").json()["memories"]] == [
        "I live in Porto, Portugal"
    ]

    page.get_by_role("button", name="Delete “I live in Porto, Portugal”").click()
    dialog = page.locator("#confirm")
    expect(dialog).to_contain_text("2 saved memories")  # the fact and the version it replaced
    dialog.get_by_role("button", name="Forget").click()
    expect(page.locator("#facts")).to_contain_text("No saved memories.")
    assert api.get("/v1/users/ana/memories?include_retired=true").json()["memories"] == []


def test_forgetting_a_session_says_what_goes_and_it_is_gone(page, site):
    _, _, api = site
    api.post("/v1/users/ana/sessions/race/end")  # a summary to be removed with it
    page.get_by_role("tab", name="Timeline").click()
    card = page.locator("article.session", has_text="race ticket")
    card.get_by_role("button", name="Forget conversation…").click()
    dialog = page.locator("#confirm")
    expect(dialog.locator("#confirm-title")).to_have_text(
        "Forget the conversation of 8 May 2024 with Ana?"
    )
    expect(dialog.locator("#confirm-counts")).to_contain_text("2 messages in 1 conversation")
    expect(dialog.locator("#confirm-counts")).to_contain_text("1 conversation summary")
    dialog.get_by_role("button", name="Cancel").click()
    expect(card).to_be_visible()
    card.get_by_role("button", name="Forget conversation…").click()
    dialog.get_by_role("button", name="Forget").click()
    expect(page.locator("article.session", has_text="race ticket")).to_have_count(0)
    expect(
        page.get_by_role("button", name=re.compile(r"^Wednesday 8 May 2024: 0 messages"))
    ).to_be_visible()
    assert api.get("/v1/users/ana/episodes", params={"session_id": "race"}).json()["items"] == []
    assert "race" not in [
        s["session_id"] for s in api.get("/v1/users/ana/sessions").json()["sessions"]
    ]
    assert api.get("/v1/users/ana/summaries").json()["summaries"] == []


def test_chat_streams_a_reply_and_lists_the_memories_used(page, llm):
    llm.script(
        Reply(tool_calls=[ScriptedToolCall("remember", {"fact": "I'm vegetarian"})]),
        Reply(text="Noted: you're vegetarian. Last Sunday you had grilled sardines with Rui."),
    )
    page.get_by_role("tab", name="Chat").click()
    expect(page.locator("#chat-model")).to_contain_text("fake-model")
    page.get_by_label("Message", exact=True).fill(
        "Remember that I'm vegetarian. What did I eat last Sunday?"
    )
    page.get_by_label("Message", exact=True).press("Enter")
    reply = page.locator(".msg.assistant").last
    expect(reply.locator(".text")).to_have_text(
        "Noted: you're vegetarian. Last Sunday you had grilled sardines with Rui."
    )
    expect(reply).to_contain_text("Remembered: “I'm vegetarian”")
    used = reply.locator("details.used")
    expect(used.locator("summary")).to_contain_text(re.compile(r"Memories used \(\d+\)"))
    used.locator("summary").click()
    expect(used).to_contain_text("sardines")
    assert all(request.stream for request in llm.requests[-2:])
    page.get_by_role("tab", name="Memories").click()
    expect(page.locator("#facts")).to_contain_text("I'm vegetarian")
