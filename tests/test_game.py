"""The Game session: modes, turns, errors, undo and redo, restart, and a stateful model of it all."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from pyengine import Board, Bot, Game, IllegalMoveError, Level, Mode, Player, Result, best_moves, reachable_positions
from pyengine.bots import LevelBot
from pyengine.learning.mcts import MctsBot
from pyengine.learning.training import make_learner
from tests import reference as ref
from tests.support import cells_of

BOARDS = reachable_positions()


def replay(start: Board, moves: tuple[int, ...] | list[int]) -> str:
    """The reference notation of ``start`` after ``moves``, by the test's own rules."""
    cells = cells_of(start)
    for cell in moves:
        cells = ref.play(cells, cell)
    return cells


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything observable about a game, to check that a refused action changed nothing."""
    return (
        game.board,
        game.moves,
        game.result,
        game.mode,
        game.human,
        game.level,
        game.start,
        game.can_undo,
        game.can_redo,
        game.bot_to_move,
        game.human_to_move,
    )


class TestModes:
    def test_mode_values(self) -> None:
        """The modes are spelled bot, two and watch."""
        assert (Mode.VS_BOT.value, Mode.TWO_PLAYERS.value, Mode.WATCH.value) == ("bot", "two", "watch")

    def test_defaults(self) -> None:
        """By default: against the perfect bot, the person plays X, from the empty board."""
        game = Game()
        assert (game.mode, game.human, game.level) == (Mode.VS_BOT, Player.X, Level.PERFECT)
        assert game.board == game.start == Board.empty()
        assert game.moves == () and game.result is Result.ONGOING
        assert game.human_to_move and not game.bot_to_move

    def test_level_is_kept(self) -> None:
        """The level given is the game's."""
        for level in Level:
            assert Game(level=level).level is level

    def test_a_bot_given_plays_until_a_restart_changes_the_level(self) -> None:
        """A bot of a level handed in plays instead of the level's (the game
        takes its level); a restart at another level replaces it with that level's bot."""

        class Corner(LevelBot):
            level = Level.EASY

            def choose(self, board: Board) -> int:
                return min(board.legal_moves)

        game = Game(human=Player.O, level=Level.PERFECT, bot=Corner())
        assert game.level is Level.EASY
        assert game.play_bot() == 0
        game.restart(level=Level.EASY)  # the same level: the same bot
        assert game.play_bot() == 0
        # X must block at 5; the corner bot would play 0.
        game.restart(level=Level.PERFECT, start=Board.parse("..X/OO./X.."))
        assert game.play_bot() == 5 and game.level is Level.PERFECT

    @pytest.mark.parametrize("kind", ["tiny", "mcts", "menace", "td"])
    def test_any_bot_plays_whether_it_has_a_level_or_not(self, kind: str) -> None:
        """A game asks a bot only to choose: a bot with no level (one written
        here, Monte Carlo tree search, the learners) plays the bot's side
        through whole games; the game keeps the level it was given, and a
        restart at another level replaces the bot with that level's."""

        class Lowest(Bot):
            def choose(self, board: Board) -> int:
                return min(board.legal_moves)

        rng = random.Random(29)
        chooser = {
            "tiny": lambda: Lowest(),
            "mcts": lambda: MctsBot(30, rng),
            "menace": lambda: make_learner("menace", Player.X, "perfect", rng),
            "td": lambda: make_learner("tabular", Player.X, "perfect", rng),
        }[kind]()
        assert not hasattr(chooser, "level")
        game = Game(human=Player.O, level=Level.EASY, bot=chooser, seed=1)
        assert game.level is Level.EASY
        for _ in range(3):
            while not game.is_over:
                if game.bot_to_move:
                    before = game.board
                    cell = game.play_bot()
                    assert cell in before.legal_moves and game.board == before.play(cell)
                else:
                    game.play(max(game.board.legal_moves))
            game.restart()
        if kind == "tiny":  # the bot handed in is still the one playing
            assert game.play_bot() == 0
        # X must block at 5; the lowest-cell bot would play 0, the perfect bot blocks.
        game.restart(level=Level.PERFECT, start=Board.parse("..X/OO./X.."))
        assert game.play_bot() == 5 and game.level is Level.PERFECT

    def test_two_players_take_turns_and_there_is_no_bot(self) -> None:
        """In two-player mode every move is a person's, and the bot never moves."""
        game = Game(Mode.TWO_PLAYERS)
        for cell in (4, 0, 8):
            assert game.human_to_move and not game.bot_to_move
            game.play(cell)
        with pytest.raises(IllegalMoveError, match="person"):
            game.play_bot()
        assert game.board == Board.parse("O../.X./..X")

    def test_watch_the_bot_play_itself(self) -> None:
        """In watch mode people cannot move; the bot plays both sides to the end, and
        two perfect sides draw."""
        game = Game(Mode.WATCH, seed=4)
        with pytest.raises(IllegalMoveError, match="bot's turn"):
            game.play(4)
        while game.bot_to_move:
            assert not game.human_to_move
            game.play_bot()
        assert game.is_over and game.result is Result.DRAW and len(game.moves) == 9
        assert not game.can_undo and not game.undo()

    def test_watch_with_a_level_for_each_side(self) -> None:
        """Watching, X's bot plays at ``level`` and O's at ``o_level``: perfect X
        against random O wins most games and loses none; the levels can change
        at a restart, and O's follows X's when never given."""
        game = Game(Mode.WATCH, level=Level.PERFECT, o_level=Level.RANDOM, seed=5)
        assert (game.level, game.o_level) == (Level.PERFECT, Level.RANDOM)
        results = []
        for _ in range(40):
            while game.bot_to_move:
                before = game.board
                cell = game.play_bot()
                if before.to_move is Player.X:
                    assert cell in best_moves(before)  # X's moves are the perfect bot's
            results.append(game.result)
            game.restart()
        assert Result.O_WON not in results and results.count(Result.X_WON) > 20
        game.restart(level=Level.RANDOM, o_level=Level.PERFECT)
        assert (game.level, game.o_level) == (Level.RANDOM, Level.PERFECT)
        while game.bot_to_move:
            before = game.board
            cell = game.play_bot()
            if before.to_move is Player.O:
                assert cell in best_moves(before)
        assert game.result is not Result.X_WON
        assert Game(Mode.WATCH, level=Level.EASY).o_level is Level.EASY
        assert Game(Mode.VS_BOT, level=Level.EASY, o_level=Level.PERFECT).o_level is Level.EASY


class TestTurns:
    def test_human_x_moves_first_then_the_bot(self) -> None:
        """Against the bot as X: the person moves, then the bot, whose reply is a best move."""
        game = Game(human=Player.X, seed=1)
        assert game.human_to_move
        game.play(0)
        assert game.bot_to_move and not game.human_to_move
        cell = game.play_bot()
        assert cell in best_moves(Board.empty().play(0))
        assert game.moves == (0, cell) and game.human_to_move

    def test_human_o_waits_for_the_bot(self) -> None:
        """Against the bot as O: the bot opens, then it is the person's turn."""
        game = Game(human=Player.O, level=Level.RANDOM, seed=1)
        assert game.bot_to_move and not game.human_to_move
        cell = game.play_bot()
        assert game.moves == (cell,) and game.human_to_move

    def test_is_human(self) -> None:
        """is_human says whose moves come from a person in each mode; nobody's once it is over."""
        assert Game(Mode.VS_BOT, human=Player.O).is_human(Player.O)
        assert not Game(Mode.VS_BOT, human=Player.O).is_human(Player.X)
        assert Game(Mode.TWO_PLAYERS).is_human(Player.X) and Game(Mode.TWO_PLAYERS).is_human(Player.O)
        assert not Game(Mode.WATCH).is_human(Player.X) and not Game(Mode.WATCH).is_human(Player.O)
        assert not Game(Mode.TWO_PLAYERS).is_human(None)


class TestErrors:
    def test_playing_on_the_bots_turn(self) -> None:
        """A person's move on the bot's turn is refused, and the game is unchanged."""
        game = Game(human=Player.O, seed=1)
        before = snapshot(game)
        with pytest.raises(IllegalMoveError, match="bot's turn"):
            game.play(4)
        assert snapshot(game) == before

    def test_playing_a_taken_cell(self) -> None:
        """A taken cell is refused, and the game is unchanged."""
        game = Game(Mode.TWO_PLAYERS)
        game.play(4)
        before = snapshot(game)
        with pytest.raises(IllegalMoveError, match="taken"):
            game.play(4)
        assert snapshot(game) == before

    @pytest.mark.parametrize("bad", [-1, 9, "4", 4.0, True])
    def test_playing_off_the_board(self, bad: object) -> None:
        """A cell that is not 0-8 is refused, and the game is unchanged."""
        game = Game(Mode.TWO_PLAYERS)
        before = snapshot(game)
        with pytest.raises(IllegalMoveError, match="not a cell"):
            game.play(bad)  # type: ignore[arg-type]
        assert snapshot(game) == before

    def test_bot_moving_on_a_persons_turn(self) -> None:
        """play_bot on the person's turn is refused, and the game is unchanged."""
        game = Game(human=Player.X)
        before = snapshot(game)
        with pytest.raises(IllegalMoveError, match="person"):
            game.play_bot()
        assert snapshot(game) == before

    @pytest.mark.parametrize("mode", list(Mode))
    def test_nothing_after_the_end(self, mode: Mode) -> None:
        """Once the game is over neither a person nor the bot may move, and nothing changes."""
        game = Game(mode, start=Board.parse("XXX/OO./..."))
        assert game.is_over and game.result is Result.X_WON
        assert not game.bot_to_move and not game.human_to_move
        before = snapshot(game)
        for cell in range(9):
            with pytest.raises(IllegalMoveError, match="over"):
                game.play(cell)
        with pytest.raises(IllegalMoveError, match="over"):
            game.play_bot()
        assert snapshot(game) == before


class TestUndoRedo:
    def test_undo_against_the_bot_takes_back_both_moves(self) -> None:
        """Undo takes back the bot's reply and the person's move before it."""
        game = Game(human=Player.X, seed=2)
        game.play(4)
        game.play_bot()
        first_two = game.moves
        game.play(game.board.legal_moves[0])
        game.play_bot()
        assert len(game.moves) == 4
        assert game.can_undo and game.undo()
        assert game.moves == first_two and game.human_to_move
        assert cells_of(game.board) == replay(Board.empty(), first_two)
        assert game.undo() and game.moves == () and game.board == Board.empty()
        assert not game.can_undo and not game.undo()

    def test_undo_before_the_bot_replies(self) -> None:
        """If the bot has not replied yet, undo takes back just the person's move."""
        game = Game(human=Player.X, seed=2)
        game.play(4)
        assert game.undo()
        assert game.moves == () and game.human_to_move

    def test_undo_with_only_the_bots_opening_does_nothing(self) -> None:
        """As O, after only the bot's opening move there is nothing of the person's to undo."""
        game = Game(human=Player.O, seed=3)
        game.play_bot()
        before = snapshot(game)
        assert not game.can_undo
        assert game.undo() is False
        assert snapshot(game) == before

    def test_undo_in_two_player_mode_is_one_move(self) -> None:
        """With two people, each undo takes back one move."""
        game = Game(Mode.TWO_PLAYERS)
        for cell in (0, 4, 8):
            game.play(cell)
        assert game.undo() and game.moves == (0, 4)
        assert game.undo() and game.moves == (0,)

    def test_redo_restores_what_undo_took(self) -> None:
        """Redo puts back the moves undo took back, board and all; then there is nothing to redo."""
        game = Game(human=Player.X, seed=5)
        game.play(0)
        game.play_bot()
        moves, board = game.moves, game.board
        assert game.undo() and game.can_redo
        assert game.redo()
        assert game.moves == moves and game.board == board
        assert not game.can_redo and game.redo() is False

    def test_redo_steps_forward_one_turn_at_a_time(self) -> None:
        """After several undos, each redo returns to the next of the person's turns."""
        game = Game(Mode.VS_BOT, human=Player.X, seed=6)
        history = []
        for _ in range(3):
            game.play(game.board.legal_moves[0])
            game.play_bot()
            history.append(game.moves)
        while game.undo():
            pass
        assert game.moves == ()
        for moves in history:
            assert game.redo() and game.moves == moves
        assert not game.redo()

    def test_a_new_move_clears_redo(self) -> None:
        """Playing after an undo starts a new line: the undone moves are gone."""
        game = Game(Mode.TWO_PLAYERS)
        game.play(0)
        game.play(4)
        game.undo()
        assert game.can_redo
        game.play(8)
        assert not game.can_redo and game.redo() is False
        assert game.moves == (0, 8)


class TestRestartAndStart:
    def test_restart_with_changed_settings(self) -> None:
        """restart() begins again from the start, changing only the settings given."""
        game = Game(human=Player.X, level=Level.PERFECT, seed=1)
        game.play(4)
        game.play_bot()
        game.undo()
        game.restart(mode=Mode.TWO_PLAYERS, human=Player.O, level=Level.EASY)
        assert (game.mode, game.human, game.level) == (Mode.TWO_PLAYERS, Player.O, Level.EASY)
        assert game.moves == () and game.board == Board.empty()
        assert not game.can_undo and not game.can_redo
        game.restart(mode=Mode.VS_BOT)
        assert (game.mode, game.human, game.level) == (Mode.VS_BOT, Player.O, Level.EASY)
        assert game.bot_to_move
        game.play_bot()
        assert len(game.moves) == 1

    def test_start_from_a_position(self) -> None:
        """A game can begin from a given position; undo never goes back past it; restart returns to it."""
        start = Board.parse("X.O/.X./...")
        game = Game(human=Player.X, start=start, seed=1)
        assert game.board == game.start == start and game.moves == ()
        assert game.bot_to_move  # O, the bot, is to move
        assert game.play_bot() == 8  # the only move that does not lose at once
        assert game.undo() is False  # nothing of the person's to take back
        game.play(5)
        assert game.undo() and game.moves == (8,)
        game.restart()
        assert game.board == start and game.moves == ()
        other = Board.parse("XX./OO./...")
        game.restart(start=other)
        assert game.board == game.start == other and game.human_to_move

    def test_seeded_sessions_repeat_across_restarts(self) -> None:
        """Two sessions with one seed play the same games, restart after restart."""

        def session() -> list[tuple[int, ...]]:
            """Three games watched in one seeded session."""
            game = Game(Mode.WATCH, level=Level.RANDOM, seed=11)
            games = []
            for _ in range(3):
                while game.bot_to_move:
                    game.play_bot()
                games.append(game.moves)
                game.restart()
            return games

        assert session() == session()

    def test_game_leaves_the_global_random_state_alone(self) -> None:
        """A session's bots have their own generators: the random module's state is untouched."""
        before = random.getstate()
        for seed in (None, 1):
            game = Game(Mode.WATCH, level=Level.RANDOM, seed=seed)
            while game.bot_to_move:
                game.play_bot()
            game.restart(level=Level.MEDIUM)
            game.play_bot()
        assert random.getstate() == before


# -- a model of the session, driven by Hypothesis -------------------------------------------------

STARTS = st.one_of(st.just(Board.empty()), st.sampled_from(BOARDS))
ANY_CELL = st.one_of(st.integers(-2, 10), st.sampled_from(["4", 4.0, True, None]))


class GameMachine(RuleBasedStateMachine):
    """Drives a Game with every action, legal or not, and keeps a plain model of its
    moves and redo stack to check it against. Subclasses pick the first mode."""

    MODE = Mode.VS_BOT

    def __init__(self) -> None:
        super().__init__()
        self.game = Game()
        self.moves: list[int] = []
        self.undone: list[int] = []  # most recently undone last

    @initialize(start=STARTS, human=st.sampled_from(Player), level=st.sampled_from(Level), seed=st.integers(0, 99))
    def setup(self, start: Board, human: Player, level: Level, seed: int) -> None:
        """A session in the machine's mode, from any reachable position, either side, any level."""
        self.game = Game(self.MODE, human=human, level=level, seed=seed, start=start)

    # -- the model --------------------------------------------------------------------------------

    def cells_after(self, moves: list[int]) -> str:
        """The reference notation of the game's start after ``moves``."""
        return replay(self.game.start, moves)

    def persons_turn(self, cells: str) -> bool:
        """Whether a person moves next in ``cells`` in the game's mode."""
        if ref.is_over(cells) or self.game.mode is Mode.WATCH:
            return False
        return self.game.mode is Mode.TWO_PLAYERS or ref.mover(cells) == self.game.human.value

    def undo_count(self) -> int:
        """How many moves undo should take back: back to the latest earlier
        position in which a person was to move (stated once for every mode:
        with two people that is the position before the last move; watching,
        there is none)."""
        turns = [n for n in range(len(self.moves)) if self.persons_turn(self.cells_after(self.moves[:n]))]
        return len(self.moves) - turns[-1] if turns else 0

    def refused(self, action: Any, *args: Any) -> None:
        """``action`` must raise IllegalMoveError and change nothing."""
        before = snapshot(self.game)
        with pytest.raises(IllegalMoveError):
            action(*args)
        assert snapshot(self.game) == before

    # -- rules ------------------------------------------------------------------------------------

    @rule(cell=ANY_CELL)
    def play(self, cell: Any) -> None:
        """A person plays any cell: allowed exactly when it is a person's turn and the cell
        is an empty one of 0-8; otherwise IllegalMoveError and no change."""
        game = self.game
        legal = (
            not game.is_over
            and game.human_to_move
            and type(cell) is int
            and 0 <= cell <= 8
            and game.board[cell] is None
        )
        if legal:
            game.play(cell)
            self.moves.append(cell)
            self.undone.clear()
        else:
            self.refused(game.play, cell)

    @rule()
    def play_bot(self) -> None:
        """The bot moves, legally, exactly when bot_to_move; otherwise IllegalMoveError and no change."""
        game = self.game
        if game.bot_to_move:
            legal = game.board.legal_moves
            cell = game.play_bot()
            assert cell in legal
            self.moves.append(cell)
            self.undone.clear()
        else:
            self.refused(game.play_bot)

    @precondition(lambda self: self.game.is_over)
    @rule(cell=st.integers(0, 8))
    def play_after_the_end(self, cell: int) -> None:
        """Once the game is over, no one may move."""
        self.refused(self.game.play, cell)
        self.refused(self.game.play_bot)

    def did_something(self, step: str, expected: bool) -> bool:
        """Run ``undo`` or ``redo``: it reports what can_undo/can_redo announced,
        and when it reports False the game is exactly as it was."""
        before = snapshot(self.game)
        done = getattr(self.game, step)()
        assert done is expected
        if not done:
            assert snapshot(self.game) == before
        return bool(done)

    @rule()
    def undo(self) -> None:
        """Undo does what can_undo announced, takes back as many moves as the model says,
        and against the bot leaves it the person's turn."""
        game = self.game
        count = self.undo_count()
        can = game.can_undo
        assert can == (count > 0)
        if not self.did_something("undo", can):
            return
        for _ in range(count):
            self.undone.append(self.moves.pop())
        if game.mode is Mode.VS_BOT:
            assert game.human_to_move

    @rule()
    def redo(self) -> None:
        """Redo does what can_redo announced and puts back what the model says."""
        game = self.game
        can = game.can_redo
        assert can == bool(self.undone)
        if not self.did_something("redo", can):
            return
        while self.undone:  # against the bot, up to the person's next turn or the end
            self.moves.append(self.undone.pop())
            if game.mode is not Mode.VS_BOT:
                break
            cells = self.cells_after(self.moves)
            if ref.is_over(cells) or self.persons_turn(cells):
                break

    @rule()
    def undo_then_redo(self) -> None:
        """Redo straight after a successful undo restores the game exactly."""
        game = self.game
        before = (game.board, game.moves)
        if game.undo():
            assert game.redo()
            assert (game.board, game.moves) == before

    @rule(
        mode=st.none() | st.sampled_from(Mode),
        human=st.none() | st.sampled_from(Player),
        level=st.none() | st.sampled_from(Level),
        start=st.none() | STARTS,
    )
    def restart(self, mode: Mode | None, human: Player | None, level: Level | None, start: Board | None) -> None:
        """Restart changes exactly the settings given and begins again from the start, without history."""
        game = self.game
        expected = (mode or game.mode, human or game.human, level or game.level, game.start if start is None else start)
        game.restart(mode=mode, human=human, level=level, start=start)
        assert (game.mode, game.human, game.level, game.start) == expected
        assert game.board == game.start and game.moves == ()
        self.moves.clear()
        self.undone.clear()

    # -- invariants -------------------------------------------------------------------------------

    @invariant()
    def board_is_the_start_replayed(self) -> None:
        """The board is the start position with game.moves played, and the result is the board's."""
        game = self.game
        assert game.moves == tuple(self.moves)
        assert cells_of(game.board) == self.cells_after(self.moves)
        assert game.result is game.board.result and game.is_over is game.board.is_over

    @invariant()
    def exactly_one_to_move_while_live(self) -> None:
        """While the game goes on exactly one of the person and the bot is to move, as the
        mode and side say; once over, neither."""
        game = self.game
        assert not (game.bot_to_move and game.human_to_move)
        if game.is_over:
            assert not game.bot_to_move and not game.human_to_move
        else:
            assert game.bot_to_move != game.human_to_move
            assert game.human_to_move == self.persons_turn(self.cells_after(self.moves))

    @invariant()
    def undo_and_redo_are_announced(self) -> None:
        """can_undo and can_redo agree with the model."""
        assert self.game.can_undo == (self.undo_count() > 0)
        assert self.game.can_redo == bool(self.undone)


MACHINE_SETTINGS = settings(
    max_examples=100, stateful_step_count=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@MACHINE_SETTINGS
class VsBotMachine(GameMachine):
    """Sessions that begin against the bot."""

    MODE = Mode.VS_BOT


@MACHINE_SETTINGS
class TwoPlayersMachine(GameMachine):
    """Sessions that begin with two people."""

    MODE = Mode.TWO_PLAYERS


@MACHINE_SETTINGS
class WatchMachine(GameMachine):
    """Sessions that begin with the bot playing itself."""

    MODE = Mode.WATCH


TestVsBotSession = VsBotMachine.TestCase
TestTwoPlayersSession = TwoPlayersMachine.TestCase
TestWatchSession = WatchMachine.TestCase


class TestReplay:
    def test_a_carried_over_game_has_its_moves_undo_and_turn(self) -> None:
        """replay() plays moves whoever's turn they are; the move list, undo and
        the turn then know them as if they had been played here."""
        game = Game(Mode.VS_BOT, human=Player.O, level=Level.PERFECT, seed=1)
        game.replay([0, 4, 1, 2])
        assert game.moves == (0, 4, 1, 2) and game.board == Board.parse("XXO/.O./...")
        assert game.bot_to_move
        game.play_bot()
        assert game.human_to_move
        assert game.undo() and game.moves == (0, 4, 1) and game.human_to_move  # the reply and O's 2

    def test_an_illegal_move_changes_nothing(self) -> None:
        """All or nothing: the first illegal move refuses the whole replay."""
        game = Game(Mode.TWO_PLAYERS)
        game.play(4)
        with pytest.raises(IllegalMoveError):
            game.replay([0, 4, 8])
        assert game.moves == (4,) and game.board == Board.parse(".../.X./...")
