"""``lembrar serve --local``: the page opens without a key, for this machine's one user; with
no model configured, the chat panel says how to configure one."""

from __future__ import annotations

import pytest
from served import lembrar_serve

pytestmark = pytest.mark.browser
expect = pytest.importorskip("playwright.sync_api").expect


@pytest.fixture(scope="module")
def page(tmp_path_factory, open_page):
    with lembrar_serve(tmp_path_factory.mktemp("local") / "m.db", "--local") as url:
        page = open_page(url, width=390, height=800)  # a phone's width
        yield page
        assert page.script_errors == []
        page.context.close()


def test_local_mode_opens_without_a_key(page):
    expect(page.get_by_role("heading", name="No users yet")).to_be_visible()
    expect(page.get_by_label("API key")).to_be_hidden()
    page.get_by_label("User id").fill("me")
    page.get_by_label("User id").press("Enter")
    expect(page.locator("#app")).to_be_visible()
    expect(page.locator("#tenant-note")).to_have_text("local mode")
    expect(page.get_by_role("button", name="Sign out")).to_be_hidden()
    expect(page.locator("#timeline-status")).to_have_text("No messages stored yet.")


def test_chat_without_a_model_says_how_to_configure_one(page):
    page.get_by_role("tab", name="Timeline").focus()
    page.keyboard.press("End")  # the tabs move with the keyboard
    expect(page.get_by_role("tab", name="Chat")).to_be_focused()
    expect(page.get_by_role("tab", name="Chat")).to_have_attribute("aria-selected", "true")
    setup = page.locator("#chat-setup")
    expect(setup).to_contain_text("Chat needs a language model")
    expect(setup).to_contain_text("LEMBRAR_LLM_BASE_URL")
    expect(page.get_by_label("Message", exact=True)).to_be_hidden()
