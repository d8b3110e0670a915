"""The bots: making them, their legality and repeatability, each level's promise, and matches."""

from __future__ import annotations

import random
from functools import cache

import pytest

from pyengine import (
    Board,
    Bot,
    IllegalMoveError,
    Level,
    MatchResult,
    Player,
    Result,
    best_moves,
    bot,
    play_game,
    play_match,
    reachable_positions,
)
from tests import reference as ref
from tests.support import cells_of

BOARDS = reachable_positions()
LIVE = [board for board in BOARDS if not board.is_over]
FINISHED = [board for board in BOARDS if board.is_over]
LEVELS = list(Level)
SEEDS = range(5)
PERFECT = bot(Level.PERFECT, seed=2024)


class TestMaking:
    @pytest.mark.parametrize("level", LEVELS)
    def test_each_level_makes_a_bot_of_that_level(self, level: Level) -> None:
        """bot() takes a Level, and the bot says its level."""
        assert bot(level, seed=1).level is level


class TestLegality:
    @pytest.mark.parametrize("level", LEVELS)
    def test_every_choice_is_a_legal_cell(self, level: Level) -> None:
        """In every live position, every level picks one of the empty cells."""
        for seed in SEEDS:
            chooser = bot(level, seed=seed)
            for board in LIVE:
                cell = chooser.choose(board)
                assert type(cell) is int and cell in board.legal_moves, (board, cell)

    @pytest.mark.parametrize("level", LEVELS)
    def test_no_choice_on_a_finished_board(self, level: Level) -> None:
        """Asked to move in a finished game, every level raises IllegalMoveError."""
        chooser = bot(level, seed=0)
        for board in FINISHED:
            with pytest.raises(IllegalMoveError, match="over"):
                chooser.choose(board)


class TestRandomness:
    @pytest.mark.parametrize("level", LEVELS)
    def test_same_seed_same_choices(self, level: Level) -> None:
        """Two bots with one seed make the same choice in every live position, in turn."""
        for seed in (0, 1, 12345):
            first, second = bot(level, seed=seed), bot(level, seed=seed)
            assert [first.choose(b) for b in LIVE] == [second.choose(b) for b in LIVE]

    def test_different_seeds_differ_somewhere(self) -> None:
        """The seed matters: two random bots seeded apart disagree somewhere."""
        first, second = bot(Level.RANDOM, seed=1), bot(Level.RANDOM, seed=2)
        assert [first.choose(b) for b in LIVE] != [second.choose(b) for b in LIVE]

    def test_random_bot_uses_every_cell(self) -> None:
        """From the empty board a random bot, asked often, picks each of the 9 cells often."""
        chooser = bot(Level.RANDOM, seed=7)
        counts = [0] * 9
        for _ in range(1800):
            counts[chooser.choose(Board.empty())] += 1
        assert min(counts) > 120  # 200 expected each

    @pytest.mark.parametrize("seed", [None, 3])
    def test_bots_leave_the_global_random_state_alone(self, seed: int | None) -> None:
        """Making bots, choosing moves and playing matches never touch the random module's state."""
        before = random.getstate()
        bots = [bot(level, seed=seed) for level in LEVELS]
        for chooser in bots:
            for board in LIVE[:500]:
                chooser.choose(board)
        play_match(bots[0], bots[3], 20)
        play_game(bots[1], bots[2])
        assert random.getstate() == before


class TestEasyAndMedium:
    @pytest.mark.parametrize("level", [Level.EASY, Level.MEDIUM])
    def test_takes_an_immediate_win(self, level: Level) -> None:
        """In every live position where the mover can complete a line, it does."""
        positions = 0
        for board in LIVE:
            cells = cells_of(board)
            wins = ref.winning_cells(cells, ref.mover(cells))
            if not wins:
                continue
            positions += 1
            for seed in SEEDS:
                assert bot(level, seed=seed).choose(board) in wins, cells
        assert positions > 1000

    def test_medium_blocks_a_single_threat(self) -> None:
        """Where the opponent threatens exactly one cell and the mover cannot win, medium
        plays that cell, in every such position."""
        positions = 0
        for board in LIVE:
            cells = cells_of(board)
            me = ref.mover(cells)
            threats = ref.winning_cells(cells, ref.other(me))
            if len(threats) != 1 or ref.winning_cells(cells, me):
                continue
            positions += 1
            for seed in SEEDS:
                assert {bot(Level.MEDIUM, seed=seed).choose(board)} == threats, cells
        assert positions > 500

    def test_easy_does_not_always_block(self) -> None:
        """Easy is weaker than medium: somewhere it lets a single threat stand."""
        board = Board.parse("XX./O../...")
        choices = {bot(Level.EASY, seed=seed).choose(board) for seed in range(50)}
        assert choices - {2}


@cache
def worst_outcomes(board: Board, side: Player) -> frozenset[tuple[str, int]]:
    """Every (result for ``side``, plies to the end) that can happen from ``board`` when
    the perfect bot plays ``side`` and the adversary tries every legal move.

    On the bot's turn, all of best_moves() is explored (the bot may pick any of them);
    its seeded choice must be one of them.
    """
    if board.is_over:
        if board.winner is None:
            return frozenset({(ref.DRAW, 0)})
        return frozenset({(ref.WIN if board.winner is side else ref.LOSS, 0)})
    if board.to_move is side:
        cells = best_moves(board)
        assert PERFECT.choose(board) in cells
    else:
        cells = board.legal_moves
    return frozenset((result, plies + 1) for cell in cells for result, plies in worst_outcomes(board.play(cell), side))


class TestPerfect:
    @pytest.mark.parametrize("side", list(Player))
    def test_never_worse_than_the_value_against_any_adversary(self, side: Player) -> None:
        """From every live position, with the perfect bot as ``side`` (whether it moves first
        or the adversary does), no line of play by the adversary gets the bot a worse result
        than the position's minimax value for that side, nor a quicker loss or slower win."""
        for board in LIVE:
            cells = cells_of(board)
            value, plies = ref.solve(cells)
            if board.to_move is not side:
                value = ref.OPPOSITE[value]
            target = ref.payoff(value, plies)
            for result, length in worst_outcomes(board, side):
                assert ref.rank((result, 0)) >= ref.rank((value, 0)), (cells, side, result)
                assert ref.payoff(result, length) >= target, (cells, side, result, length)

    def test_takes_the_fastest_win(self) -> None:
        """Whenever it can win on the spot, every move the perfect bot may choose wins at once."""
        positions = 0
        for board in LIVE:
            cells = cells_of(board)
            wins = ref.winning_cells(cells, ref.mover(cells))
            if wins:
                positions += 1
                assert set(best_moves(board)) <= wins
                assert PERFECT.choose(board) in wins
        assert positions > 1000

    def test_every_choice_is_minimax_best(self) -> None:
        """In every live position the perfect bot's choice has the position's exact value
        and length: the fastest win, any draw over a loss, the slowest loss."""
        for board in LIVE:
            cells = cells_of(board)
            assert ref.move_outcome(cells, PERFECT.choose(board)) == ref.solve(cells), cells

    def test_prefers_the_slowest_loss(self) -> None:
        """In a lost position the bot blocks the immediate threat rather than losing at once."""
        board = Board.parse("XX./O../...")  # O to move: blocking at 2 loses in 4, anything else in 2
        assert ref.solve(cells_of(board)) == (ref.LOSS, 4)
        for seed in SEEDS:
            assert bot(Level.PERFECT, seed=seed).choose(board) == 2
        losing = [b for b in LIVE if ref.solve(cells_of(b))[0] == ref.LOSS]
        assert losing
        for board in losing:
            cells = cells_of(board)
            slowest = max(ref.move_outcome(cells, c)[1] for c in ref.empties(cells))
            assert ref.move_outcome(cells, PERFECT.choose(board))[1] == slowest, cells


class TestMatches:
    def test_counts_add_up(self) -> None:
        """A match's wins and draws sum to the number of games played."""
        pairings = [(Level.RANDOM, Level.RANDOM), (Level.EASY, Level.MEDIUM), (Level.MEDIUM, Level.RANDOM)]
        for x_level, o_level in pairings:
            result = play_match(bot(x_level, seed=1), bot(o_level, seed=2), 300)
            assert result.games == 300 == result.x_wins + result.o_wins + result.draws
            assert result.as_dict() == {
                "games": 300,
                "x_wins": result.x_wins,
                "o_wins": result.o_wins,
                "draws": result.draws,
            }

    def test_perfect_against_perfect_always_draws(self) -> None:
        """Two perfect bots draw every game."""
        assert play_match(bot(Level.PERFECT, seed=1), bot(Level.PERFECT, seed=2), 500) == MatchResult(500, 0, 0, 500)

    def test_perfect_never_loses_to_random(self) -> None:
        """Over thousands of games, perfect as X or as O never loses to random."""
        as_x = play_match(bot(Level.PERFECT, seed=3), bot(Level.RANDOM, seed=4), 3000)
        as_o = play_match(bot(Level.RANDOM, seed=5), bot(Level.PERFECT, seed=6), 3000)
        assert as_x.o_wins == 0 and as_x.x_wins > 2000
        assert as_o.x_wins == 0 and as_o.o_wins > 0

    def test_same_seeds_same_match(self) -> None:
        """Seeded bots play the same match twice."""
        first = play_match(bot(Level.RANDOM, seed=8), bot(Level.EASY, seed=9), 400)
        second = play_match(bot(Level.RANDOM, seed=8), bot(Level.EASY, seed=9), 400)
        assert first == second

    def test_negative_games_is_a_value_error(self) -> None:
        """A negative number of games is refused, naming the number."""
        with pytest.raises(ValueError, match="-1"):
            play_match(bot(Level.RANDOM), bot(Level.RANDOM), -1)

    def test_each_bot_plays_its_own_side_from_any_start(self) -> None:
        """From a start where O is to move, O's bot moves first: each bot is
        only ever asked to move for its own side, and the match ends as
        play_game, which asks whose turn it is at every move, ends it."""

        class Side(Bot):
            def __init__(self, side: Player, inner: Bot) -> None:
                self.side, self.inner, self.asked = side, inner, 0

            def choose(self, board: Board) -> int:
                assert board.to_move is self.side, (str(board), self.side)
                self.asked += 1
                return self.inner.choose(board)

        for start in (Board.parse("X../.../..."), Board.parse("XX./O../..."), Board.parse("X.../..../..../....")):
            x, o = Side(Player.X, bot(Level.PERFECT, seed=1)), Side(Player.O, bot(Level.PERFECT, seed=2))
            result = play_match(x, o, 3, start=start)
            assert x.asked and o.asked
            final = play_game(bot(Level.PERFECT, seed=1), bot(Level.PERFECT, seed=2), start)
            expected = {Result.X_WON: "x_wins", Result.O_WON: "o_wins", Result.DRAW: "draws"}[final.result]
            assert getattr(result, expected) == 3, (str(start), result)

    def test_zero_games(self) -> None:
        """No games is an empty tally."""
        assert play_match(bot(Level.RANDOM), bot(Level.RANDOM), 0) == MatchResult(0, 0, 0, 0)

    def test_progress_reports_every_game(self) -> None:
        """The progress callback is told of every finished game, in all."""
        told: list[int] = []
        play_match(bot(Level.RANDOM, seed=1), bot(Level.RANDOM, seed=2), 1234, progress=told.append)
        assert sum(told) == 1234

    def test_play_game_plays_to_the_end(self) -> None:
        """play_game returns a finished board, from the empty board or a given start."""
        assert play_game(bot(Level.RANDOM, seed=1), bot(Level.RANDOM, seed=2)).is_over
        start = Board.parse("XX./OO./...")
        end = play_game(bot(Level.PERFECT, seed=1), bot(Level.PERFECT, seed=2), start)
        assert end.result is Result.X_WON and end == start.play(2)
