"""The board: players, results and the immutable position value.

A position is two bit masks, one per player, over the cells of its shape
(geometry.py: cells, lines, symmetries). Only positions that can arise in a
legal game are ever built, on every size: ``Board.play`` only makes legal
moves, and ``Board.parse`` (and ``Board.from_masks``) accept exactly the
positions a game can reach, refusing the others with every reason why. Such a
position has X's marks equal to O's or one more (X moves first, the sides
take turns), at most one side with a completed line, and a winner that moved
last, whose completed lines all share a cell: the move that won, after which
nobody moved (on 4x4 the counts alone allow two lines that share no cell,
which no game completes). On 3x3 there are 5,478 such positions,
so each is built once and shared (interned): playing a move is a dictionary
look-up, and boards compare and hash as cheaply as ints.

The size is part of the position: ``Board.empty(4)`` and a notation of four
rows of four make a 4x4 board, won with four in a row. Its 9,722,011 positions
are too many to intern, so those boards are built as they are played, and
everything that depends on the shape reads it from the board's ``geometry``.
"""

from __future__ import annotations

from enum import Enum

from .choices import Choice
from .errors import GAME_OVER, OFF_BOARD, TAKEN, IllegalMoveError, InvalidPositionError
from .geometry import COUNT_WORDS, SIZES, THREE, Cell, Geometry, Line, Mask, Symmetry, geometry, images, shown

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Final, TypeAlias


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


def _bits(mask: Mask) -> int:
    return mask.bit_count()


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
_INTERNED: dict[int, Board] = {}  # the 3x3 boards built so far, by key


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

    Only positions a game can reach are ever built (the module's docstring
    says which): ``parse`` and ``from_masks`` refuse the others, saying why.

    >>> Board.parse("XOOX/OXXO/OXX./XOOX")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pyengine.errors.InvalidPositionError: X has 2 lines of four that share no cell: ...
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
            raise InvalidPositionError(*problems)
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
        pyengine.errors.InvalidPositionError: both X and O have three in a row
        """
        if not isinstance(text, str):
            raise InvalidPositionError(f"a position is text, not {type(text).__name__}")
        stripped = text.strip()
        rows = stripped.split(_SEPARATOR)
        if len(rows) > 1 and (len(rows) not in SIZES or any(len(row) != len(rows) for row in rows)):
            raise InvalidPositionError(
                f"{shown(stripped)} is not three rows of three cells separated by '/' (nor four rows of four)"
            )
        cells = "".join(rows)
        size = next((n for n in SIZES if n * n == len(cells)), 0)
        if not size:
            raise InvalidPositionError(f"a position has 9 cells (16 on 4x4), {shown(stripped)} has {len(cells)}")
        x = o = 0
        for cell, char in enumerate(cells):
            mark = char.upper()
            if mark == "X":
                x |= 1 << cell
            elif mark == "O":
                o |= 1 << cell
            elif char not in _EMPTY_MARKS:
                raise InvalidPositionError(f"{char!r} at cell {cell} is not a mark: use X, O or . (also - or _)")
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
    def turn_masks(self) -> tuple[Mask, Mask]:
        """The masks of (the side to move, the other side); X first once the game is over."""
        x, o = self._x, self._o
        return (o, x) if self._turn is Player.O else (x, o)

    @property
    def result(self) -> Result:
        """Won by X, won by O, drawn, or still going."""
        return self._result

    @property
    def winner(self) -> Player | None:
        """The side that completed a line, if any."""
        return self._result.winner

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self._result is not Result.ONGOING

    @property
    def winning_lines(self) -> tuple[Line, ...]:
        """Every completed line, all the winner's: the move that won can
        complete two at once, through its cell."""
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
    def marks(self) -> tuple[Player | None, ...]:
        """What is on each cell, in order (9 on 3x3): a Player, or None where empty."""
        return tuple(self[c] for c in range(self.geometry.cells))

    def __iter__(self) -> Iterator[Player | None]:
        return iter(self.marks)

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
            raise _over(cell, self._result)
        if (x | o) & bit:
            raise IllegalMoveError(f"cell {cell} is already taken by {self[cell]}", cell, TAKEN)
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
        shape = self.geometry
        keys = images(shape)(self._x, self._o)
        best = min(range(len(keys)), key=keys.__getitem__)
        return Board._build(keys[best] & shape.full, keys[best] >> shape.cells, shape), shape.symmetries[best]

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
        return "/".join(marks[r * n : r * n + n] for r in range(n))

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


def _fill(board: Board, x: Mask, o: Mask, state: _State) -> None:
    """Set a new board's fields, once: boards refuse assignment after that."""
    result, lines, turn, moves = state
    for name, value in (
        ("_x", x),
        ("_o", o),
        ("_result", result),
        ("_lines", lines),
        ("_turn", turn),
        ("_moves", moves),
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
            raise _over(cell, self._result)
        if (x | o) & bit:
            raise IllegalMoveError(f"cell {cell} is already taken by {self[cell]}", cell, TAKEN)
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


def _check_cell(cell: Cell, cells: int = 9) -> None:
    if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < cells:
        raise IllegalMoveError(f"{cell!r} is not a cell: cells are numbered 0 to {cells - 1}", cell, OFF_BOARD)


def _over(cell: Cell | None, result: Result) -> IllegalMoveError:
    """The error for a move, or a choice of move, once the game is over."""
    what = "no move to choose" if cell is None else f"cell {cell} cannot be played"
    return IllegalMoveError(f"{what}: the game is over ({result.summary})", cell, GAME_OVER)


def moves_to_choose(board: Board) -> tuple[Cell, ...]:
    """The legal moves of a game still going, for a bot to choose among;
    IllegalMoveError once the game is over, when there is nothing to choose."""
    moves = board.legal_moves
    if not moves:
        raise _over(None, board.result)
    return moves


def reachable_positions(start: Board | None = None) -> list[Board]:
    """Every position reachable from ``start`` (the empty 3x3 board unless
    given), ``start`` included, by the number of marks, then by ``Board.key``."""
    layer = [Board.empty() if start is None else start]
    seen = list(layer)
    while layer:
        children = {child for board in layer for child in map(board.play, board.legal_moves)}
        layer = sorted(children, key=lambda board: board.key)
        seen.extend(layer)
    return seen


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
        problems.append(f"X has {nx} marks and O {no}: X moves first, so X has as many as O or one more")
    x_lines, o_lines = geometry.lines_of(x), geometry.lines_of(o)
    in_a_row = f"{COUNT_WORDS[geometry.k]} in a row"
    if x_lines and o_lines:
        problems.append(f"both X and O have {in_a_row}")
    elif x_lines and nx != no + 1 and not problems:
        problems.append(f"X has {in_a_row}, but O moved after X won")
    elif o_lines and nx != no and not problems:
        problems.append(f"O has {in_a_row}, but X moved after O won")
    # The move that won is on every line it completed: lines without a common
    # cell were completed by two moves, and the game ended at the first. (When
    # both sides have a line, that is the reason already.)
    winner, lines = (Player.X, x_lines) if not o_lines else (Player.O, o_lines)
    if len(lines) > 1 and not (x_lines and o_lines) and not _common_cells(lines):
        problems.append(
            f"{winner} has {len(lines)} lines of {COUNT_WORDS[geometry.k]} that share no cell:"
            " one last move cannot complete them all, and nobody moves after a win"
        )
    return problems


def _common_cells(lines: tuple[Line, ...]) -> set[Cell]:
    """The cells that every one of ``lines`` contains."""
    return set(lines[0]).intersection(*lines[1:])
