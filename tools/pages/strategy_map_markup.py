"""The complete strategy map (xkcd 832 style), drawn at build time as SVG.

``<!-- board: strategy_map X -->`` draws the perfect bot's whole strategy as X
(``O`` as O): a board showing the bot's move; in each cell where the opponent
may reply, a smaller board showing the position after that reply and the
bot's answer, and so on to the end of every game. The bot's move is always
``pyengine.policy.fixed_move``, the one move the compiled boards play, so the map
agrees with the first-paint board and the no-JavaScript edition.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pyengine import Board, Cell, Player
from pyengine.policy import fixed_move, person_sequences
from pyengine.solver import Value, analyze
from tools.pages.stage import stage

SIZE = 900.0  # the top board's side, in SVG user units
PAD = 0.08  # a sub-board's margin inside its cell, as a fraction of the cell


@dataclass(frozen=True)
class MapBoard:
    """One board of the map: ``moves`` from the empty board lead to it,
    ``bot`` is the bot's answer there (None for O's root, where X moves
    first, and when the game is over), ``replies`` the boards nested in the
    cells where the opponent may reply."""

    moves: tuple[Cell, ...]
    board: Board
    bot: Cell | None
    replies: tuple[tuple[Cell, MapBoard], ...]


@cache  # the page's markup, its file and its counts all walk the same map
def build(side: Player) -> MapBoard:
    """The map for the bot playing ``side``: its root board. Every board below
    it is one of the opponent's move sequences against the bot
    (``pyengine.policy.person_sequences``), nested in the board before it."""
    nested: dict[tuple[Cell, ...], list[tuple[Cell, MapBoard]]] = {}
    # Longest sequences first, so that each board's replies are built before it.
    for sequence in reversed(list(person_sequences(side.other))):
        replies = tuple(reversed(nested.pop(sequence.moves, [])))
        board = MapBoard(sequence.game, sequence.final, sequence.reply, replies)
        nested.setdefault(sequence.moves[:-1], []).append((sequence.moves[-1], board))
    start = Board.empty()
    opening = fixed_move(start) if start.to_move is side else None
    moves = () if opening is None else (opening,)
    return MapBoard(moves, start if opening is None else start.play(opening), opening, tuple(reversed(nested[()])))


def decision_boards(node: MapBoard) -> int:
    """How many boards of the map show a move of the bot."""
    return (node.bot is not None) + sum(decision_boards(child) for _, child in node.replies)


def slower_wins(side: Player) -> list[tuple[Cell, ...]]:
    """The bot's decisions (as move sequences, bot's move not included) where
    a move that also wins, but more slowly, exists beside the map's: a map that
    only cared about winning could play it there."""
    found: list[tuple[Cell, ...]] = []

    def walk(node: MapBoard) -> None:
        if node.bot is not None:
            before = node.moves[:-1]
            board = Board.empty()
            for cell in before:
                board = board.play(cell)
            analysis = analyze(board)
            if analysis.value is Value.WIN and any(
                m.value is Value.WIN and m.plies > analysis.plies for m in analysis.moves
            ):
                found.append(before)
        for _, child in node.replies:
            walk(child)

    walk(build(side))
    return found


def _marks(board: Board, x: float, y: float, size: float, bot: Cell | None, side: str) -> list[str]:
    cell = size / 3
    out = []
    for c, mark in enumerate(board.marks):
        if mark is None:
            continue
        cls = "sm-bot" if c == bot else ("sm-x" if mark is Player.X else "sm-o")
        out.append(
            f'<use href="#sm{side}-{str(mark).lower()}" class="{cls}" x="{x + (c % 3) * cell:.1f}" '
            f'y="{y + (c // 3) * cell:.1f}" width="{cell:.1f}" height="{cell:.1f}"/>'
        )
    return out


def _draw(node: MapBoard, x: float, y: float, size: float, side: str) -> list[str]:
    moves = ",".join(map(str, node.moves))
    out = [
        f'<g class="sm-node" data-moves="{moves}" data-box="{x:.1f} {y:.1f} {size:.1f} {size:.1f}">',
        f'<use href="#sm{side}-grid" x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}"/>',
    ]
    out += _marks(node.board, x, y, size, node.bot, side)
    cell = size / 3
    for c, child in node.replies:
        cx, cy = x + (c % 3) * cell + cell * PAD, y + (c // 3) * cell + cell * PAD
        out += _draw(child, cx, cy, cell * (1 - 2 * PAD), side)
    out.append("</g>")
    return out


# Each map's own symbols (ids carry the side: both maps share one page).
DEFS = (
    "<defs>"
    '<symbol id="sm{s}-grid" viewBox="0 0 3 3"><rect width="3" height="3" fill="transparent"/>'
    '<path class="sm-lines" d="M1 0V3M2 0V3M0 1H3M0 2H3"/></symbol>'
    '<symbol id="sm{s}-x" viewBox="0 0 10 10"><path d="M2 2L8 8M8 2L2 8"/></symbol>'
    '<symbol id="sm{s}-o" viewBox="0 0 10 10"><circle cx="5" cy="5" r="3.2"/></symbol>'
    "</defs>"
)


def svg(side: Player) -> str:
    """The map as one SVG element, with its title and description."""
    root = build(side)
    count = decision_boards(root)
    other = side.other
    title = f"The perfect bot's complete strategy as {side}"
    desc = (
        f"{count} boards show the bot's move (in colour). In every empty cell, a smaller board shows "
        f"the game after {other} plays there and the bot answers, down to the end of every game."
    )
    body = "\n".join(_draw(root, 0, 0, SIZE, str(side)))
    return (
        f'<svg class="sm-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE:g} {SIZE:g}" '
        f'role="group" aria-labelledby="sm-title-{side} sm-desc-{side}">'
        f'<title id="sm-title-{side}">{title}</title><desc id="sm-desc-{side}">{desc}</desc>'
        f"{DEFS.format(s=side)}{body}</svg>"
    )


# The map drawn into the page; the other side's map is a file of its own
# (``write_files``), fetched only when the reader switches to it: the O map
# alone is 690 KB of SVG, the X map 55 KB.
INLINE = Player.X


def file_name(side: Player) -> str:
    """Where the built site keeps ``side``'s map, from the site's root."""
    return f"assets/strategy-map-{side}.svg"


def write_files(site: Path) -> None:
    """Every map but the inline one, as an SVG file of the built site."""
    for side in (Player.X, Player.O):
        if side is not INLINE:
            target = site / file_name(side)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(svg(side), encoding="utf-8")


def markup(arg: str) -> str:
    """The map for the bot as X, with the switch to O's, the zoom controls and
    a live board against the map's bot, all disabled until Python runs."""
    if arg:
        raise ValueError(f"the strategy_map marker takes no argument, not {arg!r}")
    counts = []
    for side in (Player.X, Player.O):
        count = decision_boards(build(side))
        counts.append(
            f'<li data-side="{side}">The bot as {side}: <strong data-decisions="{count}">{count}</strong> '
            f"decision boards; at {len(slower_wins(side))} of them a slower winning move also exists, "
            "which a map that only cared about winning could play.</li>"
        )
    # The other map's button says where its file is (from the site's root).
    sides = "".join(
        f'<button type="button" class="ttt-button sm-side" data-side="{side}" '
        + ("" if side is INLINE else f'data-src="{file_name(side)}" ')
        + f'aria-pressed="{str(side is INLINE).lower()}" disabled>Bot plays {side}</button>'
        for side in (Player.X, Player.O)
    )
    return f"""<div class="sm-map" data-board="strategy_map" data-map="{INLINE}" markdown="0">
<div class="sm-top">
<div class="sm-sides" role="group" aria-label="Which strategy to show and play against">{sides}</div>
<div class="ttt sm-game">
{stage(Board.empty(), "Your game against the map's bot")}
<div class="ttt-actions">
<button type="button" class="md-button" data-action="restart" disabled>New game</button>
<button type="button" class="md-button" data-action="undo" disabled>Undo</button>
</div>
</div>
<p class="sm-follow"><label><input type="checkbox" checked disabled> Follow the game on the map</label></p>
</div>
<p class="sm-bar"><button type="button" class="ttt-button sm-up" disabled>Up</button>
<span class="sm-crumb" aria-live="polite">The bot plays {INLINE}. Whole map.</span></p>
<div class="sm-view">{svg(INLINE)}</div>
<ul class="sm-counts">{"".join(counts)}</ul>
</div>"""
