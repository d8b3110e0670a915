"""The perfect bot as a board that needs no JavaScript: HTML and CSS alone.

The engine writes, for one side, a form of radio buttons and a stylesheet
with one selector per sequence of the person's moves; each selector reveals
the bot's reply, ``policy.choice``, and the end of the game. The same board
is the no-JavaScript edition (a page of its own, ``nojs_edition``) and the
game page's first paint (``compiled_board``), which plays before Python has
loaded and which Python then takes over.
"""

from __future__ import annotations

from .board import CELLS, LINES, Board, Cell, Player, Result
from .policy import choice
from .records import Record
from .words import cell_label, cell_name, end_message

TYPE_CHECKING = False  # see board.py
if TYPE_CHECKING:
    from typing import Final

# -- the page without JavaScript -------------------------------------------------
#
# How the page works. The form is one flat 3x3 grid; its children, in document
# order, are
#
#   radios   #t{k}c{i}: the human's k-th move on cell i (turn 1 first), out of
#            the grid flow, visually hidden but focusable
#   cells    for each cell i: a tile, one <label for=t{k}c{i}> per turn, the
#            human's mark and the bot's mark, all stacked in cell i's grid area
#   wins     the 8 winning lines drawn over the board (the edition), or a
#            highlight under each cell (the compiled board, as the live board
#            shows a win)
#   endings  one message per result
#
# Every id and class carries a prefix (none in the edition), so that two
# boards, one per side, can share the game page.
#
# Everything a rule reveals is a later sibling of every radio, so a chain of
# general sibling combinators can spell out the human's whole move sequence:
#
#   #t1c4:checked~#t2c0:checked~.c2        the bot answers 4, 0 with cell 2
#
# One selector per sequence of the human's moves, and every one of them makes
# the same declaration on what it selects, the later siblings of class c{cell}
# for the bot's reply (and, when the game ends there, the result message, the
# winning line and every later radio and label):
#
#   --r: hidden    read by radios and labels as their visibility: the cell is
#                  taken, so no more clicks and no keyboard focus
#   --m: visible   read by the bot's mark, the lines and the messages: show
#   --e: block     read by the messages as their display, so a hidden message
#                  takes no room
#
# Custom properties let one declaration hide some elements and show others,
# so the bot's reply needs one selector rather than one to show its mark and
# another to take the radios and labels beneath it out of play. The human's own
# marks (--h) and the turn-by-turn display are generic: a rule per cell or turn.

_REVEAL: Final = "{--r:hidden;--m:visible;--e:block}"

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


class _Node(Record):
    """One sequence of the human's moves and where it leads."""

    moves: tuple[Cell, ...]
    reply: Cell | None
    """The bot's answer, None when the human's move ended the game."""
    final: Board
    """The position after the reply (or after the human's last move)."""


class CompiledBoard(Record):
    """A board for the game page's first paint: ``html`` is the board (a form
    with ``data-human``) and ``css`` its stylesheet; the page's own stylesheet
    dresses it, through the classes that start with ``FIRST_PAINT``."""

    human: Player
    html: str
    css: str
    ids: str
    """Starts every id of this board: one board per side shares the page."""


FIRST_PAINT: Final = "fp-"
"""Starts every class of the first-paint boards: both sides' boards share
their classes (the rules that reach across cells are chained from ids)."""


def _sequences(start: Board) -> list[_Node]:
    """Every sequence of the human's moves from ``start`` (the human to move),
    the bot replying with ``choice``; shorter first, then in cell order."""
    nodes: list[_Node] = []
    layer: list[tuple[tuple[Cell, ...], Board]] = [((), start)]
    while layer:
        following = []
        for moves, board in layer:
            for cell in board.legal_moves:
                after = board.play(cell)
                seq = (*moves, cell)
                if after.is_over:
                    nodes.append(_Node(seq, None, after))
                    continue
                reply = choice(after)
                final = after.play(reply)
                nodes.append(_Node(seq, reply, final))
                if not final.is_over:
                    following.append((seq, final))
        layer = following
    return nodes


def _chain(moves: tuple[Cell, ...], ids: str) -> str:
    return "~".join(f"#{ids}t{turn}c{cell}:checked" for turn, cell in enumerate(moves, 1))


def _selector(node: _Node, turns: int, ids: str, p: str, win_cells: bool) -> str:
    """The one selector that shows the outcome of ``node``'s moves."""
    targets = []
    if node.reply is not None:
        targets.append(f".{p}c{node.reply}")
    board = node.final
    if board.is_over:
        targets.append(f".{p}end[data-result={board.result.value}]")
        if win_cells:
            targets.extend(f".{p}k{cell}" for cell in sorted({c for line in board.winning_lines for c in line}))
        else:
            targets.extend(f".{p}w{LINES.index(line)}" for line in board.winning_lines)
        if len(node.moves) < turns:
            # The next turn's labels and radios were shown by the generic rules.
            targets += [f".{p}r", f".{p}l"]
    target = targets[0] if len(targets) == 1 else f":is({','.join(targets)})"
    return f"{_chain(node.moves, ids)}~{target}"


def _rule(selectors: list[str], body: str) -> str:
    return ",\n".join(selectors) + body + "\n"


class _Sheet:
    """A stylesheet being written, with its counts."""

    def __init__(self, preamble: str) -> None:
        self.parts = [preamble]
        self.selectors = 0
        self.rules = 0

    def add(self, selectors: list[str], body: str, comment: str = "") -> None:
        if comment:
            self.parts.append(f"/* {comment} */\n")
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
    nodes: list[_Node]


def _game(human: Player) -> _Game:
    start = Board.empty()
    if start.to_move is not human:
        start = start.play(choice(start))
    turns = (len(start.legal_moves) + 1) // 2
    return _Game(human=human, start=start, turns=turns, nodes=_sequences(start))


# What makes the board work, in any look: radios out of sight but focusable,
# one turn's labels at a time, marks and messages shown by the rules below.
_MECHANICS: Final = """\
.{p}r{{position:absolute;margin:0;width:1px;height:1px;opacity:0;pointer-events:none;visibility:var(--r,visible)}}
.{p}l{{display:none;visibility:var(--r,visible)}}
.{p}h{{visibility:var(--h,hidden)}}
.{p}b,.{p}w,.{p}k,.{p}end{{visibility:var(--m,hidden)}}
.{p}end{{display:var(--e,none)}}
"""


def _write_rules(sheet: _Sheet, game: _Game, ids: str, p: str, win_cells: bool) -> None:
    """The rules that play the game: where each cell sits, one turn at a
    time, the human's marks, and one selector per sequence of the human's moves."""
    turns, free = game.turns, game.start.legal_moves
    for i in CELLS:
        # A cell's win highlight is placed by a class of its own: the bot's
        # reply reveals everything of class c{reply}, and must not light it.
        where = [f".{p}c{i}", f".{p}k{i}"] if win_cells else [f".{p}c{i}"]
        sheet.add(where, f"{{grid-area:{i // 3 + 1}/{i % 3 + 1}}}", "where each cell sits" if i == 0 else "")
    # Turn by turn: a turn's radios and labels appear once the previous turn's
    # radio is checked and go once its own is; the hiding comes later in the
    # sheet so that it wins the tie in specificity.
    later = range(2, turns + 1)
    sheet.add([f".{p}t{k}" for k in later], "{display:none}", "one turn at a time")
    sheet.add([f".{p}l1"] + [f".{p}t{k - 1}:checked~.{p}l{k}" for k in later], "{display:grid}")
    sheet.add([f".{p}t{k - 1}:checked~.{p}t{k}" for k in later], "{display:block}")
    sheet.add(
        [f".{p}t{k}:checked~.{p}l{k}" for k in range(1, turns + 1)]
        + [f".{p}t{k}:checked~.{p}t{k}" for k in range(1, turns + 1)],
        "{display:none}",
    )
    # Only later siblings can be reached without :has(); where it is
    # understood, a finished turn's radios leave the keyboard's way entirely.
    sheet.add([f".{p}board:has(.{p}t{k}:checked) .{p}t{k}" for k in range(1, turns + 1)], "{display:none}")
    sheet.add(
        [f".{p}c{i}:checked~.{p}c{i}" for i in free],
        "{--r:hidden;--h:visible}",
        "the human's own moves: their mark shows, the cell's later radios and labels go",
    )
    sheet.add([f".{p}c{i}:focus-visible~.{p}l.{p}c{i}" for i in free], "{outline:3px solid;outline-offset:-3px}")
    for turn in range(1, turns + 1):
        sheet.add(
            [_selector(node, turns, ids, p, win_cells) for node in game.nodes if len(node.moves) == turn],
            _REVEAL,
            f"after the human's move {turn}: the bot's reply, and the end of the game",
        )


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
    """The form: radios first, then the cells, the wins and the endings."""
    human, start, turns = game.human, game.start, game.turns
    free = start.legal_moves
    # autocomplete=off: otherwise a reload may restore the checked radios.
    out = [f'<form class="{p}board" autocomplete="off" aria-label="{label}" data-human="{human}">']
    # No name: each radio is a group of its own, so arrow keys cannot play a
    # move by moving the selection; Tab goes from free square to free square.
    for turn in range(1, turns + 1):
        out.append("".join(f'<input type="radio" id="{ids}t{turn}c{i}" class="{p}r {p}t{turn} {p}c{i}">' for i in free))
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
    out.append("</form>")
    return out


_STYLE: Final = """\
/* The no-JavaScript edition: generated by pyengine.nojs, do not edit. */
:root{--bg:#fff;--fg:#1c1e24;--muted:#5b6070;--tile:#e9edf3;--hover:#d5deea;--x:#1d5bbf;--o:#b4400b}
@media (prefers-color-scheme:dark){
:root{--bg:#15171c;--fg:#e9eaef;--muted:#a3a8b6;--tile:#272b34;--hover:#343b48;--x:#86b4ff;--o:#ffa066}
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




def nojs_edition(human: Player = Player.X) -> NoJsEdition:
    """The page that plays the perfect bot with HTML and CSS alone, the human
    playing ``human`` (X moves first; as O, the bot's opening is on the page
    from the start).

    >>> page = nojs_edition(Player.O)
    >>> page.sequences, page.replies
    (90, 90)
    """
    game = _game(human)
    sheet = _Sheet(_STYLE % {"human": human.value} + _MECHANICS.format(p=""))
    _write_rules(sheet, game, "", "", win_cells=False)
    endings = {result.value: 0 for result in _ENDINGS}
    for node in game.nodes:
        if node.final.is_over:
            endings[node.final.result.value] += 1
    return NoJsEdition(
        human=human, html=_page(game), css=sheet.css, sequences=len(game.nodes),
        replies=sum(node.reply is not None for node in game.nodes), endings=endings,
        selectors=sheet.selectors, rules=sheet.rules,
    )


def compiled_board(human: Player) -> CompiledBoard:
    """The board for the game page's first paint: the edition's game, with a
    highlight under each cell of a winning line and no look of its own (the
    page's stylesheet draws it like the live board).

    >>> board = compiled_board(Player.X)
    >>> board.html.startswith('<form class="fp-board"'), "#fpx-t1c4:checked~" in board.css
    (True, True)
    """
    game = _game(human)
    ids = f"fp{human.value.lower()}-"
    sheet = _Sheet(
        f"/* The first-paint board, you play {human}: generated by pyengine.nojs, do not edit. */\n"
        + _MECHANICS.format(p=FIRST_PAINT)
    )
    _write_rules(sheet, game, ids, FIRST_PAINT, win_cells=True)
    html = "\n".join(_board_markup(game, ids, FIRST_PAINT, True, "Tic-tac-toe board"))
    return CompiledBoard(human=human, html=html, css=sheet.css, ids=ids)


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
