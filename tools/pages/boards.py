"""The boards' markup, written into pages before any Python runs.

A page writes a marker such as ``<!-- board: game -->`` (or ``<!-- board:
analysis X.O/.X./... -->``); ``render_markers`` puts the board there in its
loading state, so the board is on screen at first paint and the page's
Python (site/py) only brings it to life.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import escape

from pyengine import SIZES, Board, Game, Level, Mode, Player
from pyengine.editions.nojs import compiled_board
from tools.pages import bots_table, checker_markup, explorer_markup, strategy_map_markup
from tools.pages.stage import stage

MARKER = re.compile(r"<!--\s*board:\s*(?P<kind>[a-z_]+)(?:\s+(?P<arg>[^\s>]+))?\s*-->")


# Which board paints first on the game page. The engine's compiled boards
# (pyengine.editions.nojs.compiled_board, one per side) play at once, with no Python;
# they serve the default game, against the perfect bot from the empty board.
# This runs inline as the page is parsed, before the board paints: an address
# that asks for anything else gets Python's board in its loading state. It
# only chooses what to show; every rule stays in the engine. Without
# JavaScript the stylesheet shows the X board.
# What the status line says under the first-paint board. The markup says
# what is true without JavaScript; the chooser, which runs only with it, says
# that the full game is on its way.
PLAYS_NOW = "You can play now. Undo, hints and the other settings need JavaScript."
PLAYS_NOW_LOADING = "You can play now; the full game is loading\u2026"


def first_paint_headings() -> dict[str, str]:
    """The game page's heading for every mode and levels an address can ask
    for, in the page's own words (game_view.heading), keyed ``"mode level olevel"``
    by the choices' values: the chooser below shows the right one at first
    paint, where the markdown's heading is the default game's."""
    import game_view as view  # the page's Python, on the path through stage.py

    headings = {}
    for mode in Mode:
        for level in Level:
            for o_level in Level if mode is Mode.WATCH else (level,):
                game = Game(mode, level=level, o_level=o_level)
                headings[f"{mode.value} {level.value} {o_level.value}"] = view.heading(game)
    return headings


# An address's mode, level and O's level as the engine reads them (Choice.parse:
# any case, spaces around; an unknown value is the default, as the page says
# once Python runs), to pick the heading.
FIRST_PAINT_CHOOSER = f"""(() => {{
  const root = document.currentScript.parentElement;
  const query = new URLSearchParams(location.search);
  const read = (key, known, fallback) => {{
    const value = (query.get(key) || "").trim().toLowerCase();
    return known.includes(value) ? value : fallback;
  }};
  const levels = {json.dumps([level.value for level in Level])};
  const mode = read("mode", {json.dumps([mode.value for mode in Mode])}, "{Mode.VS_BOT.value}");
  const level = read("level", levels, "{Level.PERFECT.value}");
  const olevel = mode === "{Mode.WATCH.value}" ? read("olevel", levels, level) : level;
  const heading = document.querySelector(".ttt-heading");
  const said = {json.dumps(first_paint_headings(), ensure_ascii=False)}[`${{mode}} ${{level}} ${{olevel}}`];
  if (heading && said) heading.textContent = said;
  const is = (key, value) => !query.has(key) || query.get(key).trim().toLowerCase() === value;
  const side = (query.get("as") || "X").trim().toUpperCase();
  const size = (query.get("size") || "3").trim().toLowerCase();
  const compiled = is("mode", "{Mode.VS_BOT.value}") && is("level", "{Level.PERFECT.value}")
    && !query.has("pos") && (side === "X" || side === "O") && (size === "3" || size === "3x3");
  root.dataset.firstPaint = compiled ? side : "loading";
  const status = root.querySelector(".ttt-status");
  if (compiled) {{
    status.textContent = "{PLAYS_NOW_LOADING}";
    return;
  }}
  status.textContent = "The game will be ready in a moment\u2026";
  root.querySelector(".ttt-runtime").removeAttribute("data-still-plays");
}})();"""


def first_paint_boards() -> str:
    """Both sides' compiled boards, with their rules in the page itself: the
    board must play at first paint, not after another request. The bot's
    replies (85 kB of the 96) follow the boards' markup, so that the first
    frame, which paints what the parser has reached, more often has the board
    in it; the replies are parsed with the rest of the page, long before a
    person can press."""
    boards = [compiled_board(human) for human in (Player.X, Player.O)]
    css = "".join(board.css for board in boards)
    replies = "".join(board.replies_css for board in boards)
    return f"<style>{css}</style>\n" + "\n".join(board.html for board in boards) + f"\n<style>{replies}</style>\n"


def _options(name: str, choices: list[tuple[str, str]], selected: str) -> str:
    opts = "".join(
        f'<option value="{value}"{" selected" if value == selected else ""}>{text}</option>' for value, text in choices
    )
    return f'<select name="{name}" id="ttt-{name}" disabled>{opts}</select>'


# The game review (site/py/main.py fills it once a game ends and Review is pressed).
REVIEW_PANEL = """<section class="ttt-review" aria-labelledby="ttt-review-head" hidden>
<h2 class="ttt-subhead" id="ttt-review-head">Review</h2>
<p class="ttt-review-verdict" aria-live="polite"></p>
<div class="ttt-review-detail" hidden>
<div class="ttt-review-board" role="img"></div>
<p class="ttt-review-better-head">Better moves:</p>
<ul class="ttt-review-better"></ul>
<p class="ttt-review-watch"><a href="search/">Watch the search from here</a></p>
</div>
</section>"""


def game_markup() -> str:
    """The home page's game: settings, board, banner, controls, moves, score."""
    levels = [(level.value, level.value.capitalize()) for level in Level]
    modes = [
        (Mode.VS_BOT.value, "Against the bot"),
        (Mode.TWO_PLAYERS.value, "Two players"),
        (Mode.WATCH.value, "Watch bot vs bot"),
    ]
    sides = [("X", "X (you start)"), ("O", "O (bot starts)")]
    sizes = [(str(size), f"{size} by {size}") for size in SIZES]
    # O's own level, shown (and the level above relabelled X's) only in watch mode.
    o_level = (
        f'<div class="ttt-setting" hidden><label for="ttt-olevel">O\'s bot</label>'
        f"{_options('olevel', levels, Level.PERFECT.value)}</div>"
    )
    return f"""
<div class="ttt ttt-game" data-board="game" markdown="0">
<form class="ttt-settings" aria-label="Game settings">
<div class="ttt-setting"><label for="ttt-mode">Mode</label>{_options("mode", modes, Mode.VS_BOT.value)}</div>
<div class="ttt-setting"><label for="ttt-level">Bot</label>{_options("level", levels, Level.PERFECT.value)}</div>
{o_level}
<div class="ttt-setting"><label for="ttt-as">You play</label>{_options("as", sides, "X")}</div>
<div class="ttt-setting"><label for="ttt-size">Board</label>{_options("size", sizes, "3")}</div>
</form>
<p class="ttt-message" hidden></p>
{stage(Board.empty(), "Tic-tac-toe board", first_paint=first_paint_boards(), status=PLAYS_NOW)}
<script>{FIRST_PAINT_CHOOSER}</script>
<div class="ttt-actions">
<button type="button" class="md-button md-button--primary" data-action="restart" disabled>New game</button>
<button type="button" class="md-button" data-action="undo" disabled>Undo</button>
<button type="button" class="md-button" data-action="redo" disabled>Redo</button>
<button type="button" class="md-button" data-action="hints" aria-pressed="false" disabled>Hints</button>
<button type="button" class="md-button" data-action="review" hidden disabled>Review</button>
</div>
<div class="ttt-side">
<h2 class="ttt-subhead">Moves</h2>
<ol class="ttt-moves"></ol>
{REVIEW_PANEL}
<h2 class="ttt-subhead">Score this session</h2>
<p class="ttt-score">No games finished yet.</p>
{watch_link(Board.empty(), ".")}
</div>
</div>
"""


def embed_markup() -> str:
    """The embeddable board: board, banner, status and a new-game button only."""
    return f"""
<div class="ttt ttt-embed" data-board="embed" markdown="0">
<p class="ttt-message" hidden></p>
{stage(Board.empty(), "Tic-tac-toe board")}
<button type="button" class="ttt-button" data-action="restart" disabled>New game</button>
</div>
"""


def analysis_markup(position: str) -> str:
    """A docs page's live board: both sides played by the reader, hints always on."""
    board = Board.parse(position)
    return f"""
<div class="ttt ttt-live" data-board="analysis" data-pos="{board}" markdown="0">
{stage(board, "Analysis board", hints=True)}
<div class="ttt-actions">
<button type="button" class="md-button" data-action="restart" disabled>Restart</button>
<button type="button" class="md-button" data-action="undo" disabled>Undo</button>
</div>
{watch_link(board, "..")}
</div>
"""


def watch_link(board: Board, base: str) -> str:
    """The link that opens the search explorer at ``board``, with the explorer's
    default algorithm and order (these pages have none of their own); the
    page's Python keeps it on the board shown (and its base right for the page
    it is on)."""
    href = escape(f"{base}/search/{explorer_markup.explorer_address.watch_query(board)}")
    return f'<p class="ttt-watch"><a href="{href}">Watch the search from here</a></p>'


# The funnel's steps, each a number the page computes (pyengine.facts.funnel)
# and what it counts; the page fills each [data-fact] with its number.
FUNNEL_STEPS = (
    ("boards", "ways to fill the nine cells with X, O or nothing: 3<sup>9</sup>"),
    (
        "positions",
        "of those can arise in a legal game: X moves first, the players alternate, and play stops at three in a row",
    ),
    ("positions_up_to_symmetry", "positions, counting turns and mirror images of one another once"),
    ("move_orders", "orders in which nine cells can be filled: 9! = 9 &times; 8 &times; &hellip; &times; 1"),
    ("games", "games: move sequences from the empty board to a win or a full board; most stop early"),
    (
        "games_up_to_symmetry",
        "games when, at every move, moves that lead to turned or mirrored positions "
        "count once: the figure articles quote",
    ),
)


def funnel_markup() -> str:
    """The facts page's funnel: every step's words, its number filled in by the page."""
    steps = "".join(f'<li><strong data-fact="{key}">&hellip;</strong> {words}</li>' for key, words in FUNNEL_STEPS)
    return f"""
<div class="ttt-funnel" data-board="funnel" markdown="0">
<p class="ttt-status" role="status" aria-live="polite">Counting&hellip; (the engine is loading)</p>
<ol class="ttt-funnel-steps">{steps}</ol>
<table class="ttt-funnel-depths">
<caption>Nodes of the game tree by the number of marks on the board</caption>
<thead><tr><th scope="col">Marks</th><th scope="col">Nodes</th></tr></thead>
<tbody></tbody>
</table>
<p>A person's move sequences against a bot that answers every move with one
choice (this engine's, as its no-JavaScript pages play it): <strong data-fact="sequences_as_x">&hellip;</strong>
playing X, <strong data-fact="sequences_as_o">&hellip;</strong> playing O.</p>
</div>
"""


def facts_markup() -> str:
    return """
<div class="ttt-facts" data-board="facts" markdown="0">
<p class="ttt-status" role="status" aria-live="polite">Counting&hellip; (the engine is loading)</p>
<table class="ttt-facts-table" hidden><tbody></tbody></table>
</div>
"""


# What each marker kind draws, given the marker's argument ("" when none).
# A teaching page's board has its markup in a module of its own and an entry here.
MARKUP: dict[str, Callable[[str], str]] = {
    "game": lambda _: game_markup(),
    "embed": lambda _: embed_markup(),
    "analysis": lambda pos: analysis_markup(pos or "........."),
    "facts": lambda _: facts_markup(),
    "funnel": lambda _: funnel_markup(),
    "ladder": lambda _: bots_table.ladder_markup(),
    "checker": checker_markup.markup,
    "explorer": explorer_markup.markup,
    "strategy_map": strategy_map_markup.markup,
}


def _marker(match: re.Match[str]) -> str:
    kind, arg = match["kind"], match["arg"] or ""
    if kind not in MARKUP:
        raise ValueError(f"unknown board marker {match[0]!r}")
    return MARKUP[kind](arg)


def render_markers(markdown: str) -> str:
    """The page's markdown with every board marker replaced by its board."""
    return MARKER.sub(_marker, markdown)
