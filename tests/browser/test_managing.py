"""Looking after one's memory through the page, as a person does: the forget confirmation's
wording, correcting a message, moving years through the timeline, finding, bulk-deleting and
tracing saved memories, downloading one's data, seeing the key's users, and the page at a
phone's width.

Screenshots to look at go to ``$LEMBRAR_CHECK_SCREENSHOTS`` (else a temporary folder)."""

from __future__ import annotations

import json
import re

import httpx
import pytest
from screenshots import save
from served import lembrar_serve

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

ADMIN = "managing-admin-key"


def said(session: str, at: str, *turns: tuple[str, str]) -> dict:
    names = {"user": "Ana", "assistant": "Rui"}
    return {
        "session_id": session,
        "at": at,
        "messages": [{"role": r, "name": names[r], "content": t} for r, t in turns],
    }


CONVERSATIONS = [
    said("first", "2020-06-03T10:00:00+00:00", ("user", "Moving to Lisbon next month.")),
    said(
        "middle",
        "2022-01-15T10:00:00+00:00",
        ("user", "Remember that I'm allergic to peanuts."),
        ("assistant", "Noted."),
    ),
    said(
        "typo",
        "2023-07-10T09:30:00+00:00",
        ("user", "My daugther starts school in Setembro."),
        ("assistant", "Exciting times!"),
    ),
]
FACTS = ["I'm vegetarian", "My bike is called Faísca", "I prefer tea to coffee", "I run on Sundays"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with lembrar_serve(tmp_path_factory.mktemp("manage") / "m.db", "--admin-key", ADMIN) as url:
        admin = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {ADMIN}"})
        keys = {}
        for tenant in ("home", "elsewhere"):
            assert admin.post("/v1/admin/tenants", json={"tenant_id": tenant}).status_code == 201
            keys[tenant] = admin.post(f"/v1/admin/tenants/{tenant}/keys", json={}).json()["key"]
        api = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {keys['home']}"})
        for body in CONVERSATIONS:
            assert api.post("/v1/users/ana/episodes", json=body).status_code == 201
        for fact in FACTS:
            assert api.post("/v1/users/ana/memories", json={"fact": fact}).status_code == 201
        assert (
            api.post("/v1/users/zeca/episodes", json={"content": "zeca's note"}).status_code == 201
        )
        other = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {keys['elsewhere']}"})
        assert other.post("/v1/users/bob/episodes", json={"content": "bob"}).status_code == 201
        yield url, keys["home"], api


@pytest.fixture(scope="module")
def page(site, open_page):
    url, key, _ = site
    page = open_page(url, width=1100, height=900)
    page.get_by_label("API key").fill(key)
    page.get_by_label("API key").press("Enter")
    page.get_by_label("User", exact=True).select_option("ana")
    expect(page.locator("#month-title")).to_have_text("July 2023")
    yield page
    assert page.script_errors == []
    page.context.close()


def test_the_year_steps_and_jumps_reach_the_first_and_last_memory(page):
    page.get_by_role("button", name="Previous year").click()
    expect(page.locator("#month-title")).to_have_text("July 2022")
    page.get_by_role("button", name="First").click()
    expect(page.locator("#month-title")).to_have_text("June 2020")
    expect(page.locator("#timeline-days")).to_contain_text("Moving to Lisbon")
    expect(page.get_by_role("button", name="Previous year")).to_be_disabled()
    page.get_by_role("button", name="Next year").click()
    expect(page.locator("#month-title")).to_have_text("June 2021")
    page.get_by_role("button", name="Last").click()
    expect(page.locator("#month-title")).to_have_text("July 2023")
    expect(page.get_by_role("button", name="Next year")).to_be_disabled()


def test_a_message_is_corrected_in_place_and_its_old_text_kept(page, site, checks):
    _, _, api = site
    card = page.locator("article.session[data-session='typo']")
    expect(card.locator(".title")).to_have_text("Conversation of 10 Jul 2023 with Ana and Rui")
    card.get_by_role("button", name="Show turns").click()
    card.get_by_role("button", name="Edit this message from Ana").click()
    box = page.get_by_label("Corrected message")
    expect(box).to_have_value("My daugther starts school in Setembro.")
    box.fill("My daughter starts school in September.")
    save(page, checks / "timeline-edit.png")
    box.press("Enter")
    expect(card.locator(".turns")).to_contain_text("My daughter starts school in September.")
    expect(card.locator("p.about")).to_have_text("My daughter starts school in September.")
    expect(page.locator("#toast")).to_contain_text("Message corrected")
    turn = api.get("/v1/users/ana/episodes", params={"session_id": "typo"}).json()["items"][0]
    assert turn["content"] == "My daughter starts school in September."
    history = api.get(f"/v1/users/ana/episodes/{turn['id']}/history").json()["entries"]
    assert "My daugther starts school in Setembro." in [e["content"] for e in history]


def test_the_forget_confirmation_says_only_what_goes(page, checks):
    card = page.locator("article.session[data-session='typo']")
    card.get_by_role("button", name="Forget this message from Rui").click()
    dialog = page.locator("#confirm")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#confirm-counts")).to_have_text("1 message")
    body = dialog.locator("#confirm-body").inner_text()
    assert "null" not in body and "undefined" not in body
    save(page, checks / "forget-confirm.png")
    dialog.get_by_role("button", name="Cancel").click()
    card.get_by_role("button", name="Forget conversation…").click()
    expect(dialog.locator("#confirm-title")).to_have_text(
        "Forget the conversation of 10 Jul 2023 with Ana and Rui?"
    )
    assert "null" not in dialog.locator("#confirm-body").inner_text()
    dialog.get_by_role("button", name="Cancel").click()


def test_saved_memories_are_searched_and_deleted_together(page, site, checks):
    _, _, api = site
    page.get_by_role("tab", name="Memories").click()
    facts = page.locator("#facts li[data-memory]")
    expect(facts).to_have_count(len(FACTS) + 1)  # and the one asked for in a message
    page.get_by_label("Search saved memories").fill("bike")
    expect(facts).to_have_count(1)
    expect(facts.first).to_contain_text("Faísca")
    page.get_by_label("Search saved memories").fill("")
    page.get_by_label("Select “I'm vegetarian”").check()
    page.get_by_label("Select “I prefer tea to coffee”").check()
    save(page, checks / "memories.png")
    page.get_by_role("button", name="Delete 2 selected memories…").click()
    dialog = page.locator("#confirm")
    expect(dialog.locator("#confirm-title")).to_have_text("Forget 2 saved memories?")
    expect(dialog.locator("#confirm-counts li")).to_have_text(
        ["“I'm vegetarian”", "“I prefer tea to coffee”"]
    )
    dialog.get_by_role("button", name="Forget").click()
    expect(facts).to_have_count(len(FACTS) - 1)
    left = [m["fact"] for m in api.get("/v1/users/ana/memories").json()["memories"]]
    assert "I'm vegetarian" not in left and "I prefer tea to coffee" not in left
    assert "I run on Sundays" in left


def test_a_saved_memory_leads_to_the_message_it_came_from(page):
    page.get_by_role(
        "button", name=re.compile(r"^Open the message “.*peanuts.*” came from")
    ).click()
    expect(page.get_by_role("tab", name="Timeline")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#month-title")).to_have_text("January 2022")
    found = page.locator("#timeline-days li.found")
    expect(found).to_have_count(1)
    expect(found).to_contain_text("Remember that I'm allergic to peanuts.")


def test_the_users_data_downloads(page, site):
    _, _, api = site
    page.get_by_role("tab", name="Memories").click()
    with page.expect_download() as messages:
        page.get_by_role("button", name="Download messages (.jsonl)").click()
    assert messages.value.suggested_filename == "lembrar-ana.jsonl"
    lines = [json.loads(line) for line in open(messages.value.path(), encoding="utf-8")]
    stored = api.get("/v1/users/ana/episodes", params={"limit": 100}).json()["items"]
    assert sorted(line["id"] for line in lines) == sorted(e["id"] for e in stored)
    assert "My daughter starts school in September." in [line["content"] for line in lines]
    with page.expect_download() as memories:
        page.get_by_role("button", name="Download saved memories (.json)").click()
    saved = json.loads(open(memories.value.path(), encoding="utf-8").read())["memories"]
    assert sorted(m["fact"] for m in saved) == sorted(
        m["fact"] for m in api.get("/v1/users/ana/memories").json()["memories"]
    )


def test_the_keys_users_are_listed_with_what_they_hold(page, checks):
    page.get_by_role("button", name="All users…").click()
    users = page.locator("#users-list li")
    expect(users).to_have_count(2)  # not the other tenant's bob
    expect(page.locator("#users-list li[data-user='ana']")).to_contain_text(
        "3 conversations, last memory on 10 Jul 2023"
    )
    expect(page.locator("#users-list li[data-user='zeca']")).to_contain_text(
        re.compile(r"0 conversations, last memory on \d+ \w+ 20\d\d")
    )
    save(page, checks / "users.png")
    page.locator("#users-list li[data-user='zeca'] button").click()
    expect(page.locator("#users")).to_be_hidden()
    expect(page.get_by_label("User", exact=True)).to_have_value("zeca")
    page.get_by_label("User", exact=True).select_option("ana")


def test_at_a_phones_width_every_tab_is_on_screen(site, open_page, checks):
    url, key, _ = site
    phone = open_page(url, width=390, height=844)
    phone.get_by_label("API key").fill(key)
    phone.get_by_label("API key").press("Enter")
    phone.get_by_label("User", exact=True).select_option("ana")
    tabs = phone.get_by_role("tab").all()
    assert len({tab.bounding_box()["y"] for tab in tabs}) == 1  # one row
    for tab in tabs:
        box = tab.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (
            tab.inner_text()
        )
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    save(phone, checks / "phone.png")
    phone.get_by_role("tab", name="Chat").click()
    expect(phone.get_by_role("tab", name="Chat")).to_have_attribute("aria-selected", "true")
    assert phone.script_errors == []
    phone.context.close()
