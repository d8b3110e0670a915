"""A screen reader hears the same cell names before Python starts and after.

The build draws each board before any Python runs (on the game page, a board
compiled from the engine that plays at once); the page's Python then takes it
over. Here the runtime's WebAssembly is held back so the names can be read
from the board as first painted, then released.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, Route

from pyengine import CELLS, Board, analyze
from pyengine.words import cell_label, hint_text

from .conftest import READY, Watch, board_of

# A cell is a button on the live board, a radio on the first-paint one.
CELL_NAME = re.compile(r'(?:button|radio) "([^"]*)"')


def cell_names(page: Page, root: str) -> list[str]:
    """The names of the cells a screen reader can reach in the board's stage,
    whichever board is showing there, in document (cell) order."""
    return CELL_NAME.findall(page.locator(f"{root} .ttt-stage").aria_snapshot())


def expected_names(board: Board, hints: bool) -> list[str]:
    """The names the engine's words give the cells, with each empty cell's hint if shown."""
    analysis = analyze(board)
    names = []
    for cell in CELLS:
        move = analysis.move(cell) if hints and board[cell] is None else None
        names.append(cell_label(cell, board[cell], hint_text(move.value, move.plies) if move else None))
    return names


@pytest.mark.parametrize(
    ("path", "root", "position", "hints"),
    [
        ("", "[data-board='game']", ".........", False),
        # The analysis boards show hints from the start, so the build draws them too.
        ("how-the-bot-thinks/", "[data-board='analysis']", "X.O/.X./...", True),
    ],
    ids=["home", "analysis"],
)
def test_cells_keep_their_names_when_python_takes_over(
    module_context: BrowserContext, watch: Watch, base_url: str, path: str, root: str, position: str, hints: bool
) -> None:
    page = watch.attach(module_context.new_page())
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/pyodide.asm.wasm*", hold)
    try:
        page.goto(base_url + path)
        # Python cannot have started without its WebAssembly.
        assert page.get_attribute(f"{root} table.ttt-board", "data-ready") == "false"
        before = cell_names(page, root)
        board = Board.parse(position)
        assert before == expected_names(board, hints)
        for route in held:
            route.continue_()  # the site's own file: nothing for the watch to check
        page.unroute("**/pyodide.asm.wasm*", hold)
        page.wait_for_selector(f"{root} {READY}", timeout=60_000)
        assert board_of(page, root) == board
        assert cell_names(page, root) == before
    finally:
        page.close()
