"""The perfect bot as a board that needs no JavaScript: HTML and CSS alone.

The engine writes, for one side, a form of radio buttons and a stylesheet
with one selector per sequence of the person's moves; each selector reveals
the bot's reply, ``policy.fixed_move``, and the end of the game (one selector
per ``policy.person_sequences``). The same board
is the no-JavaScript edition (a page of its own, ``nojs_edition``) and the
game page's first paint (``compiled_board``), which plays before Python has
loaded and which Python then takes over.
"""

from __future__ import annotations

from ..board import Board, Player, Result
from ..geometry import CELLS, LINES, Cell
from ..policy import PersonMoves, fixed_move, person_sequences
from ..records import Record
from ..words import cell_label, cell_name, end_message

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from typing import Final

# -- the page without JavaScript -------------------------------------------------
#
# How the page works. The form is one 3x3 grid. The human's k-th move is a
# radio, #t{k}c{i} for cell i (turn 1 first), out of the grid flow, visually
# hidden but focusable. Each turn's radios sit in a group of their own, and
# each group holds the next one, the cells innermost:
#
#   form #g1       radios t1c*, then
#     div #g2      radios t2c*, then
#       div #g3    ... and so on, one group per turn, then
#         div #g{turns+1}: for each cell i a tile, one <label for=t{k}c{i}>
#                  per turn, the human's mark and the bot's mark; the win
#                  shown as 8 lines over the board (the edition) or as a
#                  highlight under each cell (the compiled board, as the live
#                  board shows a win); one message per result
#
# The groups are display:contents, so everything lays out in the form's grid.
# Every id and class carries a prefix (none in the edition), so that two
# boards, one per side, can share the game page.
#
# The group after turn k's radios is the one element that turn k's rules
# style: a rule names the human's moves so far as a chain from radio to group
# to radio, and sets custom properties on that group, which every later turn
# and every cell inherits:
#
#   #t1c4:checked~*>#t2c0:checked~#g3{--R2:hidden;--B2:visible}
#                  you played 4, then 0: the bot answers with 2
#
#   --R{i}: hidden   cell i is taken: its later radios and labels go
#   --H{i}, --B{i}   the human's, the bot's mark on cell i shows
#   --L{k}: grid     turn k is the one being played: its labels show
#   --T{k}: block    ... and its radios; a game over sets both to none
#   --F{i}: solid    cell i's radio has the keyboard's focus: its label is ringed
#   --E{result}, --K{i} (or --W{line}): the message and the win show
#
# One selector per sequence of the human's moves, grouped into one rule per
# declaration. Why the nesting: a browser matches a selector from its right
# end, and this one ends in an id, so only the one group it names is ever
# tested against it; from there each step looks at one parent and at most
# nine earlier siblings. A flat run of every radio before the cells, with
# rules ending in a cell's class, made every click restyle the whole board
# against hundreds of selectors that each walked that run: about 60 ms of
# style work a click and 150 ms at load in Chromium, measured (bench/HISTORY.md).

_ENDINGS: Final = (Result.X_WON, Result.O_WON, Result.DRAW)


class NoJsEdition(Record):
    """The no-JavaScript page for one side: ``html`` (``index.html``) links to
    ``css`` as ``nojs.css``; the rest describes them."""

    human: Player
    html: str
    css: str
    sequences: int
    """The human's possible move sequences, each of which has its own selector."""
    replies: int
    """The sequences the bot answers (the others end the game with the human's move)."""
    endings: dict[str, int]
    """How many sequences end the game, by result: ``"X"``, ``"O"``, ``"draw"``."""
    selectors: int
    """Selectors in the stylesheet, generic ones included."""
    rules: int
    """Rule blocks in the stylesheet."""

    def __repr__(self) -> str:
        # The page itself is summed up by its size.
        return (
            f"NoJsEdition(human={self.human}, sequences={self.sequences}, replies={self.replies}, "
            f"selectors={self.selectors}, rules={self.rules}, html={len(self.html):,} chars, "
            f"css={len(self.css):,} chars)"
        )


class CompiledBoard(Record):
    """A board for the game page's first paint: ``html`` is the board (a form
    with ``data-human``), ``css`` and then ``replies_css`` its stylesheet; the
    page's own stylesheet dresses it, through the classes that start with
    ``FIRST_PAINT``."""

    human: Player
    html: str
    css: str
    """What places the board's cells and takes the person's moves: before ``html``."""
    replies_css: str
    """One selector per sequence of the person's moves, for the bot's replies
    and the endings: most of the sheet, and none of it needed until a move is
    made, so a page may put it after ``html``. A browser paints what it has
    parsed so far; with these rules ahead of it, the board's markup often
    missed the first frame (bench/HISTORY.md)."""
    ids: str
    """Starts every id of this board: one board per side shares the page."""


FIRST_PAINT: Final = "fp-"
"""Starts every class of the first-paint boards: both sides' boards share
their classes (the rules that reach across cells are chained from ids)."""


def _chain(moves: tuple[Cell, ...], ids: str) -> str:
    """The human's moves as a path from radio to group to radio, ending at the
    group after the last move's turn: the one element its rule styles."""
    radios = "~*>".join(f"#{ids}t{turn}c{cell}:checked" for turn, cell in enumerate(moves, 1))
    return f"{radios}~#{ids}g{len(moves) + 1}"


def _declarations(node: PersonMoves, turns: int, win_cells: bool) -> str:
    """What ``node``'s moves set on the group after them: the bot's reply, and
    the end of the game if it ends there."""
    body = []
    if node.reply is not None:
        body += [f"--R{node.reply}:hidden", f"--B{node.reply}:visible"]
    board = node.final
    if board.is_over:
        after = len(node.moves) + 1
        if after <= turns:
            # The next turn was shown by the generic rule; this one outweighs it.
            body += [f"--L{after}:none", f"--T{after}:none"]
        body.append(f"--E{board.result.value}:block")
        if win_cells:
            body += [f"--K{cell}:visible" for cell in sorted({c for line in board.winning_lines for c in line})]
        else:
            body += [f"--W{LINES.index(line)}:visible" for line in board.winning_lines]
    return "{" + ";".join(body) + "}"


def _rule(selectors: list[str], body: str) -> str:
    return ",\n".join(selectors) + body + "\n"


class _Sheet:
    """A stylesheet being written, with its counts."""

    def __init__(self, preamble: str) -> None:
        self.parts = [preamble]
        self.selectors = 0
        self.rules = 0

    def note(self, comment: str) -> None:
        self.parts.append(f"/* {comment} */\n")

    def add(self, selectors: list[str], body: str) -> None:
        self.parts.append(_rule(selectors, body))
        self.selectors += len(selectors)
        self.rules += 1

    @property
    def css(self) -> str:
        return "".join(self.parts)


class _Game(Record):
    """One side's board, before it is written out."""

    human: Player
    start: Board
    """The human to move: empty for X, the bot's opening for O."""
    turns: int
    """The most moves the human can make."""
    nodes: list[PersonMoves]


def _game(side: Player | str) -> _Game:
    human = Player.parse(side)
    start = Board.empty()
    if start.to_move is not human:
        start = start.play(fixed_move(start))
    turns = (len(start.legal_moves) + 1) // 2
    return _Game(human=human, start=start, turns=turns, nodes=list(person_sequences(human)))


# What makes the board work, in any look: radios out of sight but focusable,
# groups that lay nothing out, the first turn's radios and labels shown.
_MECHANICS: Final = """\
.{p}r{{position:absolute;margin:0;width:1px;height:1px;opacity:0;pointer-events:none}}
.{p}g{{display:contents}}
.{p}board{{--L1:grid;--T1:block}}
"""


def _write_rules(sheet: _Sheet, replies: _Sheet, game: _Game, p: str, ids: str, win_cells: bool) -> None:
    """The rules that play the game: where each cell sits, one turn at a time,
    the human's moves, what reads each custom property; and into ``replies``
    (which may be ``sheet`` itself), one selector per sequence of the human's
    moves. The replies' selectors carry ids, so they outweigh every rule in
    ``sheet`` wherever they come."""
    turns, free = game.turns, game.start.legal_moves
    sheet.note("where each cell sits")
    for i in CELLS:
        # A cell's win highlight is placed by a class of its own: the marks
        # and labels of cell i share c{i}, the highlight must not.
        where = [f".{p}c{i}", f".{p}k{i}"] if win_cells else [f".{p}c{i}"]
        sheet.add(where, f"{{grid-area:{i // 3 + 1}/{i % 3 + 1}}}")
    sheet.note("a turn's labels and radios show while it is played; once it is, the next one's")
    for k in range(1, turns + 1):
        sheet.add([f".{p}l{k}"], f"{{display:var(--L{k},none)}}")
        sheet.add([f".{p}t{k}"], f"{{display:var(--T{k},none)}}")
        following = f";--L{k + 1}:grid;--T{k + 1}:block" if k < turns else ""
        sheet.add([f".{p}t{k}:checked~.{p}g"], f"{{--L{k}:none{following}}}")
    # A played turn's radios leave the keyboard's way: the later ones by the
    # sibling combinator, the earlier ones where :has() is understood.
    sheet.add(
        [f".{p}t{k}:checked~.{p}t{k}" for k in range(1, turns + 1)]
        + [f":has(>.{p}t{k}:checked)>.{p}t{k}" for k in range(1, turns + 1)],
        "{display:none}",
    )
    sheet.note(
        "the human's moves: the mark shows, the cell's later radios and labels go; a focused radio rings its label"
    )
    for i in free:
        sheet.add([f".{p}c{i}:checked~.{p}g"], f"{{--R{i}:hidden;--H{i}:visible}}")
        sheet.add([f".{p}c{i}:focus-visible~.{p}g"], f"{{--F{i}:solid}}")
    sheet.note("what reads the properties")
    for i in free:
        sheet.add([f".{p}r.{p}c{i}", f".{p}l.{p}c{i}"], f"{{visibility:var(--R{i},visible)}}")
        sheet.add([f".{p}l.{p}c{i}"], f"{{outline:3px var(--F{i},none);outline-offset:-3px}}")
        sheet.add([f".{p}h.{p}c{i}"], f"{{visibility:var(--H{i},hidden)}}")
        sheet.add([f".{p}b.{p}c{i}"], f"{{visibility:var(--B{i},hidden)}}")
    for result in _ENDINGS:
        sheet.add([f".{p}end[data-result={result.value}]"], f"{{display:var(--E{result.value},none)}}")
    if win_cells:
        for i in CELLS:
            sheet.add([f".{p}k{i}"], f"{{visibility:var(--K{i},hidden)}}")
    else:
        for j in range(len(LINES)):
            sheet.add([f".{p}w{j}"], f"{{visibility:var(--W{j},hidden)}}")
    for turn in range(1, turns + 1):
        replies.note(f"after the human's move {turn}: the bot's reply, and the end of the game")
        by_outcome: dict[str, list[str]] = {}
        for node in game.nodes:
            if len(node.moves) == turn:
                by_outcome.setdefault(_declarations(node, turns, win_cells), []).append(_chain(node.moves, ids))
        for body, selectors in sorted(by_outcome.items()):
            replies.add(selectors, body)


def _mark(p: str, cell: Cell, player: Player, kind: str = "") -> str:
    """A mark as the board contract has it: data-cell and data-mark, named for
    screen readers as the live board names a taken cell. ``kind`` is h for the
    human's, b for the bot's reply; none for a mark there from the start."""
    classes = f"{p}m {p}{kind} " if kind else f"{p}m "
    return (
        f'<i class="{classes}{p}{player.value.lower()} {p}c{cell}" data-cell="{cell}" '
        f'data-mark="{player}" role="img" aria-label="{cell_label(cell, player)}">{player}</i>'
    )


def _board_markup(game: _Game, ids: str, p: str, win_cells: bool, label: str) -> list[str]:
    """The form: each turn's radios in a group holding the next turn's, the
    cells, the wins and the endings innermost."""
    human, start, turns = game.human, game.start, game.turns
    free = start.legal_moves
    # autocomplete=off: otherwise a reload may restore the checked radios.
    out = [f'<form class="{p}board" autocomplete="off" aria-label="{label}" data-human="{human}">']
    # No name: each radio is a group of its own, so arrow keys cannot play a
    # move by moving the selection; Tab goes from free square to free square.
    for turn in range(1, turns + 1):
        if turn > 1:
            out.append(f'<div class="{p}g" id="{ids}g{turn}">')
        out.append("".join(f'<input type="radio" id="{ids}t{turn}c{i}" class="{p}r {p}t{turn} {p}c{i}">' for i in free))
    out.append(f'<div class="{p}g" id="{ids}g{turns + 1}">')
    for i in CELLS:
        parts = [f'<i class="{p}q {p}c{i}"></i>']
        taken = start[i]
        if taken is not None:
            parts.append(_mark(p, i, taken))
        else:
            where = cell_label(i, None)
            parts += [
                f'<label for="{ids}t{turn}c{i}" class="{p}l {p}l{turn} {p}c{i}" data-cell="{i}">'
                f'<span class="{p}v">{where}</span></label>'
                for turn in range(1, turns + 1)
            ]
            parts.append(_mark(p, i, human, "h"))
            parts.append(_mark(p, i, human.other, "b"))
        if win_cells:
            # Drawn over the cell's marks, as the live board draws a win. Only
            # the bot can win here (the walk in tests/test_export.py checks
            # it), so the highlight carries the bot's letter in the win colours.
            parts.append(f'<i class="{p}k {p}k{i}" aria-hidden="true">{human.other}</i>')
        out.append("".join(parts))
    if not win_cells:
        out.append("".join(f'<i class="{p}w {p}w{j}"></i>' for j in range(len(LINES))))
    for result in _ENDINGS:
        out.append(f'<p class="{p}end" data-result="{result.value}">{end_message(result, human)}</p>')
    out.append("</div>" * turns + "</form>")
    return out


# The marks keep the site's colours (site/assets/board.css, --ttt-x and --ttt-o),
# one colour per mark in every edition; tests/browser/test_nojs.py compares them.
_STYLE: Final = """\
/* The no-JavaScript edition: generated by pyengine.editions.nojs, do not edit. */
:root{--bg:#fff;--fg:#1c1e24;--muted:#5b6070;--tile:#e9edf3;--hover:#d5deea;--x:#c2185b;--o:#1565c0}
@media (prefers-color-scheme:dark){
:root{--bg:#15171c;--fg:#e9eaef;--muted:#a3a8b6;--tile:#272b34;--hover:#343b48;--x:#ff80ab;--o:#82b1ff}
}
html{color-scheme:light dark}
body{margin:0;padding:1rem;background:var(--bg);color:var(--fg);font:1.125rem/1.5 system-ui,sans-serif}
main{max-width:20rem;margin:0 auto}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem}
p{margin:0 0 1rem}
a{color:inherit}
.board{--s:min(6rem,(100vw - 2.75rem)/3);position:relative;display:grid;gap:.375rem;margin:0 0 1rem;
grid-template:repeat(3,var(--s)) auto/repeat(3,var(--s))}
.q{background:var(--tile);border-radius:.5rem}
.l{border-radius:.5rem;cursor:pointer;place-items:center;
font-size:calc(var(--s)*.6);font-weight:700;line-height:1;color:var(--muted)}
.l:hover{background:var(--hover)}
.l:hover::after{content:"%(human)s";opacity:.45}
.v{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%%);white-space:nowrap}
.m{display:grid;place-items:center;font-size:calc(var(--s)*.6);font-weight:700;font-style:normal;line-height:1;
pointer-events:none}
.x{color:var(--x)}
.o{color:var(--o)}
.w{pointer-events:none;background:var(--fg);border-radius:.25rem;opacity:.75}
.w0,.w1,.w2{grid-column:1/4;align-self:center;height:.5rem;margin:0 6%%}
.w3,.w4,.w5{grid-row:1/4;justify-self:center;width:.5rem;margin:6%% 0}
.w6,.w7{grid-area:1/1/4/4;align-self:center;height:.5rem}
.w6{transform:rotate(45deg)}
.w7{transform:rotate(-45deg)}
.w0{grid-row:1}.w1{grid-row:2}.w2{grid-row:3}.w3{grid-column:1}.w4{grid-column:2}.w5{grid-column:3}
.end{grid-area:4/1/5/4;margin:.25rem 0 0;font-size:1.25rem;font-weight:700;text-align:center}
"""


def nojs_edition(human: Player | str = Player.X) -> NoJsEdition:
    """The page that plays the perfect bot with HTML and CSS alone, the human
    playing ``human`` (X moves first; as O, the bot's opening is on the page
    from the start).

    >>> page = nojs_edition(Player.O)
    >>> page.sequences, page.replies
    (90, 90)
    """
    game = _game(human)
    human = game.human
    sheet = _Sheet(_STYLE % {"human": human.value} + _MECHANICS.format(p=""))
    _write_rules(sheet, sheet, game, "", "", win_cells=False)
    endings = {result.value: 0 for result in _ENDINGS}
    for node in game.nodes:
        if node.final.is_over:
            endings[node.final.result.value] += 1
    return NoJsEdition(
        human=human,
        html=_page(game),
        css=sheet.css,
        sequences=len(game.nodes),
        replies=sum(node.reply is not None for node in game.nodes),
        endings=endings,
        selectors=sheet.selectors,
        rules=sheet.rules,
    )


def compiled_board(human: Player | str) -> CompiledBoard:
    """The board for the game page's first paint: the edition's game, with a
    highlight under each cell of a winning line and no look of its own (the
    page's stylesheet draws it like the live board).

    >>> board = compiled_board(Player.X)
    >>> board.html.startswith('<form class="fp-board"'), "#fpx-t1c4:checked~" in board.replies_css
    (True, True)
    """
    game = _game(human)
    human = game.human
    ids = f"fp{human.value.lower()}-"
    sheet = _Sheet(
        f"/* The first-paint board, you play {human}: generated by pyengine.editions.nojs, do not edit. */\n"
        + _MECHANICS.format(p=FIRST_PAINT)
    )
    replies = _Sheet(f"/* The first-paint board's replies, you play {human}: generated by pyengine.editions.nojs. */\n")
    _write_rules(sheet, replies, game, FIRST_PAINT, ids, win_cells=True)
    html = "\n".join(_board_markup(game, ids, FIRST_PAINT, True, "Tic-tac-toe board"))
    return CompiledBoard(human=human, html=html, css=sheet.css, replies_css=replies.css, ids=ids)


def _page(game: _Game) -> str:
    """The edition's HTML: a heading, a few words, the board, a New game link."""
    human, start = game.human, game.start
    if human is Player.X:
        intro = "You play X and move first."
    else:
        opening = next(c for c in CELLS if start[c] is not None)
        intro = f"You play O. The bot plays X and opened in the {cell_name(opening)}."
    out = [
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="color-scheme" content="light dark">',
        f"<title>Tic-tac-toe without JavaScript: you play {human}</title>",
        '<link rel="stylesheet" href="nojs.css">',
        "</head>",
        "<body>",
        "<main>",
        "<h1>Tic-tac-toe without JavaScript</h1>",
        f"<p>{intro} Pick a square; the bot answers at once and never loses. "
        "Every reply it can make is a rule in this page's stylesheet.</p>",
        *_board_markup(game, "", "", False, "Board"),
        '<p><a href="">New game</a></p>',
        "</main>",
        "</body>",
        "</html>",
        "",
    ]
    return "\n".join(out)
