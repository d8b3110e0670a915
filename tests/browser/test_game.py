"""The home page's game in Chromium: play, banner, line, undo, hints, keyboard, clicks.

One page serves the whole module (each Pyodide start costs seconds); each test
sets the game up through the page's own controls. The bot answers after a
delay on purpose (view.BOT_DELAY_MS), so that a person sees it answer: the
module's page runs on Playwright's clock, which the tests move over each delay
instead of waiting it out (about 35 s of a full run's waiting).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import game_view as view
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from pyengine import Board, Player, Result, Value, analyze
from pyengine.words import cell_name

from .conftest import Watch, axe_both_schemes, board_of, click_cell, new_context, settle, turn

GAME = "[data-board='game']"


@pytest.fixture(scope="module")
def module_context(browser: Browser, watch: Watch) -> Iterator[BrowserContext]:
    """A context of the module's own, on Playwright's clock: time flows as it
    does, and a test moves it on (over_the_delay). A clock cannot be taken off
    a context, so not the worker's shared profile, which later modules borrow."""
    context = new_context(browser, watch)
    context.clock.install()
    yield context
    context.close()


def over_the_delay(page: Page, until: str = f"{GAME} table.ttt-board:not([data-turn='bot'])") -> None:
    """Move the page's clock over the bot's delay until ``until`` matches:
    the bot has answered (by default), or a bot-against-bot game is over."""
    for _ in range(4 * 16):  # a few jumps a move at most, on the largest board
        if page.locator(until).count():
            break
        page.clock.run_for(view.BOT_DELAY_MS)
    page.wait_for_selector(until, state="attached", timeout=10_000)
    settle(page)


def setup(page: Page, mode: str = "bot", level: str = "perfect", side: str = "X") -> None:
    """A fresh game with these settings, chosen through the page's own controls."""
    page.select_option("#ttt-mode", "bot")
    page.select_option("#ttt-level", level)
    page.select_option("#ttt-as", side)
    page.select_option("#ttt-mode", mode)
    page.click("[data-action='restart']")
    over_the_delay(page)


def winning_cells(board: Board) -> set[int]:
    return {cell for line in board.winning_lines for cell in line}


def highlighted(page: Page) -> set[int]:
    cells = page.eval_on_selector_all(f"{GAME} .ttt-cell[data-cell].win", "els => els.map(e => +e.dataset.cell)")
    return set(cells)


def banner(page: Page) -> tuple[str | None, str]:
    element = page.locator(f"{GAME} .ttt-banner")
    if element.is_hidden():
        return None, ""
    return element.get_attribute("data-result"), element.inner_text()


def play_out(page: Page, choose: random.Random | None) -> Board:
    """Play the person's side to the end: at random, or perfectly when no rng."""
    while turn(page) == "human":
        board = board_of(page)
        cell = choose.choice(board.legal_moves) if choose else analyze(board).best[0]
        click_cell(page, cell)
        over_the_delay(page)
    return board_of(page)


class TestAgainstThePerfectBot:
    @pytest.mark.parametrize("side", ["X", "O"])
    def test_the_person_never_wins(self, page: Page, side: str) -> None:
        """Whole games as X and as O, random and perfect play: never a win for
        the person; the banner and highlighted line match the final board."""
        person = Player(side)
        for game in range(4):
            setup(page, side=side)
            if side == "O":
                assert board_of(page).ply == 1, "the bot opens when the person plays O"
            final = play_out(page, random.Random(game) if game % 2 == 0 else None)
            assert final.is_over
            assert final.winner is not person
            result, text = banner(page)
            expected = "draw" if final.result is Result.DRAW else final.result.value
            assert result == expected
            assert text == ("Draw!" if final.result is Result.DRAW else "You lose.")
            outcome = page.get_attribute("[data-board] .ttt-banner", "data-outcome")
            assert outcome == ("draw" if final.result is Result.DRAW else "loss")
            if outcome == "loss":  # in a colour of its own: a win's banner beside it has another
                lost, won = page.eval_on_selector(
                    "[data-board] .ttt-banner",
                    """banner => {
                        const win = banner.cloneNode(true);
                        win.removeAttribute("data-outcome");
                        banner.after(win);
                        const colours = [banner, win].map(e => getComputedStyle(e).backgroundColor);
                        win.remove();
                        return colours;
                    }""",
                )
                assert lost != won
            assert highlighted(page) == winning_cells(final)

    def test_perfect_play_by_the_person_draws(self, page: Page) -> None:
        """Perfect play on both sides ends in a draw, with no line highlighted."""
        setup(page)
        final = play_out(page, None)
        assert final.result is Result.DRAW
        assert banner(page) == ("draw", "Draw!")
        assert highlighted(page) == set()


class TestTwoPlayers:
    def test_turns_alternate_and_the_banner_names_the_winner(self, page: Page) -> None:
        """Two people share the board; X completing the top row wins."""
        setup(page, mode="two")
        for n, cell in enumerate([0, 3, 1, 4, 2]):
            click_cell(page, cell)
            assert board_of(page).ply == n + 1
        assert banner(page) == ("X", "X wins!")
        assert highlighted(page) == {0, 1, 2}

    def test_a_double_line_highlights_both(self, page: Page) -> None:
        """X's last mark completing two lines lights up both."""
        setup(page, mode="two")
        for cell in [0, 1, 2, 3, 6, 7, 8, 5, 4]:
            click_cell(page, cell)
        final = board_of(page)
        assert len(final.winning_lines) == 2
        assert highlighted(page) == winning_cells(final) == {0, 2, 4, 6, 8}

    def test_clicks_after_the_end_change_nothing(self, page: Page) -> None:
        """Once the game is over, empty cells do not take marks."""
        setup(page, mode="two")
        for cell in [0, 3, 1, 4, 2]:
            click_cell(page, cell)
        before = board_of(page)
        for cell in (5, 6, 7, 8):
            click_cell(page, cell, force=True)
        assert board_of(page) == before


class TestControls:
    def test_restart_clears_the_board_and_banner(self, page: Page) -> None:
        """New game empties the board and hides the banner."""
        setup(page, mode="two")
        for cell in [0, 3, 1, 4, 2]:
            click_cell(page, cell)
        page.click("text=New game")
        assert board_of(page) == Board.empty()
        assert banner(page) == (None, "")
        assert highlighted(page) == set()

    def test_undo_takes_back_the_bots_reply_too_and_redo_restores(self, page: Page) -> None:
        """Against the bot, undo returns to the person's last turn; redo replays."""
        setup(page)
        click_cell(page, 4)
        over_the_delay(page)
        after = board_of(page)
        assert after.ply == 2
        page.click("[data-action='undo']")
        assert board_of(page) == Board.empty()
        page.click("[data-action='redo']")
        assert board_of(page) == after
        assert page.is_disabled("[data-action='redo']")

    def test_the_move_list_follows_the_game(self, page: Page) -> None:
        """The move list shows each move in order."""
        setup(page, mode="two")
        for cell in [4, 0]:
            click_cell(page, cell)
        items = page.eval_on_selector_all(f"{GAME} .ttt-moves li", "els => els.map(e => e.textContent)")
        assert items == ["X centre", "O top left"]

    def test_hints_show_what_each_cell_leads_to(self, page: Page) -> None:
        """With hints on, every empty cell shows its outcome under perfect play."""
        setup(page, mode="two")
        for cell in [0, 4]:
            click_cell(page, cell)
        page.click("[data-action='hints']")
        try:
            assert page.get_attribute("[data-action='hints']", "aria-pressed") == "true"
            board = board_of(page)
            expected = view.hints(board)
            for cell in range(9):
                text = page.inner_text(f"{GAME} .ttt-cell[data-cell='{cell}'] .ttt-hint")
                assert text == (expected[cell][0] if cell in expected else ""), cell
            best = page.eval_on_selector_all(f"{GAME} .ttt-cell.best", "els => els.map(e => +e.dataset.cell)")
            assert set(best) == set(analyze(board).best)
        finally:
            page.click("[data-action='hints']")
        assert page.inner_text(f"{GAME} .ttt-cell[data-cell='8'] .ttt-hint") == ""

    def test_watch_mode_plays_itself_to_the_end(self, page: Page) -> None:
        """Bot against bot needs no clicks and ends with a banner."""
        setup(page, mode="watch", level="medium")
        over_the_delay(page, f"{GAME} .ttt-banner[data-result]")
        assert board_of(page).is_over


class TestImpatientClicks:
    def test_clicks_during_the_bots_delay_change_nothing(self, page: Page) -> None:
        """While the bot thinks, clicking anywhere is ignored."""
        setup(page)
        click_cell(page, 4)
        assert turn(page) == "bot"
        for cell in (0, 1, 2, 3, 5):
            click_cell(page, cell, force=True)
        over_the_delay(page)
        board = board_of(page)
        assert board.ply == 2 and board[4] is Player.X
        assert bin(board.x_mask).count("1") == 1

    def test_a_double_click_plays_once(self, page: Page) -> None:
        """A double click is one move, not a move and a stolen bot turn."""
        setup(page, mode="two")
        page.dblclick(f"{GAME} .ttt-cell[data-cell='4']")
        board = board_of(page)
        assert board.ply == 1 and board[4] is Player.X

    def test_a_taken_cell_takes_nothing(self, page: Page) -> None:
        """Clicking an occupied cell changes nothing."""
        setup(page, mode="two")
        click_cell(page, 4)
        click_cell(page, 4, force=True)
        assert board_of(page).ply == 1

    def test_a_click_between_cells_does_nothing(self, page: Page) -> None:
        """Events on the board but on no cell (its borders) are ignored without error."""
        setup(page, mode="two")
        page.dispatch_event(f"{GAME} table.ttt-board tbody", "click")
        page.dispatch_event(f"{GAME} table.ttt-board tbody", "keydown", {"key": "ArrowLeft"})
        assert board_of(page) == Board.empty()


class TestKeyboard:
    def test_arrow_keys_rove_and_enter_plays(self, page: Page) -> None:
        """One cell in the tab order; arrows move it; Enter and Space play."""
        setup(page, mode="two")
        page.focus(f"{GAME} .ttt-cell[data-cell='0']")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
        focused = page.evaluate("document.activeElement.dataset.cell")
        assert focused == "4"
        in_tab_order = page.eval_on_selector_all(
            f"{GAME} .ttt-cell[data-cell]", "els => els.filter(e => e.tabIndex === 0).map(e => +e.dataset.cell)"
        )
        assert in_tab_order == [4]
        page.keyboard.press("Enter")
        assert board_of(page)[4] is Player.X
        page.keyboard.press("End")
        page.keyboard.press(" ")
        assert board_of(page)[5] is Player.O
        page.keyboard.press("Control+Home")
        assert page.evaluate("document.activeElement.dataset.cell") == "0"

    def test_moves_and_results_are_announced(self, page: Page) -> None:
        """The role=status region says what happened."""
        setup(page)
        click_cell(page, 4)
        over_the_delay(page)
        status = page.locator(f"{GAME} [role='status']")
        assert re.search(r"The bot \(O\) played .+\. Your move\.", status.inner_text())


class TestScore:
    def test_finished_games_are_tallied_in_local_storage(self, page: Page) -> None:
        """A finished two-player game adds to the stored score and the text."""
        before = json.loads(page.evaluate("localStorage.getItem('pyengine.score') || '{}'"))
        setup(page, mode="two")
        for cell in [0, 3, 1, 4, 2]:
            click_cell(page, cell)
        after = json.loads(page.evaluate("localStorage.getItem('pyengine.score')"))
        assert after.get("two:x", 0) == before.get("two:x", 0) + 1
        assert f"X {after['two:x']}" in page.inner_text(f"{GAME} .ttt-score")
        # Undo and finishing again is the same game: no second point.
        page.click("[data-action='undo']")
        click_cell(page, 2)
        again = json.loads(page.evaluate("localStorage.getItem('pyengine.score')"))
        assert again == after


class TestAccessibility:
    def test_no_wcag_violations_at_start_mid_game_and_end(self, page: Page) -> None:
        """axe-core finds nothing at WCAG 2.2 A/AA, light or dark, in any phase."""
        setup(page)
        assert axe_both_schemes(page) == []
        click_cell(page, 4)
        over_the_delay(page)
        page.click("[data-action='hints']")
        assert axe_both_schemes(page) == []
        page.click("[data-action='hints']")
        play_out(page, random.Random(1))
        assert banner(page)[0] is not None
        assert axe_both_schemes(page) == []


def test_the_url_carries_the_setup_and_position(page: Page) -> None:
    """After each move the address shares mode, level, side and position."""
    setup(page, mode="two", level="easy")
    click_cell(page, 4)
    assert page.url.endswith("?mode=two&level=easy&as=X&pos=.../.X./...")


def test_the_board_is_drawn_before_python_runs(page: Page, base_url: str) -> None:
    """The served HTML already has Python's 9 cells in their loading state, and
    a board for each side that plays before Python (tests/browser/test_first_paint.py)."""
    html = page.request.get(base_url).text()
    assert len(re.findall(r'class="ttt-cell[^"]*" data-cell="\d"', html)) == 9
    assert 'data-ready="false"' in html and "You can play now." in html
    assert html.count('<form class="fp-board"') == 2


# -- the game review ---------------------------------------------------------------


def moves_played(page: Page, size: int = 3) -> list[int]:
    """The game's cells in order, read back from the move list's words."""
    items = page.eval_on_selector_all(f"{GAME} .ttt-moves li", "els => els.map(e => e.textContent)")
    names = [cell_name(cell, size) for cell in range(size * size)]
    return [names.index(item.split(" — ")[0].split(" ", 1)[1]) for item in items]


def first_loss_of_value(moves: list[int], people: set[Player], size: int = 3) -> tuple[int, Board] | None:
    """The engine's own answer: the first move by one of ``people`` whose value,
    for its mover, is below the value of the position before it (win, draw,
    loss in that order); with that position."""
    worth = {Value.LOSS: 0, Value.DRAW: 1, Value.WIN: 2}
    board = Board.empty(size)
    for ply, cell in enumerate(moves):
        analysis = analyze(board)
        if board.to_move in people and worth[analysis.move(cell).value] < worth[analysis.value]:
            return ply, board
        board = board.play(cell)
    return None


def review(page: Page) -> None:
    page.click("[data-action='review']")
    page.wait_for_selector(f"{GAME} .ttt-review[data-reviewed]", timeout=20_000)


def check_review(page: Page, people: set[Player], size: int = 3) -> str:
    """The review shown is the engine's: the marked move (data-ply, data-cell)
    is the first person's move below its position's value, the better moves
    are exactly those worth more than it, and the link opens the explorer on
    the position before it. Returns "mistake" or "clean"."""
    moves = moves_played(page, size)
    expected = first_loss_of_value(moves, people, size)
    marked = page.eval_on_selector_all(
        f"{GAME} .ttt-moves li[data-mistake]", "els => els.map(e => [+e.dataset.ply, +e.dataset.cell])"
    )
    reviewed = page.get_attribute(f"{GAME} .ttt-review", "data-reviewed")
    if expected is None:
        assert marked == [] and reviewed == "clean"
        assert "gave value away" in page.inner_text(f"{GAME} .ttt-review-verdict")
        assert page.locator(f"{GAME} .ttt-review-detail").is_hidden()
        return "clean"
    ply, before = expected
    assert marked == [[ply, moves[ply]]] and reviewed == "mistake"
    analysis = analyze(before)
    worth = {Value.LOSS: 0, Value.DRAW: 1, Value.WIN: 2}
    played = worth[analysis.move(moves[ply]).value]
    better = {move.cell: move.value.value for move in analysis.moves if worth[move.value] > played}
    shown = page.eval_on_selector_all(
        f"{GAME} .ttt-review-better li", "els => els.map(e => [+e.dataset.cell, e.dataset.value])"
    )
    assert dict(shown) == better and len(shown) == len(better)
    href = page.get_attribute(f"{GAME} .ttt-review-watch a", "href") or ""
    address = urlsplit(href)
    assert address.path.endswith("/search/") and parse_qs(address.query)["pos"] == [str(before)]
    return "mistake"


class TestReview:
    @pytest.mark.parametrize("side", ["X", "O"])
    def test_the_marked_move_is_the_first_that_gave_value_away(self, page: Page, side: str) -> None:
        """Games against the perfect bot, random and perfect: Review marks exactly
        the first move of the person whose value is below the value before it,
        as the engine solves them, or says there is none."""
        seen = set()
        for game in range(5):
            setup(page, side=side)
            assert page.locator(f"{GAME} [data-action='review']").is_hidden(), "no review while the game goes on"
            play_out(page, random.Random(game) if game < 4 else None)
            review(page)
            seen.add(check_review(page, {Player(side)}))
        assert seen == {"mistake", "clean"}

    def test_two_players_are_both_reviewed(self, page: Page) -> None:
        """Between two people either side's move can be the one marked: here O's
        edge reply to X's corner (the engine says so: check_review)."""
        setup(page, mode="two")
        for cell in [0, 3, 1, 4, 2]:
            click_cell(page, cell)
        review(page)
        assert check_review(page, {Player.X, Player.O}) == "mistake"
        assert page.get_attribute(f"{GAME} .ttt-moves li[data-mistake]", "data-ply") == "1"

    def test_a_four_by_four_game_is_reviewed_too(self, page: Page) -> None:
        """On 4x4 (solved by search, one move per task): two people, X completes
        the top row while O never blocks; the marked move is the engine's."""
        setup(page, mode="two")
        page.select_option("#ttt-size", "4")
        try:
            for cell in [0, 4, 1, 5, 2, 6, 3]:
                click_cell(page, cell)
            assert banner(page)[0] == "X"
            review(page)
            assert check_review(page, {Player.X, Player.O}, size=4) == "mistake"
        finally:
            page.select_option("#ttt-size", "3")

    def test_a_new_game_clears_the_review_and_axe_finds_nothing(self, page: Page) -> None:
        """The review is of the game shown: undo or a new game takes it away.
        The panel is clean for axe in both schemes."""
        setup(page)
        play_out(page, random.Random(7))
        review(page)
        assert axe_both_schemes(page) == []
        verdict, shown = check_review(page, {Player.X}), page.inner_text(f"{GAME} .ttt-review")
        review(page)  # pressed again: the same review of the same game
        assert check_review(page, {Player.X}) == verdict and page.inner_text(f"{GAME} .ttt-review") == shown
        page.click("[data-action='undo']")
        assert page.locator(f"{GAME} .ttt-review").is_hidden()
        assert page.eval_on_selector_all(f"{GAME} .ttt-moves li[data-mistake]", "els => els.length") == 0
        page.click("text=New game")
        assert page.locator(f"{GAME} [data-action='review']").is_hidden()


class TestWatchLevels:
    def test_each_side_plays_at_its_own_level(self, page: Page) -> None:
        """Watching a perfect X play a random O: O's level is a setting of its
        own, shown only in watch mode; the heading and the address say both
        levels, every move of X is a best move, and there is nothing to review."""
        setup(page)
        assert page.locator("#ttt-olevel").is_hidden()
        assert page.inner_text(".ttt-heading") == "Tic-tac-toe against a perfect bot"
        page.select_option("#ttt-mode", "watch")
        assert page.locator("#ttt-olevel").is_visible()
        assert page.inner_text("label[for='ttt-level']") == "X's bot"
        page.select_option("#ttt-level", "perfect")
        page.select_option("#ttt-olevel", "random")
        assert page.inner_text(".ttt-heading") == "Watch a perfect bot (X) play a random bot (O)"
        for _ in range(2):
            page.click("text=New game")
            over_the_delay(page, f"{GAME} .ttt-banner[data-result]")
            assert "olevel=random" in page.url and "level=perfect" in page.url
            board = Board.empty()
            for cell in moves_played(page):
                if board.to_move is Player.X:
                    assert cell in analyze(board).best, (str(board), cell)
                board = board.play(cell)
            assert board.result is not Result.O_WON
            assert page.locator(f"{GAME} [data-action='review']").is_hidden()
        page.select_option("#ttt-mode", "two")
        assert page.inner_text(".ttt-heading") == "Tic-tac-toe for two players"
        assert page.locator("#ttt-olevel").is_hidden()
