"""Which text is a position: Board.parse accepts exactly the positions of legal games."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine import Board, EngineError, InvalidPositionError
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
