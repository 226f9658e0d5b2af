"""The page in a real Chromium: Debian's ``/usr/bin/chromium`` driven by Playwright (never a
downloaded browser), against a real ``lembrar serve`` on 127.0.0.1.

One browser for the session; each module starts its own server and shares one page."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="needs the [test] extra (playwright)")

CHROMIUM = Path(os.environ.get("LEMBRAR_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory) -> Path:
    """Where screenshots go: ``$LEMBRAR_SCREENSHOTS`` (``docs/img`` for the README's), else a
    temporary folder."""
    folder = Path(os.environ.get("LEMBRAR_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def checks(tmp_path_factory) -> Path:
    """Where the screenshots to look at, not the README's, go: ``$LEMBRAR_CHECK_SCREENSHOTS``,
    else a temporary folder."""
    wanted = os.environ.get("LEMBRAR_CHECK_SCREENSHOTS")
    folder = Path(wanted) if wanted else tmp_path_factory.mktemp("checks")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def open_page(browser: object):  # type: ignore[no-untyped-def]
    """``open_page(url)``: a page in a fresh context (its own session storage); the page's
    script errors are collected in ``page.script_errors``."""

    def open_(url: str, width: int = 1100, height: int = 860) -> object:
        viewport = {"width": width, "height": height}
        context = browser.new_context(viewport=viewport, locale="en-GB")  # type: ignore
        context.set_default_timeout(15_000)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.script_errors = errors
        page.goto(url)
        return page

    return open_
