"""The strategy map (tools/strategy_map.py) checked against the engine by walking the game."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from pyengine import Board, Player
from pyengine.policy import choice
from pyengine.solver import analyze
from tools.strategy_map import Node, build, decision_boards, markup, svg


def _board(moves: tuple[int, ...]) -> Board:
    board = Board.empty()
    for cell in moves:
        board = board.play(cell)
    return board


def _nodes(node: Node) -> list[Node]:
    out = [node]
    for _, child in node.replies:
        out += _nodes(child)
    return out


def _count(board: Board, side: Player) -> int:
    """Decision boards counted independently: every position the bot faces, following its choice."""
    if board.is_over:
        return 0
    if board.to_move is side:
        return 1 + _count(board.play(choice(board)), side)
    return sum(_count(board.play(cell), side) for cell in board.legal_moves)


@pytest.mark.parametrize("side", [Player.X, Player.O])
def test_every_decision_is_the_engines_choice_and_a_fastest_best(side: Player) -> None:
    for node in _nodes(build(side)):
        assert _board(node.moves) == node.board
        if node.bot is not None:
            before = _board(node.moves[:-1])
            assert node.bot == choice(before)
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
    assert f'data-decisions="{_count(Board.empty(), side)}"' in markup(str(side))


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
