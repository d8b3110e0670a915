"""What the page shows, worked out from the engine's state, with no DOM in sight.

The page's DOM code (main.py) asks this module for words and settings and
puts them on screen; the rules themselves all come from pyengine. Kept free of
browser imports so the tests can check it in CPython.
"""

from __future__ import annotations

from pyengine import Analysis, Board, Game, Level, Mode, MoveAnalysis, Player, Result, Value, analyze
from pyengine.geometry import parse_size
from pyengine.records import Record
from pyengine.words import cell_name, end_message, hint_text, outcome_for

TYPE_CHECKING = False  # as in pyengine/board.py: the review is loaded once a game is reviewed
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    from pyengine.review import MoveReview

BOT_DELAY_MS = 450  # long enough to see the bot "answer", short enough not to wait for it
MAX_SHOWN_INPUT = 40  # characters of a bad URL value quoted back to the reader
TALLY_KEYS = ("bot:win", "bot:loss", "bot:draw", "two:x", "two:o", "two:draw")
"""The scores the page keeps: a person's results against the bot, and each side's between two players."""


class Settings(Record):
    """The game's setup as the URL carries it: ``mode=``, ``level=``, ``as=``,
    ``size=`` and ``pos=`` (whose shape is the size when both are given), and
    when watching, ``olevel=`` (O's bot; ``level`` is X's)."""

    mode: Mode = Mode.VS_BOT
    level: Level = Level.PERFECT
    human: Player = Player.X
    start: Board = Board.empty()
    o_level: Level | None = None

    @property
    def size(self) -> int:
        """The board's size: the start position's shape, its one source."""
        return self.start.size

    def query(self, board: Board) -> str:
        """The query string that shares this setup at ``board``."""
        # Every value is letters, digits, dots and slashes: nothing needs escaping.
        # (urllib.parse would cost 50 ms of the page's start-up in Pyodide.)
        params = {"mode": self.mode.value, "level": self.level.value, "as": self.human.value}
        if self.mode is Mode.WATCH and self.o_level not in (None, self.level):
            params["olevel"] = self.o_level.value
        if board.size != 3:
            params["size"] = str(board.size)
        if board != Board.empty(board.size):
            params["pos"] = str(board)
        return "?" + "&".join(f"{key}={value}" for key, value in params.items())


class Hint(Record):
    """What perfect play makes of one empty cell, as the board shows it."""

    text: str
    """Short enough for the cell: ``win in 3``, ``draw``."""
    value: str
    """``win``, ``draw`` or ``loss``, for the cell's colour."""
    best: bool
    """Whether perfect play would choose this cell."""


def quoted(text: str, limit: int = MAX_SHOWN_INPUT) -> str:
    """Text a reader gave (an address's value, a kept setting) quoted back to
    them, cut to ``limit`` characters: the page's one way of quoting input.

    >>> quoted("sideways"), quoted("x" * 50, limit=3)
    ('“sideways”', '“xxx…”')
    """
    shown = text if len(text) <= limit else text[:limit] + "…"
    return f"“{shown}”"


# Each URL key: the Settings field it sets, how it is read, and what the page
# says when it cannot be (``{}`` is the quoted value, then the reason).
_URL_FIELDS = {
    "mode": ("mode", Mode.parse, "The mode {} is unknown; playing against the bot."),
    "level": ("level", Level.parse, "The level {} is unknown; the bot plays perfectly."),
    "olevel": ("o_level", Level.parse, "The level {} is unknown; O's bot plays at X's level."),
    "as": ("human", Player.parse, "You can play X or O, not {}; you play X."),
    # Before pos: a position, which has a shape of its own, overrides the size.
    "size": (
        "start",
        lambda text: Board.empty(parse_size(text)),
        "The board size {} is unknown ({}); the board is 3x3.",
    ),
    "pos": ("start", Board.parse, "The shared position {} cannot be played ({}). Here is a fresh game."),
}
URL_KEYS = tuple(_URL_FIELDS)


def settings_from_params(values: dict[str, str]) -> tuple[Settings, list[str]]:
    """Read the URL's parameters (already decoded); anything unusable is
    dropped with a reason.

    The reasons are plain text for the page to show as text: they quote what
    the URL said, so they must never be parsed as HTML.
    """
    fields, problems = read_params(values, _URL_FIELDS)
    return Settings(**fields), problems


def read_params(
    values: dict[str, str], fields: Mapping[str, tuple[str, Callable[[str], object], str]]
) -> tuple[dict[str, Any], list[str]]:
    """The address's parameters (``values``, decoded) that ``fields`` names,
    each read into its field by its parser: ``{key: (field, parse, problem)}``.
    A value a parser refuses (a ValueError: every EngineError) is dropped,
    and its ``problem`` said, with ``{}`` the quoted value, then the reason.
    The game page and the explorer read their addresses with it."""
    read: dict[str, Any] = {}  # each field's own type, by its parser
    problems = []
    for key, (field, parse, problem) in fields.items():
        if key not in values:
            continue
        try:
            read[field] = parse(values[key])
        except ValueError as error:
            problems.append(problem.format(quoted(values[key]), error))
    return read, problems


def _a(level: Level) -> str:
    """The level with its article: ``a perfect``, ``an easy``."""
    return f"{'an' if level.value[0] in 'aeiou' else 'a'} {level.value}"


def heading(game: Game) -> str:
    """The game page's heading, for the mode and the levels being played."""
    if game.mode is Mode.TWO_PLAYERS:
        return "Tic-tac-toe for two players"
    if game.mode is Mode.WATCH:
        if game.o_level is game.level:
            return f"Watch two {game.level.value} bots play tic-tac-toe"
        return f"Watch {_a(game.level)} bot (X) play {_a(game.o_level)} bot (O)"
    return f"Tic-tac-toe against {_a(game.level)} bot"


def banner(game: Game) -> tuple[str, str] | None:
    """The end-of-game banner's text and its ``data-result``, or None while playing."""
    result = game.result
    if result is Result.ONGOING:
        return None
    return end_message(result, game.human if game.mode is Mode.VS_BOT else None), result.value


def banner_outcome(game: Game) -> str | None:
    """What the ended game was for the person playing the bot (``win``,
    ``draw`` or ``loss``, the banner's ``data-outcome``, which gives a loss a
    colour of its own), or None while playing and when no one played a bot."""
    outcome = outcome_for(game.result, game.human) if game.mode is Mode.VS_BOT else None
    return outcome.value if outcome else None


def turn_status(game: Game) -> str:
    """One line saying whose move it is."""
    board = game.board
    side = board.to_move
    if side is None:
        shown = banner(game)
        return shown[0] if shown else ""
    if game.mode is Mode.VS_BOT:
        return f"Your move ({side})." if game.is_human(side) else f"The bot ({side}) is thinking…"
    if game.mode is Mode.WATCH:
        return f"The bot plays {side}…"
    return f"{side} to move."


def move_announcement(game: Game, cell: int, by_bot: bool) -> str:
    """What a screen reader hears after a move."""
    board = game.board
    mover = board[cell]
    who = f"The bot ({mover})" if by_bot and game.mode is Mode.VS_BOT else str(mover)
    text = f"{who} played {cell_name(cell, board.size)}."
    shown = banner(game)
    if shown:
        text += " " + shown[0]
    elif game.mode is Mode.VS_BOT and game.human_to_move:
        text += " Your move."
    return text


def hints(board: Board) -> dict[int, Hint]:
    """Each empty cell's hint."""
    return {} if board.is_over else hints_of(analyze(board))


def hints_so_far(moves: list[MoveAnalysis]) -> dict[int, Hint]:
    """The hints of the moves solved so far: which is best is not known yet."""
    return {
        move.cell: Hint(text=hint_text(move.value, move.plies), value=move.value.value, best=False) for move in moves
    }


def hints_of(analysis: Analysis) -> dict[int, Hint]:
    """Each empty cell's hint, from a solved position."""
    return {
        move.cell: Hint(text=hint_text(move.value, move.plies), value=move.value.value, best=move.cell in analysis.best)
        for move in analysis.moves
    }


def moves_in_words(moves: tuple[int, ...], size: int = 3) -> str:
    """A game from the empty board in a phrase: ``X top left, O centre, X top``."""
    board = Board.empty(size)
    words = []
    for cell in moves:
        words.append(f"{board.to_move} {cell_name(cell, size)}")
        board = board.play(cell)
    return ", ".join(words)


def move_list(game: Game) -> list[str]:
    """The moves so far, one line each."""
    board = game.start
    lines = []
    for cell in game.moves:
        mover = board.to_move
        board = board.play(cell)
        lines.append(f"{mover} {cell_name(cell, board.size)}")
    return lines


def tally_key(game: Game) -> str | None:
    """Which score a finished game adds to: the person's view against the
    bot, the winning side between two players; watched games are not scored."""
    result = game.result
    if result is Result.ONGOING or game.mode is Mode.WATCH:
        return None
    if game.mode is Mode.VS_BOT:
        outcome = outcome_for(result, game.human)
        assert outcome is not None
        return f"bot:{outcome.value}"
    return "two:draw" if result is Result.DRAW else f"two:{result.value.lower()}"


def tally_from_json(stored: object) -> dict[str, int]:
    """The score kept in this browser, from its JSON value: the counts it holds
    of the page's scores (anything else kept beside them is dropped); a
    TypeError if the value is not a score at all.

    >>> tally_from_json({"bot:win": 2, "bot:loss": -1, "elsewhere": 5})
    {'bot:win': 2}
    """
    if not isinstance(stored, dict):
        raise TypeError(f"a score is a table of counts, not a {type(stored).__name__}")
    return {k: v for k, v in stored.items() if k in TALLY_KEYS and isinstance(v, int) and v >= 0}


def tally_text(tally: dict[str, int]) -> str:
    """The session's score in a sentence or two."""
    count = {key: int(tally.get(key, 0)) for key in TALLY_KEYS}
    parts = []
    if count["bot:win"] or count["bot:loss"] or count["bot:draw"]:
        parts.append(f"Against the bot: {count['bot:win']} won, {count['bot:loss']} lost, {count['bot:draw']} drawn.")
    if count["two:x"] or count["two:o"] or count["two:draw"]:
        parts.append(f"Two players: X {count['two:x']}, O {count['two:o']}, {count['two:draw']} drawn.")
    return " ".join(parts) or "No games finished yet."


# -- the game review (pyengine.review) ------------------------------------------


def review_sides(game: Game) -> tuple[Player, ...]:
    """Whose moves a finished game's review judges: the person's against the
    bot, both between two people, none when two bots played."""
    if game.mode is Mode.VS_BOT:
        return (game.human,)
    if game.mode is Mode.TWO_PLAYERS:
        return (Player.X, Player.O)
    return ()


_COULD = {Value.WIN: "could win", Value.DRAW: "could draw"}


def review_verdict(mistake: MoveReview | None, game: Game) -> str:
    """The review in a sentence or two: the first move that gave value away
    and what it gave away, or that no move did."""
    person = game.mode is Mode.VS_BOT
    if mistake is None:
        whose = "of yours " if person else ""
        return f"No move {whose}gave value away: each kept what its position was worth with best play."
    board = mistake.before.board
    mover = board.to_move
    who = "you" if person else str(mover)
    before = mistake.before.value
    assert before is not None and mover is not None  # a move was made from it
    played = mistake.played
    after = "can only draw" if played.value is Value.DRAW else "lose" if person else "loses"
    where = cell_name(mistake.cell, board.size)
    return (
        f"Move {mistake.ply + 1}, {mover} {where}, gave value away: before it, {who} {_COULD[before]}; "
        f"after it, {who} {after} with best play ({hint_text(played.value, played.plies)})."
    )


def review_move(move: MoveAnalysis, size: int) -> str:
    """One better move, as the review lists it: ``top left: draw``."""
    return f"{cell_name(move.cell, size)}: {hint_text(move.value, move.plies)}"


def review_board_label(mistake: MoveReview) -> str:
    """The review's small board in words, for a screen reader."""
    board = mistake.before.board
    size = board.size
    better = ", ".join(cell_name(move.cell, size) for move in mistake.better)
    return (
        f"The position before move {mistake.ply + 1}, {board}: {board.to_move} played "
        f"{cell_name(mistake.cell, size)}; better were {better}."
    )


def watch_href(href: str, board: Board) -> str:
    """The "Watch the search from here" link moved to ``board``: the address
    the build wrote (the explorer's default search, tools/boards.watch_link)
    with only its position replaced, so the play page need not load the
    explorer's words to keep the link on the board shown.

    >>> watch_href("../search/?alg=alphabeta&order=cells&pos=.../.../...", Board.parse("X.O/.X./..."))
    '../search/?alg=alphabeta&order=cells&pos=X.O/.X./...'
    """
    path, _, query = href.partition("?")
    kept = [part for part in query.split("&") if part and not part.startswith("pos=")]
    return f"{path}?{'&'.join([*kept, f'pos={board}'])}"
