"""Judging a reader's move-chooser against perfect play, one position at a time.

The teaching page "Check your own minimax" runs a reader's ``choose(board)``
on every position where there is a move (4,520 of them) and asks this module
what each answer is worth. The rules of judging live here, not in the page,
so that CPython's tests check them.
"""

from __future__ import annotations

from enum import Enum

from .board import Board, reachable_positions
from .errors import IllegalMoveError
from .solver import Value, analyze


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
    cut (bench/README.md)."""
    return sorted((board for board in reachable_positions() if not board.is_over), key=lambda b: (-b.ply, str(b)))


def grade(board: Board, cell: object) -> Grade:
    """Judge ``cell`` as the move in ``board``. IllegalMoveError, saying why,
    for anything that is not a legal move there (not an int, off the board,
    a taken cell).

    >>> grade(Board.parse("XX./OO./..."), 2), grade(Board.parse("XX./OO./..."), 6)
    (<Grade.BEST: 'best'>, <Grade.WORSE: 'worse'>)
    """
    if type(cell) is not int:
        raise IllegalMoveError(f"choose() returned {cell!r}, not a cell number (an int from 0 to 8)")
    if cell not in board.legal_moves:
        raise IllegalMoveError(f"choose() returned {cell}, which is not an empty cell of {board}")
    analysis = analyze(board)
    if cell in analysis.best:
        return Grade.BEST
    move = analysis.move(cell)
    return Grade.SLOWER if move.value is analysis.value else Grade.WORSE


def value_words(board: Board) -> str:
    """The position's value for the side to move, for a reader: ``'X wins in 3'``."""
    analysis = analyze(board)
    side = board.to_move
    if analysis.value is Value.DRAW:
        return "a draw with best play"
    if analysis.value is Value.WIN:
        return f"{side} wins in {analysis.plies} with best play"
    return f"{side} loses in {analysis.plies} with best play"

