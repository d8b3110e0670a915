"""The game on a 320 px phone: fits, targets big enough, still playable; motion respects the setting."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from .conftest import Watch, board_of, click_cell, new_context, settle

MIN_TARGET = 44  # px, WCAG 2.5.5 / platform guidelines for touch targets


@pytest.fixture(scope="module")
def module_context(browser: Browser, watch: Watch) -> Iterator[BrowserContext]:
    """A 320 px phone, dark, with reduced motion: the shared page opens in it."""
    context = new_context(
        browser,
        watch,
        viewport={"width": 320, "height": 640},
        has_touch=True,
        color_scheme="dark",
        reduced_motion="reduce",
    )
    yield context
    context.close()


def test_nothing_overflows_a_320px_screen(page: Page) -> None:
    """No sideways scrolling at the narrowest phone width."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


def test_every_control_is_at_least_44px(page: Page) -> None:
    """Cells, buttons and selects on screen are comfortable touch targets."""
    sizes = page.eval_on_selector_all(
        "[data-board='game'] :is(.ttt-cell, button, select)",
        """els => els.filter(e => e.checkVisibility()).map(e => {
            const r = e.getBoundingClientRect();
            return [e.outerHTML.slice(0, 40), r.width, r.height];
        })""",
    )
    assert len(sizes) >= 9 + 4, "the cells, the four buttons and the selects are on screen"
    small = [(html, w, h) for html, w, h in sizes if w < MIN_TARGET or h < MIN_TARGET]
    assert not small


def test_a_tap_plays_and_the_bot_answers(page: Page) -> None:
    """Touch play works at this size."""
    page.tap("[data-board='game'] .ttt-cell[data-cell='4']")
    settle(page)
    assert board_of(page).ply == 2


def test_reduced_motion_turns_animation_off(page: Page) -> None:
    """With reduced motion asked for, marks appear without animating."""
    click_cell(page, next(c for c in range(9) if board_of(page)[c] is None))
    names = page.eval_on_selector_all(
        "[data-board='game'] .ttt-mark", "els => els.map(e => getComputedStyle(e).animationName)"
    )
    assert set(names) == {"none"}


def test_the_dark_scheme_follows_the_system(page: Page) -> None:
    """The theme picks the dark palette from the system setting."""
    assert page.get_attribute("body", "data-md-color-scheme") == "slate"


@pytest.mark.parametrize("path", ["bots/"])
def test_wide_tables_scroll_within_themselves_with_a_hint(
    module_context: BrowserContext, watch: Watch, base_url: str, path: str
) -> None:
    """On a 320 px phone the Bots page's tables (the build's and the live round
    robin) are wider than the screen: each scrolls sideways in its own box, the
    page does not, and the box draws a shadow at the edge where more is hidden
    (site.css: backgrounds that stay at the edges, covered once an end is reached)."""
    page = watch.attach(module_context.new_page())
    try:
        page.goto(base_url + path)
        page.wait_for_selector(".md-typeset__scrollwrap")  # the theme wraps its tables by script
        boxes = page.eval_on_selector_all(
            ".md-typeset__scrollwrap, .ttt-ladder-scroll",
            """els => els.map(e => [e.scrollWidth > e.clientWidth, getComputedStyle(e).overflowX,
                                    getComputedStyle(e).backgroundImage, getComputedStyle(e).backgroundAttachment])""",
        )
        wide = [box for box in boxes if box[0]]
        assert len(wide) >= 2, "the match table and the live round robin are wider than the phone"
        for _, overflow, images, attachment in wide:
            assert overflow == "auto"
            assert images.count("radial-gradient") == 2 and attachment == "local, local, scroll, scroll"
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
    finally:
        page.close()


def test_on_a_phone_the_settings_sit_above_the_board_and_it_stays_in_sight(
    browser: Browser, watch: Watch, base_url: str
) -> None:
    """At 390x844, choosing to play O from the settings leaves the whole board
    on screen without scrolling, so the bot's first move is seen being made."""
    context = new_context(browser, watch, viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = watch.attach(context.new_page())
        page.goto(base_url)
        page.wait_for_selector("[data-board='game'] table.ttt-board[data-ready='true']")
        settings = page.locator("[data-board='game'] .ttt-settings").bounding_box()
        board = page.locator("[data-board='game'] table.ttt-board").bounding_box()
        assert settings and board and settings["y"] + settings["height"] <= board["y"]
        page.select_option("#ttt-as", "O")
        settle(page)
        assert board_of(page).ply == 1, "the bot (X) has moved"
        inside = page.evaluate(
            """() => { const r = document.querySelector("[data-board='game'] table.ttt-board").getBoundingClientRect();
                       return window.scrollY === 0 && r.top >= 0 && r.bottom <= innerHeight; }"""
        )
        assert inside, "the board is wholly on screen with the page unscrolled"
    finally:
        context.close()
