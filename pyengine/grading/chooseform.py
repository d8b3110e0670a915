"""Judging a reader's move-chooser against perfect play, one position at a time.

The teaching page "Check your own minimax" runs a reader's ``choose(board)``
on every position where there is a move (4,520 of them) and asks this module
what each answer is worth. The rules of judging live here, not in the page,
so that CPython's tests check them.
"""

from __future__ import annotations

from enum import Enum
from functools import cache

from ..analysis import Value
from ..board import Board, reachable_positions
from ..errors import IllegalMoveError
from ..solver import analyze
from ..words import cell_name

# Time budgets for the reader's code, which runs in a worker of its own (the
# page terminates the worker when one is spent). A call may take CALL_BASE_S
# plus CALL_PER_NODE_S for every node of the game tree below its position:
# a textbook minimax without a cache searches that whole tree, and took 0.9
# microseconds a node in CPython here (the empty board's 549,946 nodes in
# 0.49 s; 0.8-1.5 s in the browser's worker), so 50 microseconds leaves it
# twenty times what it needs there (30 s on the empty board), enough for a
# busy machine and a slower way of writing it, while a loop that never ends
# on one of the first positions (a node or two) is stopped after about 3 s.
CALL_BASE_S = 3.0
CALL_PER_NODE_S = 50e-6


class Grade(Enum):
    """What a chosen move is worth, against the position's value."""

    BEST = "best"
    """A move perfect play makes: the position's value, as fast (or as slow) as it can be had."""
    SLOWER = "slower"
    """Keeps the value but wins more slowly, or loses sooner, than it must."""
    WORSE = "worse"
    """Gives away value: a draw thrown from a win, or a loss from a draw."""


def positions_to_check() -> list[Board]:
    """Every position with a move to make, most marks first, then by notation:
    the order in which a failure is reported first.

    Endings first, for two reasons: the first failure a reader sees is the
    smallest position where their code goes wrong, the easiest to follow by
    hand; and code that remembers values (as the starter does) builds that
    memory a few positions at a time, so no single call searches the whole
    tree. Fewest marks first, the empty board's call did: one call of 40 ms in
    CPython and about twice that in the browser, a task the page could not
    cut (bench/HISTORY.md)."""
    return list(_positions_to_check())


@cache
def _positions_to_check() -> tuple[Board, ...]:
    return tuple(sorted((board for board in every_position() if not board.is_over), key=lambda b: (-b.ply, str(b))))


@cache
def every_position() -> tuple[Board, ...]:
    """Every 3x3 position a game can reach (board.reachable_positions), walked
    once a process: a checker's worker asked for them three times as it
    started. Here, not in board.py, whose start imports nothing it can spare."""
    return tuple(reachable_positions())


@cache
def tree_size(board: Board) -> int:
    """The nodes of the game tree from ``board`` (itself included): what a
    minimax that remembers nothing visits.

    >>> tree_size(Board.parse("XOX/OXO/OX.")), tree_size(Board.empty())
    (2, 549946)
    """
    return 1 + sum(tree_size(board.play(cell)) for cell in board.legal_moves) if not board.is_over else 1


def call_budget(board: Board) -> float:
    """The seconds one call of the reader's choose() may take on ``board``."""
    return CALL_BASE_S + CALL_PER_NODE_S * tree_size(board)


def not_a_cell(shown: str) -> IllegalMoveError:
    """The error for an answer that is not an int; ``shown`` is its repr."""
    return IllegalMoveError(f"choose() returned {shown}, not a cell number (an int from 0 to 8)")


def grade(board: Board, cell: object) -> Grade:
    """Judge ``cell`` as the move in ``board``. IllegalMoveError, saying why,
    for anything that is not a legal move there (not an int, off the board,
    a taken cell).

    >>> grade(Board.parse("XX./OO./..."), 2), grade(Board.parse("XX./OO./..."), 6)
    (<Grade.BEST: 'best'>, <Grade.WORSE: 'worse'>)
    """
    if type(cell) is not int:
        raise not_a_cell(repr(cell))
    if cell not in board.legal_moves:
        raise IllegalMoveError(f"choose() returned {cell}, which is not an empty cell of {board}")
    analysis = analyze(board)
    if cell in analysis.best:
        return Grade.BEST
    move = analysis.move(cell)
    return Grade.SLOWER if move.value is analysis.value else Grade.WORSE


def move_words(board: Board, cell: int) -> str:
    """A move in ``board`` and what it is worth to the side making it, for a
    reader: ``'top (1), a loss in 4'``.

    >>> move_words(Board.parse("XX./OO./..."), 2), move_words(Board.parse("XX./OO./..."), 6)
    ('top right (2), a win in 1', 'bottom left (6), a loss in 2')
    """
    return f"{cell_name(cell, board.size)} ({cell}), {move_worth(board, cell)}"


def move_worth(board: Board, cell: int) -> str:
    """What a move in ``board`` is worth to the side making it: ``'a draw'``, ``'a loss in 4'``."""
    move = analyze(board).move(cell)
    return "a draw" if move.value is Value.DRAW else f"a {move.value.value} in {move.plies}"


def value_words(board: Board) -> str:
    """The position's value for the side to move, for a reader: ``'X wins in 3'``."""
    analysis = analyze(board)
    side = board.to_move
    if analysis.value is Value.DRAW:
        return "a draw with best play"
    if analysis.value is Value.WIN:
        return f"{side} wins in {analysis.plies} with best play"
    return f"{side} loses in {analysis.plies} with best play"
