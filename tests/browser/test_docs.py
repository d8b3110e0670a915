"""The docs pages: live boards and numbers computed in the browser by the same engine."""

from __future__ import annotations

import re

import pytest
import yaml
from playwright.sync_api import BrowserContext

from pyengine import Board, compute_facts
from pyengine.learning.training import ENTRANTS
from pyengine.policy import perfect_policy_digest
from tests import reference
from tools.pages.bots_table import pairing_games

from .conftest import ROOT, Watch, axe_both_schemes, board_of, click_cell, open_page


def _nav_pages() -> list[str]:
    """Every page in mkdocs.yml's nav, as the built site serves it: a page
    added to the site is checked here without anyone listing it."""
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text())["nav"]
    files = [next(iter(entry.values())) for entry in nav]
    return ["" if name == "index.md" else name.removesuffix(".md") + "/" for name in files]


PAGES = [*_nav_pages(), "embed/", "404.html"]


def test_the_analysis_board_shows_every_cells_outcome(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    """Each empty cell's hint, read back, is that move's outcome in the
    independent model (tests/reference.py); playing updates them."""
    page = open_page(module_context, watch, base_url + "how-the-bot-thinks/")
    root = "[data-board='analysis']"
    try:
        for n, expected in enumerate((Board.parse("X.O/.X./..."), Board.parse("X.O/.X./..O"))):
            assert board_of(page, root) == expected
            cells = str(expected).replace("/", "")
            for cell in expected.legal_moves:
                hint = page.inner_text(f"{root} [data-cell='{cell}'] .ttt-hint")
                read = re.fullmatch(r"(win|loss) in (\d+)|draw", hint)
                assert read, hint
                value, plies = reference.move_outcome(cells, cell)
                assert (read[1] or "draw", int(read[2]) if read[2] else None) == (
                    value,
                    None if value == "draw" else plies,
                )
            if n == 0:
                click_cell(page, 8, root)
        page.click(f"{root} [data-action='restart']")
        assert board_of(page, root) == Board.parse("X.O/.X./...")
    finally:
        page.close()


def test_the_facts_are_computed_in_the_browser_and_match_cpython(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    """Pyodide's counts and the perfect bot's fingerprint equal CPython's."""
    page = module_context.new_page()
    watch.attach(page)
    page.goto(base_url + "facts/")
    page.wait_for_selector("[data-board='facts'][data-ready='true']", timeout=60_000)
    try:
        shown = dict(page.eval_on_selector_all("[data-fact]", "els => els.map(e => [e.dataset.fact, e.textContent])"))
        for key, value in compute_facts().as_dict().items():
            assert shown[key] == f"{value:,}", key
        assert shown["policy_digest"] == perfect_policy_digest()
    finally:
        page.close()


@pytest.mark.parametrize("path", PAGES)
def test_every_page_loads_cleanly(module_context: BrowserContext, watch: Watch, base_url: str, path: str) -> None:
    """No page error, no request off the site, no CSP violation, no WCAG 2.2 A/AA violation, on every page."""
    page = watch.attach(module_context.new_page())
    try:
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        if page.locator("table.ttt-board").count():
            page.wait_for_selector("table.ttt-board[data-ready='true']", timeout=60_000)
        if path != "embed/":  # the embeddable board is a bare widget, not a document
            assert page.locator("h1").count() == 1
        assert page.evaluate("window.__cspViolations") == []
        assert axe_both_schemes(page) == []
    finally:
        page.close()


def test_the_bots_table_was_played_at_build_time(base_url: str, module_context: BrowserContext) -> None:
    """The Bots page has every pairing's tally, levels and learners; perfect never loses, and draws itself."""
    html = module_context.request.get(base_url + "bots/").text()
    found = re.findall(r'<td data-x="([^"]+)" data-o="([^"]+)" data-tally="(\d+) (\d+) (\d+)"', html)
    grid = {(x, o): tuple(map(int, tally)) for x, o, *tally in found}
    assert len(grid) == len(found) == len(ENTRANTS) ** 2
    for (x, o), cell in grid.items():
        assert sum(cell) == pairing_games(x, o) >= 100, (x, o)
    for name in ENTRANTS:
        assert grid["perfect", name][1] == 0, f"perfect X lost to {name}"
        assert grid[name, "perfect"][0] == 0, f"perfect O lost to {name}"
    assert grid["perfect", "perfect"][0] == grid["perfect", "perfect"][1] == 0
