"""The page's wording and URL handling (site/py/game_view.py), checked in CPython against the engine."""

from __future__ import annotations

import re

import game_view as view
import pytest

from pyengine import Board, Game, Level, Mode, Player
from tests import reference


class TestSettingsFromTheUrl:
    def test_good_values_are_taken(self) -> None:
        """mode, level, side and position come through, case-insensitively."""
        settings, problems = view.settings_from_params(
            {"mode": "TWO", "level": "Easy", "as": "o", "pos": "x.o/.x./..."}
        )
        assert problems == []
        assert (settings.mode, settings.level, settings.human) == (Mode.TWO_PLAYERS, Level.EASY, Player.O)
        assert settings.start == Board.parse("X.O/.X./...")

    def test_nothing_given_means_the_defaults(self) -> None:
        """An empty query is a fresh game against the perfect bot, as X."""
        settings, problems = view.settings_from_params({})
        assert problems == []
        assert (settings.mode, settings.level, settings.human, settings.start) == (
            Mode.VS_BOT,
            Level.PERFECT,
            Player.X,
            Board.empty(),
        )

    @pytest.mark.parametrize(
        "pos", ["XXX/OOO/...", "<img src=x onerror=alert(1)>", "", "X" * 10_000, "XO\u0000......."]
    )
    def test_a_bad_position_is_named_and_replaced_by_a_fresh_game(self, pos: str) -> None:
        """The reason quotes (a bounded part of) the input and the game starts empty."""
        settings, problems = view.settings_from_params({"pos": pos})
        assert settings.start == Board.empty()
        assert len(problems) == 1 and "fresh game" in problems[0]
        assert pos[: view.MAX_SHOWN_INPUT] in problems[0]
        assert len(problems[0]) < 400

    def test_each_bad_setting_gets_its_own_reason(self) -> None:
        """Unknown mode, level and side each say what was wrong and what applies instead."""
        settings, problems = view.settings_from_params({"mode": "chess", "level": "god", "as": "Z"})
        assert len(problems) == 3
        assert (settings.mode, settings.level, settings.human) == (Mode.VS_BOT, Level.PERFECT, Player.X)

    def test_the_query_round_trips(self) -> None:
        """What the page writes into the address reads back as the same setup."""
        board = Board.parse("X.O/.X./...")
        written = view.Settings(mode=Mode.TWO_PLAYERS, level=Level.MEDIUM, human=Player.O).query(board)
        assert written == "?mode=two&level=medium&as=O&pos=X.O/.X./..."
        pairs = dict(pair.split("=", 1) for pair in written[1:].split("&"))
        settings, problems = view.settings_from_params(pairs)
        assert problems == [] and settings.start == board
        assert "pos=" not in view.Settings().query(Board.empty())


class TestWords:
    def test_banner_against_the_bot_is_from_the_persons_side(self) -> None:
        """You win / You lose / Draw, with data-result the winner's mark."""
        won = Game(Mode.VS_BOT, human=Player.X, start=Board.parse("XXX/OO./..."))
        lost = Game(Mode.VS_BOT, human=Player.O, start=Board.parse("XXX/OO./..."))
        drawn = Game(Mode.VS_BOT, start=Board.parse("XOX/XOO/OXX"))
        assert view.banner(won) == ("You win!", "X")
        assert view.banner(lost) == ("You lose.", "X")
        assert view.banner(drawn) == ("Draw!", "draw")
        assert view.banner(Game()) is None

    def test_a_lost_game_is_marked_apart_from_a_won_one(self) -> None:
        """data-outcome, which gives a loss its own colour, is the person's
        result against the bot, and absent between people or while playing."""
        won = Game(Mode.VS_BOT, human=Player.X, start=Board.parse("XXX/OO./..."))
        lost = Game(Mode.VS_BOT, human=Player.O, start=Board.parse("XXX/OO./..."))
        drawn = Game(Mode.VS_BOT, start=Board.parse("XOX/XOO/OXX"))
        between_people = Game(Mode.TWO_PLAYERS, start=Board.parse("OOO/XX./X.."))
        assert [view.banner_outcome(game) for game in (won, lost, drawn)] == ["win", "loss", "draw"]
        assert view.banner_outcome(between_people) is None and view.banner_outcome(Game()) is None

    def test_banner_between_people_names_the_winner(self) -> None:
        """Two players, or watching: "O wins!"."""
        game = Game(Mode.TWO_PLAYERS, start=Board.parse("OOO/XX./X.."))
        assert view.banner(game) == ("O wins!", "O")

    @pytest.mark.parametrize("position", ["XO./.X./..O", "X.O/.X./...", ".../.../..."])
    def test_hints_are_each_moves_outcome_under_perfect_play(self, position: str) -> None:
        """Every empty cell's hint, read back (a win or loss in n plies, or a
        draw), is that move's outcome in the independent model
        (tests/reference.py); the best moves are the model's."""
        board = Board.parse(position)
        cells = str(board).replace("/", "")
        hints = view.hints(board)
        assert set(hints) == set(board.legal_moves)
        for cell, (text, value, best) in hints.items():
            read = re.fullmatch(r"(win|loss) in (\d+)|draw", text)
            assert read, text
            shown = ("draw", None) if text == "draw" else (read[1], int(read[2]))
            model_value, model_plies = reference.move_outcome(cells, cell)
            assert shown == (model_value, None if model_value == "draw" else model_plies)
            assert value == model_value
            assert best == (cell in reference.best_cells(cells))

    def test_hints_are_named_records(self) -> None:
        """A hint reads by name: its text, the value's name and whether it is best."""
        hint = view.hints(Board.parse("XX./OO./..."))[2]
        assert hint == view.Hint(text="win in 1", value="win", best=True)
        assert (hint.text, hint.value, hint.best) == ("win in 1", "win", True)

    def test_settings_are_one_immutable_record(self) -> None:
        """Settings are built once, with the defaults a bare address means."""
        settings = view.Settings()
        assert settings == (Mode.VS_BOT, Level.PERFECT, Player.X, Board.empty(), None)
        with pytest.raises(AttributeError):
            settings.mode = Mode.WATCH  # type: ignore[misc]

    def test_the_move_list_names_mover_and_cell(self) -> None:
        """One line per move, in order."""
        game = Game(Mode.TWO_PLAYERS)
        game.play(4)
        game.play(0)
        assert view.move_list(game) == ["X centre", "O top left"]


class TestTally:
    def test_each_finished_game_has_one_key(self) -> None:
        """Against the bot the person's view; between people the winning side; watching is not scored."""
        finished = Board.parse("XXX/OO./...")
        assert view.tally_key(Game(Mode.VS_BOT, start=finished)) == "bot:win"
        assert view.tally_key(Game(Mode.VS_BOT, human=Player.O, start=finished)) == "bot:loss"
        assert view.tally_key(Game(Mode.TWO_PLAYERS, start=finished)) == "two:x"
        assert view.tally_key(Game(Mode.WATCH, start=finished)) is None
        assert view.tally_key(Game()) is None
        assert all(key in view.TALLY_KEYS for key in ("bot:win", "bot:loss", "two:x"))

    def test_the_tally_reads_as_a_sentence(self) -> None:
        """Counts appear for the modes played; nothing played says so."""
        assert view.tally_text({}) == "No games finished yet."
        text = view.tally_text({"bot:win": 0, "bot:loss": 2, "bot:draw": 1, "two:o": 1})
        assert text == "Against the bot: 0 won, 2 lost, 1 drawn. Two players: X 0, O 1, 0 drawn."


class TestWatchLevelsAndHeading:
    def test_o_level_round_trips_in_watch_mode_only(self) -> None:
        """``olevel=`` is written when watching two different levels, read back, and
        left out otherwise; an unknown one says so."""
        written = view.Settings(mode=Mode.WATCH, level=Level.EASY, o_level=Level.PERFECT).query(Board.empty())
        assert written == "?mode=watch&level=easy&as=X&olevel=perfect"
        settings, problems = view.settings_from_params(dict(p.split("=") for p in written[1:].split("&")))
        assert problems == [] and settings.o_level is Level.PERFECT
        assert "olevel" not in view.Settings(mode=Mode.VS_BOT, o_level=Level.EASY).query(Board.empty())
        assert "olevel" not in view.Settings(mode=Mode.WATCH, level=Level.EASY, o_level=Level.EASY).query(Board.empty())
        _, problems = view.settings_from_params({"olevel": "godlike"})
        assert len(problems) == 1 and "godlike" in problems[0]

    def test_the_heading_fits_the_mode(self) -> None:
        """Against the bot its level; two players; two bots with one level or two."""
        assert view.heading(Game()) == "Tic-tac-toe against a perfect bot"
        assert view.heading(Game(level=Level.EASY)) == "Tic-tac-toe against an easy bot"
        assert view.heading(Game(Mode.TWO_PLAYERS)) == "Tic-tac-toe for two players"
        assert view.heading(Game(Mode.WATCH, level=Level.MEDIUM)) == "Watch two medium bots play tic-tac-toe"
        assert (
            view.heading(Game(Mode.WATCH, level=Level.EASY, o_level=Level.PERFECT))
            == "Watch an easy bot (X) play a perfect bot (O)"
        )


class TestReviewWords:
    def test_a_mistake_says_what_it_gave_away_and_the_better_moves(self) -> None:
        """After X takes a corner, O on the adjacent edge loses: the verdict says so, and what was better."""
        from pyengine.review import first_mistake

        game = Game(Mode.VS_BOT, human=Player.O)
        game.replay([0, 3, 1, 4, 2])
        mistake = first_mistake(game.start, game.moves, view.review_sides(game))
        assert mistake is not None and (mistake.ply, mistake.cell) == (1, 3)
        assert view.review_verdict(mistake, game) == (
            "Move 2, O left, gave value away: before it, you could draw; "
            f"after it, you lose with best play (loss in {mistake.played.plies})."
        )
        assert view.review_move(mistake.better[0], 3) == f"{view.cell_name(mistake.better[0].cell)}: draw"
        two = Game(Mode.TWO_PLAYERS)
        two.replay([0, 3, 1, 4, 2])
        assert "O loses with best play" in view.review_verdict(mistake, two)

    def test_no_mistake_is_said_too(self) -> None:
        """A clean game says no move gave value away; watching reviews nobody."""
        assert view.review_verdict(None, Game()).startswith("No move of yours gave value away")
        assert view.review_verdict(None, Game(Mode.TWO_PLAYERS)).startswith("No move gave value away")
        assert view.review_sides(Game(Mode.WATCH)) == ()
        assert view.review_sides(Game(Mode.TWO_PLAYERS)) == (Player.X, Player.O)


def test_moves_read_as_words() -> None:
    """The strategy map's zoom line: who played where, from the empty board."""
    assert view.moves_in_words((0, 4, 1)) == "X top left, O centre, X top"
    assert view.moves_in_words(()) == ""
    assert view.moves_in_words((5,), size=4) == "X row 2, column 2"


class TestWatchLink:
    """The play page keeps "Watch the search from here" on the board shown by
    swapping the position in the address the build wrote: the result is the
    explorer's default search at that board, as the explorer's own words make it."""

    @pytest.mark.parametrize("base", [".", "..", "/name"])
    def test_the_built_link_follows_the_board(self, base: str) -> None:
        from html import unescape

        import explorer_address

        from tools.pages.boards import watch_link

        built = re.search(r'href="([^"]+)"', watch_link(Board.empty(), base))
        assert built is not None
        for board in (Board.parse("X.O/.X./..."), Board.parse("XO./.X./..O"), Board.empty(4)):
            href = unescape(built.group(1))  # as the page's getAttribute gives it
            assert view.watch_href(href, board) == f"{base}/search/{explorer_address.watch_query(board)}"
