"""Which text is a position: Board.parse accepts exactly the positions of legal games."""

from __future__ import annotations

import itertools
import operator
import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine import Board, EngineError, InvalidPositionError, reachable_positions
from tests import reference as ref
from tests.support import cells_of


def test_exactly_the_reachable_positions_parse() -> None:
    """Of all 3^9 strings of X, O and '.', those reachable by legal play from the empty
    board (found by the test's own breadth-first search) parse to that very board, and
    every other one raises InvalidPositionError."""
    reachable = set(ref.reachable())
    accepted = 0
    for chars in itertools.product("XO.", repeat=9):
        cells = "".join(chars)
        if cells in reachable:
            board = Board.parse(cells)
            assert str(board) == ref.slashed(cells)
            accepted += 1
        else:
            with pytest.raises(InvalidPositionError):
                Board.parse(cells)
    assert accepted == len(reachable) == 5478


def test_from_masks_agrees_with_parse() -> None:
    """Board.from_masks accepts exactly the same 5,478 positions as parse, given as bit masks."""
    reachable = set(ref.reachable())
    for chars in itertools.product("XO.", repeat=9):
        cells = "".join(chars)
        x = sum(1 << c for c in range(9) if cells[c] == "X")
        o = sum(1 << c for c in range(9) if cells[c] == "O")
        if cells in reachable:
            board = Board.from_masks(x, o)
            assert board == Board.parse(cells)
            assert (board.x_mask, board.o_mask) == (x, o)
        else:
            with pytest.raises(InvalidPositionError):
                Board.from_masks(x, o)


@pytest.mark.parametrize(("x", "o"), [(1 << 9, 0), (0, 1 << 9), (-1, 0), (0b11, 0b10)])
def test_from_masks_refuses_bad_masks(x: int, o: int) -> None:
    """Bits beyond cell 8, negative masks and a cell held by both sides are refused."""
    with pytest.raises(InvalidPositionError):
        Board.from_masks(x, o)


def test_invalid_position_is_a_value_error() -> None:
    """InvalidPositionError is an EngineError and so a ValueError."""
    assert issubclass(InvalidPositionError, EngineError)
    assert issubclass(InvalidPositionError, ValueError)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", ["9 cells", "0"]),
        ("X.O", ["9 cells", "3"]),
        ("X.O.X...O.", ["9 cells", "10"]),
        ("X.O/.X./..O.", ["rows"]),
        ("X.O/.Y./...", ["'Y'", "not a mark"]),
        ("X.O.X.0..", ["'0'", "not a mark"]),
        ("X.O. X..O", ["' '", "not a mark"]),
        ("XX.......", ["X has 2", "O 0"]),
        ("XXXX.OO..", ["X has 4", "O 2"]),
        ("O........", ["X has 0", "O 1"]),
        ("OO.X.....", ["X has 1", "O 2"]),
        ("XXX/OOO/...", ["both X and O"]),
        ("XXX/OOO/XXO", ["both X and O"]),
        ("XXX/OO./O..", ["X has three in a row", "O moved after"]),
        ("OOO/XX./XX.", ["O has three in a row", "X moved after"]),
        ("XOOX/OXXO/OXX./XOOX", ["X has 2 lines of four that share no cell"]),
        ("OXXO/XOOX/XOOX/OXXO", ["O has 2 lines of four that share no cell"]),
    ],
)
def test_messages_name_the_problem(text: str, words: list[str]) -> None:
    """Each kind of bad text gets a message that says what is wrong with it."""
    with pytest.raises(InvalidPositionError) as caught:
        Board.parse(text)
    for word in words:
        assert word in str(caught.value)


@pytest.mark.parametrize("value", [None, 123, b"X.O.X...O", ["X"] * 9])
def test_non_text_is_refused(value: object) -> None:
    """Anything but a str is an InvalidPositionError naming the type, not a crash."""
    with pytest.raises(InvalidPositionError, match=type(value).__name__):
        Board.parse(value)  # type: ignore[arg-type]


def parse_or_refuse(text: str) -> Board | None:
    """Board.parse, with InvalidPositionError (and only that) turned into None."""
    try:
        board = Board.parse(text)
    except InvalidPositionError:
        return None
    assert isinstance(board, Board)
    return board


@given(st.text())
def test_any_text_parses_or_raises_invalid_position(text: str) -> None:
    """Arbitrary text gives a Board or an InvalidPositionError: no other exception."""
    parse_or_refuse(text)


BOARDISH = st.text(alphabet=st.sampled_from("XxOo.-_/ 1"), max_size=14)


@given(BOARDISH)
def test_boardish_text_parses_or_raises_invalid_position(text: str) -> None:
    """Text made of notation characters (and a few near misses) gives a Board or an
    InvalidPositionError; an accepted board is the text with case, empty marks and
    slashes normalised, and is a reachable position."""
    board = parse_or_refuse(text)
    if board is not None:
        normalised = text.strip().upper().replace("-", ".").replace("_", ".").replace("/", "")
        assert cells_of(board) == normalised
        assert normalised in ref.reachable()


@given(st.sampled_from(sorted(ref.reachable())), st.data())
def test_every_spelling_of_a_reachable_position_parses(cells: str, data: st.DataObject) -> None:
    """Any mix of case, empty marks and slashes spells the same reachable position."""
    spelled = []
    for ch in cells:
        options = ".-_" if ch == "." else ch + ch.lower()
        spelled.append(data.draw(st.sampled_from(options)))
    text = "".join(spelled)
    if data.draw(st.booleans()):
        text = f"{text[0:3]}/{text[3:6]}/{text[6:9]}"
    assert str(Board.parse(text)) == ref.slashed(cells)


# -- every size: exactly the positions a game can reach ------------------------
#
# The check below works backwards from a position and shares nothing with the
# engine (nor with tests/reference.py, which searches forwards on 3x3 only): a
# game reached a position if it is the empty board, or if taking back one mark
# of the side that moved last leaves a position a game reached and that was not
# over yet. On 3x3 it agrees with the forward search on all 3^9 strings; on 4x4,
# where 3^16 strings are too many to walk, it is asked about every position
# with two completed lines or more (where the mark counts alone do not decide)
# and about a large random sample.


def lines_by_hand(size: int) -> list[tuple[int, ...]]:
    """The rows, columns and two diagonals of a ``size`` x ``size`` board,
    whole: on 3x3 and 4x4 a line that wins is a whole row, column or diagonal."""
    rows = [tuple(r * size + c for c in range(size)) for r in range(size)]
    columns = [tuple(r * size + c for r in range(size)) for c in range(size)]
    diagonals = [tuple(i * size + i for i in range(size)), tuple(i * size + size - 1 - i for i in range(size))]
    return rows + columns + diagonals


LINES_BY_SIZE = {3: lines_by_hand(3), 4: lines_by_hand(4)}
# Each line's marks read in one call (this check runs 300,000 times on 4x4).
READERS = {size: [operator.itemgetter(*line) for line in lines] for size, lines in LINES_BY_SIZE.items()}


def finished(cells: str) -> bool:
    """A line completed, or no empty cell left: nobody moves any more."""
    size = 4 if len(cells) == 16 else 3
    whole = {("X",) * size, ("O",) * size}
    return "." not in cells or any(read(cells) in whole for read in READERS[size])


@cache
def reached_backwards(cells: str) -> bool:
    """Whether a game can reach ``cells`` (9 or 16 characters of X, O and '.'):
    it is the empty board, or one mark of the side that moved last (X when X has
    one mark more, O when the counts are equal) can be taken back to leave a
    position a game can reach, in which the game was still going."""
    xs, os = cells.count("X"), cells.count("O")
    if xs == os == 0:
        return True
    if xs not in (os, os + 1):
        return False
    last = "X" if xs == os + 1 else "O"
    for cell, mark in enumerate(cells):
        if mark == last:
            before = cells[:cell] + "." + cells[cell + 1 :]
            if not finished(before) and reached_backwards(before):
                return True
    return False


def counted_fillings(cells: str) -> set[str]:
    """Every way of filling the empty cells of ``cells`` with X, O or '.' that
    leaves X as many marks as O or one more (the counts a game allows)."""
    free = [c for c, mark in enumerate(cells) if mark == "."]
    fillings = set()
    for extra_x in range(len(free) + 1):
        for xs in itertools.combinations(free, extra_x):
            rest = [c for c in free if c not in xs]
            for lead in (0, 1):
                extra_o = cells.count("X") + extra_x - lead - cells.count("O")
                for os in itertools.combinations(rest, extra_o) if 0 <= extra_o <= len(rest) else ():
                    filled = list(cells)
                    for c in xs:
                        filled[c] = "X"
                    for c in os:
                        filled[c] = "O"
                    fillings.add("".join(filled))
    return fillings


def with_two_lines_or_more(size: int) -> set[str]:
    """Every position with two completed lines or more and counts a game
    allows: any two lines, each given to X or to O, the rest filled every way."""
    found = set()
    for first, second in itertools.combinations(LINES_BY_SIZE[size], 2):
        for first_mark, second_mark in itertools.product("XO", repeat=2):
            cells = ["."] * size * size
            for line, mark in ((first, first_mark), (second, second_mark)):
                for c in line:
                    cells[c] = mark if cells[c] in (".", mark) else "#"  # "#": the lines clash
            if "#" not in cells:
                found |= counted_fillings("".join(cells))
    return found


def test_the_backward_check_agrees_with_the_forward_search_on_3x3() -> None:
    """The test's own two models of reachability agree on every 3x3 string,
    so the backward one can be trusted where the forward one cannot go."""
    reachable = set(ref.reachable())
    for chars in itertools.product("XO.", repeat=9):
        cells = "".join(chars)
        assert reached_backwards(cells) == (cells in reachable), cells


@pytest.mark.parametrize("size", [3, 4])
def test_positions_with_two_lines_or_more_parse_exactly_when_reachable(size: int) -> None:
    """Every position with two completed lines or more (63,236 on 4x4) parses
    if and only if a game can reach it, to that very position; the others,
    such as X's two diagonals on 4x4 that share no cell, are refused."""
    candidates = with_two_lines_or_more(size)
    accepted = refused = 0
    for cells in sorted(candidates):
        board = parse_or_refuse(cells)
        assert (board is not None) == reached_backwards(cells), cells
        if board is None:
            refused += 1
        else:
            assert cells_of(board) == cells and len(board.winning_lines) >= 2
            accepted += 1
    assert accepted and refused  # both kinds were asked about


def test_a_random_sample_of_4x4_positions_parses_exactly_when_reachable() -> None:
    """20,000 random 4x4 positions, at every number of marks, most with the
    counts a game allows and some without: Board.parse accepts exactly those a
    game can reach."""
    rng = random.Random(29)
    accepted = 0
    for _ in range(20_000):
        cells = ["."] * 16
        for turn, cell in enumerate(rng.sample(range(16), rng.randint(0, 16))):
            cells[cell] = "XO"[turn % 2]
        if rng.random() < 0.1:  # a count a game does not allow, now and then
            cells[rng.randrange(16)] = rng.choice("XO.")
        text = "".join(cells)
        board = parse_or_refuse(text)
        assert (board is not None) == reached_backwards(text), text
        accepted += board is not None
    assert 0 < accepted < 20_000


def test_play_reaches_only_positions_parse_accepts_on_4x4() -> None:
    """The other half of the promise, on 4x4: every position ``Board.play``
    builds (all those reachable from a few random 4x4 positions with eight
    empty cells, by ``reachable_positions``) parses back to itself, and a game
    can reach it by the backward check."""
    rng = random.Random(4)
    checked = 0
    for _ in range(3):
        board = Board.empty(4)
        while board.ply < 8:
            board = board.play(rng.choice(board.legal_moves))
            if board.is_over:
                board = Board.empty(4)
        for position in reachable_positions(board):
            text = str(position)
            assert Board.parse(text) == position and reached_backwards(text.replace("/", ""))
            checked += 1
    assert checked > 1000
