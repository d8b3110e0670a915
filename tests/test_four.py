"""4x4, four in a row: the search's answers checked against a second solver.

The engine solves 4x4 by alpha-beta search with a transposition table, the
symmetries and exact shortcuts (pyengine/alphabeta.py). The reference here is
deliberately simple and shares none of that: plain memoised negamax over every
move, no pruning, no shortcuts, no symmetry, its lines written out by hand.
Where both agree on the value and the length of every move of hundreds of
positions, at every depth, the shortcuts and the window arithmetic are right.

The reference solves a position by visiting everything after it, so from the
first plies (millions of positions) it takes minutes: those depths run only
with ``-m slow``.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from functools import cache

import game_view as view
import pytest

from pyengine import (
    Board,
    Game,
    IllegalMoveError,
    InvalidPositionError,
    InvalidSizeError,
    Level,
    Player,
    Result,
    Value,
    analyze,
    bot,
    clear_caches,
    compute_facts,
    reachable_positions,
)
from pyengine.bots import play_game
from pyengine.census import census, every_position
from pyengine.solver import analyze_move, summarize

FULL = (1 << 16) - 1
# The ten lines of four, by hand: rows, columns, the two diagonals.
LINES = [
    [0, 1, 2, 3],
    [4, 5, 6, 7],
    [8, 9, 10, 11],
    [12, 13, 14, 15],
    [0, 4, 8, 12],
    [1, 5, 9, 13],
    [2, 6, 10, 14],
    [3, 7, 11, 15],
    [0, 5, 10, 15],
    [3, 6, 9, 12],
]
LINE_MASKS = [sum(1 << c for c in line) for line in LINES]
SLOW_BELOW = 6  # marks: positions with fewer need the reference for minutes


def has_four(mask: int) -> bool:
    return any(mask & line == line for line in LINE_MASKS)


def fold(reply: int) -> int:
    """A child's score seen one ply further up: a win in n there is a loss in n + 1 here."""
    return -(reply - 1) if reply > 0 else -(reply + 1) if reply < 0 else 0


@cache
def reference_score(me: int, them: int) -> int:
    """The score for the side to move (holding ``me``) of a live position:
    17 - n for a win in n plies, n - 17 for a loss in n, 0 for a draw."""
    return max(reference_move(me, them, cell) for cell in range(16) if not (me | them) >> cell & 1)


def reference_move(me: int, them: int, cell: int) -> int:
    mine = me | 1 << cell
    if has_four(mine):
        return 16
    if mine | them == FULL:
        return 0
    return fold(reference_score(them, mine))


def as_value(score: int, empties: int) -> tuple[Value, int]:
    if score > 0:
        return Value.WIN, 17 - score
    if score < 0:
        return Value.LOSS, 17 + score
    return Value.DRAW, empties


def random_positions(count_per_depth: int, depths: range, seed: int) -> list[Board]:
    """Live 4x4 positions reached by random games, ``count_per_depth`` of each
    depth (or all there are: the empty board is the only one of depth 0)."""
    rng = random.Random(seed)
    found: list[Board] = []
    for depth in depths:
        seen: set[Board] = set()
        for _ in range(50 * count_per_depth):
            if len(seen) == count_per_depth:
                break
            board = Board.empty(4)
            while board.ply < depth and not board.is_over:
                board = board.play(rng.choice(board.legal_moves))
            if board.ply == depth and not board.is_over:
                seen.add(board)
        found.extend(sorted(seen, key=str))
    return found


# Positions a search can get wrong: threats to block, double threats, wins
# that are slower than others, and a position where nobody can win any more.
TACTICAL = [
    "XXX./OOO./..../....",  # X wins now at 3; O would win at 7 next
    "XXX./OO../O.../....",  # X wins now
    "X.../XO../X.O./...O",  # O threatens nothing yet; X has a column of three to finish
    "XX../.OO./..X./..O.",  # quiet middle game
    "X..O/.XO./.OX./....",  # O must block the diagonal at 15
    "XOXO/OXOX/XOXO/....",  # nobody can win: a draw, four plies to the end
    ".X../XO../.O../....",  # O has two in the second column
    "OX../XXO./.O../....",
]


def check_against_reference(board: Board) -> None:
    me, them = board.turn_masks
    empties = 16 - board.ply
    analysis = analyze(board)
    expected = {cell: as_value(reference_move(me, them, cell), empties) for cell in board.legal_moves}
    assert {m.cell: (m.value, m.plies) for m in analysis.moves} == expected, str(board)
    top = max(reference_move(me, them, cell) for cell in board.legal_moves)
    assert (analysis.value, analysis.plies) == as_value(top, empties)
    assert analysis.best == tuple(c for c in board.legal_moves if reference_move(me, them, c) == top)


class TestAgainstTheReference:
    @pytest.mark.parametrize("position", TACTICAL)
    def test_tactical_positions(self, position: str) -> None:
        check_against_reference(Board.parse(position))

    def test_hundreds_of_random_positions_at_every_depth_from_six_marks(self) -> None:
        """30 positions of each depth from 6 to 15 marks: every move's value and length."""
        positions = random_positions(30, range(SLOW_BELOW, 16), seed=4)
        assert len(positions) == 30 * (16 - SLOW_BELOW)
        for board in positions:
            check_against_reference(board)

    def test_the_first_plies_share_one_table_safely(self) -> None:
        """Positions of 1 to 5 marks analysed in a row with one transposition
        table: an entry keyed by a symmetric image once handed the search that
        image's best move, an occupied cell here, and the search went round in
        circles (the slow test below found it). Each analysis stays within the
        legal moves and agrees with a second, fresh table."""
        clear_caches()
        boards = random_positions(5, range(1, SLOW_BELOW), seed=4)
        shared = [analyze(board) for board in boards]
        for board, analysis in zip(boards, shared, strict=True):
            clear_caches()
            assert analyze(board) == analysis, str(board)

    @pytest.mark.slow
    def test_the_first_plies(self) -> None:
        """The empty board, and 5 positions of each depth from 1 to 5 marks."""
        for board in [Board.empty(4), *random_positions(5, range(1, SLOW_BELOW), seed=4)]:
            check_against_reference(board)


class TestPerfectPlay:
    def test_the_empty_board_is_a_draw_to_the_last_cell(self) -> None:
        analysis = analyze(Board.empty(4))
        assert (analysis.value, analysis.plies) == (Value.DRAW, 16)
        assert analysis.best == tuple(range(16))

    def test_the_bot_plays_only_best_moves_and_any_of_them(self) -> None:
        """The bot searches less than ``analyze`` (the position's score, then a
        test of one move at a time): its moves are always among the best, and
        over many tries it plays each of them."""
        for board in random_positions(3, range(2, 14), seed=11):
            best = set(analyze(board).best)
            perfect = bot(Level.PERFECT, seed=5)
            chosen = {perfect.choose(board) for _ in range(12 * len(best))}
            assert chosen <= best, str(board)
            assert len(best) == 1 or len(chosen) > 1, str(board)

    @pytest.mark.parametrize("level", [Level.RANDOM, Level.MEDIUM])
    def test_the_perfect_bot_never_ends_below_the_value(self, level: Level) -> None:
        """From random positions, the perfect bot plays the side to move against
        a random or medium bot, and the game ends no worse than the position's value."""
        rng = random.Random(level.value)
        values = set()
        for board in random_positions(4, range(0, 14), seed=9):
            side = board.to_move
            value = analyze(board).value
            values.add(value)
            perfect, other = bot(Level.PERFECT, seed=rng.getrandbits(32)), bot(level, seed=rng.getrandbits(32))
            end = play_game(perfect, other, board) if side is Player.X else play_game(other, perfect, board)
            if value is Value.WIN:
                assert end.winner is side, str(board)
            elif value is Value.DRAW:
                assert end.winner in (side, None), str(board)
        assert values == {Value.WIN, Value.DRAW, Value.LOSS}  # the sample holds each kind

    def test_a_game_against_the_bot(self) -> None:
        game = Game(human=Player.O, start=Board.empty(4), seed=3)
        while not game.is_over:
            if game.bot_to_move:
                game.play_bot()
            else:
                game.play(analyze(game.board).best[0])
        assert game.result is Result.DRAW
        assert game.undo() and game.board.ply < 16


class TestTheFourByFourBoard:
    def test_notation_round_trips_and_size(self) -> None:
        board = Board.parse("x.../.o../..../...x")
        assert board.size == 4 and str(board) == "X.../.O../..../...X"
        assert Board.parse("X....O.........X") == board
        assert board != Board.parse("X.../.O../..../....")

    def test_sizes_never_compare_equal(self) -> None:
        assert Board.empty(4) != Board.empty() and Board.empty(4).key == Board.empty().key

    @pytest.mark.parametrize(
        "text, words",
        [
            ("XXXX/OOOO/..../....", "both X and O have four in a row"),
            ("XXX/OOO/..", "not three rows of three cells"),
            ("X" * 12, "9 cells (16 on 4x4)"),
        ],
    )
    def test_bad_positions_say_why(self, text: str, words: str) -> None:
        with pytest.raises(InvalidPositionError, match=re.escape(words)):
            Board.parse(text)

    def test_cells_are_numbered_to_fifteen(self) -> None:
        board = Board.empty(4).play(15)
        with pytest.raises(IllegalMoveError, match="numbered 0 to 15"):
            board.play(16)

    def test_symmetry_on_four_by_four(self) -> None:
        board = Board.parse("X.../..../..../...O").play(1)
        images = {board.transform(s) for s in board.geometry.symmetries}
        assert len(images) == 8
        canonical, symmetry = board.canonical()
        assert canonical == min(images, key=lambda b: b.key)
        assert board.transform(symmetry) == canonical
        assert canonical.transform(symmetry.inverse) == board

    def test_unknown_sizes_are_refused(self) -> None:
        with pytest.raises(InvalidSizeError, match="3x3 or 4x4") as raised:
            Board.empty(5)
        assert raised.value.given == 5 and raised.value.sizes == (3, 4)


class TestMovesOneAtATime:
    def test_summaries_equal_analyze_on_every_3x3_position(self) -> None:
        """Solving the moves one at a time and summarising them is ``analyze``."""
        for board in reachable_positions():
            moves = [analyze_move(board, cell) for cell in reversed(board.legal_moves)]
            assert summarize(board, moves) == analyze(board), str(board)

    def test_summaries_equal_analyze_on_4x4(self) -> None:
        for board in random_positions(3, range(0, 15), seed=21):
            moves = [analyze_move(board, cell) for cell in board.legal_moves]
            assert summarize(board, moves) == analyze(board), str(board)

    def test_a_summary_needs_every_move_once(self) -> None:
        board = Board.parse("X.../.O../..../....")
        moves = [analyze_move(board, cell) for cell in board.legal_moves]
        with pytest.raises(IllegalMoveError, match="every legal move"):
            summarize(board, moves[1:])
        with pytest.raises(IllegalMoveError, match="not a legal move"):
            analyze_move(board, 0)


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyengine", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


class TestTheCommandLine:
    def test_analyze_and_move_read_the_size_from_the_notation(self) -> None:
        done = run_cli("analyze", "--json", "XX../O.XO/O..O/.X..")
        out = json.loads(done.stdout)
        analysis = analyze(Board.parse("XX../O.XO/O..O/.X.."))
        assert done.returncode == 0 and out["best"] == list(analysis.best) and out["plies"] == analysis.plies
        done = run_cli("move", "XXX./OOO./..../....")
        assert done.returncode == 0 and done.stdout.strip() == "3"

    def test_a_4x4_game_in_the_terminal(self) -> None:
        """Two players type cells 1-16; 17 is refused; X's top row wins."""
        keys = ["17", "1", "5", "2", "6", "3", "7", "4"]
        done = run_cli("play", "--mode", "two", "--size", "4", stdin="\n".join(keys) + "\n")
        assert done.returncode == 0, done.stderr
        assert "'17' is not a move: type a cell number from 1 to 16." in done.stdout
        assert "numbered 1 to 16" in done.stdout and "X wins!" in done.stdout

    def test_a_4x4_match(self) -> None:
        done = run_cli("match", "--x", "perfect", "--o", "random", "--games", "6", "--size", "4", "--json")
        tally = json.loads(done.stdout)
        assert done.returncode == 0 and tally["games"] == 6 and tally["o_wins"] == 0

    @pytest.mark.parametrize("size", ["5", "4x5", "big", ""])
    def test_a_bad_size_is_one_line_and_exit_2(self, size: str) -> None:
        done = run_cli("match", "--x", "perfect", "--o", "random", "--size", size)
        assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and "board size" in done.stderr
        assert "Traceback" not in done.stderr


class TestThePagesSettings:
    """site/py/game_view.py reads and writes the size in the address."""

    def test_the_size_alone_starts_an_empty_4x4_board(self) -> None:
        settings, problems = view.settings_from_params({"size": "4"})
        assert problems == [] and settings.start == Board.empty(4) and settings.size == 4

    def test_a_position_brings_its_own_size(self) -> None:
        settings, problems = view.settings_from_params({"size": "3", "pos": "X.../..../..../...."})
        assert problems == [] and settings.size == 4 and settings.start.size == 4

    def test_a_bad_size_is_named_and_the_board_is_3x3(self) -> None:
        settings, problems = view.settings_from_params({"size": "<i>9</i>"})
        assert settings.start == Board.empty() and len(problems) == 1 and "<i>9</i>" in problems[0]

    def test_the_query_round_trips_on_4x4(self) -> None:
        board = Board.parse("X.../.O../..../....")
        written = view.Settings(start=Board.empty(4)).query(board)
        assert written == "?mode=bot&level=perfect&as=X&size=4&pos=X.../.O../..../...."
        settings, problems = view.settings_from_params(dict(p.split("=", 1) for p in written[1:].split("&")))
        assert problems == [] and settings.start == board
        assert view.Settings(start=Board.empty(4)).query(Board.empty(4)).endswith("&size=4")


def test_the_census_counts_3x3_as_the_engine_does() -> None:
    """The census by symmetry classes (pyengine/census.py), run on 3x3, gives
    the figures compute_facts() gets by walking every position."""
    counted, facts = census(3), compute_facts()
    assert (counted.positions, counted.classes, counted.games, counted.tree_nodes) == (
        facts.positions,
        facts.positions_up_to_symmetry,
        facts.games,
        facts.tree_nodes,
    )


@pytest.mark.slow
def test_the_4x4_census_agrees_with_a_walk_of_every_position() -> None:
    """The census of 4x4 counts as many positions as a walk of every position
    (about two minutes together), and its per-depth figures add up."""
    counted = census(4)
    assert counted.positions == every_position(4) == sum(count for count, _, _ in counted.per_depth)
    assert counted.classes == sum(reps for _, reps, _ in counted.per_depth) and counted.positions / 8 < counted.classes
    assert counted.tree_nodes == sum(nodes for _, _, nodes in counted.per_depth) > counted.games > counted.positions


class TestTheSearchesOn4x4Endgames:
    """pyengine/teaching/search.py's textbook searches run on 4x4 as on 3x3 (the
    explorer's engine); from the first plies plain minimax would take years."""

    def test_every_algorithm_finds_the_value_and_alpha_beta_visits_fewer(self) -> None:
        from pyengine.teaching.search import Algorithm, Order, RunResult, events, run_to_end, tally

        sign = {Value.WIN: 1, Value.DRAW: 0, Value.LOSS: -1}
        for board in random_positions(3, range(9, 15), seed=31):
            expected = sign[analyze(board).value]  # type: ignore[index]
            found: dict[str, RunResult] = {}
            for algorithm in Algorithm:
                for order in Order if algorithm is Algorithm.ALPHABETA else (Order.CELLS,):
                    result = run_to_end(algorithm, board, order)
                    assert result.value == expected, (str(board), algorithm, order)
                    assert result.best is not None and sign[analyze(board).move(result.best).value] == expected
                    found[f"{algorithm.value}/{order.value}"] = result
                    if board.ply >= 11:  # the event stream counts what the fast twin counts
                        assert tally(events(algorithm, board, order)) == result.counts
            minimax = found["minimax/cells"].counts.nodes
            assert all(found[f"alphabeta/{o.value}"].counts.nodes <= minimax for o in Order)
            assert found["memo/cells"].counts.hits > 0 or board.ply >= 13
