"""The Content-Security-Policy: on every page, strict, and nothing it blocks."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext

from pyengine import Board

from .conftest import Watch, board_of, click_cell, open_page, settle

PAGES = [
    "",
    "how-the-bot-thinks/",
    "facts/",
    "bots/",
    "cli/",
    "api/",
    "embed-the-board/",
    "about/",
    "embed/",
    "404.html",
]


def policy_of(html: str) -> dict[str, list[str]]:
    found = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert len(found) == 1, "exactly one policy, in a <meta> tag"
    head = html.index("<head>")
    assert html.index("Content-Security-Policy") < html.index("<script", head), "the policy precedes every script"
    return {part.split()[0]: part.split()[1:] for part in found[0].split(";") if part.strip()}


@pytest.mark.parametrize("path", PAGES)
def test_every_page_carries_a_strict_policy(module_context: BrowserContext, base_url: str, path: str) -> None:
    """Own origin only, WebAssembly allowed, no eval, no inline script but by hash."""
    policy = policy_of(module_context.request.get(base_url + path).text())
    assert policy["default-src"] == ["'self'"]
    scripts = policy["script-src"]
    assert "'self'" in scripts and "'wasm-unsafe-eval'" in scripts
    assert "'unsafe-eval'" not in scripts and "'unsafe-inline'" not in scripts
    assert all(s in ("'self'", "'wasm-unsafe-eval'") or s.startswith("'sha256-") for s in scripts)
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]


def test_the_game_plays_under_the_policy(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    """PyScript runs without 'unsafe-eval': a move gets the bot's answer."""
    page = open_page(module_context, watch, base_url)
    try:
        click_cell(page, 4)
        settle(page)
        assert board_of(page).ply == 2 and board_of(page) != Board.empty()
        assert page.evaluate("window.__cspViolations") == []
    finally:
        page.close()
