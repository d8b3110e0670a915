"""The solver's back-end for boards too big to tabulate: alpha-beta with a transposition table.

On 3x3 the table (table.py) scores every position it meets and keeps them
all: there are 5,478. On 4x4 (four in a row) there are 9,722,011, so this
back-end searches from the position asked about instead, and remembers only
what the search needs. Its scores fold the distance in exactly as the
table's do (analysis.py), with the board's own cell count.

What makes a pure-Python search fast enough to play perfectly in a browser:

- alpha-beta: a move is abandoned as soon as it is shown to be no better than
  one already found; scores carry the distance, so the window is shifted by
  one ply at each level (a win in n for the child is a loss in n + 1 here);
- a transposition table of bounds: a position reached again, by another move
  order or within another search, is not searched again; on the first plies
  the key is the position's smallest image under the 8 symmetries, so turned
  and mirrored positions share one entry;
- the exact shortcuts of table.py (a side that can complete a line wins now;
  a side facing two open threats loses next move; a side facing one must
  block it) and one more, exact as well: once every line holds both marks,
  nobody can win, and the game is a draw;
- move order: the block when there is one, then cells on more lines first.
"""

from __future__ import annotations

from .analysis import INFINITY, Backend
from .board import moves_to_choose
from .geometry import Geometry, Mask, images

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterable
    from random import Random
    from typing import Final

    from .board import Board
    from .geometry import Cell

# Symmetric images share a table entry on the first plies only: the key costs
# 8 mask maps, which pays where subtrees are large and not near the leaves
# (4x4 from the empty board: 45,000 nodes with it, 77,000 without).
_SYMMETRY_FROM_EMPTIES: Final = 10
# The table is cleared when it grows past this: a game of 4x4 fills about
# 100,000 entries, so only a long session of analyses ever reaches it.
_TABLE_LIMIT: Final = 1_000_000
_UNKNOWN: Final = (-INFINITY, INFINITY, 0)  # a position not in the table: no bound, no move


class Search(Backend):
    """The back-end for one geometry: its tables and its transposition table."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self.image_keys = images(geometry)
        self.cells = geometry.cells
        self.full = geometry.full
        self.win_now = geometry.cells  # the score of a win with this move
        self.line_masks = geometry.line_masks
        counts = [sum(1 for m in self.line_masks if m >> c & 1) for c in range(self.cells)]
        # sorted() is stable: among cells on as many lines, the lower index first.
        self.order = tuple(1 << c for c in sorted(range(self.cells), key=lambda c: -counts[c]))
        self.completions: dict[Mask, Mask] = {}
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0

    def completing(self, mine: Mask) -> Mask:
        """``Geometry.completing``, remembered here too: the search asks twice a node."""
        # Its own dictionary answers without the shape's look-up, which made
        # the 4x4 solve about 8% slower (bench/engine.py).
        cells = self.completions.get(mine)
        if cells is None:
            cells = self.completions[mine] = self.geometry.completing(mine)
        return cells

    def key(self, me: Mask, them: Mask, empties: int) -> int:
        """The table key: on the first plies, the smallest of the position's images."""
        if empties < _SYMMETRY_FROM_EMPTIES:
            return me << self.cells | them
        return min(self.image_keys(them, me))  # each image's ``them`` below its ``me``

    def dead(self, me: Mask, them: Mask, empties: int) -> bool:
        """Whether nobody can win any more: every line holds both marks or
        needs more marks than its side has moves left."""
        mine_left, theirs_left = (empties + 1) // 2, empties // 2
        for line in self.line_masks:
            if not line & them and (line & ~me).bit_count() <= mine_left:
                return False
            if not line & me and (line & ~them).bit_count() <= theirs_left:
                return False
        return True

    def clear(self) -> None:
        self.table.clear()
        self.completions.clear()

    def score(self, me: Mask, them: Mask, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        """The score of a live position for the side to move, who holds ``me``:
        exact when it falls inside (alpha, beta), else a bound on the side it
        fell (fail-soft)."""
        self.nodes += 1
        free = self.full ^ (me | them)
        if self.completing(me) & free:
            return self.win_now
        threats = self.completing(them) & free
        if threats & (threats - 1):
            return 1 - self.win_now  # two threats: only one can be blocked
        empties = free.bit_count()
        if self.dead(me, them, empties):
            return 0
        key = self.key(me, them, empties)
        low, high, first = self.table.get(key, _UNKNOWN)
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        window_low, best, floor, best_bit = alpha, -INFINITY, alpha, 0
        # With one threat, every other move loses next ply: the block is the move.
        # Else the move that was best here before, if any, is tried first. An
        # entry keyed by a symmetric image may hold that image's move, which
        # need not even be free here: it is used only if it is a free cell
        # (a move of the wrong orientation then only orders worse).
        if threats:
            moves: Iterable[int] = (threats,)
        elif first & free and key == me << self.cells | them:
            moves = [first, *(bit for bit in self.order if free & bit and bit != first)]
        else:
            moves = [bit for bit in self.order if free & bit]
        for bit in moves:
            mine = me | bit
            if mine | them == self.full:
                value = 0
            else:
                # The child's window, one ply further from the end: for a
                # score s of the child, this move scores -s moved one towards 0.
                child_low = -(beta + 1) if beta > 0 else 1 - beta
                child_high = -(floor + 1) if floor >= 0 else 1 - floor
                reply = -self.score(them, mine, child_low, child_high)
                value = reply - 1 if reply > 0 else reply + 1 if reply < 0 else 0
            if value > best:
                best, best_bit = value, bit
                if value > floor:
                    floor = value
                    if floor >= beta:
                        break
        if best <= window_low:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        if len(self.table) >= _TABLE_LIMIT:
            self.table.clear()
        self.table[key] = (low, high, best_bit)
        return best

    def move_score(self, me: Mask, them: Mask, bit: int, alpha: int = -INFINITY, beta: int = INFINITY) -> int:
        """The score, for the mover, of playing ``bit`` from a live position
        (exact inside (alpha, beta), as ``score``)."""
        if self.completing(me) & bit:
            return self.win_now
        mine = me | bit
        if mine | them == self.full:
            return 0
        child_low = -(beta + 1) if beta > 0 else 1 - beta
        child_high = -(alpha + 1) if alpha >= 0 else 1 - alpha
        reply = -self.score(them, mine, child_low, child_high)
        return reply - 1 if reply > 0 else reply + 1 if reply < 0 else 0

    def perfect_move(self, board: Board, rng: Random) -> Cell:
        """A move perfect play chooses, at random among the best, without the
        exact value of every move (which hints need, and a move does not): the
        position's score, then moves in random order, each only tested against
        that score, until one matches. The first best move of a random order is
        a uniform choice among the best. About a quarter of the search
        ``analyze`` makes on the first plies of 4x4."""
        moves = list(moves_to_choose(board))
        me, them = board.turn_masks
        top = self.score(me, them)
        rng.shuffle(moves)
        for cell in moves:
            # No move scores above the position: one scores ``top`` iff it is not below it.
            if self.move_score(me, them, 1 << cell, top - 1, top + 1) >= top:
                return cell
        raise AssertionError(f"no move of {board} reaches its score {top}")  # the search is exact
