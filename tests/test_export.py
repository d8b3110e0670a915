"""Exports: the policy table against the solver, and the no-JavaScript page
against the engine, played through a small CSS interpreter (tests/cssmodel.py)
that reads the page's actual HTML and stylesheet."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from typing import TYPE_CHECKING, NamedTuple

import pytest

from pyengine import Board, Player, best_moves, reachable_positions
from pyengine.cli import main
from pyengine.editions.nojs import FIRST_PAINT, NoJsEdition, compiled_board, nojs_edition
from pyengine.policy import policy_table
from pyengine.words import cell_label
from tests import reference as ref
from tests.cssmodel import Page, cell_of, line_of, shown
from tests.support import cells_of
from tools.pages.boards import first_paint_boards

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The real thing: a fresh interpreter running ``python -m pyengine``."""
    return subprocess.run([sys.executable, "-m", "pyengine", *args], capture_output=True, text=True, timeout=120)


def lowest_best(board: Board) -> int:
    """The documented deterministic move, computed here from the reference
    solver (tests/reference.py), not from the engine's."""
    return min(ref.best_cells(cells_of(board)))


# -- the policy table -----------------------------------------------------------


class TestPolicyTable:
    def test_one_entry_per_live_position_with_the_solvers_moves(self) -> None:
        """Every live reachable position once, in reachable_positions order, with
        best_moves as the best cells and the lowest of them as the move."""
        live = [board for board in reachable_positions() if not board.is_over]
        table = policy_table()
        assert len(live) == 4520
        assert [entry.board for entry in table] == live
        for entry in table:
            assert entry.position == str(entry.board)
            assert entry.to_move is entry.board.to_move
            assert entry.best == tuple(sorted(best_moves(entry.board)))
            assert entry.move in entry.best
            assert entry.move == lowest_best(entry.board)

    def expected(self) -> dict[str, tuple[str, int, list[int]]]:
        return {
            str(board): (str(board.to_move), lowest_best(board), sorted(best_moves(board)))
            for board in reachable_positions()
            if not board.is_over
        }

    def test_json_parses_back_to_the_table(self, capsys: pytest.CaptureFixture[str]) -> None:
        """`export table` (JSON by default) holds every position with its side,
        move and best cells, and a header that counts them."""
        assert main(["export", "table"]) == 0
        data = json.loads(capsys.readouterr().out)
        got = {pos: (e["to_move"], e["move"], e["best"]) for pos, e in data["positions"].items()}
        assert got == self.expected()
        assert data["count"] == len(got)
        order = [str(board) for board in reachable_positions() if not board.is_over]
        assert list(data["positions"]) == order

    def test_csv_parses_back_to_the_table(self) -> None:
        """`export table --format csv`: a header, then one row per position, best as
        space-separated cells; checked in a fresh interpreter."""
        done = run("export", "table", "--format", "csv")
        assert done.returncode == 0, done.stderr
        rows = list(csv.reader(io.StringIO(done.stdout)))
        assert rows[0] == ["position", "to_move", "move", "best"]
        got = {pos: (side, int(move), [int(c) for c in best.split()]) for pos, side, move, best in rows[1:]}
        assert len(got) == len(rows) - 1
        assert got == self.expected()


# -- the no-JavaScript page ---------------------------------------------------------


@pytest.fixture(scope="module", params=[Player.X, Player.O], ids=str)
def edition(request: pytest.FixtureRequest) -> tuple[NoJsEdition, Page]:
    page = nojs_edition(request.param)
    return page, Page(page.html, page.css)


class Playable(NamedTuple):
    """A board the engine compiled to HTML+CSS, as the walk below plays it."""

    human: Player
    prefix: str
    dom: Page
    win_cells: bool
    """Wins shown as highlighted cells (the game page) rather than lines (the edition)."""


PLAYABLE = [(human, kind) for kind in ("edition", "first paint") for human in (Player.X, Player.O)]


@pytest.fixture(scope="module", params=PLAYABLE, ids=lambda p: f"{p[1]}-{p[0]}")
def playable(request: pytest.FixtureRequest) -> Playable:
    human, kind = request.param
    if kind == "edition":
        page = nojs_edition(human)
        return Playable(human, "", Page(page.html, page.css), win_cells=False)
    board = compiled_board(human)
    html = f"<!doctype html><html><head></head><body>{board.html}</body></html>"
    # Every rule the game page has, in its order (tools/pages/boards.py): both sides'
    # rules, then both boards, then both sides' replies. The sides share their
    # classes, so the other side's rules reach this board too.
    css = "".join(re.findall(r"<style>(.*?)</style>", first_paint_boards(), re.DOTALL))
    assert board.replies_css in css and css.index(board.css) < css.index(board.replies_css)
    return Playable(human, FIRST_PAINT, Page(html, css), win_cells=True)


def games(human: Player) -> Iterator[tuple[tuple[int, ...], Board]]:
    """Every sequence of the human's moves against the documented bot, and the
    board it leads to (the bot's reply played), starting with no moves at all."""
    start = Board.empty()
    if start.to_move is not human:
        start = start.play(lowest_best(start))
    yield (), start
    stack = [((), start)]
    while stack:
        moves, board = stack.pop()
        for cell in board.legal_moves:
            after = board.play(cell)
            if not after.is_over:
                after = after.play(lowest_best(after))
            yield (*moves, cell), after
            if not after.is_over:
                stack.append(((*moves, cell), after))


def move_chains(dom: Page) -> list[tuple[str, ...]]:
    """The radio ids of every selector spelt as a chain of checked radios (the
    groups between them written as ``*``)."""
    chains = []
    for rule in dom.rules:
        for sel in rule.selectors:
            radios = [c for c in sel.compounds[:-1] if c.id or c.checked or c.classes]
            if radios and all(c.id and c.checked for c in radios):
                chains.append(tuple(c.id for c in radios if c.id))
    return chains


class TestNoJsPage:
    def test_every_game_shows_what_the_engine_says(self, playable: Playable) -> None:
        """For every sequence of the human's moves, played by clicking the label
        shown on each square: the marks on every square (and their data-cell and
        data-mark hooks), the clickable squares, the keyboard-reachable radios, the
        end message and the win are the engine's, the bot playing its
        lowest-numbered best cell. The no-JS edition and the game page's
        first-paint board, for either side."""
        human, p, dom = playable.human, playable.prefix, playable.dom
        word = {human.value: "You win!", human.other.value: "You lose.", "draw": "Draw!"}
        checked: dict[tuple[int, ...], frozenset[str]] = {(): frozenset()}
        clickable: dict[tuple[int, ...], dict[int, str]] = {}  # square -> the radio its label checks
        count = 0
        for moves, board in games(human):
            count += 1
            if moves:
                # click the label shown on the square of the last move, as things stood before it
                checked[moves] = checked[moves[:-1]] | {clickable[moves[:-1]][moves[-1]]}
            styles = dom.styles(checked[moves])
            marks = ["" for _ in range(9)]
            for el in dom.elements:
                if f"{p}m" in el.classes and shown(styles[el]):
                    cell = cell_of(styles[el])
                    assert not marks[cell], (moves, cell)
                    marks[cell] = el.all_text()
                    assert (el.attrs["data-cell"], el.attrs["data-mark"]) == (str(cell), marks[cell])
                    assert el.attrs["aria-label"] == cell_label(cell, Player(marks[cell]))
            assert marks == [str(m) if m else "" for m in board.marks], (moves, board)
            free = set() if board.is_over else set(board.legal_moves)
            labels = [el for el in dom.elements if el.tag == "label" and shown(styles[el])]
            clickable[moves] = {cell_of(styles[el]): el.attrs["for"] for el in labels}
            assert set(clickable[moves]) == free and len(labels) == len(free), (moves, board)
            radios = {el.id for el in dom.elements if el.tag == "input" and shown(styles[el])}
            assert radios == {el.attrs["for"] for el in labels}, (moves, board)
            ends = [el for el in dom.elements if f"{p}end" in el.classes and shown(styles[el])]
            if board.is_over:
                assert [(el.attrs["data-result"], el.all_text()) for el in ends] == [
                    (board.result.value, word[board.result.value])
                ], (moves, board)
                assert board.winner is not human
            else:
                assert ends == []
            if playable.win_cells:
                lit = {cell_of(styles[el]) for el in dom.elements if f"{p}k" in el.classes and shown(styles[el])}
                assert lit == {cell for line in board.winning_lines for cell in line}, (moves, board)
            else:
                lines = [line_of(styles[el]) for el in dom.elements if f"{p}w" in el.classes and shown(styles[el])]
                assert sorted(lines) == sorted(board.winning_lines), (moves, board)
        own = {el.attrs["id"] for el in dom.elements if "id" in el.attrs}  # not the other side's
        chains = [chain for chain in move_chains(dom) if set(chain) <= own]
        assert count - 1 == len(chains), "one selector per sequence of the human's moves"

    def test_one_selector_per_move_sequence(self, edition: tuple[NoJsEdition, Page]) -> None:
        """The stylesheet holds one selector per sequence of the human's moves,
        spelt out as a chain of checked radios, and no two alike."""
        page, dom = edition
        chains = move_chains(dom)
        assert len(chains) == len(set(chains)) == page.sequences
        assert page.sequences == sum(1 for moves, _ in games(page.human) if moves)

    def test_markup_ids_labels_and_no_inline_code(self, edition: tuple[NoJsEdition, Page]) -> None:
        """Radio ids are unique, every label points at a radio and names its
        square as the live page does, nothing inline for a strict Content-Security-Policy, and the
        page has a heading, a viewport, a New game link and both colour schemes."""
        page, dom = edition
        ids = [el.id for el in dom.elements if el.id]
        assert len(ids) == len(set(ids))
        radios = {el.id for el in dom.elements if el.tag == "input"}
        assert all(el.attrs.get("type") == "radio" for el in dom.elements if el.tag == "input")
        styles = dom.styles(frozenset())
        for el in dom.elements:
            if el.tag == "label":
                assert el.attrs["for"] in radios
                cell = int(el.attrs["data-cell"])
                assert cell == cell_of(styles[el])
                assert el.all_text() == cell_label(cell, None), "the live page's name for the square"
        assert not re.search(r"<script|<style|\sstyle=|\son\w+=|=\"?javascript:", page.html, re.IGNORECASE)
        assert not re.search(r"@import|url\(|expression\(", page.css)
        tags = [el.tag for el in dom.elements]
        assert "h1" in tags
        assert any(el.tag == "link" and el.attrs.get("href") == "nojs.css" for el in dom.elements)
        assert any(el.tag == "meta" and el.attrs.get("name") == "viewport" for el in dom.elements)
        assert any(el.tag == "a" and el.attrs.get("href") == "" and el.all_text() == "New game" for el in dom.elements)
        assert any(el.tag == "form" and el.attrs.get("autocomplete") == "off" for el in dom.elements)
        media = {name for rule in dom.media for name, _ in rule.declarations}
        assert media and all(name.startswith("--") for name in media), "only colours change in the dark"
        assert "prefers-color-scheme:dark" in page.css.replace(" ", "")

    def test_the_cli_writes_the_same_page(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`export css --human O --out DIR` writes the generator's HTML and CSS
        and reports their sizes on one line."""
        out = tmp_path / "nested" / "o"
        assert main(["export", "css", "--human", "o", "--out", str(out)]) == 0
        page = nojs_edition(Player.O)
        html, css = (out / "index.html").read_bytes(), (out / "nojs.css").read_bytes()
        assert html == page.html.encode() and css == page.css.encode()
        summary = capsys.readouterr().out.splitlines()
        assert len(summary) == 1
        assert f"{len(html):,} bytes" in summary[0] and f"{len(css):,} bytes" in summary[0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["export", "css"], ["--out"]),
        (["export", "css", "--human", "Z", "--out", "somewhere"], ["'Z'"]),
        (["export", "table", "--format", "xml"], ["xml"]),
        (["export"], ["WHAT"]),
        (["export", "css", "--out", "/dev/null/nested"], ["/dev/null/nested"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: list[str]) -> None:
    """Wrong export arguments get one line on stderr naming the problem, and status 2."""
    done = run(*args)
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.parametrize("human", [Player.X, Player.O], ids=str)
def test_against_choice_is_the_game_every_compiled_board_plays(human: Player) -> None:
    """For every sequence of the person's moves, the engine's replay of the
    first-paint board's game (what the page hands to Python) reaches the
    position the walk above reaches with the solver's lowest best cell; and an
    illegal move is refused."""
    from pyengine import IllegalMoveError
    from pyengine.policy import against_fixed_bot

    for moves, board in games(human):
        played = Board.empty()
        for cell in against_fixed_bot(human, moves):
            played = played.play(cell)
        assert played == board, moves
    with pytest.raises(IllegalMoveError):
        against_fixed_bot(human, [4, 4])
