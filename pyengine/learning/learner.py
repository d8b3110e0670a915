"""What every learner shares: the bot interface with training added, and the
training game.

A learner is a bot (``choose(board)`` plays its current best guess and learns
nothing), plus ``pick(board)``, the move it makes while training (it may
explore, and it remembers what it did), and ``finish(final, resigned)``,
which learns from the game just ended. ``pick`` returns None when the learner
resigns (MENACE with an empty box).
"""

from __future__ import annotations

from enum import Enum

from ..analysis import Value
from ..board import Board, Player
from ..bots import Bot
from ..choices import Choice
from ..errors import EngineError
from ..geometry import Cell
from ..records import Protocol, runtime_checkable

TYPE_CHECKING = False  # see board.py
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any, TypeVar

    from .marking import Mark


class LearnerKind(Choice, Enum, noun="learner"):
    """The learning machines, by name."""

    MENACE = "menace"
    TABULAR = "tabular"


@runtime_checkable  # play_training_game asks isinstance(player, Learner)
class Learner(Bot, Protocol):
    """A bot that learns from the games it plays while training."""

    kind: LearnerKind
    """What sort of learner it is."""
    sides: tuple[Player, ...]
    """The sides it has learned to play, and is marked on."""
    games: int
    """Games it has learned from."""

    def pick(self, board: Board) -> Cell | None:
        """Its move while training (remembered for ``finish``), or None to resign."""
        raise NotImplementedError

    def finish(self, final: Board, resigned: Player | None) -> None:
        """Learn from the game that ended on ``final`` (or when ``resigned`` gave up)."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The learner as plain data, for saving; its class's ``from_json`` reads it back."""
        sides = [side.value for side in self.sides]
        return {"kind": self.kind.value, "sides": sides, "games": self.games, **self.saved()}

    def saved(self) -> dict[str, Any]:
        """What ``to_json`` keeps beyond the kind, the sides and the games."""
        raise NotImplementedError

    def marks(self, side: Player | None = None) -> list[Mark]:
        """Every position where it has a choice (as ``side``, or any side it plays),
        its favourites marked against the truth."""
        raise NotImplementedError


if TYPE_CHECKING:
    L = TypeVar("L", bound=Learner)


def restore(data: Any, noun: str, build: Callable[[Any, tuple[Player, ...]], L]) -> L:
    """A learner read back from ``to_json``'s data: the sides and games here,
    the rest by ``build(data, sides)``; EngineError, naming ``noun`` and saying
    why, for data that is not one."""
    try:
        sides = tuple(Player.parse(side) for side in data["sides"])
        games = data["games"]
        if type(games) is not int or games < 0:
            raise EngineError(f"{games!r} is not a number of games")
        learner = build(data, sides)
    except EngineError as error:
        raise EngineError(f"not a saved {noun}: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise EngineError(f"not a saved {noun}: {type(error).__name__} {error}") from None
    learner.games = games
    return learner


def outcome(final: Board, resigned: Player | None, side: Player) -> Value:
    """How a game ended for ``side``: a resignation loses, otherwise the board says."""
    if resigned is not None:
        return Value.LOSS if resigned is side else Value.WIN
    winner = final.winner
    if winner is None:
        return Value.DRAW
    return Value.WIN if winner is side else Value.LOSS


def play_training_game(x: Bot, o: Bot) -> tuple[Board, Player | None]:
    """One game on the empty 3x3 board; learners pick and then learn from it.
    Returns the final board and the side that resigned, if one did."""
    board = Board.empty()
    resigned: Player | None = None
    while not board.is_over:
        side = board.to_move
        mover = x if side is Player.X else o
        cell = mover.pick(board) if isinstance(mover, Learner) else mover.choose(board)
        if cell is None:
            resigned = side
            break
        board = board.play(cell)
    for player in (x,) if x is o else (x, o):
        if isinstance(player, Learner):
            player.finish(board, resigned)
    return board, resigned


def training(learner: Learner, opponent: Bot, side: Player) -> Iterator[Value]:
    """Games without end, ``learner`` on ``side`` against ``opponent`` (which
    may be the learner itself); yields each game's outcome for ``side``."""
    x, o = (learner, opponent) if side is Player.X else (opponent, learner)
    while True:
        final, resigned = play_training_game(x, o)
        yield outcome(final, resigned, side)
