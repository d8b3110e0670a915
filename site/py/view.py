"""What the page shows, worked out from the engine's state, with no DOM in sight.

The page's DOM code (main.py) asks this module for words and settings and
puts them on screen; the rules themselves all come from pyengine. Kept free of
browser imports so the tests can check it in CPython.
"""

from __future__ import annotations

from pyengine import Board, EngineError, Game, Level, Mode, Player, Result, Value, analyze

CELL_NAMES = (
    "top left", "top", "top right",
    "left", "centre", "right",
    "bottom left", "bottom", "bottom right",
)
BOT_DELAY_MS = 450  # long enough to see the bot "answer", short enough not to wait for it
MAX_SHOWN_INPUT = 40
URL_KEYS = ("mode", "level", "as", "pos")  # characters of a bad URL value quoted back to the reader


class Settings:
    """The game's setup as the URL carries it: ``mode=``, ``level=``, ``as=``, ``pos=``."""

    __slots__ = ("mode", "level", "human", "start")

    def __init__(
        self,
        mode: Mode = Mode.VS_BOT,
        level: Level = Level.PERFECT,
        human: Player = Player.X,
        start: Board | None = None,
    ) -> None:
        self.mode, self.level, self.human = mode, level, human
        self.start = Board.empty() if start is None else start

    def query(self, board: Board) -> str:
        """The query string that shares this setup at ``board``."""
        # Every value is letters, dots and slashes: nothing needs escaping.
        # (urllib.parse would cost 50 ms of the page's start-up in Pyodide.)
        params = {"mode": self.mode.value, "level": self.level.value, "as": self.human.value}
        if board != Board.empty():
            params["pos"] = str(board)
        return "?" + "&".join(f"{key}={value}" for key, value in params.items())


def _quote(text: str) -> str:
    shown = text if len(text) <= MAX_SHOWN_INPUT else text[:MAX_SHOWN_INPUT] + "…"
    return f"“{shown}”"


def settings_from_params(values: dict[str, str]) -> tuple[Settings, list[str]]:
    """Read the URL's parameters (already decoded); anything unusable is
    dropped with a reason.

    The reasons are plain text for the page to show as text: they quote what
    the URL said, so they must never be parsed as HTML.
    """
    settings, problems = Settings(), []
    if "mode" in values:
        try:
            settings.mode = Mode.parse(values["mode"])
        except ValueError:
            problems.append(f"The mode {_quote(values['mode'])} is unknown; playing against the bot.")
    if "level" in values:
        try:
            settings.level = Level.parse(values["level"])
        except ValueError:
            problems.append(f"The level {_quote(values['level'])} is unknown; the bot plays perfectly.")
    if "as" in values:
        try:
            settings.human = Player.parse(values["as"])
        except ValueError:
            problems.append(f"You can play X or O, not {_quote(values['as'])}; you play X.")
    if "pos" in values:
        try:
            settings.start = Board.parse(values["pos"])
        except EngineError as error:
            problems.append(
                f"The shared position {_quote(values['pos'])} cannot be played ({error}). "
                "Here is a fresh game."
            )
    return settings, problems


def cell_name(cell: int) -> str:
    return CELL_NAMES[cell]


def banner(game: Game) -> tuple[str, str] | None:
    """The end-of-game banner's text and its ``data-result``, or None while playing."""
    result = game.result
    if result is Result.ONGOING:
        return None
    if result is Result.DRAW:
        return "Draw!", "draw"
    winner = result.winner
    assert winner is not None
    if game.mode is Mode.VS_BOT:
        return ("You win!" if winner is game.human else "You lose."), winner.value
    return f"{winner} wins!", winner.value


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
    text = f"{who} played {cell_name(cell)}."
    shown = banner(game)
    if shown:
        text += " " + shown[0]
    elif game.mode is Mode.VS_BOT and game.human_to_move:
        text += " Your move."
    return text


def hint_text(value: Value, plies: int) -> str:
    """A move's outcome under perfect play, short enough for a cell."""
    if value is Value.DRAW:
        return "draw"
    return f"{value.value} in {plies}"


def hints(board: Board) -> dict[int, tuple[str, str, bool]]:
    """For each empty cell: (hint text, value name, whether it is a best move)."""
    if board.is_over:
        return {}
    analysis = analyze(board)
    return {
        move.cell: (hint_text(move.value, move.plies), move.value.value, move.cell in analysis.best)
        for move in analysis.moves
    }


def move_list(game: Game) -> list[str]:
    """The moves so far, one line each."""
    board = game.start
    lines = []
    for cell in game.moves:
        mover = board.to_move
        board = board.play(cell)
        lines.append(f"{mover} {cell_name(cell)}")
    return lines


def cell_label(board: Board, cell: int, hint: str | None) -> str:
    """A cell's accessible name: where it is, what is on it, and any hint."""
    mark = board[cell]
    label = f"{cell_name(cell).capitalize()}, {mark if mark else 'empty'}"
    return f"{label}, {hint}" if hint else label


def tally_key(game: Game) -> str | None:
    """Which score a finished game adds to: the person's view against the
    bot, the winning side between two players; watched games are not scored."""
    result = game.result
    if result is Result.ONGOING or game.mode is Mode.WATCH:
        return None
    if game.mode is Mode.VS_BOT:
        if result is Result.DRAW:
            return "bot:draw"
        return "bot:win" if result.winner is game.human else "bot:loss"
    return {Result.X_WON: "two:x", Result.O_WON: "two:o"}.get(result, "two:draw")


def tally_text(tally: dict[str, int]) -> str:
    """The session's score in a sentence or two."""
    count = {key: int(tally.get(key, 0)) for key in TALLY_KEYS}
    parts = []
    if count["bot:win"] or count["bot:loss"] or count["bot:draw"]:
        parts.append(
            f"Against the bot: {count['bot:win']} won, {count['bot:loss']} lost, {count['bot:draw']} drawn."
        )
    if count["two:x"] or count["two:o"] or count["two:draw"]:
        parts.append(f"Two players: X {count['two:x']}, O {count['two:o']}, {count['two:draw']} drawn.")
    return " ".join(parts) or "No games finished yet."


TALLY_KEYS = ("bot:win", "bot:loss", "bot:draw", "two:x", "two:o", "two:draw")
