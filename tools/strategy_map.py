"""The complete strategy map (xkcd 832 style), drawn at build time as SVG.

``<!-- board: strategy_map X -->`` draws the perfect bot's whole strategy as X
(``O`` as O): a board showing the bot's move; in each cell where the opponent
may reply, a smaller board showing the position after that reply and the
bot's answer, and so on to the end of every game. The bot's move is always
``pyengine.policy.choice``, the one move the compiled boards play, so the map
agrees with the first-paint board and the no-JavaScript edition.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyengine import Board, Player
from pyengine.board import Cell
from pyengine.policy import choice
from pyengine.solver import Value, analyze

SIZE = 900.0  # the top board's side, in SVG user units
PAD = 0.08  # a sub-board's margin inside its cell, as a fraction of the cell


@dataclass(frozen=True)
class Node:
    """One board of the map: ``moves`` from the empty board lead to it,
    ``bot`` is the bot's answer there (None for O's root, where X moves
    first, and when the game is over), ``replies`` the boards nested in the
    cells where the opponent may reply."""

    moves: tuple[Cell, ...]
    board: Board
    bot: Cell | None
    replies: tuple[tuple[Cell, Node], ...]


def build(side: Player) -> Node:
    """The map for the bot playing ``side``: its root node."""
    return _node((), Board.empty(), side)


def _node(moves: tuple[Cell, ...], board: Board, side: Player) -> Node:
    bot: Cell | None = None
    if not board.is_over and board.to_move is side:
        bot = choice(board)
        board = board.play(bot)
        moves = (*moves, bot)
    replies: list[tuple[Cell, Node]] = []
    if not board.is_over:
        for cell in board.legal_moves:
            replies.append((cell, _node((*moves, cell), board.play(cell), side)))
    return Node(moves, board, bot, tuple(replies))


def decision_boards(node: Node) -> int:
    """How many boards of the map show a move of the bot."""
    return (node.bot is not None) + sum(decision_boards(child) for _, child in node.replies)


def slower_wins(side: Player) -> list[tuple[Cell, ...]]:
    """The bot's decisions (as move sequences, bot's move not included) where
    a move that also wins, but more slowly, exists beside the map's: a map that
    only cared about winning could play it there."""
    found: list[tuple[Cell, ...]] = []

    def walk(node: Node) -> None:
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
    for c, mark in enumerate(board.cells):
        if mark is None:
            continue
        cls = "sm-bot" if c == bot else ("sm-x" if mark is Player.X else "sm-o")
        out.append(
            f'<use href="#sm{side}-{str(mark).lower()}" class="{cls}" x="{x + (c % 3) * cell:.1f}" '
            f'y="{y + (c // 3) * cell:.1f}" width="{cell:.1f}" height="{cell:.1f}"/>'
        )
    return out


def _draw(node: Node, x: float, y: float, size: float, side: str) -> list[str]:
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


def markup(arg: str) -> str:
    """The map for side ``arg`` (X or O), with its zoom controls (disabled until Python runs)."""
    if arg not in ("X", "O"):
        raise ValueError(f"the strategy_map marker takes X or O, not {arg!r}")
    side = Player(arg)
    count = decision_boards(build(side))
    return (
        f'<div class="sm-map" data-board="strategy_map" data-map="{arg}" markdown="0" '
        f'data-decisions="{count}">'
        f'<p class="sm-bar"><button type="button" class="ttt-button sm-up" disabled>Up</button> '
        f'<span class="sm-crumb" aria-live="polite">Whole map: the bot plays {arg}, '
        f"{count} decision boards.</span></p>"
        f"{svg(side)}"
        f'<p class="sm-note">At {len(slower_wins(side))} of these {count} decision boards a slower '
        f"winning move also exists; a map that only cared about winning could play it there.</p></div>"
    )
