"""The Board value: its notation, rules of movement, results, value semantics and symmetry."""

from __future__ import annotations

import copy
import itertools
import pickle
import random

import pytest

from pyengine import CELLS, LINES, SYMMETRIES, Board, IllegalMoveError, InvalidPositionError, Player, Result, geometry
from pyengine.geometry import images
from tests import reference as ref

ALL = list(ref.reachable())
"""Every reachable position in the test's own notation, as 9 characters."""


def board_of(cells: str) -> Board:
    """The engine's board for a reference position, built by playing its move sequence."""
    board = Board.empty()
    for cell in ref.reachable()[cells]:
        board = board.play(cell)
    return board


def perm_of(symmetry: object) -> tuple[int, ...]:
    """A symmetry as the tuple of where each cell goes."""
    return tuple(symmetry.map_cell(c) for c in CELLS)  # type: ignore[attr-defined]


class TestNotation:
    @pytest.mark.parametrize(
        "text",
        [
            "X.O.X...O",
            "x.o.x...o",
            "X.O/.X./..O",
            "x-o/-x-/--o",
            "X_O_X___O",
            "x_O/-X./.-o",
        ],
    )
    def test_spellings_of_one_position(self, text: str) -> None:
        """Case, the three empty marks and the optional slashes all spell the same board."""
        board = Board.parse(text)
        assert board[0] is Player.X and board[4] is Player.X
        assert board[2] is Player.O and board[8] is Player.O
        assert [board[c] for c in (1, 3, 5, 6, 7)] == [None] * 5
        assert str(board) == "X.O/.X./..O"

    @pytest.mark.parametrize(
        "text",
        [
            "X.O/.X...O",  # two rows
            "X.O/.X./../O",  # four rows
            "X.O/.X/...O",  # three rows, not of three
            "X.O/.X./..O/",  # trailing slash
            "/X.O/.X./..O",  # leading slash
            "X.O//.X...O",  # empty row
            "XO./.X..O/...",  # 4 + 4 + 3
        ],
    )
    def test_slashes_need_exactly_three_rows_of_three(self, text: str) -> None:
        """With slashes, the text must be three rows of three cells."""
        with pytest.raises(InvalidPositionError, match="rows"):
            Board.parse(text)

    def test_str_and_repr_round_trip_every_position(self) -> None:
        """str() writes the slashed notation, which parses back to an equal board; repr() evals back."""
        for cells in ALL:
            board = board_of(cells)
            assert str(board) == ref.slashed(cells)
            assert Board.parse(str(board)) == board
            assert eval(repr(board), {"Board": Board}) == board

    def test_cells_and_indexing(self) -> None:
        """board[c], cells and iteration agree with the notation, cell by cell."""
        for cells in ALL:
            board = board_of(cells)
            expected = tuple({"X": Player.X, "O": Player.O, ".": None}[ch] for ch in cells)
            assert board.marks == expected == tuple(board)
            assert tuple(board[c] for c in CELLS) == expected
            assert board.ply == 9 - cells.count(".")

    @pytest.mark.parametrize("bad", [-1, 9, "3", 1.0, True, None])
    def test_indexing_off_the_board(self, bad: object) -> None:
        """Reading a cell that is not 0-8 is an IllegalMoveError naming the cells."""
        with pytest.raises(IllegalMoveError, match="0 to 8"):
            Board.empty()[bad]  # type: ignore[index]

    def test_pretty(self) -> None:
        """pretty() draws the grid; numbered, it shows the free cells as 1-9."""
        board = Board.parse("X.O/.X./...")
        assert board.pretty() == " X | . | O\n---+---+---\n . | X | .\n---+---+---\n . | . | ."
        assert board.pretty(numbered=True).splitlines()[::2] == [" X | 2 | O", " 4 | X | 6", " 7 | 8 | 9"]


class TestValueSemantics:
    def test_board_cannot_be_constructed_directly(self) -> None:
        """Board() is refused: boards come from empty(), parse() or play()."""
        with pytest.raises(TypeError):
            Board()

    @pytest.mark.parametrize("name", ["_x", "_o", "_result", "x_mask", "anything"])
    def test_board_is_immutable(self, name: str) -> None:
        """No attribute can be set or deleted, not even the private ones."""
        board = Board.parse("X.O/.X./...")
        with pytest.raises(AttributeError):
            setattr(board, name, 0)
        with pytest.raises(AttributeError):
            delattr(board, name)
        assert str(board) == "X.O/.X./..."

    def test_equality_and_hash_follow_the_position(self) -> None:
        """Equal positions are equal and hash alike however they were made; different ones differ."""
        boards = [board_of(cells) for cells in ALL]
        assert len(set(boards)) == len(ALL)
        for cells, board in zip(ALL, boards, strict=True):
            again = Board.parse(cells.lower().replace(".", "-"))
            assert again == board and hash(again) == hash(board)
        assert Board.empty() != Board.parse("X........")
        assert Board.empty() != "........."
        assert Board.empty() == Board.parse(".........")

    def test_positions_are_shared(self) -> None:
        """Each position exists once: however a board is reached, it is the same object, and
        its key is unique."""
        keys = set()
        for cells in ALL:
            board = board_of(cells)
            assert Board.parse(cells) is board
            assert board.key == board.x_mask | board.o_mask << 9 and hash(board) == board.key
            keys.add(board.key)
        assert len(keys) == len(ALL)

    def test_copy_and_pickle_keep_the_position(self) -> None:
        """Copies and pickles of a board are that very board."""
        board = Board.parse("X.O/.X./...")
        assert copy.copy(board) is board and copy.deepcopy(board) is board
        assert pickle.loads(pickle.dumps(board)) is board

    def test_boards_can_be_dictionary_keys(self) -> None:
        """A board built by moves finds the entry stored under the parsed one."""
        table = {Board.parse("XO./.X./..."): "here"}
        assert table[Board.empty().play(0).play(1).play(4)] == "here"


class TestMoves:
    def test_legal_moves_and_to_move(self) -> None:
        """In every reachable position: the empty cells in order, X to move on equal counts
        and O otherwise; neither moves nor a side to move once the game is over."""
        for cells in ALL:
            board = board_of(cells)
            if ref.is_over(cells):
                assert board.legal_moves == ()
                assert board.to_move is None
            else:
                assert board.legal_moves == tuple(ref.empties(cells))
                assert board.to_move is Player(ref.mover(cells))

    def test_play_returns_a_new_board_and_leaves_the_old_one(self) -> None:
        """play() marks the cell for the side to move in a new board; the old one is unchanged."""
        for cells in ALL:
            board = board_of(cells)
            for cell in board.legal_moves:
                child = board.play(cell)
                assert str(board) == ref.slashed(cells)
                assert str(child) == ref.slashed(ref.play(cells, cell))
                assert child[cell] is Player(ref.mover(cells))

    def test_occupied_cell(self) -> None:
        """Playing a taken cell is an IllegalMoveError saying it is taken."""
        board = Board.parse("X.O/.X./...")
        for cell in (0, 2, 4):
            with pytest.raises(IllegalMoveError, match="taken"):
                board.play(cell)
        assert str(board) == "X.O/.X./..."

    @pytest.mark.parametrize("bad", [-1, 9, 100, "3", 1.0, True, False, None])
    def test_cell_off_the_board(self, bad: object) -> None:
        """Anything but an int 0-8 (bools and numeric strings included) is not a cell."""
        with pytest.raises(IllegalMoveError, match="not a cell"):
            Board.empty().play(bad)  # type: ignore[arg-type]

    def test_no_move_after_the_end(self) -> None:
        """In every finished position, every cell is refused because the game is over."""
        finished = [cells for cells in ALL if ref.is_over(cells)]
        assert len(finished) == 958
        for cells in finished:
            board = board_of(cells)
            for cell in CELLS:
                with pytest.raises(IllegalMoveError, match="over"):
                    board.play(cell)

    def test_errors_are_value_errors(self) -> None:
        """IllegalMoveError is a ValueError, so callers can catch either."""
        with pytest.raises(ValueError):
            Board.empty().play(9)


class TestResult:
    def test_result_winner_and_lines_of_every_position(self) -> None:
        """result, winner, is_over and winning_lines agree with the test's own rules everywhere."""
        for cells in ALL:
            board = board_of(cells)
            mark = ref.winner(cells)
            if mark == "X":
                expected = Result.X_WON
            elif mark == "O":
                expected = Result.O_WON
            elif "." not in cells:
                expected = Result.DRAW
            else:
                expected = Result.ONGOING
            assert board.result is expected
            assert board.winner is (Player(mark) if mark else None)
            assert board.is_over is ref.is_over(cells) is expected.is_over
            lines = ref.lines_of(cells, "X") + ref.lines_of(cells, "O")
            assert sorted(board.winning_lines) == sorted(lines)

    def test_x_can_complete_two_lines_with_its_last_mark(self) -> None:
        """A last X on the crossing of two lines completes both, and both are reported."""
        board = Board.empty()
        for cell in (4, 3, 8, 5, 2, 6, 1, 7):
            board = board.play(cell)
            assert not board.is_over
        board = board.play(0)
        assert str(board) == "XXX/OXO/OOX"
        assert board.result is Result.X_WON
        assert set(board.winning_lines) == {(0, 1, 2), (0, 4, 8)}

    def test_every_double_line_is_a_full_board_won_by_x(self) -> None:
        """Two completed lines happen, and only as X's fifth mark on a full board."""
        doubles = [cells for cells in ALL if len(ref.lines_of(cells, "X") + ref.lines_of(cells, "O")) > 1]
        assert doubles
        for cells in doubles:
            board = board_of(cells)
            assert len(board.winning_lines) == 2
            assert board.result is Result.X_WON and board.ply == 9

    def test_a_win_on_the_last_cell_is_a_win_not_a_draw(self) -> None:
        """A full board with three in a row is won, not drawn."""
        board = Board.parse("XOX/OXO/OXX")
        assert board.result is Result.X_WON and board.legal_moves == ()


class TestSymmetry:
    def test_eight_distinct_permutations_identity_first(self) -> None:
        """SYMMETRIES is the dihedral group of the square: the 8 the test generates itself."""
        perms = [perm_of(s) for s in SYMMETRIES]
        assert len(perms) == 8 == len(set(perms))
        assert perms[0] == tuple(CELLS)
        assert set(perms) == ref.symmetries()
        for perm in perms:
            assert sorted(perm) == list(CELLS)

    def test_symmetries_carry_lines_to_lines(self) -> None:
        """Each symmetry maps the 8 lines onto the 8 lines."""
        lines = {frozenset(line) for line in LINES}
        assert lines == {frozenset(line) for line in ref.LINES}
        for s in SYMMETRIES:
            assert {frozenset(s.map_cell(c) for c in line) for line in lines} == lines

    def test_closed_under_composition(self) -> None:
        """Doing one symmetry after another is again one of the 8."""
        perms = {perm_of(s) for s in SYMMETRIES}
        for a, b in itertools.product(SYMMETRIES, repeat=2):
            assert tuple(b.map_cell(a.map_cell(c)) for c in CELLS) in perms

    def test_inverse(self) -> None:
        """Each symmetry's inverse is among the 8 and undoes it, both ways round."""
        for s in SYMMETRIES:
            assert s.inverse in SYMMETRIES
            for c in CELLS:
                assert s.inverse.map_cell(s.map_cell(c)) == c
                assert s.map_cell(s.inverse.map_cell(c)) == c

    def test_transform_moves_the_marks_and_keeps_the_result(self) -> None:
        """transform() carries each mark to its image and keeps the result and the counts."""
        for cells in ALL:
            board = board_of(cells)
            for s in SYMMETRIES:
                image = board.transform(s)
                assert str(image) == ref.slashed(ref.apply(perm_of(s), cells))
                assert image.result is board.result
                assert image.ply == board.ply and image.to_move is board.to_move
                assert sum(m is Player.X for m in image) == cells.count("X")

    def test_canonical_is_shared_by_all_images(self) -> None:
        """All 8 images of a board have one canonical board, reached by the symmetry returned."""
        for cells in ALL:
            board = board_of(cells)
            canon, via = board.canonical()
            assert board.transform(via) == canon
            assert canon.transform(via.inverse) == board
            for s in SYMMETRIES:
                assert board.transform(s).canonical()[0] == canon

    def test_canonical_separates_classes(self) -> None:
        """Boards share a canonical board exactly when the test's own symmetry classes say so."""
        by_canonical: dict[Board, set[str]] = {}
        for cells in ALL:
            by_canonical.setdefault(board_of(cells).canonical()[0], set()).add(ref.symmetry_class(cells))
        assert all(len(classes) == 1 for classes in by_canonical.values())
        assert len(by_canonical) == len({ref.symmetry_class(cells) for cells in ALL})

    def test_canonical_is_the_smallest_image_by_the_first_symmetry(self) -> None:
        """The representative is the image with the smallest key, and the
        symmetry returned the first of the 8 that gives it (learners' boxes
        and the census count on that choice)."""
        for cells in ALL:
            board = board_of(cells)
            image_keys = [board.transform(s).key for s in SYMMETRIES]
            canon, via = board.canonical()
            assert canon.key == min(image_keys) and via is SYMMETRIES[image_keys.index(min(image_keys))]

    @pytest.mark.parametrize("size", [3, 4])
    def test_the_symmetry_tables_agree_with_the_permutations(self, size: int) -> None:
        """geometry.images, the one table every fast use of a symmetry reads,
        carries masks exactly as each symmetry's permutation does, cell by cell."""
        shape = geometry(size)
        rng = random.Random(size)
        for _ in range(2000):
            x, o = rng.getrandbits(shape.cells), rng.getrandbits(shape.cells)
            expected = [
                sum(1 << s.perm[c] for c in range(shape.cells) if x >> c & 1)
                | sum(1 << s.perm[c] for c in range(shape.cells) if o >> c & 1) << shape.cells
                for s in shape.symmetries
            ]
            assert images(shape)(x, o) == expected


def test_masks_must_be_ints() -> None:
    """from_masks refuses bools and floats with the typed error, not a TypeError."""
    import pytest

    from pyengine import Board, InvalidPositionError

    for x, o in ((True, False), (1.0, 0), ("1", 0)):
        with pytest.raises(InvalidPositionError, match="ints"):
            Board.from_masks(x, o)  # type: ignore[arg-type]
