"""A tabular learner: TD(0) on after-states, as in Sutton and Barto's first chapter.

Why after-states rather than Q-learning on (position, move) pairs: in
tic-tac-toe a move leads to one known position, so the value of a move *is*
the value of the position it makes. Many pairs lead to the same position (and
more still once turns and mirrors are folded), so a table of after-state
values has far fewer entries to learn than a Q-table, and what is learned
about a position made one way is known however it is reached. There is no
model to learn: the rules give the after-state; only the opponent is unknown.

The table holds, for each position just made (up to turns and mirrors), what
it is worth to the side that made it: +1 a win, 0 a draw, -1 a loss. Finished
games are worth their result and are not stored. While training, the learner
explores with probability epsilon (which decays game by game down to a
floor), otherwise plays a move of the highest value; after each of its greedy
moves the previous after-state moves ``alpha`` of the way towards the new
one's value, and at the end of the game towards the result.

>>> from random import Random
>>> learner = TdLearner(Player.X, Random(1))
>>> learner.move_values(Board.parse("XX./OO./..."))[2]
1.0
"""

from __future__ import annotations

from ..analysis import Value
from ..board import Board, Player
from ..errors import EngineError
from ..geometry import Cell
from ..records import Record
from .learner import Learner, LearnerKind, outcome, restore
from .marking import Mark, canonical, choice_positions, favourites_of, mark, notation

TYPE_CHECKING = False  # see board.py
if TYPE_CHECKING:
    from random import Random
    from typing import Any


class Schedule(Record):
    """How the tabular learner learns: its rate and its exploration over time."""

    alpha: float = 0.3
    """The learning rate: how far a value moves towards its target."""
    epsilon: float = 0.3
    """The chance of a random move while training, at the first game."""
    decay: float = 0.999
    """Epsilon is multiplied by this after every game..."""
    floor: float = 0.02
    """... but never falls below this."""

    def exploration(self, games: int) -> float:
        """Epsilon after ``games`` games."""
        return max(self.floor, self.epsilon * self.decay**games)


class TdLearner(Learner):
    """TD(0) on after-states, for one side or both (to play against itself)."""

    kind = LearnerKind.TABULAR

    def __init__(self, sides: Player | tuple[Player, ...], rng: Random, schedule: Schedule | None = None) -> None:
        self.sides = (sides,) if isinstance(sides, Player) else tuple(sides)
        self.schedule = Schedule() if schedule is None else schedule
        for name, rate in zip(self.schedule._fields, self.schedule, strict=True):
            if not 0.0 <= rate <= 1.0:
                raise EngineError(f"the schedule's {name} is a number from 0 to 1, not {rate!r}")
        self._rng = rng
        self.games = 0
        self.values: dict[Board, float] = {}
        """Each after-state met (a canonical position): its value to the side that made it."""
        self._last: dict[Player, Board] = {}  # each side's latest after-state in this game

    def value(self, after: Board) -> float:
        """What position ``after`` is worth to the side that just made it."""
        if after.is_over:
            return (Value.DRAW if after.winner is None else Value.WIN).reward
        return self.values.get(canonical(after)[0], 0.0)

    def move_values(self, board: Board) -> dict[Cell, float]:
        """Each legal move of ``board`` and the value of the position it makes."""
        return {cell: self.value(board.play(cell)) for cell in board.legal_moves}

    def _greedy(self, board: Board) -> Cell:
        best = favourites_of(self.move_values(board))
        if not best:
            raise EngineError(f"no move to choose: the game is over ({board.result.value})")
        return best[0] if len(best) == 1 else self._rng.choice(best)

    def choose(self, board: Board) -> Cell:
        """A move of the highest value, learning nothing and never exploring."""
        return self._greedy(board)

    def pick(self, board: Board) -> Cell:
        side = board.to_move
        if side is None:
            raise EngineError(f"no move to choose: the game is over ({board.result.value})")
        explore = self._rng.random() < self.schedule.exploration(self.games)
        cell = self._rng.choice(board.legal_moves) if explore else self._greedy(board)
        after = board.play(cell)
        previous = self._last.get(side)
        if previous is not None and not explore:  # exploring teaches nothing about the greedy path
            self._learn(previous, self.value(after))
        self._last[side] = after
        return cell

    def _learn(self, after: Board, target: float) -> None:
        if after.is_over:  # a finished game's worth is known, not learned
            return
        key = canonical(after)[0]
        old = self.values.get(key, 0.0)
        self.values[key] = old + self.schedule.alpha * (target - old)

    def finish(self, final: Board, resigned: Player | None) -> None:
        for side, after in self._last.items():
            self._learn(after, outcome(final, resigned, side).reward)
        self._last = {}
        self.games += 1

    def marks(self, side: Player | None = None) -> list[Mark]:
        return [
            mark(board, favourites_of(self.move_values(board)))
            for mover in self.sides
            if side in (None, mover)
            for board in choice_positions(mover)
        ]

    # -- saving ------------------------------------------------------------

    def saved(self) -> dict[str, Any]:
        return {"schedule": list(self.schedule), "values": {notation(board): v for board, v in self.values.items()}}

    @classmethod
    def from_json(cls, data: Any, rng: Random) -> TdLearner:
        """The learner ``to_json`` wrote; EngineError, saying why, for anything else."""

        def build(data: Any, sides: tuple[Player, ...]) -> TdLearner:
            learner = cls(sides, rng, Schedule(*(float(rate) for rate in data["schedule"])))
            for text, value in data["values"].items():
                board = Board.parse(text)
                if board != canonical(board)[0] or board.is_over or not -1.0 <= float(value) <= 1.0:
                    raise EngineError(f"no value {value!r} of {text!r} fits")
                learner.values[board] = float(value)
            return learner

        return restore(data, "tabular learner", build)
