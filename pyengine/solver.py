"""The perfect-play solver: the exact value of a position and how long it lasts.

One negamax, always from the side to move, over the two masks. A score folds
the value and the distance into one int, so that comparing scores prefers the
fastest win and the slowest loss::

    win in n plies   ->  10 - n   (9 = win with this move)
    draw             ->  0
    loss in n plies  ->  n - 10   (-8 = the opponent wins next move)

Two exact shortcuts keep the search small: a side that can complete a line
does so (nothing beats a win in one), and a side facing two open threats
loses next move whatever it does. Scores are memoised per position, so every
position is solved at most once per process.
"""

from __future__ import annotations

from enum import Enum

from .board import FULL, LINE_MASKS, THREE, Board, Cell, Geometry, IllegalMoveError, Mask
from .records import Record

TYPE_CHECKING = False  # see board.py
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Final

_WIN_NOW: Final = 9


class Value(Enum):
    """What a position is worth to the side about to move, under perfect play."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    @property
    def opposite(self) -> Value:
        """The same outcome seen by the other side."""
        return _OPPOSITE[self]


_OPPOSITE: Final = {Value.WIN: Value.LOSS, Value.DRAW: Value.DRAW, Value.LOSS: Value.WIN}


def _completions() -> list[Mask]:
    """For each set of a player's cells, the cells that would complete a line."""
    table = [0] * 512
    for line in LINE_MASKS:
        rest = FULL & ~line
        for c in range(9):
            bit = 1 << c
            if not line & bit:
                continue
            pair = line ^ bit
            sub = rest
            while True:  # every superset of the pair among the other cells
                table[sub | pair] |= bit
                if not sub:
                    break
                sub = (sub - 1) & rest
    return table


_COMPLETES: Final = _completions()
_SCORES: dict[int, int] = {}


def _score(me: Mask, them: Mask) -> int:
    """The score of a live position for the side to move, who holds ``me``."""
    key = me << 9 | them
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


def winning_cells(mine: Mask, free: Mask, geometry: Geometry = THREE) -> tuple[Cell, ...]:
    """The free cells that would complete a line for the side holding ``mine``
    (on a 3x3 board unless another geometry is given)."""
    if geometry is THREE:
        cells = _COMPLETES[mine] & free
    else:
        cells = 0
        for line in geometry.line_masks:
            missing = line & ~mine
            if missing & free == missing and missing and not missing & (missing - 1):
                cells |= missing
    return tuple(c for c in range(geometry.cells) if cells >> c & 1)


def _move_score(me: Mask, them: Mask, bit: int) -> int:
    """The score, for the mover, of playing ``bit`` from a live position."""
    mine = me | bit
    if _COMPLETES[me] & bit:
        return _WIN_NOW
    if mine | them == FULL:
        return 0
    reply = -_score(them, mine)
    return reply - 1 if reply > 0 else reply + 1 if reply < 0 else 0


def _value_and_plies(score: int, empties: int) -> tuple[Value, int]:
    if score > 0:
        return Value.WIN, 10 - score
    if score < 0:
        return Value.LOSS, 10 + score
    return Value.DRAW, empties  # a drawn game ends only when the board is full


class MoveAnalysis(Record):
    """One legal move and where it leads under perfect play.

    ``value`` is for the player making the move; ``plies`` counts from the
    position before it, this move included, to the end of the game.
    """

    cell: Cell
    value: Value
    plies: int


class Analysis(Record):
    """A position solved: its value for the side to move and every move's.

    For a finished game ``value`` is None, ``plies`` 0 and there are no moves.
    """

    board: Board
    value: Value | None
    """Win, draw or loss for the side to move; None when the game is over."""
    plies: int
    """Moves left until the end under perfect play by both sides."""
    moves: tuple[MoveAnalysis, ...]
    """Each legal move, in cell order."""
    best: tuple[Cell, ...]
    """The moves perfect play chooses among: best value, fastest win, slowest loss."""

    def move(self, cell: Cell) -> MoveAnalysis:
        """The analysis of one legal move."""
        for move in self.moves:
            if move.cell == cell:
                return move
        raise KeyError(cell)

    def __repr__(self) -> str:
        # The moves are left out: nine of them drown the rest.
        return (
            f"Analysis(board={self.board!r}, value={self.value!r}, plies={self.plies}, "
            f"best={self.best})"
        )


def analyze(board: Board) -> Analysis:
    """Solve ``board``: its value, its length, and every legal move's.

    >>> a = analyze(Board.empty())
    >>> a.value, a.plies, a.best
    (<Value.DRAW: 'draw'>, 9, (0, 1, 2, 3, 4, 5, 6, 7, 8))
    >>> a = analyze(Board.parse("XX./OO./..."))
    >>> a.value, a.plies, a.best
    (<Value.WIN: 'win'>, 1, (2,))
    >>> a.move(6)
    MoveAnalysis(cell=6, value=<Value.LOSS: 'loss'>, plies=2)
    """
    if board.size != 3:
        from . import alphabeta  # imported on first use: a 3x3 game never needs it

        return alphabeta.analyze(board)
    if board.is_over:
        return Analysis(board=board, value=None, plies=0, moves=(), best=())
    me, them = board.sides
    empties = 9 - (me | them).bit_count()
    scored = [(cell, _move_score(me, them, 1 << cell)) for cell in board.legal_moves]
    top = max(score for _, score in scored)
    moves = tuple(MoveAnalysis(cell, *_value_and_plies(score, empties)) for cell, score in scored)
    value, plies = _value_and_plies(top, empties)
    best = tuple(cell for cell, score in scored if score == top)
    return Analysis(board=board, value=value, plies=plies, moves=moves, best=best)


def analyze_move(board: Board, cell: Cell) -> MoveAnalysis:
    """One legal move of ``board`` solved: what ``analyze(board).move(cell)``
    says, at the cost of that move alone. On 4x4, where a whole analysis takes
    a while, a page can solve the moves one at a time and stay responsive;
    ``summarize`` then makes them an Analysis."""
    if cell not in board.legal_moves:
        raise IllegalMoveError(f"cell {cell!r} is not a legal move in {board}")
    if board.size != 3:
        from . import alphabeta

        return alphabeta.analyze_move(board, cell)
    me, them = board.sides
    return MoveAnalysis(cell, *_value_and_plies(_move_score(me, them, 1 << cell), 9 - (me | them).bit_count()))


def summarize(board: Board, moves: Iterable[MoveAnalysis]) -> Analysis:
    """The Analysis made of every legal move's: the best value, the fastest
    win or slowest loss, and the moves that reach it."""
    ordered = tuple(sorted(moves, key=lambda move: move.cell))
    if [move.cell for move in ordered] != list(board.legal_moves):
        raise ValueError(f"a summary needs every legal move of {board}, once")
    if not ordered:
        return Analysis(board=board, value=None, plies=0, moves=(), best=())
    top = max(_preference(move) for move in ordered)
    best = tuple(move.cell for move in ordered if _preference(move) == top)
    first = next(move for move in ordered if move.cell == best[0])
    return Analysis(board=board, value=first.value, plies=first.plies, moves=ordered, best=best)


def _preference(move: MoveAnalysis) -> tuple[int, int]:
    """How perfect play ranks a move: any win over a draw over any loss; the
    fastest win; the slowest loss."""
    if move.value is Value.WIN:
        return 2, -move.plies
    if move.value is Value.LOSS:
        return 0, move.plies
    return 1, 0


_BEST: dict[Board, tuple[Cell, ...]] = {}


def best_moves(board: Board) -> tuple[Cell, ...]:
    """The cells perfect play chooses among (none once the game is over).

    The same as ``analyze(board).best``, remembered per position because bots
    ask for it at every move of every game.
    """
    best = _BEST.get(board)
    if best is None:
        if board.size != 3:  # not kept here: 4x4 has millions of positions
            return analyze(board).best
        best = _BEST[board] = analyze(board).best
    return best


def value_of(board: Board) -> tuple[Value | None, int]:
    """The value for the side to move and the plies left, without the moves."""
    if board.size != 3:
        from . import alphabeta

        return alphabeta.value_of(board)
    if board.is_over:
        return None, 0
    me, them = board.sides
    return _value_and_plies(_score(me, them), 9 - (me | them).bit_count())
