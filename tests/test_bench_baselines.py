"""The speed baselines (bench/baselines.py) compute what they claim: a ratio
against a baseline that searched something else would mean nothing. Each
search's value of a live position is the engine's exact value, and the
random match's tally is what the engine's rules make of the same games."""

from __future__ import annotations

import random

import pytest

from bench import baselines
from pyengine import Board, Player, Value, analyze
from pyengine.board import reachable_positions

LIVE = [board for board in reachable_positions() if not board.is_over]
SCORE = {1: Value.WIN, 0: Value.DRAW, -1: Value.LOSS}


def cells(board: Board) -> list[baselines.Mark]:
    """The board as the baselines hold it: "X", "O" or None, row by row."""
    return [None if mark is None else mark.value for mark in board]


def to_move(board: Board) -> str:
    player = board.to_move
    assert player is not None
    return player.value


def test_equity_is_the_value_of_every_live_position() -> None:
    for board in LIVE:
        value = baselines.equity(tuple(cells(board)), to_move(board))
        assert SCORE[value] is analyze(board).value, board


def test_alphabeta_is_the_value_of_every_live_position() -> None:
    for board in LIVE:
        if board.ply < 3:  # the first plies are the slow ones; main() searches the empty board below
            continue
        for_o = baselines.alphabeta(baselines.Flat(cells(board)), to_move(board), -2, 2)
        value = for_o if board.to_move is Player.O else -for_o
        assert SCORE[value] is analyze(board).value, board


def test_naive_scores_value_and_distance() -> None:
    """Minimax with depth in the score: ``10 - n`` for a win in n plies,
    ``n - 10`` for a loss in n, the engine's fastest win and slowest loss."""
    for board in LIVE:
        if board.ply < 5:  # a copy at every node: the first plies take seconds
            continue
        side = to_move(board)
        score, move = baselines.naive(baselines.GridBoard.from_cells(cells(board)), side, side, 0)
        analysis = analyze(board)
        assert (
            score == {Value.WIN: 10 - analysis.plies, Value.LOSS: analysis.plies - 10, Value.DRAW: 0}[analysis.value]
        ), board
        assert move is not None and 3 * move[0] + move[1] in analysis.best, board


@pytest.mark.parametrize("kind", ["alphabeta", "equity"])
def test_first_moves_on_the_empty_board_are_best(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    baselines.main([kind])
    out = capsys.readouterr().out
    move = int(out.split("first move ")[1].split()[0])
    assert move in analyze(Board.empty()).best


def test_randmatch_tallies_the_games_the_engine_plays_out() -> None:
    """The same random moves played on the engine's boards end the same way."""
    games, seed = 3000, 7
    rng = random.Random(seed)
    tally = {"x_wins": 0, "o_wins": 0, "draws": 0}
    for _ in range(games):
        board = Board.empty()
        free = list(range(9))
        while not board.is_over:
            board = board.play(free.pop(rng.randrange(len(free))))
        tally[{Player.X: "x_wins", Player.O: "o_wins", None: "draws"}[board.winner]] += 1
    assert baselines.randmatch(games, seed) == tally
    assert sum(tally.values()) == games
