"""The page's search on old conversations, as a person meets it: a time phrase read against
today that finds nothing is said plainly (with where the memories are, and the hits marked as
outside the window), one click reads it from the last memory instead, questions about the
conversations themselves (in words the rule was not written from, English and Portuguese) are
answered with conversations, and the signal chips read on one scale.

Screenshots to look at go to ``$LEMBRAR_CHECK_SCREENSHOTS`` (else a temporary folder)."""

from __future__ import annotations

import re

import httpx
import pytest
from screenshots import save
from served import lembrar_serve

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

ADMIN = "overview-admin-key"
AS_OF = "2023-08-28T12:00"  # a Monday: "last week" is 21-27 August 2023


def talk(session: str, at: str, *turns: str) -> dict:
    """A conversation between Caroline (the user) and Melanie, turn by turn."""
    speakers = ["Caroline", "Melanie"]
    return {
        "session_id": session,
        "at": at,
        "messages": [
            {"role": "user" if i % 2 == 0 else "assistant", "name": speakers[i % 2], "content": t}
            for i, t in enumerate(turns)
        ],
    }


CONVERSATIONS = [
    talk(
        "s-2021",
        "2021-03-08T10:00:00+00:00",
        "I just signed up for a pottery class.",
        "Pottery is so relaxing, enjoy it!",
    ),
    talk(
        "s-aug-14",
        "2023-08-14T18:00:00+00:00",
        "The pride parade was amazing this weekend.",
        "I painted a sunset over the lake last week, my favourite so far.",
        "You should show it at the gallery.",
    ),
    talk(
        "s-aug-23",
        "2023-08-23T19:30:00+00:00",
        "I started volunteering at the youth centre.",
        "That's wonderful. I painted a horse for my daughter's room.",
        "She must love it.",
        "She does, she named it Biscuit.",
    ),
    talk(
        "s-aug-25",
        "2023-08-25T13:00:00+00:00",
        "My counselling course starts in September.",
        "Good luck! We went camping by the river with the kids.",
        "Camping sounds lovely, did you see the meteor shower?",
        "Yes, the kids stayed up to watch it.",
    ),
    talk(
        "s-oct",
        "2023-10-22T09:55:00+00:00",
        "I passed the adoption agency interviews!",
        "Congratulations, that's huge news.",
    ),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with lembrar_serve(tmp_path_factory.mktemp("overview") / "m.db", "--admin-key", ADMIN) as url:
        admin = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {ADMIN}"})
        assert admin.post("/v1/admin/tenants", json={"tenant_id": "t"}).status_code == 201
        key = admin.post("/v1/admin/tenants/t/keys", json={}).json()["key"]
        api = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=30)
        for body in CONVERSATIONS:
            assert api.post("/v1/users/caroline/episodes", json=body).status_code == 201
        yield url, key, api


@pytest.fixture(scope="module")
def page(site, open_page):
    url, key, _ = site
    page = open_page(url, width=1100, height=900)
    page.get_by_label("API key").fill(key)
    page.get_by_label("API key").press("Enter")
    expect(page.locator("#month-title")).to_have_text("October 2023")
    page.get_by_role("tab", name="Search").click()
    yield page
    assert page.script_errors == []
    page.context.close()


def search(page, text: str, as_of: str = "") -> None:
    page.get_by_label("Search the memory").fill(text)
    page.get_by_label(re.compile("^As of")).fill(as_of)
    page.get_by_role("button", name="Search", exact=True).click()


def test_an_empty_window_is_said_with_where_the_memories_are(page, checks):
    search(page, "what did Melanie paint recently?")  # read against today: no 2023 in it
    notice = page.locator("#empty-window")
    expect(notice).to_contain_text("No memories from")
    expect(notice).to_contain_text(
        "This user's memories run from Monday 8 March 2021 to Sunday 22 October 2023."
    )
    window = page.locator("#search-window")
    expect(window).to_contain_text("(no memories in it)")
    expect(window).to_contain_text("none in the time window")
    hits = page.locator(".hit")
    expect(hits.first).to_be_visible()
    assert hits.count() == page.locator(".hit.outside").count() > 0
    expect(hits.first.locator(".badge.outside")).to_have_text("outside the window")
    save(page, checks / "search-empty-window.png")

    notice.get_by_role("button", name=re.compile(r"^Read “recently” as of 22 Oct 2023")).click()
    expect(page.get_by_label(re.compile("^As of"))).to_have_value("2023-10-22T23:59")
    expect(page.locator("#empty-window")).to_have_count(0)
    expect(window).to_contain_text(re.compile(r"\(\d+ memor(y|ies) in it\)"))
    expect(window).to_contain_text(
        re.compile(r"\d+ results?: 2 in the time window|all in the time")
    )
    inside = page.locator(".hit:not(.outside)")
    expect(inside.first).to_contain_text("October 2023")


def test_hits_outside_a_window_that_holds_memories_are_marked(page):
    search(page, "what did Melanie paint last week?", AS_OF)
    window = page.locator("#search-window")
    expect(window).to_contain_text("“last week” → 21 Aug 2023 – 27 Aug 2023")
    expect(window).to_contain_text(re.compile(r"in the time window, \d+ outside it"))
    first = page.locator(".hit").first
    expect(first).to_contain_text("I painted a horse")
    expect(first).not_to_have_class(re.compile(r"\boutside\b"))
    sunset = page.locator(".hit", has_text="painted a sunset")
    expect(sunset.locator(".badge.outside")).to_be_visible()


def test_score_chips_share_one_scale_with_the_raw_value_on_hover(page):
    search(page, "painted horse")
    chips = page.locator(".hit .chip")
    expect(chips.first).to_be_visible()
    values = [float(t.split()[-1]) for t in chips.all_inner_texts()]
    assert values and all(0 <= v <= 1 for v in values)
    keyword = page.locator(".hit .chip[data-signal='keyword']")
    assert max(float(t.split()[-1]) for t in keyword.all_inner_texts()) == 1.0
    raw = float(keyword.first.get_attribute("data-raw"))
    assert raw > 1  # BM25 is not in [0, 1]; the chip is its share of the best
    assert "word match (BM25)" in keyword.first.get_attribute("title")
    assert f"{raw:.3g}" in keyword.first.get_attribute("title")


# Phrasings the rule was not written from, in English and Portuguese, all meaning 21-27 Aug.
ABOUT_LAST_WEEK = [
    "What did we talk about last week?",
    "Which topics came up in our chats last week?",
    "remind me what we discussed last week",
    "Sobre o que conversamos na semana passada?",
    "do que a gente falou na semana passada?",
]


@pytest.mark.parametrize("question", ABOUT_LAST_WEEK)
def test_a_question_about_conversations_lists_the_conversations(page, question):
    search(page, question, AS_OF)
    expect(page.locator("#search-window")).to_contain_text("2 conversations")
    cards = page.locator(".hit.conversation")
    expect(cards).to_have_count(2)
    newest, older = cards.nth(0), cards.nth(1)
    expect(newest.locator(".title")).to_have_text(
        "Conversation of 25 Aug 2023 with Caroline and Melanie"
    )
    expect(newest).to_contain_text("Friday 25 August 2023, 13:00")
    expect(newest.locator(".about")).to_contain_text("My counselling course starts in September.")
    expect(newest.locator(".best li")).to_have_count(3)
    expect(older).to_contain_text("Wednesday 23 August 2023")
    expect(older.locator(".about")).to_contain_text("volunteering at the youth centre")


def test_a_conversation_with_a_summary_is_named_and_told_by_it(page, site, checks):
    _, _, api = site
    summary = api.post("/v1/users/caroline/sessions/s-aug-25/end").json()
    search(page, "What did we talk about last week?", AS_OF)
    card = page.locator(".hit.conversation", has_text="25 August 2023")
    expect(card.locator(".title")).to_have_text(summary["title"])
    expect(card.locator(".about .badge")).to_have_text("summary")
    expect(card.locator(".about")).to_contain_text(summary["summary"][:40])
    save(page, checks / "search-conversations.png")
    card.get_by_role("button", name="Open 2023-08-25 in the timeline").click()
    expect(page.locator("#month-title")).to_have_text("August 2023")
    expect(page.locator("#timeline-days li.found")).to_have_count(1)
    page.get_by_role("tab", name="Search").click()


@pytest.mark.parametrize(
    "question", ["What did Melanie paint last week?", "did we talk about camping last week?"]
)
def test_a_question_about_a_topic_is_searched_as_usual(page, question):
    search(page, question, AS_OF)
    expect(page.locator("#search-window")).to_contain_text(re.compile(r"\d+ results?"))
    expect(page.locator(".hit.conversation")).to_have_count(0)
    expect(page.locator(".hit").first).to_be_visible()
