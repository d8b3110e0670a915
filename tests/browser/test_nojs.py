"""The no-JavaScript editions in Chromium with JavaScript turned off: random games end as the engine says."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from pyengine import Board, Player, Result

from .conftest import Watch, axe_both_schemes, new_context

EDITIONS = {Player.X: "nojs/", Player.O: "nojs/bot-first/"}
GAMES = 25


@pytest.fixture(scope="module")
def no_js(browser: Browser, watch: Watch) -> Iterator[BrowserContext]:
    context = new_context(browser, watch, java_script_enabled=False)
    yield context
    context.close()


def board_shown(page: Page) -> Board:
    """The position as the page shows it: which marks are visible on which squares."""
    cells = []
    for cell in range(9):
        marks = page.locator(f"form.board i.m.c{cell}:visible").all_inner_texts()
        assert len(marks) <= 1, f"two marks on square {cell}"
        cells.append(marks[0].strip() if marks else ".")
    return Board.parse("".join(cells))


def result_shown(page: Page) -> str | None:
    shown = page.locator("form.board .end:visible")
    if shown.count() == 0:
        return None
    assert shown.count() == 1, "one end message at most"
    return shown.get_attribute("data-result")


@pytest.mark.parametrize("human", [Player.X, Player.O])
def test_random_games_never_beat_the_css_bot(no_js: BrowserContext, watch: Watch, base_url: str, human: Player) -> None:
    """Clicking random free squares: the bot never loses, and the message is the engine's result."""
    page = watch.attach(no_js.new_page())
    rng = random.Random(f"nojs-{human}")
    results = set()
    try:
        page.goto(base_url + EDITIONS[human])
        for _ in range(GAMES):
            start = board_shown(page)
            assert start.ply == (0 if human is Player.X else 1) and not start.is_over
            while result_shown(page) is None:
                board = board_shown(page)
                free = page.locator("form.board label[data-cell]:visible")
                cells = sorted(int(c) for c in free.evaluate_all("els => els.map(e => e.dataset.cell)"))
                assert cells == list(board.legal_moves), "exactly the free squares can be clicked"
                page.locator(f"form.board label[data-cell='{rng.choice(cells)}']:visible").click()
                after = board_shown(page)
                assert after.ply in (board.ply + 1, board.ply + 2), "the bot answers each move at once"
            final = board_shown(page)
            assert final.is_over, "an end message only when the game is over"
            expected = "draw" if final.result is Result.DRAW else final.result.value
            assert result_shown(page) == expected
            assert final.winner is not human
            results.add(expected)
            with page.expect_navigation(wait_until="load"):
                page.click("text=New game")
        assert results, "games were played"
    finally:
        page.close()


def test_the_pages_carry_the_sites_policy_and_no_script(no_js: BrowserContext, base_url: str) -> None:
    """No script at all, the same strict CSP as every page, and the hooks the tests rely on."""
    for path in EDITIONS.values():
        html = no_js.request.get(base_url + path).text()
        assert "<script" not in html
        assert 'http-equiv="Content-Security-Policy"' in html and "'unsafe-eval'" not in html
        assert html.count("data-result=") == 3


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_mark_has_the_sites_colour_in_every_edition(
    browser: Browser, watch: Watch, base_url: str, scheme: str
) -> None:
    """X and O are drawn in one colour each, the same on the game page (its board
    drawn before Python, in the site's stylesheet) as in both no-JavaScript
    editions, in the light and the dark scheme; and X's is not O's. (With
    JavaScript: the site's theme picks its dark palette by script; the editions
    have none to run.)"""
    context = new_context(browser, watch, color_scheme=scheme)
    page = watch.attach(context.new_page())

    def colours(url: str, x: str, o: str) -> tuple[str, str]:
        page.goto(url)
        return page.locator(x).first.evaluate("e => getComputedStyle(e).color"), page.locator(o).first.evaluate(
            "e => getComputedStyle(e).color"
        )

    try:
        site = colours(base_url, ".fp-board i.fp-x", ".fp-board i.fp-o")
        assert site[0] != site[1]
        for path in EDITIONS.values():
            assert colours(base_url + path, "form.board i.m.x", "form.board i.m.o") == site, path
    finally:
        context.close()


def test_the_editions_pass_axe_mid_game(browser: Browser, watch: Watch, base_url: str) -> None:
    """Both editions, a move in (so both marks show, in their colours): axe-core
    finds nothing at WCAG 2.2 A/AA in the light or the dark scheme. (JavaScript
    on, for axe itself; the pages have no script of their own.)"""
    context = new_context(browser, watch)
    page = watch.attach(context.new_page())
    try:
        for path in EDITIONS.values():
            page.goto(base_url + path)
            free = page.locator("form.board label[data-cell]:visible").first
            free.click()
            assert page.locator("form.board i.m.x:visible").count() and page.locator("form.board i.m.o:visible").count()
            assert axe_both_schemes(page) == [], path
    finally:
        context.close()
