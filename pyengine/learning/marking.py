"""Learners marked against the truth: which moves keep a position's exact value.

Every learner on the site (MENACE, the tabular learner, Monte Carlo tree
search) is judged the same way: a position where it has a choice is *perfect*
when every move it currently likes most keeps the position's exact value
(win, draw or loss, from ``analyze``). Speed is not asked: a machine paid the
same for a slow win as for a fast one has not erred when it wins slowly.

>>> from pyengine import Board, Player
>>> good_moves(Board.parse("XX./OO./..."))          # only the win keeps the win
(2,)
>>> tuple(sum(b.ply == p for b in choice_positions(Player.X)) for p in (0, 2, 4, 6))
(1, 12, 108, 183)
"""

from __future__ import annotations

from ..board import Board, Player
from ..errors import EngineError
from ..geometry import Cell, Symmetry
from ..records import Record
from ..solver import analyze

TYPE_CHECKING = False  # see board.py
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator


_CANONICAL: dict[Board, tuple[Board, Symmetry]] = {}


def canonical(board: Board) -> tuple[Board, Symmetry]:
    """``board.canonical()``, remembered for 3x3 boards: learners ask at every
    move of thousands of games."""
    if board.size != 3:
        return board.canonical()
    found = _CANONICAL.get(board)
    if found is None:
        found = _CANONICAL[board] = board.canonical()
    return found


_NOTATION: dict[Board, str] = {}


def notation(board: Board) -> str:
    """``str(board)``, remembered for 3x3 boards: saving a MENACE writes its 593
    boxes' notation, and ``Board.__str__`` reads nine cells one by one (8 ms for
    them all in CPython, a third of a slow save)."""
    if board.size != 3:
        return str(board)
    text = _NOTATION.get(board)
    if text is None:
        text = _NOTATION[board] = str(board)
    return text


_GOOD: dict[Board, tuple[Cell, ...]] = {}


def good_moves(board: Board) -> tuple[Cell, ...]:
    """The legal moves that keep ``board``'s exact value (all of them in a lost
    position); remembered for 3x3 boards, which learners are marked on again and again."""
    good = _GOOD.get(board)
    if good is None:
        analysis = analyze(board)
        good = tuple(move.cell for move in analysis.moves if move.value is analysis.value)
        if board.size == 3:
            _GOOD[board] = good
    return good


_CHOICES: dict[Player, tuple[Board, ...]] = {}


def choice_positions(side: Player) -> tuple[Board, ...]:
    """Every 3x3 position, up to turns and mirrors, where ``side`` is to move
    and has more than one move: in order of plies, then of key. Each is the
    representative ``Board.canonical`` gives.

    For X these are MENACE's 1 + 12 + 108 + 183 = 304 matchboxes (before its
    1st to 4th moves; the 5th is forced); for O 3 + 38 + 153 + 95 = 289 (before
    each of its four moves, none of them forced).
    """
    if side not in _CHOICES:
        for _ in preparing(side):
            pass
    return _CHOICES[side]


def preparing(*sides: Player) -> Iterator[None]:
    """Derive ``choice_positions`` for ``sides`` and solve each, a position at a
    time: a page runs this a slice at a time (the first walk builds most of the
    5,478 boards, a third of a second in CPython), then asks at no cost."""
    for side in sides:
        if side in _CHOICES:
            continue
        found: set[Board] = set()
        layer = {Board.empty()}
        while layer:
            below: set[Board] = set()
            for board in layer:
                if board.to_move is side and len(board.legal_moves) > 1:
                    found.add(board)
                below.update(canonical(board.play(cell))[0] for cell in board.legal_moves)
                yield
            layer = below
        for board in found:
            good_moves(board)
            yield
        _CHOICES[side] = tuple(sorted(found, key=lambda board: (board.ply, board.key)))


def distinct_moves(board: Board) -> tuple[Cell, ...]:
    """The legal moves of ``board`` that differ up to the board's own symmetries:
    of moves that a turn or mirror fixing the board swaps, the lowest cell.

    >>> distinct_moves(Board.empty())            # a corner, an edge, the centre
    (0, 1, 4)
    """
    x, o = board.x_mask, board.o_mask
    keep = [s for s in board.geometry.symmetries if s.map_mask(x) == x and s.map_mask(o) == o]
    return tuple(sorted({min(s.map_cell(cell) for s in keep) for cell in board.legal_moves}))


class Mark(Record):
    """One position where a learner has a choice, marked against the exact values."""

    board: Board
    """The position (a canonical representative)."""
    favourites: tuple[Cell, ...]
    """The moves the learner likes most now (most beads, highest value); none when it would resign."""
    good: tuple[Cell, ...]
    """The moves that keep the position's exact value."""

    @property
    def perfect(self) -> bool:
        """True when the learner likes some move most and every such move keeps the value."""
        return bool(self.favourites) and set(self.favourites) <= set(self.good)


def mark(board: Board, favourites: Iterable[Cell]) -> Mark:
    """``favourites`` on ``board`` marked against the exact values."""
    return Mark(board, tuple(sorted(favourites)), good_moves(board))


def perfect_share(marks: Iterable[Mark]) -> float:
    """The share of ``marks`` that are perfect, 0.0-1.0."""
    marked = list(marks)
    if not marked:
        raise EngineError("no positions to mark")
    return sum(m.perfect for m in marked) / len(marked)


def favourites_of(weights: dict[Cell, float]) -> tuple[Cell, ...]:
    """The cells holding the largest weight, in order."""
    if not weights:
        return ()
    top = max(weights.values())
    return tuple(sorted(cell for cell, weight in weights.items() if weight == top))
