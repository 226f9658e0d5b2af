"""The README's screenshots, taken from the first LoCoMo dev conversation imported through the
API: the timeline of its last month, a search that shows the time window it read, the same
question read against today (a window with nothing in it, said plainly), and a question about
the conversations themselves.

They are written to ``$LEMBRAR_SCREENSHOTS`` (``docs/img`` to refresh the README's), else to a
temporary folder; skipped when the data set is not beside the repository."""

from __future__ import annotations

import os
import re
from pathlib import Path

import httpx
import pytest
from screenshots import save
from served import REPO, lembrar_serve

from lembrar.importers import reader

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect

LOCOMO = Path(  # beside the repository, or where LEMBRAR_LOCOMO says
    os.environ.get(
        "LEMBRAR_LOCOMO", REPO.parent / "shared" / "data" / "locomo" / "locomo_dev.json.gz"
    )
)
ADMIN = "shots-admin-key"


def bulk_items(path: Path) -> list[dict]:
    return [
        {
            "content": e.content,
            "role": e.role,
            "name": e.speaker,
            "session_id": e.session_id,
            "at": e.at.isoformat(),
        }
        for e in reader("locomo")(path, user_id="caroline", limit=1)
    ]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not LOCOMO.exists():
        pytest.skip(f"no LoCoMo dev data at {LOCOMO}")
    with lembrar_serve(tmp_path_factory.mktemp("shots") / "m.db", "--admin-key", ADMIN) as url:
        admin = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {ADMIN}"})
        admin.post("/v1/admin/tenants", json={"tenant_id": "demo"})
        key = admin.post("/v1/admin/tenants/demo/keys", json={}).json()["key"]
        api = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=120)
        items = bulk_items(LOCOMO)
        created = api.post("/v1/users/caroline/episodes/bulk", json={"items": items})
        assert created.status_code == 201 and len(created.json()["episodes"]) == len(items)
        yield url, key


@pytest.fixture(scope="module")
def page(site, open_page):
    url, key = site
    page = open_page(url, width=1100, height=900)
    page.get_by_label("API key").fill(key)
    page.get_by_label("API key").press("Enter")
    yield page
    assert page.script_errors == []
    page.context.close()


def test_timeline_screenshot(page, shots):
    expect(page.locator("#month-title")).to_have_text("October 2023")
    expect(page.locator("article.session").first).to_be_visible()
    card = page.locator("article.session").first
    card.get_by_role("button", name="Show turns").click()
    expect(card.locator(".turns li").first).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    save(page, shots / "timeline.png")
    assert (shots / "timeline.png").stat().st_size > 10_000


def test_search_screenshot_shows_the_time_window(page, shots):
    page.get_by_role("tab", name="Search").click()
    page.get_by_label("Search the memory").fill("What did Melanie paint last week?")
    page.get_by_label("As of").fill("2023-10-20T12:00")
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page.locator("#search-window")).to_contain_text("“last week” → 9 Oct 2023 – 15 Oct 2023")
    expect(page.locator(".hit").first).to_contain_text("October 2023")
    save(page, shots / "search.png")
    assert (shots / "search.png").stat().st_size > 10_000


def test_an_empty_window_screenshot(page, shots):
    page.get_by_label("Search the memory").fill("What did Melanie paint recently?")
    page.get_by_label("As of").fill("")
    page.get_by_role("button", name="Search", exact=True).click()
    notice = page.locator("#empty-window")
    expect(notice).to_contain_text(
        "This user's memories run from Monday 8 May 2023 to Sunday 22 October 2023."
    )
    expect(page.locator("#search-window")).to_contain_text("none in the time window")
    save(page, shots / "search-empty-window.png")
    notice.get_by_role("button", name=re.compile("^Read “recently” as of 22 Oct 2023")).click()
    expect(page.locator("#search-window")).to_contain_text(
        re.compile(r"\d+ in the time window|all in the time window")
    )
    expect(page.locator(".hit:not(.outside)").first).to_contain_text("2023")


def test_conversations_screenshot(page, shots):
    page.get_by_label("Search the memory").fill("What did we talk about last week?")
    page.get_by_label("As of").fill("2023-10-20T12:00")
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page.locator("#search-window")).to_contain_text("“last week” → 9 Oct 2023 – 15 Oct 2023")
    cards = page.locator(".hit.conversation")
    expect(cards).to_have_count(1)
    expect(cards.first.locator(".title")).to_have_text(
        "Conversation of 13 Oct 2023 with Caroline and Melanie"
    )
    expect(cards.first.locator(".best li")).to_have_count(3)
    save(page, shots / "search-conversations.png")
