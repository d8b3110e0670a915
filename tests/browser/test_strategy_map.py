"""The strategy map page: both maps, zoom by click and keyboard, links that land zoomed."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page

from pyengine import Board
from pyengine.policy import choice

from .conftest import Watch, axe_both_schemes

READY = "[data-map='{}'] g.sm-node[tabindex]"


def _open(context: BrowserContext, watch: Watch, url: str) -> Page:
    page = watch.attach(context.new_page())
    page.goto(url)
    page.wait_for_selector(READY.format("O"), timeout=60_000)
    return page


def test_both_maps_zoom_by_click_and_keyboard(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    page = _open(module_context, watch, base_url + "strategy-map/")
    try:
        assert page.eval_on_selector_all("[data-map]", "els => els.map(e => e.dataset.map)") == ["X", "O"]
        assert axe_both_schemes(page) == []
        first = choice(Board.empty())
        # X's root shows the bot's first move; clicking the reply in cell 4 zooms onto it.
        expected = f"{first},4,{choice(Board.empty().play(first).play(4))}"
        page.click(f"[data-map='X'] g.sm-node[data-moves='{expected}']", force=True)
        assert page.get_attribute("[data-map='X']", "data-moves") == expected
        assert f"map=X&moves={expected.replace(',', '%2C')}" in page.url or f"moves={expected}" in page.url
        # Keyboard: focus the first sub-board of O's map, Enter zooms, Escape goes out.
        page.focus("[data-map='O'] g.sm-node[tabindex]")
        target = page.eval_on_selector("[data-map='O'] g.sm-node[tabindex]", "e => e.dataset.moves")
        page.keyboard.press("Enter")
        assert page.get_attribute("[data-map='O']", "data-moves") == target
        page.keyboard.press("Escape")
        assert page.get_attribute("[data-map='O']", "data-moves") == ""
        assert axe_both_schemes(page) == []
    finally:
        page.close()


def test_a_link_opens_zoomed(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    page = _open(module_context, watch, base_url + "strategy-map/?map=O&moves=4,0")
    try:
        assert page.get_attribute("[data-map='O']", "data-moves") == "4,0"
        assert page.get_attribute("[data-map='O'] svg", "viewBox") == page.get_attribute(
            "[data-map='O'] g.sm-node[data-moves='4,0']", "data-box"
        )
        assert Board.empty().play(4).play(0) == Board.empty().play(4).play(choice(Board.empty().play(4)))
    finally:
        page.close()
