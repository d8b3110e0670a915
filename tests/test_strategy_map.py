"""The strategy map (tools/pages/strategy_map_markup.py) checked against the engine by walking the game."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pyengine import Board, Game, Player
from pyengine.policy import FixedBot, fixed_move
from pyengine.solver import analyze
from tools.pages.strategy_map_markup import (
    INLINE,
    MapBoard,
    build,
    decision_boards,
    file_name,
    markup,
    svg,
    write_files,
)


def _board(moves: tuple[int, ...]) -> Board:
    board = Board.empty()
    for cell in moves:
        board = board.play(cell)
    return board


def _nodes(node: MapBoard) -> list[MapBoard]:
    out = [node]
    for _, child in node.replies:
        out += _nodes(child)
    return out


def _count(board: Board, side: Player) -> int:
    """Decision boards counted independently: every position the bot faces, following its choice."""
    if board.is_over:
        return 0
    if board.to_move is side:
        return 1 + _count(board.play(fixed_move(board)), side)
    return sum(_count(board.play(cell), side) for cell in board.legal_moves)


@pytest.mark.parametrize("side", [Player.X, Player.O])
def test_every_decision_is_the_engines_choice_and_a_fastest_best(side: Player) -> None:
    for node in _nodes(build(side)):
        assert _board(node.moves) == node.board
        if node.bot is not None:
            before = _board(node.moves[:-1])
            assert node.bot == fixed_move(before)
            analysis = analyze(before)
            assert node.bot in analysis.best  # best value, fastest win, slowest loss
            assert analysis.move(node.bot).value is analysis.value


@pytest.mark.parametrize("side", [Player.X, Player.O])
def test_every_reply_is_present(side: Player) -> None:
    for node in _nodes(build(side)):
        expected = () if node.board.is_over else node.board.legal_moves
        assert tuple(cell for cell, _ in node.replies) == expected
        for cell, child in node.replies:
            assert child.moves[: len(node.moves) + 1] == (*node.moves, cell)


@pytest.mark.parametrize("side", [Player.X, Player.O])
def test_the_count_is_the_walk(side: Player) -> None:
    assert decision_boards(build(side)) == _count(Board.empty(), side)
    assert f'data-decisions="{_count(Board.empty(), side)}"' in markup("")


@pytest.mark.parametrize("side", [Player.X, Player.O])
def test_the_svg_is_xml_with_accessible_text(side: Player) -> None:
    root = ET.fromstring(svg(side))
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    assert root.find(f"{ns}title") is not None and "strategy" in (root.find(f"{ns}title").text or "")
    assert str(_count(Board.empty(), side)) in (root.find(f"{ns}desc").text or "")
    assert root.get("aria-labelledby")


def test_the_bot_never_loses() -> None:
    for side in (Player.X, Player.O):
        for node in _nodes(build(side)):
            assert node.board.winner is not side.other


def _games_against(bot_side: Player) -> list[tuple[int, ...]]:
    """Every game a person can play against FixedBot, as its moves after each of
    the bot's answers (and at the end), played through the engine's Game."""
    seen: list[tuple[int, ...]] = []

    def walk(person: tuple[int, ...]) -> None:
        game = Game(human=bot_side.other, bot=FixedBot())
        for cell in person:
            if game.bot_to_move:
                game.play_bot()
            game.play(cell)
        if game.bot_to_move:
            game.play_bot()
        seen.append(game.moves)
        if not game.is_over:
            for cell in game.board.legal_moves:
                walk((*person, cell))

    walk(())
    return seen


@pytest.mark.parametrize("side", [Player.X, Player.O])
def test_a_game_against_the_choice_bot_never_leaves_the_map(side: Player) -> None:
    """The page's live board plays FixedBot: after every answer of the bot (and
    at every game's end) the game's moves are a node of the map, which the page
    zooms onto; and every node of the map is such a game."""
    games = _games_against(side)
    assert len(games) == len(set(games))
    assert set(games) == {node.moves for node in _nodes(build(side))}


def test_the_page_holds_one_map_and_the_other_is_a_file(tmp_path: Path) -> None:
    """Page weight: only the inline map is in the page's markup; the other is
    written for the site as a well-formed SVG file, named where the page's switch looks."""
    page = markup("")
    other = INLINE.other
    assert svg(INLINE) in page and f"sm-title-{other}" not in page
    assert f'data-side="{other}" data-src="{file_name(other)}"' in page
    write_files(tmp_path)
    written = (tmp_path / file_name(other)).read_text(encoding="utf-8")
    assert written == svg(other)
    assert ET.fromstring(written).tag == "{http://www.w3.org/2000/svg}svg"
    assert not (tmp_path / file_name(INLINE)).exists()
    with pytest.raises(ValueError):
        markup("X")
