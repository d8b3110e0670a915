"""One family of errors: every mistake in the input is an EngineError (a
ValueError) of the kind that names it, with its details as attributes; the
obvious call, a choice by its name, works."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pyengine import (
    Board,
    EngineError,
    Game,
    IllegalMoveError,
    InvalidPositionError,
    InvalidSizeError,
    Level,
    Mode,
    Player,
    UnknownChoiceError,
    analyze,
    analyze_move,
    bot,
    geometry,
    parse_size,
    play_match,
    summarize,
)
from pyengine.editions.nojs import nojs_edition
from pyengine.errors import GAME_OVER, INCOMPLETE, NOT_YOUR_TURN, OFF_BOARD, TAKEN
from pyengine.policy import against_fixed_bot, fixed_move
from pyengine.teaching.search import Algorithm, Order

FAMILY = (UnknownChoiceError, InvalidSizeError, InvalidPositionError, IllegalMoveError)


def test_the_family() -> None:
    """Each kind is an EngineError, so a ValueError, and none is another kind."""
    for kind in FAMILY:
        assert issubclass(kind, EngineError) and issubclass(kind, ValueError)
        assert [other for other in FAMILY if issubclass(kind, other)] == [kind]


class TestChoices:
    @pytest.mark.parametrize(
        ("kind", "name"),
        [(Level, "level"), (Mode, "mode"), (Player, "side"), (Algorithm, "algorithm"), (Order, "move order")],
    )
    def test_an_unknown_name_says_which_exist(self, kind: type[Level], name: str) -> None:
        with pytest.raises(UnknownChoiceError) as raised:
            kind.parse("grandmaster")
        error = raised.value
        assert (error.noun, error.given) == (name, "grandmaster")
        assert error.choices == tuple(member.value for member in kind)
        assert all(choice in str(error) for choice in error.choices)

    def test_the_bot_by_its_levels_name(self) -> None:
        """``bot("perfect")`` is ``bot(Level.PERFECT)``: the same moves from the same seed."""
        board = Board.parse("X.O/.X./...")
        for level in Level:
            by_name, by_member = bot(f" {level.value.upper()} ", seed=4), bot(level, seed=4)
            assert by_name.level is level
            assert [by_name.choose(board) for _ in range(20)] == [by_member.choose(board) for _ in range(20)]

    def test_a_level_that_does_not_exist(self) -> None:
        with pytest.raises(UnknownChoiceError, match="random, easy, medium, perfect") as raised:
            bot("grandmaster")
        assert raised.value.noun == "level"

    def test_a_game_by_names(self) -> None:
        game = Game("two", human="o", level="easy")
        assert (game.mode, game.human, game.level) == (Mode.TWO_PLAYERS, Player.O, Level.EASY)
        game.restart(mode="watch", level="random", human="X")
        assert (game.mode, game.human, game.level) == (Mode.WATCH, Player.X, Level.RANDOM)
        with pytest.raises(UnknownChoiceError):
            Game(human="Z")

    def test_the_exports_by_the_sides_name(self) -> None:
        assert against_fixed_bot("o", [4]) == against_fixed_bot(Player.O, [4])
        assert nojs_edition("O").css == nojs_edition(Player.O).css


class TestSizes:
    @pytest.mark.parametrize("size", [2, 5, "4", 3.0, True])
    def test_a_size_the_engine_does_not_play(self, size: object) -> None:
        for make in (geometry, Board.empty):
            with pytest.raises(InvalidSizeError) as raised:
                make(size)  # type: ignore[operator]
            assert raised.value.given == size and raised.value.sizes == (3, 4)

    def test_sizes_read_from_text(self) -> None:
        with pytest.raises(InvalidSizeError, match="3 \\(3x3\\) or 4 \\(4x4\\)") as raised:
            parse_size("5x5")
        assert raised.value.given == "5x5"


class TestPositions:
    def test_every_problem_is_listed(self) -> None:
        """Masks with two problems at once: both are named, each in words."""
        with pytest.raises(InvalidPositionError) as raised:
            Board.from_masks(0b111_000_111, 0b000_111_000)
        assert len(raised.value.problems) == 2
        assert str(raised.value) == "; ".join(raised.value.problems)

    @pytest.mark.parametrize("text", ["XX", "X.O/.X./..Z", "XXX/OOO/...", 17])
    def test_text_that_is_no_position(self, text: object) -> None:
        with pytest.raises(InvalidPositionError) as raised:
            Board.parse(text)  # type: ignore[arg-type]
        assert raised.value.problems


class TestMoves:
    """Each way a move can break the rules has its own ``reason``."""

    def test_off_the_board_and_taken(self) -> None:
        board = Board.parse("X.O/.X./...")
        for cell, reason in ((9, OFF_BOARD), (-1, OFF_BOARD), ("4", OFF_BOARD), (0, TAKEN)):
            for attempt in (board.play, analyze(board).move, lambda c: analyze_move(board, c)):
                with pytest.raises(IllegalMoveError) as raised:
                    attempt(cell)
                assert (raised.value.cell, raised.value.reason) == (cell, reason)

    def test_after_the_end(self) -> None:
        board = Board.parse("XXX/OO./...")
        with pytest.raises(IllegalMoveError) as raised:
            board.play(5)
        assert (raised.value.cell, raised.value.reason) == (5, GAME_OVER)
        for level in Level:
            with pytest.raises(IllegalMoveError) as raised:
                bot(level).choose(board)
            assert (raised.value.cell, raised.value.reason) == (None, GAME_OVER)
        with pytest.raises(IllegalMoveError) as raised:
            fixed_move(board)
        assert raised.value.reason == GAME_OVER

    def test_out_of_turn(self) -> None:
        game = Game(human=Player.O, seed=1)
        with pytest.raises(IllegalMoveError) as raised:
            game.play(4)
        assert raised.value.reason == NOT_YOUR_TURN
        game.play_bot()
        with pytest.raises(IllegalMoveError) as raised:
            game.play_bot()
        assert raised.value.reason == NOT_YOUR_TURN

    def test_a_summary_of_some_moves(self) -> None:
        board = Board.parse("X.O/.X./...")
        moves = [analyze_move(board, cell) for cell in board.legal_moves]
        with pytest.raises(IllegalMoveError) as raised:
            summarize(board, moves[1:])
        assert raised.value.reason == INCOMPLETE


def test_a_negative_number_of_games() -> None:
    with pytest.raises(EngineError, match="-1"):
        play_match(bot("random"), bot("random"), -1)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["move", ".........", "--level", "grandmaster"], ["grandmaster", "perfect"]),  # unknown choice
        (["match", "--x", "perfect", "--o", "random", "--size", "5"], ["3 (3x3) or 4 (4x4)"]),  # bad size
        (["move", "XXX/OOO/..."], ["both X and O"]),  # impossible position
        (["move", "XXX/OO./..."], ["game is over"]),  # no move to make
    ],
)
def test_the_command_line_says_each_in_one_line(args: list[str], words: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "pyengine", *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert all(word in lines[0] for word in words), lines[0]


def test_the_terminal_game_says_why_a_move_is_refused() -> None:
    """An illegal move in `play` (the terminal game) is one line that says why, and the game goes on."""
    done = subprocess.run(
        [sys.executable, "-m", "pyengine", "play", "--mode", "two"],
        input="5\n5\nq\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and "Cell 5 cannot be played: it is already taken." in done.stdout
