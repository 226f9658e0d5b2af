"""The page's graph view against a real ``lembrar serve``: dated conversations imported through
the API, the user's entity picked, what holds now and what was superseded (with the dates it
held), reach of one or two hops, a fact followed to the message that said it, and the chat's
assistant asking the same graph through the catalogue's ``facts`` tool.

The screenshot of the view goes to ``$LEMBRAR_SCREENSHOTS`` (``docs/img`` for the README's),
else to a temporary folder."""

from __future__ import annotations

import json
import re

import httpx
import pytest
from screenshots import save
from served import lembrar_serve

from lembrar.testing import FakeOpenAIServer, Reply, ScriptedToolCall

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

ADMIN = "graph-admin-key"
SAID = [  # a year of conversations; the last one ends the first one's fact
    ("lisbon", "2023-03-10T09:00:00+00:00", "I live in Lisbon."),
    ("job", "2023-04-02T19:00:00+00:00", "I work at Farfetch."),
    ("dog", "2023-06-20T20:00:00+00:00", "I adopted a dog called Bolt."),
    ("rita", "2023-09-14T18:30:00+00:00", "My sister Rita works at Google."),
    ("berlin", "2023-11-05T12:00:00+00:00", "Rita lives in Berlin now."),
    ("tennis", "2024-01-15T09:00:00+00:00", "I started playing tennis."),
    ("porto", "2024-03-02T10:00:00+00:00", "I moved to Porto last month."),
]


@pytest.fixture(scope="module")
def llm():
    with FakeOpenAIServer(models=["fake-model"]) as server:
        yield server


@pytest.fixture(scope="module")
def site(tmp_path_factory, llm):
    env = {"LEMBRAR_LLM_BASE_URL": llm.base_url, "LEMBRAR_LLM_MODEL": "fake-model"}
    db = tmp_path_factory.mktemp("graph") / "m.db"
    with lembrar_serve(db, "--admin-key", ADMIN, env=env) as url:
        admin = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {ADMIN}"})
        assert admin.post("/v1/admin/tenants", json={"tenant_id": "acme"}).status_code == 201
        key = admin.post("/v1/admin/tenants/acme/keys", json={}).json()["key"]
        api = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=30)
        for session, at, text in SAID:
            body = {
                "session_id": session,
                "at": at,
                "messages": [
                    {"role": "user", "content": text},
                    {"role": "assistant", "content": "Good to know."},
                ],
            }
            assert api.post("/v1/users/ana/episodes", json=body).status_code == 201
        yield url, key


@pytest.fixture(scope="module")
def page(site, open_page):
    url, key = site
    page = open_page(url, width=1200, height=900)
    page.get_by_label("API key").fill(key)
    page.get_by_label("API key").press("Enter")
    expect(page.locator("#app")).to_be_visible()
    page.get_by_role("tab", name="Graph").click()
    yield page
    assert page.script_errors == []
    page.context.close()


def test_the_entities_are_listed_and_found_by_name_or_alias(page):
    entities = page.locator("#graph-entities button")
    expect(entities.first).to_contain_text("User")  # the most mentioned first
    expect(page.locator("#graph-status")).to_contain_text("9 entities")
    page.get_by_label("Find an entity").fill("sister")
    expect(entities).to_have_count(1)
    expect(entities.first).to_contain_text("Rita")
    page.get_by_label("Find an entity").press("Enter")
    expect(page.locator("#graph-title")).to_have_text("Rita")
    expect(page.locator(".graph-head")).to_contain_text("also “my sister”")
    page.get_by_label("Find an entity").fill("")


def test_the_users_entity_shows_current_facts_and_the_superseded_one_with_its_dates(page):
    page.locator("#graph-entities button", has_text="User").click()
    expect(page.locator("#graph-title")).to_have_text("User")
    current = page.locator("#graph-current .fact")
    expect(current.first).to_contain_text("User lives in Porto")
    expect(current.first).to_contain_text("since 1 Feb 2024")
    expect(page.locator("#graph-current")).to_contain_text("Rita works at Google")  # two hops
    [old] = page.locator("#graph-superseded .fact").all()
    expect(old).to_contain_text("User lives in Lisbon")
    expect(old.locator(".badge.superseded")).to_have_text("superseded")
    expect(old.locator(".validity")).to_contain_text("10 Mar 2023 → 1 Feb 2024")
    expect(old.locator(".sources q")).to_have_text("I live in Lisbon.")
    edges = page.locator("#graph-picture .edge")
    expect(edges).to_have_count(8)  # every fact of the story is within two hops
    expect(page.locator("#graph-picture .edge.superseded")).to_have_count(1)

    page.get_by_label("Reach").select_option("1")
    expect(page.locator("#graph-current")).not_to_contain_text("Rita works at Google")
    expect(page.locator("#graph-current")).to_contain_text("User has a sibling: Rita")
    page.get_by_label("Reach").select_option("2")
    expect(page.locator("#graph-current")).to_contain_text("Rita works at Google")


def test_a_neighbour_becomes_the_centre(page):
    page.locator(".neighbours button", has_text="Rita").click()
    expect(page.locator("#graph-title")).to_have_text("Rita")
    expect(page.locator("#graph-current .fact").first).to_contain_text("Rita lives in Berlin")
    page.locator("#graph-entities button", has_text="User").click()
    expect(page.locator("#graph-title")).to_have_text("User")


def test_screenshot_of_the_graph_view(page, shots):
    expect(page.locator("#graph-picture .node")).to_have_count(9)
    page.evaluate("window.scrollTo(0, 0)")
    save(page, shots / "graph.png")
    assert (shots / "graph.png").stat().st_size > 10_000


def overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def test_edge_labels_do_not_overlap_and_the_others_show_on_hover(page, shots):
    labels = page.locator("#graph-picture .edge text:not(.tucked)")
    boxes = [label.bounding_box() for label in labels.all()]
    assert len(boxes) >= 4
    assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :] if overlap(a, b)]
    tucked = page.locator("#graph-picture .edge:has(text.tucked)")
    for edge in tucked.all():
        label = edge.locator("text")
        expect(label).to_be_hidden()
        edge.locator("line.hover").hover(force=True)
        expect(label).to_be_visible()
        page.mouse.move(0, 0)
    edges = page.locator("#graph-picture .edge")
    assert all(e.get_attribute("aria-label") for e in edges.all())  # each fact, in words


def test_a_fact_leads_to_the_message_that_said_it(page):
    old = page.locator("#graph-superseded .fact", has_text="User lives in Lisbon")
    old.get_by_role("button", name=re.compile(r"^Open the message of Friday 10 March 2023")).click()
    expect(page.get_by_role("tab", name="Timeline")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#month-title")).to_have_text("March 2023")
    found = page.locator("#timeline-days li.found")
    expect(found).to_have_count(1)
    expect(found).to_contain_text("I live in Lisbon.")
    expect(found).to_be_focused()
    card = page.locator("article.session", has=page.locator("li.found"))
    expect(card.locator(".title")).to_have_text("Conversation of 10 Mar 2023")


def test_the_chat_assistant_asks_the_graph_with_the_facts_tool(page, llm):
    llm.script(
        Reply(tool_calls=[ScriptedToolCall("facts", {"query": "where do I live"})]),
        Reply(text="You live in Porto; before February 2024 you lived in Lisbon."),
    )
    page.get_by_role("tab", name="Chat").click()
    page.get_by_label("Message", exact=True).fill("Where do I live?")
    page.get_by_label("Message", exact=True).press("Enter")
    reply = page.locator(".msg.assistant").last
    expect(reply.locator(".text")).to_contain_text("You live in Porto")
    expect(reply.locator(".tool")).to_have_text(
        re.compile(r"^Looked up \d+ facts for “where do I live”$")
    )
    offered = {t["function"]["name"] for t in llm.requests[-2].body["tools"]}
    assert {"facts", "entities"} <= offered
    answer = json.loads(llm.requests[-1].messages[-1]["content"])
    told = [(f["fact"], f["when"]) for f in answer["facts"]]
    porto = told.index(("User lives in Porto", "since 2024-02-01"))
    assert porto < told.index(("User lives in Lisbon", "2023-03-10 to 2024-02-01 (superseded)"))


CROWD = [  # twenty facts around one entity: their labels cannot all sit at the middles
    ("works at", "Acme"),
    ("lives in", "Lisbon"),
    ("has sibling", "Rita"),
    ("has pet", "Bolt"),
    ("does", "tennis"),
    ("studies at", "ULisboa"),
    ("likes", "fado"),
    ("visited", "Porto"),
    ("owns", "a bike"),
    ("speaks", "Portuguese"),
    ("plays", "guitar"),
    ("has child", "Maria"),
    ("reads", "Saramago"),
    ("supports", "Benfica"),
    ("met", "Ana"),
    ("cooks", "feijoada"),
    ("runs", "10 km"),
    ("grew up in", "Braga"),
    ("paints", "sunsets"),
    ("volunteers at", "the shelter"),
]


def test_a_crowded_picture_tucks_the_labels_that_would_overlap(page, checks):
    around = {
        "entity": {"id": "u", "name": "User", "type": "user"},
        "entities": [{"id": "u", "name": "User", "type": "user", "hops": 0}]
        + [
            {"id": f"e{i}", "name": name, "type": "thing", "hops": 1}
            for i, (_, name) in enumerate(CROWD)
        ],
        "facts": [
            {
                "subject_id": "u",
                "object_id": f"e{i}",
                "current": True,
                "predicate": predicate.replace(" ", "_"),
                "text": f"User {predicate} {name}",
            }
            for i, (predicate, name) in enumerate(CROWD)
        ],
    }
    page.get_by_role("tab", name="Graph").click()
    page.evaluate(
        """async (around) => {
            const { diagram } = await import("/ui/graph.js");
            const picture = diagram(around);
            picture.id = "crowd";
            document.getElementById("graph-view").prepend(picture);
        }""",
        around,
    )
    save(page, checks / "graph-crowded.png")
    shown = [t.bounding_box() for t in page.locator("#crowd .edge text:not(.tucked)").all()]
    tucked = page.locator("#crowd .edge:has(text.tucked)")
    assert len(shown) + tucked.count() == len(CROWD) and tucked.count() > 0
    assert not [(a, b) for i, a in enumerate(shown) for b in shown[i + 1 :] if overlap(a, b)]
    edge = tucked.first
    expect(edge.locator("text")).to_be_hidden()
    edge.locator("line.hover").hover(force=True)
    expect(edge.locator("text")).to_be_visible()
    page.mouse.move(0, 0)
    page.evaluate("document.getElementById('crowd').remove()")
