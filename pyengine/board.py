"""The board: players, cells and lines, and the immutable position value.

A position is two bit masks, one per player; bit ``c`` stands for cell ``c``,
numbered row by row from the top left (0-8 on the classic board)::

    0 | 1 | 2
    3 | 4 | 5
    6 | 7 | 8

Only positions that can arise in a legal game are ever built: ``Board.parse``
checks text against the rules and ``Board.play`` only makes legal moves. On
3x3 there are 5,478 such positions, so each is built once and shared
(interned): playing a move is a dictionary look-up, and boards compare and
hash as cheaply as ints.

The size is part of the position: ``Board.empty(4)`` and a notation of four
rows of four make a 4x4 board, won with four in a row. Its 9,722,011 positions
are too many to intern, so those boards are built as they are played
(``_SizedBoard``), and everything that depends on the shape reads it from
the board's ``geometry``.
"""

from __future__ import annotations

from enum import Enum

from .choices import Choice
from .records import Record

# Importing typing costs milliseconds of every cold start; the annotations need it only
# for the type checker.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Final, TypeAlias

Cell: TypeAlias = int
"""A cell index, 0-8, row by row from the top left."""

Line: TypeAlias = tuple[Cell, ...]
"""The cells of a row, column or diagonal that wins (three on 3x3, four on
4x4), in increasing order."""

Mask: TypeAlias = int
"""A set of cells as an integer: bit ``c`` is cell ``c`` (9 bits on 3x3)."""

CELLS: Final = range(9)
FULL: Final[Mask] = 0b111_111_111

LINES: Final[tuple[Line, ...]] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)
LINE_MASKS: Final[tuple[Mask, ...]] = tuple(sum(1 << c for c in line) for line in LINES)

SIZES: Final = (3, 4)
"""The board sizes the engine plays (cells per side)."""
_IN_A_ROW: Final = {3: 3, 4: 4}  # marks in a row that win, by size
_COUNT_WORDS: Final = {3: "three", 4: "four"}  # for "three in a row"


class Player(Choice, Enum, noun="side"):
    """A side, read from ``X`` or ``O`` in any case by ``Player.parse``. X always moves first."""

    X = "X"
    O = "O"  # noqa: E741 - the letter is the name of the side

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player.O if self is Player.X else Player.X

    def __str__(self) -> str:
        return self.value


class Result(Enum):
    """Where a game stands."""

    ONGOING = "ongoing"
    X_WON = "X"
    O_WON = "O"
    DRAW = "draw"

    @property
    def winner(self) -> Player | None:
        """The side that won, or None for a draw or a game still going."""
        if self is Result.X_WON:
            return Player.X
        if self is Result.O_WON:
            return Player.O
        return None

    @property
    def is_over(self) -> bool:
        """True once the game has ended, won or drawn."""
        return self is not Result.ONGOING

    @property
    def summary(self) -> str:
        """The result in a few words, as messages quote it: ``'X won'``, ``'a draw'``."""
        if self is Result.DRAW:
            return "a draw"
        return "still going" if self is Result.ONGOING else f"{self.value} won"


class EngineError(ValueError):
    """Base of the engine's errors: the input broke a rule; the message says which."""


class InvalidPositionError(EngineError):
    """Text that is not a position of a legal game: malformed, or impossible."""


class IllegalMoveError(EngineError):
    """A move the rules forbid: off the board, on a taken cell, or after the end."""


def _bits(mask: Mask) -> int:
    return mask.bit_count()


def _lines_of(mask: Mask) -> tuple[Line, ...]:
    return tuple(line for line, m in zip(LINES, LINE_MASKS, strict=True) if mask & m == m)


def _state(x: Mask, o: Mask, geometry: Geometry) -> _State:
    """What a legal position's masks imply: its result, completed lines, the
    side to move and the empty cells that may be played."""
    x_lines, o_lines = geometry.lines_of(x), geometry.lines_of(o)
    if x_lines:
        result = Result.X_WON
    elif o_lines:
        result = Result.O_WON
    elif x | o == geometry.full:
        result = Result.DRAW
    else:
        result = Result.ONGOING
    live = result is Result.ONGOING
    turn = (Player.X if _bits(x) == _bits(o) else Player.O) if live else None
    moves = tuple(c for c in range(geometry.cells) if not (x | o) >> c & 1) if live else ()
    return result, x_lines + o_lines, turn, moves


if TYPE_CHECKING:
    _State: TypeAlias = tuple[Result, tuple[Line, ...], Player | None, tuple[Cell, ...]]

_EMPTY_MARKS: Final = frozenset(".-_")
_SEPARATOR: Final = "/"


class Board:
    """An immutable tic-tac-toe position, 3x3 unless made otherwise.

    >>> board = Board.parse("X.O/.XO/...")
    >>> board.to_move, board.legal_moves
    (<Player.X: 'X'>, (1, 3, 6, 7, 8))
    >>> after = board.play(8)
    >>> after.result, after.winning_lines
    (<Result.X_WON: 'X'>, ((0, 4, 8),))
    >>> str(after)
    'X.O/.XO/..X'
    >>> Board.parse("X.../.O../..../....").size
    4
    """

    __slots__ = ("_x", "_o", "_result", "_lines", "_turn", "_moves")

    _x: Mask
    _o: Mask
    _result: Result
    _lines: tuple[Line, ...]
    _turn: Player | None
    _moves: tuple[Cell, ...]

    def __init__(self) -> None:
        raise TypeError("use Board.empty(), Board.parse(text) or board.play(cell)")

    # -- building ------------------------------------------------------------

    @staticmethod
    def _get(x: Mask, o: Mask) -> Board:
        """The interned board for two masks already known to be legal."""
        board = _INTERNED.get(x | o << 9)
        if board is None:
            board = object.__new__(Board)
            _fill(board, x, o, _state(x, o, THREE))
            _INTERNED[x | o << 9] = board
        return board

    @staticmethod
    def _build(x: Mask, o: Mask, geometry: Geometry) -> Board:
        """The board of any size for two masks already known to be legal."""
        if geometry is THREE:
            return Board._get(x, o)
        board = object.__new__(_SizedBoard)
        object.__setattr__(board, "_geo", geometry)
        _fill(board, x, o, _state(x, o, geometry))
        return board

    @classmethod
    def empty(cls, size: int = 3) -> Board:
        """The board before the first move; ``size`` cells per side (3 or 4).

        >>> Board.empty(4).legal_moves[-1]
        15
        """
        return Board._build(0, 0, geometry(size))

    @classmethod
    def from_masks(cls, x: Mask, o: Mask, size: int = 3) -> Board:
        """The board with X on the cells of mask ``x`` and O on those of ``o``.

        Raises InvalidPositionError unless the position can arise in a legal game.
        """
        shape = geometry(size)
        if type(x) is not int or type(o) is not int:
            raise InvalidPositionError(f"masks are ints, not {type(x).__name__} and {type(o).__name__}")
        problems = _problems(x, o, shape)
        if problems:
            raise InvalidPositionError("; ".join(problems))
        return Board._build(x, o, shape)

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read the position notation: the cells row by row, ``X``, ``O`` or ``.``;
        9 cells make a 3x3 board, 16 a 4x4 one.

        Letters may be lower case, ``-`` and ``_`` also mean an empty cell,
        rows may be separated by ``/``, and white space around the whole is
        ignored. Raises InvalidPositionError, saying why,
        for text that is malformed or a position no legal game can reach.

        >>> Board.parse("x-o/-x-/--o") == Board.parse("X.O.X...O")
        True
        >>> Board.parse("XXX/OO./...").winner
        <Player.X: 'X'>
        >>> Board.parse("XXX/OOO/...")
        Traceback (most recent call last):
        ...
        pyengine.board.InvalidPositionError: both X and O have three in a row
        """
        if not isinstance(text, str):
            raise InvalidPositionError(f"a position is text, not {type(text).__name__}")
        stripped = text.strip()
        rows = stripped.split(_SEPARATOR)
        if len(rows) > 1 and (len(rows) not in SIZES or any(len(row) != len(rows) for row in rows)):
            raise InvalidPositionError(
                f"{_shown(stripped)} is not three rows of three cells separated by '/' (nor four rows of four)"
            )
        cells = "".join(rows)
        size = next((n for n in SIZES if n * n == len(cells)), 0)
        if not size:
            raise InvalidPositionError(
                f"a position has 9 cells (16 on 4x4), {_shown(stripped)} has {len(cells)}"
            )
        x = o = 0
        for cell, char in enumerate(cells):
            mark = char.upper()
            if mark == "X":
                x |= 1 << cell
            elif mark == "O":
                o |= 1 << cell
            elif char not in _EMPTY_MARKS:
                raise InvalidPositionError(
                    f"{char!r} at cell {cell} is not a mark: use X, O or . (also - or _)"
                )
        return cls.from_masks(x, o, size)

    # -- reading -------------------------------------------------------------

    @property
    def size(self) -> int:
        """Cells per side: 3, or 4 for a 4x4 board."""
        return 3

    @property
    def geometry(self) -> Geometry:
        """The board's shape: its size, the lines that win, its symmetries."""
        return THREE

    @property
    def x_mask(self) -> Mask:
        """X's cells as a bit mask."""
        return self._x

    @property
    def o_mask(self) -> Mask:
        """O's cells as a bit mask."""
        return self._o

    @property
    def sides(self) -> tuple[Mask, Mask]:
        """The masks of (the side to move, the other side); X first once the game is over."""
        x, o = self._x, self._o
        return (o, x) if self._turn is Player.O else (x, o)

    @property
    def result(self) -> Result:
        """Won by X, won by O, drawn, or still going."""
        return self._result

    @property
    def winner(self) -> Player | None:
        """The side with three in a row, if any."""
        return self._result.winner

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self._result is not Result.ONGOING

    @property
    def winning_lines(self) -> tuple[Line, ...]:
        """Every completed line; X can complete two with one last mark."""
        return self._lines

    @property
    def ply(self) -> int:
        """How many marks are on the board."""
        return _bits(self._x | self._o)

    @property
    def to_move(self) -> Player | None:
        """Whose turn it is, or None once the game is over."""
        return self._turn

    @property
    def legal_moves(self) -> tuple[Cell, ...]:
        """The empty cells, in order; none once the game is over."""
        return self._moves

    def __getitem__(self, cell: Cell) -> Player | None:
        _check_cell(cell, self.geometry.cells)
        if self._x >> cell & 1:
            return Player.X
        if self._o >> cell & 1:
            return Player.O
        return None

    @property
    def cells(self) -> tuple[Player | None, ...]:
        """The cells in order (9 on 3x3): a Player, or None where empty."""
        return tuple(self[c] for c in range(self.geometry.cells))

    def __iter__(self) -> Iterator[Player | None]:
        return iter(self.cells)

    # -- moving --------------------------------------------------------------

    def play(self, cell: Cell) -> Board:
        """The board after the side to move marks ``cell``.

        Raises IllegalMoveError for a cell off the board, one already taken,
        or any move once the game is over.
        """
        # The hot path of every match: a type check, two bit tests, one look-up.
        if type(cell) is not int or not 0 <= cell <= 8:
            _check_cell(cell)
        bit = 1 << cell
        x, o, turn = self._x, self._o, self._turn
        if turn is None:
            raise IllegalMoveError(
                f"cell {cell} cannot be played: the game is over ({self._result.summary})"
            )
        if (x | o) & bit:
            raise IllegalMoveError(f"cell {cell} is already taken by {self[cell]}")
        if turn is Player.X:
            x |= bit
        else:
            o |= bit
        return _INTERNED.get(x | o << 9) or Board._get(x, o)

    # -- symmetry ------------------------------------------------------------

    def transform(self, symmetry: Symmetry) -> Board:
        """This board turned or mirrored by ``symmetry`` (one of its geometry's)."""
        return Board._build(symmetry.map_mask(self._x), symmetry.map_mask(self._o), self.geometry)

    def canonical(self) -> tuple[Board, Symmetry]:
        """The representative of this board's symmetry class, and the symmetry
        that takes this board to it.

        Of the (up to) 8 images, the one with the smallest key is chosen, so
        boards that are turns or mirrors of one another share a representative.
        A cell of the canonical board maps back through ``symmetry.inverse``.
        """
        # min keeps the first of equal keys: ties go to the earlier symmetry.
        shift = self.geometry.cells
        best = min(self.geometry.symmetries, key=lambda s: s.map_mask(self._x) | s.map_mask(self._o) << shift)
        return self.transform(best), best

    # -- value semantics -----------------------------------------------------

    @property
    def key(self) -> int:
        """A unique small integer for this position: X's mask, O's shifted by 9."""
        return self._x | self._o << 9

    def __hash__(self) -> int:
        return self._x | self._o << 9

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._x == other._x and self._o == other._o and self.geometry is other.geometry

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Board is immutable: play() returns a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Board is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return Board.parse, (str(self),)

    def __str__(self) -> str:
        n = self.size
        marks = "".join("X" if self._x >> c & 1 else "O" if self._o >> c & 1 else "." for c in range(n * n))
        return "/".join(marks[r * n:r * n + n] for r in range(n))

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"

    def pretty(self, numbered: bool = False) -> str:
        """The board as lines of text; ``numbered`` shows empty cells as 1-9
        (1-16 on 4x4, each cell as wide as the widest number)."""
        n = self.size
        width = len(str(n * n)) if numbered else 1
        rows = []
        for r in range(n):
            marks = []
            for c in range(n * r, n * r + n):
                mark = self[c]
                marks.append((str(mark) if mark else str(c + 1) if numbered else ".").center(width))
            rows.append(" " + " | ".join(marks))
        rule = "+".join(["-" * (width + 2)] * n)
        return f"\n{rule}\n".join(rows)


_INTERNED: dict[int, Board] = {}


def _fill(board: Board, x: Mask, o: Mask, state: _State) -> None:
    """Set a new board's fields, once: boards refuse assignment after that."""
    result, lines, turn, moves = state
    for name, value in (
        ("_x", x), ("_o", o), ("_result", result), ("_lines", lines), ("_turn", turn), ("_moves", moves),
    ):
        object.__setattr__(board, name, value)


class _SizedBoard(Board):
    """A board of another size than 3x3. Its positions are too many to intern
    (9,722,011 on 4x4), so each is built as it is played and compares by value;
    the 3x3 board keeps its own faster paths."""

    __slots__ = ("_geo",)

    _geo: Geometry

    @property
    def size(self) -> int:
        return self._geo.side

    @property
    def geometry(self) -> Geometry:
        return self._geo

    def play(self, cell: Cell) -> Board:
        # Board.play's steps, written again rather than shared: a shared helper
        # would add a call to every 3x3 move (a fifth of play's time).
        geo = self._geo
        _check_cell(cell, geo.cells)
        bit = 1 << cell
        x, o, turn = self._x, self._o, self._turn
        if turn is None:
            raise IllegalMoveError(
                f"cell {cell} cannot be played: the game is over ({self._result.summary})"
            )
        if (x | o) & bit:
            raise IllegalMoveError(f"cell {cell} is already taken by {self[cell]}")
        if turn is Player.X:
            x |= bit
        else:
            o |= bit
        return Board._build(x, o, geo)

    @property
    def key(self) -> int:
        """A unique integer among boards of this size: X's mask, O's above it."""
        return self._x | self._o << self._geo.cells

    def __hash__(self) -> int:
        return self._x | self._o << self._geo.cells


def _shown(text: str, limit: int = 24) -> str:
    """Input quoted in a message, cut short: a message names the problem, it
    does not echo a megabyte back."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def _check_cell(cell: Cell, cells: int = 9) -> int:
    if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < cells:
        raise IllegalMoveError(f"{cell!r} is not a cell: cells are numbered 0 to {cells - 1}")
    return 1 << cell


def _problems(x: Mask, o: Mask, geometry: Geometry) -> list[str]:
    """Every reason the masks are not a legal position (none when legal)."""
    full = geometry.full
    if not (0 <= x <= full and 0 <= o <= full):
        return [f"a mask has bits beyond the {geometry.cells} cells"]
    if x & o:
        return [f"cells {sorted(c for c in range(geometry.cells) if x & o >> c & 1)} hold both X and O"]
    problems = []
    nx, no = _bits(x), _bits(o)
    if not no <= nx <= no + 1:
        problems.append(
            f"X has {nx} marks and O {no}: X moves first, so X has as many as O or one more"
        )
    x_won, o_won = bool(geometry.lines_of(x)), bool(geometry.lines_of(o))
    in_a_row = f"{_COUNT_WORDS[geometry.k]} in a row"
    if x_won and o_won:
        problems.append(f"both X and O have {in_a_row}")
    elif x_won and nx != no + 1 and not problems:
        problems.append(f"X has {in_a_row}, but O moved after X won")
    elif o_won and nx != no and not problems:
        problems.append(f"O has {in_a_row}, but X moved after O won")
    return problems


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


def _symmetries(n: int = 3) -> tuple[Symmetry, ...]:
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


SYMMETRIES: Final[tuple[Symmetry, ...]] = _symmetries()
"""The 8 symmetries: four turns, each with and without a mirror; identity first."""


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


def _lines(n: int, k: int) -> tuple[Line, ...]:
    """Every run of ``k`` cells in a row, column or diagonal of an n x n board:
    rows, then columns, then diagonals (down-right and down-left)."""
    rows = [tuple(r * n + c + i for i in range(k)) for r in range(n) for c in range(n - k + 1)]
    columns = [tuple((r + i) * n + c for i in range(k)) for c in range(n) for r in range(n - k + 1)]
    corners = [(r, c) for r in range(n - k + 1) for c in range(n - k + 1)]
    down_right = [tuple((r + i) * n + c + i for i in range(k)) for r, c in corners]
    down_left = [tuple((r + i) * n + c + k - 1 - i for i in range(k)) for r, c in corners]
    return (*rows, *columns, *down_right, *down_left)


THREE: Final = Geometry(3, 3, LINES, LINE_MASKS, SYMMETRIES)
"""The classic board: 3 x 3, three in a row."""
_GEOMETRIES: dict[int, Geometry] = {3: THREE}


def parse_size(text: str) -> int:
    """Read a board size from text: ``"4"`` or ``"4x4"``; InvalidPositionError,
    saying which sizes there are, for anything else.

    >>> parse_size(" 4x4 "), parse_size("3")
    (4, 3)
    """
    words = text.strip().lower() if isinstance(text, str) else ""
    side, _, other = words.partition("x")
    if side.isdecimal() and side.isascii() and (not other or other == side) and int(side) in SIZES:
        return int(side)
    sizes = " or ".join(f"{n} ({n}x{n})" for n in SIZES)
    raise InvalidPositionError(f"the board size is {sizes}, not {_shown(str(text))}")


def geometry(size: int) -> Geometry:
    """The shape of a ``size`` x ``size`` board; InvalidPositionError for a size
    the engine does not play. Built on first use: a 3x3 game never pays for 4x4."""
    shape = _GEOMETRIES.get(size) if type(size) is int else None
    if shape is None:
        if size not in SIZES or type(size) is not int:
            sizes = " or ".join(f"{n}x{n}" for n in SIZES)
            raise InvalidPositionError(f"a board is {sizes}, not {size!r}")
        k = _IN_A_ROW[size]
        lines = _lines(size, k)
        masks = tuple(sum(1 << c for c in line) for line in lines)
        shape = _GEOMETRIES[size] = Geometry(size, k, lines, masks, _symmetries(size))
    return shape
