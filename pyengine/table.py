"""The 3x3 back-end of the solver: every position's exact score, remembered.

One negamax, always from the side to move, over the two masks, scoring as
analysis.py says (a win with this move is 9, a loss next move -8). Two exact
shortcuts keep the search small: a side that can complete a line does so
(nothing beats a win in one), and a side facing two open threats loses next
move whatever it does. Scores are memoised per position, so every position
(5,478) is solved at most once per process.
"""

from __future__ import annotations

from .analysis import INFINITY, Backend
from .board import Board
from .geometry import FULL, THREE, Cell, Mask, completion_table

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from random import Random
    from typing import Final

_CELLS: Final = THREE.cells
_WIN_NOW: Final = _CELLS


_COMPLETES: Final = completion_table(THREE)  # for each set of a side's cells, the cells completing a line
_SCORES: dict[int, int] = {}


def _score(me: Mask, them: Mask) -> int:
    """The score of a live position for the side to move, who holds ``me``."""
    key = me << _CELLS | them
    score = _SCORES.get(key)
    if score is not None:
        return score
    free = FULL ^ (me | them)
    if _COMPLETES[me] & free:
        score = _WIN_NOW
    elif not free:
        score = 0
    else:
        threats = _COMPLETES[them] & free
        if threats & (threats - 1):
            score = -_WIN_NOW + 1  # two threats: only one can be blocked
        else:
            # With one threat, every other move loses next ply; the block is best.
            candidates = threats or free
            score = -99
            while candidates:
                bit = candidates & -candidates
                candidates ^= bit
                reply = -_score(them, me | bit)
                if reply > score:
                    score = reply
            score = score - 1 if score > 0 else score + 1 if score < 0 else 0
    _SCORES[key] = score
    return score


class Table(Backend):
    """The 3x3 back-end: exact scores from the memoised negamax above, and
    the best moves of every position remembered, because bots ask for them
    at every move of every game."""

    cells = _CELLS

    def __init__(self) -> None:
        self._best: dict[Board, tuple[Cell, ...]] = {}

    def score(self, me: Mask, them: Mask, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        return _score(me, them)

    def move_score(self, me: Mask, them: Mask, bit: int, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        if _COMPLETES[me] & bit:
            return _WIN_NOW
        mine = me | bit
        if mine | them == FULL:
            return 0
        reply = -_score(them, mine)
        return reply - 1 if reply > 0 else reply + 1 if reply < 0 else 0

    def clear(self) -> None:
        _SCORES.clear()
        self._best.clear()

    def best_moves(self, board: Board) -> tuple[Cell, ...]:
        best = self._best.get(board)
        if best is None:
            best = self._best[board] = super().best_moves(board)
        return best

    def perfect_move(self, board: Board, rng: Random) -> Cell:
        # The hot path of every 3x3 match: one look-up once the position was seen.
        best = self._best.get(board)
        if best is None:
            return super().perfect_move(board, rng)
        return best[0] if len(best) == 1 else rng.choice(best)


TABLE: Final = Table()
"""The 3x3 back-end."""
