"""4x4 on the game page: the size setting, the address, hints solved without
freezing, a whole game against the perfect bot, and the embed.

One page serves the game tests (each Pyodide start costs seconds).
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page

from pyengine import Board, Player, Value, analyze

from .conftest import Opening, Watch, axe_both_schemes, board_of, click_cell, open_page, settle, turn

# A browser that optimizes hot wasm, as visitors' do (conftest.BASELINE_WASM):
# its bot searches 4x4 positions in the page.
OPTIMIZING = True

GAME = "[data-board='game']"


OPENING = Opening("?size=4")


def hints_done(page: Page) -> None:
    """Wait until every empty cell has its hint and the best ones are marked."""
    page.wait_for_function(
        """() => {
            const cells = [...document.querySelectorAll("[data-board='game'] .ttt-cell")];
            const empty = cells.filter((c) => !c.dataset.mark);
            const best = cells.some((c) => c.classList.contains("best"));
            return empty.length > 0 && empty.every((c) => c.dataset.hint) && best;
        }""",
        timeout=30_000,
    )


def shown_hints(page: Page) -> dict[int, tuple[str, bool]]:
    cells = page.eval_on_selector_all(
        f"{GAME} .ttt-cell", "els => els.map((e) => [+e.dataset.cell, e.dataset.hint, e.classList.contains('best')])"
    )
    return {cell: (hint, best) for cell, hint, best in cells if hint}


def test_a_whole_game_against_the_perfect_bot_with_hints(page: Page) -> None:
    """The person plays O on 4x4 with hints on, always the lowest hinted best
    cell; every hint is the engine's and the game ends in a draw."""
    page.select_option("#ttt-as", "O")
    settle(page)
    assert page.eval_on_selector_all(f"{GAME} .ttt-cell", "els => els.length") == 16
    page.click(f"{GAME} [data-action='hints']")
    while turn(page) == "human":
        hints_done(page)
        board = board_of(page)
        analysis = analyze(board)
        expected = {m.cell: (m.value.value, m.cell in analysis.best) for m in analysis.moves}
        assert shown_hints(page) == expected
        click_cell(page, analysis.best[0])
        settle(page)
    board = board_of(page)
    assert board.is_over and board.winner is None
    assert page.get_attribute(f"{GAME} .ttt-banner", "data-result") == "draw"
    assert "size=4" in page.url and f"pos={board}" in page.url


def test_the_address_carries_the_size_and_a_4x4_position(page: Page, base_url: str) -> None:
    """A shared 4x4 address opens on that position, X to move, the bot as O."""
    position = "X.../.O../..../...."
    page.goto(f"{base_url}?mode=two&size=4&pos={position}")
    page.wait_for_selector(f"{GAME} table[data-ready='true']", timeout=60_000)
    assert board_of(page) == Board.parse(position)
    assert page.input_value("#ttt-size") == "4"
    click_cell(page, 15)
    assert "size=4" in page.url and "pos=X.../.O../..../...X" in page.url


def test_the_size_setting_redraws_the_board(page: Page) -> None:
    page.select_option("#ttt-mode", "two")
    page.select_option("#ttt-size", "3")
    assert page.eval_on_selector_all(f"{GAME} .ttt-cell", "els => els.length") == 9
    assert board_of(page) == Board.empty() and "size=" not in page.url
    page.select_option("#ttt-size", "4")
    assert page.eval_on_selector_all(f"{GAME} .ttt-cell", "els => els.length") == 16
    assert board_of(page) == Board.empty(4) and "size=4" in page.url


def test_keyboard_moves_cover_four_columns(page: Page) -> None:
    page.select_option("#ttt-size", "4")
    page.focus(f"{GAME} .ttt-cell[data-cell='0']")
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.cell") == "3"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.cell") == "15"
    assert page.get_attribute(f"{GAME} .ttt-cell[data-cell='15']", "aria-label") == "Row 4, column 4, empty"


def test_no_accessibility_violations_with_hints(page: Page) -> None:
    page.select_option("#ttt-mode", "two")
    page.select_option("#ttt-size", "4")
    click_cell(page, 5)
    if page.get_attribute(f"{GAME} [data-action='hints']", "aria-pressed") != "true":
        page.click(f"{GAME} [data-action='hints']")
    hints_done(page)
    assert axe_both_schemes(page) == []


def test_a_bad_size_says_so_and_plays_3x3(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}?size=<b>5</b>")
    page.wait_for_selector(f"{GAME} table[data-ready='true']", timeout=60_000)
    message = page.inner_text(f"{GAME} .ttt-message")
    assert "The board size “<b>5</b>” is unknown" in message and "the board is 3x3" in message
    assert page.eval_on_selector_all(f"{GAME} .ttt-cell", "els => els.length") == 9


def test_the_embed_honours_the_size(module_context: BrowserContext, watch: Watch, base_url: str) -> None:
    embed = open_page(module_context, watch, f"{base_url}embed/?size=4&as=O")
    try:
        settle(embed, "[data-board='embed']")
        board = board_of(embed, "[data-board='embed']")
        assert board.size == 4 and board.ply == 1 and board.to_move is Player.O
        assert analyze(board).value is Value.DRAW
    finally:
        embed.close()


def test_the_explorer_and_the_race_on_a_4x4_endgame(
    module_context: BrowserContext, watch: Watch, base_url: str
) -> None:
    """The search explorer opens a 4x4 endgame at a linked step, drawn with 16
    cells as CPython's generator has it; the race counts what CPython counts;
    an early 4x4 position is refused in words."""
    from pyengine.teaching.search import Algorithm, Order, events, run_to_end

    endgame = Board.parse("XX../O.XO/O..O/.X..")
    steps = list(events(Algorithm.ALPHABETA, endgame, Order.CCE))
    page = watch.attach(module_context.new_page())
    try:
        page.goto(f"{base_url}search/?alg=alphabeta&order=cce&pos={endgame}&step=25")
        page.wait_for_selector("[data-explorer][data-ready='true']", timeout=60_000)
        assert page.get_attribute("[data-explorer]", "data-step") == "25"
        marks = page.eval_on_selector_all("[data-explorer] .ex-cell", "els => els.map(e => e.dataset.mark || '.')")
        assert len(marks) == 16 and Board.parse("".join(marks)) == steps[24].board
        page.click("[data-race] [data-race-start]")
        page.wait_for_selector("[data-race][data-state='done']", timeout=120_000)
        rows = page.eval_on_selector_all(
            "[data-race] tbody tr", "rows => rows.map(r => [r.dataset.algorithm, r.dataset.order, r.dataset.nodes])"
        )
        assert len(rows) == 5
        for algorithm, order, nodes in rows:
            assert int(nodes) == run_to_end(Algorithm.parse(algorithm), endgame, Order.parse(order)).counts.nodes
        assert axe_both_schemes(page) == []
        page.goto(f"{base_url}search/?pos=X.../..../..../....")
        page.wait_for_selector("[data-explorer][data-ready='true']", timeout=60_000)
        assert "15 empty cells" in page.inner_text("[data-explorer] .ex-message")
    finally:
        page.close()
