"""Bots: one tiny interface, four strengths, and matches between them.

A bot is anything with ``choose(board) -> cell`` (``Bot``): the four levels'
bots here, and elsewhere the deterministic bot (policy.py), Monte Carlo tree
search (mcts.py) and the learners. Only the four levels' bots, and the
deterministic one, have a ``Level`` (``LevelBot``). Each bot owns its
``random.Random``, handed in or seeded, so a seed makes its play reproducible
and no bot touches the global random state.
"""

from __future__ import annotations

from enum import Enum

from .board import Board, Player, Result, moves_to_choose
from .choices import Choice
from .errors import EngineError
from .geometry import Cell
from .records import Protocol, Record
from .solver import perfect_move

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Callable
    from random import Random


class Level(Choice, Enum, noun="level"):
    """How strong a bot plays; ``Level.parse("perfect")`` reads one from text."""

    RANDOM = "random"
    """Any empty cell."""
    EASY = "easy"
    """Completes a line when it can, else any empty cell."""
    MEDIUM = "medium"
    """Completes a line when it can, else blocks the opponent's, else any cell."""
    PERFECT = "perfect"
    """Never does worse than the position's value: fastest win, slowest loss."""


class Bot(Protocol):
    """What every bot offers, and all a game or a match asks of one: anything
    with ``choose`` is a bot, subclass or not."""

    def choose(self, board: Board) -> Cell:
        """A legal cell to play on ``board``; IllegalMoveError once it is over."""
        raise NotImplementedError


class LevelBot(Bot):
    """A bot that plays at one of the four levels, and says which."""

    level: Level


class _SeededBot(LevelBot):
    """A bot that owns its random generator, for its choices among equals."""

    def __init__(self, rng: Random) -> None:
        self._rng = rng


class RandomBot(_SeededBot):
    """Plays any empty cell, uniformly."""

    level = Level.RANDOM

    def choose(self, board: Board) -> Cell:
        return self._rng.choice(moves_to_choose(board))


class EasyBot(_SeededBot):
    """Takes an immediate win when there is one; otherwise plays at random."""

    level = Level.EASY
    blocks = False
    """Whether it also blocks the opponent's immediate win."""

    def choose(self, board: Board) -> Cell:
        moves = moves_to_choose(board)
        me, them = board.turn_masks
        shape = board.geometry
        free = shape.full ^ (me | them)
        urgent = shape.winning_cells(me, free) or (shape.winning_cells(them, free) if self.blocks else ())
        return self._rng.choice(urgent or moves)


class MediumBot(EasyBot):
    """Takes an immediate win, else blocks an immediate loss, else plays at random."""

    level = Level.MEDIUM
    blocks = True


class PerfectBot(_SeededBot):
    """Plays only moves that keep the best value: the fastest win, the slowest
    loss, and any draw over a loss; at random among equals."""

    level = Level.PERFECT

    def choose(self, board: Board) -> Cell:
        return perfect_move(board, self._rng)


_BOTS: dict[Level, Callable[[Random], LevelBot]] = {
    Level.RANDOM: RandomBot,
    Level.EASY: EasyBot,
    Level.MEDIUM: MediumBot,
    Level.PERFECT: PerfectBot,
}


def bot(level: Level | str, *, seed: int | None = None) -> LevelBot:
    """A bot of ``level`` (a Level or its name) with its own random
    generator; a seed makes it repeatable. UnknownChoiceError, listing the
    levels, for a name that is none of them.

    >>> b = bot("perfect", seed=1)
    >>> b.choose(Board.parse("XX./OO./..."))
    2
    """
    return _BOTS[Level.parse(level)](seeded_random(seed))


def seeded_random(seed: int | None) -> Random:
    """A random generator of its own, repeatable when ``seed`` is given."""
    # Imported on first use: ``import random`` is 2 ms of the 10 ms that a cold
    # CPython import of the engine plus a full analysis takes (python -X
    # importtime; bench/engine.py), and analysis never rolls a die.
    from random import Random

    return Random(seed)


class MatchResult(Record):
    """The tally of a match between two bots."""

    games: int
    x_wins: int
    o_wins: int
    draws: int

    def as_dict(self) -> dict[str, int]:
        """The tally under the keys the command line prints."""
        return dict(self._asdict())


def play_game(x: Bot, o: Bot, start: Board | None = None) -> Board:
    """Let two bots play out a game; returns the final board."""
    board = Board.empty() if start is None else start
    while not board.is_over:
        board = board.play((x if board.to_move is Player.X else o).choose(board))
    return board


def play_match(
    x: Bot, o: Bot, games: int, *, progress: Callable[[int], None] | None = None, start: Board | None = None
) -> MatchResult:
    """Play ``games`` games from ``start`` (the empty 3x3 board unless given),
    ``x`` playing X and ``o`` playing O, whichever is to move at the start;
    ``progress(n)`` is told of every n finished games now and then.

    >>> play_match(bot(Level.PERFECT, seed=1), bot(Level.PERFECT, seed=2), 10)
    MatchResult(games=10, x_wins=0, o_wins=0, draws=10)
    """
    if games < 0:
        raise EngineError(f"the number of games cannot be negative ({games})")
    tally = {Result.X_WON: 0, Result.O_WON: 0, Result.DRAW: 0}
    empty = Board.empty() if start is None else start
    # The loop alternates without asking whose turn it is: it starts with the side to move.
    first, second = (x.choose, o.choose) if empty.to_move is not Player.O else (o.choose, x.choose)
    step = max(1, min(10_000, games // 100))
    for played in range(1, games + 1):
        board = empty
        # Boards are interned and cache their result, so this loop only looks up.
        while not board.is_over:
            board = board.play(first(board))
            if board.is_over:
                break
            board = board.play(second(board))
        tally[board.result] += 1
        if progress is not None and played % step == 0:
            progress(step)
    if progress is not None and games % step:
        progress(games % step)
    return MatchResult(games=games, x_wins=tally[Result.X_WON], o_wins=tally[Result.O_WON], draws=tally[Result.DRAW])
