"""The board: players, cells and lines, and the immutable position value.

A position is two 9-bit masks, one per player; bit ``c`` stands for cell ``c``,
numbered 0-8 row by row from the top left::

    0 | 1 | 2
    3 | 4 | 5
    6 | 7 | 8

Only positions that can arise in a legal game are ever built: ``Board.parse``
checks text against the rules and ``Board.play`` only makes legal moves. There
are 5,478 such positions, so each is built once and shared (interned): playing
a move is a dictionary look-up, and boards compare and hash as cheaply as ints.
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

Line: TypeAlias = tuple[Cell, Cell, Cell]
"""Three cells in a row, column or diagonal, in increasing order."""

Mask: TypeAlias = int
"""A set of cells as a 9-bit integer: bit ``c`` is cell ``c``."""

CELLS: Final = range(9)
FULL: Final[Mask] = 0b111_111_111

LINES: Final[tuple[Line, ...]] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)
LINE_MASKS: Final[tuple[Mask, ...]] = tuple(sum(1 << c for c in line) for line in LINES)


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


_EMPTY_MARKS: Final = frozenset(".-_")
_SEPARATOR: Final = "/"


class Board:
    """An immutable tic-tac-toe position.

    >>> board = Board.parse("X.O/.XO/...")
    >>> board.to_move, board.legal_moves
    (<Player.X: 'X'>, (1, 3, 6, 7, 8))
    >>> after = board.play(8)
    >>> after.result, after.winning_lines
    (<Result.X_WON: 'X'>, ((0, 4, 8),))
    >>> str(after)
    'X.O/.XO/..X'
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
            x_lines, o_lines = _lines_of(x), _lines_of(o)
            if x_lines:
                result = Result.X_WON
            elif o_lines:
                result = Result.O_WON
            elif x | o == FULL:
                result = Result.DRAW
            else:
                result = Result.ONGOING
            live = result is Result.ONGOING
            turn = (Player.X if _bits(x) == _bits(o) else Player.O) if live else None
            moves = tuple(c for c in CELLS if not (x | o) >> c & 1) if live else ()
            for name, value in (
                ("_x", x), ("_o", o), ("_result", result), ("_lines", x_lines + o_lines),
                ("_turn", turn), ("_moves", moves),
            ):
                object.__setattr__(board, name, value)
            _INTERNED[x | o << 9] = board
        return board

    @classmethod
    def empty(cls) -> Board:
        """The board before the first move."""
        return Board._get(0, 0)

    @classmethod
    def from_masks(cls, x: Mask, o: Mask) -> Board:
        """The board with X on the cells of mask ``x`` and O on those of ``o``.

        Raises InvalidPositionError unless the position can arise in a legal game.
        """
        if type(x) is not int or type(o) is not int:
            raise InvalidPositionError(f"masks are ints, not {type(x).__name__} and {type(o).__name__}")
        problems = _problems(x, o)
        if problems:
            raise InvalidPositionError("; ".join(problems))
        return Board._get(x, o)

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read the position notation: 9 cells row by row, ``X``, ``O`` or ``.``.

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
        if len(rows) > 1 and (len(rows) != 3 or any(len(row) != 3 for row in rows)):
            raise InvalidPositionError(f"{_shown(stripped)} is not three rows of three cells separated by '/'")
        cells = "".join(rows)
        if len(cells) != 9:
            raise InvalidPositionError(f"a position has 9 cells, {_shown(stripped)} has {len(cells)}")
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
        return cls.from_masks(x, o)

    # -- reading -------------------------------------------------------------

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
        _check_cell(cell)
        if self._x >> cell & 1:
            return Player.X
        if self._o >> cell & 1:
            return Player.O
        return None

    @property
    def cells(self) -> tuple[Player | None, ...]:
        """The 9 cells in order: a Player, or None where empty."""
        return tuple(self[c] for c in CELLS)

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
        """This board turned or mirrored by ``symmetry``."""
        return Board._get(symmetry.map_mask(self._x), symmetry.map_mask(self._o))

    def canonical(self) -> tuple[Board, Symmetry]:
        """The representative of this board's symmetry class, and the symmetry
        that takes this board to it.

        Of the (up to) 8 images, the one with the smallest key is chosen, so
        boards that are turns or mirrors of one another share a representative.
        A cell of the canonical board maps back through ``symmetry.inverse``.
        """
        # min keeps the first of equal keys: ties go to the earlier symmetry.
        best = min(SYMMETRIES, key=lambda s: s.map_mask(self._x) | s.map_mask(self._o) << 9)
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
        return self._x == other._x and self._o == other._o

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Board is immutable: play() returns a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Board is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return Board.parse, (str(self),)

    def __str__(self) -> str:
        marks = "".join("X" if self._x >> c & 1 else "O" if self._o >> c & 1 else "." for c in CELLS)
        return f"{marks[0:3]}/{marks[3:6]}/{marks[6:9]}"

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"

    def pretty(self, numbered: bool = False) -> str:
        """The board as three lines of text; ``numbered`` shows empty cells as 1-9."""
        rows = []
        for r in range(3):
            marks = []
            for c in range(3 * r, 3 * r + 3):
                mark = self[c]
                marks.append(str(mark) if mark else str(c + 1) if numbered else ".")
            rows.append(" " + " | ".join(marks))
        return "\n---+---+---\n".join(rows)


_INTERNED: dict[int, Board] = {}


def _shown(text: str, limit: int = 24) -> str:
    """Input quoted in a message, cut short: a message names the problem, it
    does not echo a megabyte back."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def _check_cell(cell: Cell) -> int:
    if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell <= 8:
        raise IllegalMoveError(f"{cell!r} is not a cell: cells are numbered 0 to 8")
    return 1 << cell


def _problems(x: Mask, o: Mask) -> list[str]:
    """Every reason the masks are not a legal position (none when legal)."""
    if not (0 <= x <= FULL and 0 <= o <= FULL):
        return ["a mask has bits beyond the 9 cells"]
    if x & o:
        return [f"cells {sorted(c for c in CELLS if x & o >> c & 1)} hold both X and O"]
    problems = []
    nx, no = _bits(x), _bits(o)
    if not no <= nx <= no + 1:
        problems.append(
            f"X has {nx} marks and O {no}: X moves first, so X has as many as O or one more"
        )
    x_won, o_won = bool(_lines_of(x)), bool(_lines_of(o))
    if x_won and o_won:
        problems.append("both X and O have three in a row")
    elif x_won and nx != no + 1 and not problems:
        problems.append("X has three in a row, but O moved after X won")
    elif o_won and nx != no and not problems:
        problems.append("O has three in a row, but X moved after O won")
    return problems


class Symmetry(Record):
    """One of the 8 symmetries of the square, as a permutation of the cells:
    ``perm[c]`` is where cell ``c`` goes. The identity comes first."""

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
        back = [0] * 9
        for c, target in enumerate(self.perm):
            back[target] = c
        perm = tuple(back)
        return next(s for s in SYMMETRIES if s.perm == perm)


def _symmetries() -> tuple[Symmetry, ...]:
    def rotate(c: Cell) -> Cell:  # a quarter turn clockwise
        r, col = divmod(c, 3)
        return col * 3 + (2 - r)

    def mirror(c: Cell) -> Cell:  # left and right swapped
        r, col = divmod(c, 3)
        return r * 3 + (2 - col)

    perms: list[tuple[str, tuple[Cell, ...]]] = []
    perm = tuple(CELLS)
    for turns in range(4):
        perms.append((f"rotate {90 * turns}", perm))
        perm = tuple(rotate(p) for p in perm)
    for name, p in list(perms):
        perms.append((f"{name}, mirrored", tuple(mirror(c) for c in p)))
    return tuple(Symmetry(name, p) for name, p in perms)


SYMMETRIES: Final[tuple[Symmetry, ...]] = _symmetries()
"""The 8 symmetries: four turns, each with and without a mirror; identity first."""
