"""The shape of a board: its cells, the lines that win and its symmetries.

Cells are numbered row by row from the top left (0-8 on the classic board)::

    0 | 1 | 2
    3 | 4 | 5
    6 | 7 | 8

A set of cells is a bit mask: bit ``c`` stands for cell ``c``. The classic
board's shape (``THREE``) is built with the module; a 4x4 one only on first
use, so that a 3x3 game never pays for it.
"""

from __future__ import annotations

from .errors import InvalidSizeError
from .records import Record

# Importing typing costs milliseconds of every cold start; the annotations need it only
# for the type checker.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final, TypeAlias

Cell: TypeAlias = int
"""A cell index, row by row from the top left: 0-8 on 3x3, 0-15 on 4x4."""

Line: TypeAlias = tuple[Cell, ...]
"""The cells of a row, column or diagonal that wins (three on 3x3, four on
4x4), in increasing order."""

Mask: TypeAlias = int
"""A set of cells as an integer: bit ``c`` is cell ``c``."""

SIZES: Final = (3, 4)
"""The board sizes the engine plays (cells per side)."""
_IN_A_ROW: Final = {3: 3, 4: 4}  # marks in a row that win, by size
COUNT_WORDS: Final = {3: "three", 4: "four"}
"""Marks in a row that win, in words, by size: "three in a row"."""


class Symmetry(Record):
    """One of the 8 symmetries of the square, as a permutation of a board's
    cells: ``perm[c]`` is where cell ``c`` goes. The identity comes first."""

    name: str
    perm: tuple[Cell, ...]

    def map_cell(self, cell: Cell) -> Cell:
        """Where ``cell`` lands under this symmetry."""
        return self.perm[cell]

    def map_mask(self, mask: Mask) -> Mask:
        """A set of cells carried through this symmetry."""
        out = 0
        for c, target in enumerate(self.perm):
            if mask >> c & 1:
                out |= 1 << target
        return out

    @property
    def inverse(self) -> Symmetry:
        """The symmetry that undoes this one."""
        back = [0] * len(self.perm)
        for c, target in enumerate(self.perm):
            back[target] = c
        perm = tuple(back)
        side = next(n for n in SIZES if n * n == len(perm))
        return next(s for s in geometry(side).symmetries if s.perm == perm)


def _symmetries(n: int) -> tuple[Symmetry, ...]:
    def rotate(c: Cell) -> Cell:  # a quarter turn clockwise
        r, col = divmod(c, n)
        return col * n + (n - 1 - r)

    def mirror(c: Cell) -> Cell:  # left and right swapped
        r, col = divmod(c, n)
        return r * n + (n - 1 - col)

    perms: list[tuple[str, tuple[Cell, ...]]] = []
    perm = tuple(range(n * n))
    for turns in range(4):
        perms.append((f"rotate {90 * turns}", perm))
        perm = tuple(rotate(p) for p in perm)
    for name, p in list(perms):
        perms.append((f"{name}, mirrored", tuple(mirror(c) for c in p)))
    return tuple(Symmetry(name, p) for name, p in perms)


def _lines(n: int, k: int) -> tuple[Line, ...]:
    """Every run of ``k`` cells in a row, column or diagonal of an n x n board:
    rows, then columns, then diagonals (down-right and down-left)."""
    rows = [tuple(r * n + c + i for i in range(k)) for r in range(n) for c in range(n - k + 1)]
    columns = [tuple((r + i) * n + c for i in range(k)) for c in range(n) for r in range(n - k + 1)]
    corners = [(r, c) for r in range(n - k + 1) for c in range(n - k + 1)]
    down_right = [tuple((r + i) * n + c + i for i in range(k)) for r, c in corners]
    down_left = [tuple((r + i) * n + c + k - 1 - i for i in range(k)) for r, c in corners]
    return (*rows, *columns, *down_right, *down_left)


class Geometry(Record):
    """A board's shape: ``side`` x ``side`` cells, ``k`` marks in a row to win.

    >>> g = geometry(4)
    >>> g.cells, len(g.lines), g.lines[-1]
    (16, 10, (3, 6, 9, 12))
    """

    side: int
    k: int
    lines: tuple[Line, ...]
    line_masks: tuple[Mask, ...]
    symmetries: tuple[Symmetry, ...]

    @property
    def cells(self) -> int:
        """How many cells: 9 on 3x3, 16 on 4x4."""
        return self.side * self.side

    @property
    def full(self) -> Mask:
        """Every cell."""
        return (1 << self.side * self.side) - 1

    def lines_of(self, mask: Mask) -> tuple[Line, ...]:
        """The winning lines all of whose cells are in ``mask``."""
        return tuple(line for line, m in zip(self.lines, self.line_masks, strict=True) if mask & m == m)

    def completing(self, mine: Mask) -> Mask:
        """The cells that would complete a line for the side holding ``mine``,
        free or not: of each line ``mine`` holds but for one cell, that cell.

        >>> THREE.completing(0b11) == 0b100      # cells 0 and 1: cell 2 completes the top row
        True
        """
        known = _COMPLETING.get(self.side)
        if known is None:
            known = _COMPLETING[self.side] = {}
        cells = known.get(mine)
        if cells is None:
            cells = 0
            for line in self.line_masks:
                missing = line & ~mine
                if missing and not missing & (missing - 1):
                    cells |= missing
            known[mine] = cells
        return cells

    def winning_cells(self, mine: Mask, free: Mask) -> tuple[Cell, ...]:
        """The cells of ``free`` on which the side holding ``mine`` would
        complete a line, in order: a win in one move, or the cells the other
        side must block.

        >>> geometry(4).winning_cells(0b0111, 0b1000)
        (3,)
        """
        cells = self.completing(mine) & free
        return tuple(c for c in range(self.cells) if cells >> c & 1)


def _geometry(size: int) -> Geometry:
    lines = _lines(size, _IN_A_ROW[size])
    masks = tuple(sum(1 << c for c in line) for line in lines)
    return Geometry(size, _IN_A_ROW[size], lines, masks, _symmetries(size))


# Per board side, what ``Geometry.completing`` answered so far: bots and
# searches ask about the same masks at every move, the 4x4 search twice a node.
_COMPLETING: dict[int, dict[Mask, Mask]] = {}
THREE: Final = _geometry(3)
"""The classic board: 3 x 3, three in a row."""
CELLS: Final[range] = range(THREE.cells)
"""The classic board's cells, 0-8."""
FULL: Final[Mask] = THREE.full
LINES: Final[tuple[Line, ...]] = THREE.lines
"""The classic board's 8 lines: rows, columns, then diagonals."""
LINE_MASKS: Final = THREE.line_masks
SYMMETRIES: Final[tuple[Symmetry, ...]] = THREE.symmetries
"""The 8 symmetries of the classic board: four turns, each with and without a mirror; identity first."""
_GEOMETRIES: dict[int, Geometry] = {3: THREE}


def _sizes_error(given: object, message: str) -> InvalidSizeError:
    return InvalidSizeError(message, given, SIZES)


def geometry(size: int) -> Geometry:
    """The shape of a ``size`` x ``size`` board; InvalidSizeError for a size
    the engine does not play. Built on first use: a 3x3 game never pays for 4x4."""
    shape = _GEOMETRIES.get(size) if type(size) is int else None
    if shape is None:
        if size not in SIZES or type(size) is not int:
            sizes = " or ".join(f"{n}x{n}" for n in SIZES)
            raise _sizes_error(size, f"a board is {sizes}, not {size!r}")
        shape = _GEOMETRIES[size] = _geometry(size)
    return shape


def parse_size(text: str | int) -> int:
    """Read a board size: ``"4"``, ``"4x4"`` or the int 4; InvalidSizeError,
    saying which sizes there are, for anything else.

    >>> parse_size(" 4x4 "), parse_size("3"), parse_size(4)
    (4, 3, 4)
    """
    if type(text) is int and text in SIZES:
        return text
    words = text.strip().lower() if isinstance(text, str) else ""
    side, _, other = words.partition("x")
    if side.isdecimal() and side.isascii() and (not other or other == side) and int(side) in SIZES:
        return int(side)
    sizes = " or ".join(f"{n} ({n}x{n})" for n in SIZES)
    raise _sizes_error(text, f"the board size is {sizes}, not {shown(str(text))}")


def shown(text: str, limit: int = 24) -> str:
    """Input quoted in a message, cut short: a message names the problem, it
    does not echo a megabyte back."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def completion_table(shape: Geometry) -> list[Mask]:
    """``shape.completing`` for every set of cells at once: entry ``mine`` is
    ``shape.completing(mine)``. Built from the other side, each line's cell
    added to every set that holds the rest of its line: for 3x3 that takes a
    tenth of asking ``completing`` 512 times (0.13 ms against 1.3 ms in
    CPython), and the 3x3 solver builds it at every cold start. A list of
    ``2 ** shape.cells`` entries: meant for 3x3.

    >>> completion_table(THREE)[0b11] == THREE.completing(0b11)
    True
    """
    table = [0] * (1 << shape.cells)
    for line in shape.line_masks:
        rest = shape.full & ~line
        for c in range(shape.cells):
            bit = 1 << c
            if not line & bit:
                continue
            others = line ^ bit
            sub = rest
            while True:  # every superset of the line's other cells, among the cells off the line
                table[sub | others] |= bit
                if not sub:
                    break
                sub = (sub - 1) & rest
    return table


_BYTE_MAPS: dict[int, tuple[tuple[tuple[Mask, ...], ...], ...]] = {}
_IMAGES: dict[int, Callable[[Mask, Mask], list[int]]] = {}


def forget_tables() -> None:
    """Drop the tables built so far (``byte_maps``, ``images``) and the answers
    ``Geometry.completing`` remembers: the next use builds them again, as in a
    fresh process."""
    _BYTE_MAPS.clear()
    _IMAGES.clear()
    _COMPLETING.clear()


def byte_maps(shape: Geometry) -> tuple[tuple[tuple[Mask, ...], ...], ...]:
    """The symmetries of ``shape`` as tables, the one set of them that every
    fast use of a symmetry reads (``images``): for each symmetry (the identity
    first), for each of a mask's two bytes (16 cells at most), the image of
    each of its 256 values. A mask's image is the union of its bytes' images:
    two look-ups instead of a loop over the cells (``Symmetry.map_mask``).
    Built on first use, each value from the one with its lowest bit cleared
    (0.8 ms in CPython, where summing each value's bits took 6.5 ms).

    >>> maps = byte_maps(THREE)
    >>> maps[1][0][0b1] == SYMMETRIES[1].map_mask(0b1)   # a quarter turn takes cell 0 to 2
    True
    """
    found = _BYTE_MAPS.get(shape.side)
    if found is None:
        cells = shape.cells
        tables = []
        for symmetry in shape.symmetries:
            per_byte = []
            for byte in (0, 1):
                image = [0] * 256
                for value in range(1, 256):
                    low = value & -value
                    cell = 8 * byte + low.bit_length() - 1
                    image[value] = image[value ^ low] | (1 << symmetry.perm[cell] if cell < cells else 0)
                per_byte.append(tuple(image))
            tables.append(tuple(per_byte))
        found = _BYTE_MAPS[shape.side] = tuple(tables)
    return found


def images(shape: Geometry) -> Callable[[Mask, Mask], list[int]]:
    """What turns and mirrors positions of ``shape`` by table (``byte_maps``),
    for the board's representative, the census and the search's keys: the
    function of a position's two masks ``x`` and ``o`` that gives the keys of
    its images, one per symmetry (the identity first), each image's ``x``
    with its ``o`` above it (``x | o << shape.cells``). Made once per size, its
    tables bound: the census asks millions of times.

    >>> images(THREE)(0b1, 0)[:2]          # cell 0, then where a quarter turn takes it (cell 2)
    [1, 4]
    """
    found = _IMAGES.get(shape.side)
    if found is None:
        maps, shift = byte_maps(shape), shape.cells

        def keys(x: Mask, o: Mask) -> list[int]:
            x_low, x_high, o_low, o_high = x & 255, x >> 8, o & 255, o >> 8
            return [low[x_low] | high[x_high] | (low[o_low] | high[o_high]) << shift for low, high in maps]

        found = _IMAGES[shape.side] = keys
    return found
