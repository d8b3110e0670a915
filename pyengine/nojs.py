"""The perfect bot as a web page that needs no JavaScript: HTML and CSS alone.

The engine writes, for one side, a form of radio buttons and a stylesheet
with one selector per sequence of the person's moves; each selector reveals
the bot's reply, ``policy.choice``, and the end of the game.
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
#   lines    the 8 winning lines, drawn over the board
#   endings  one message per result
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
#
# Custom properties let one declaration hide some elements and show others,
# so the bot's reply needs one selector rather than one to show its mark and
# another to take the radios and labels beneath it out of play. The human's own
# marks (--h) and the turn-by-turn display are generic: a rule per cell or turn.

_REVEAL: Final = "{--r:hidden;--m:visible}"

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


def _chain(moves: tuple[Cell, ...]) -> str:
    return "~".join(f"#t{turn}c{cell}:checked" for turn, cell in enumerate(moves, 1))


def _selector(node: _Node, turns: int) -> str:
    """The one selector that shows the outcome of ``node``'s moves."""
    targets = []
    if node.reply is not None:
        targets.append(f".c{node.reply}")
    board = node.final
    if board.is_over:
        targets.append(f"[data-result={board.result.value}]")
        targets.extend(f".w{LINES.index(line)}" for line in board.winning_lines)
        if len(node.moves) < turns:
            # The next turn's labels and radios were shown by the generic rules.
            targets += ["input", "label"]
    target = targets[0] if len(targets) == 1 else f":is({','.join(targets)})"
    return f"{_chain(node.moves)}~{target}"


def _rule(selectors: list[str], body: str) -> str:
    return ",\n".join(selectors) + body + "\n"


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
.game{--s:min(6rem,(100vw - 2.75rem)/3);position:relative;display:grid;gap:.375rem;margin:0 0 1rem;
grid-template:repeat(3,var(--s)) auto/repeat(3,var(--s))}
.q{background:var(--tile);border-radius:.5rem}
.game input{position:absolute;margin:0;width:1px;height:1px;opacity:0;pointer-events:none;
visibility:var(--r,visible)}
label{display:none;visibility:var(--r,visible);border-radius:.5rem;cursor:pointer;place-items:center;
font-size:calc(var(--s)*.6);font-weight:700;line-height:1;color:var(--muted)}
label:hover{background:var(--hover)}
label:hover::after{content:"%(human)s";opacity:.45}
.v{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%%);white-space:nowrap}
.m{display:grid;place-items:center;font-size:calc(var(--s)*.6);font-weight:700;font-style:normal;line-height:1;
pointer-events:none}
.x{color:var(--x)}
.o{color:var(--o)}
.h{visibility:var(--h,hidden)}
.b,.w,.end{visibility:var(--m,hidden)}
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
    start = Board.empty()
    if start.to_move is not human:
        start = start.play(choice(start))
    turns = (len(start.legal_moves) + 1) // 2
    free = start.legal_moves
    nodes = _sequences(start)

    css: list[str] = [_STYLE % {"human": human.value}]
    selectors = 0
    rules = 0

    def add(selector_list: list[str], body: str, comment: str = "") -> None:
        nonlocal selectors, rules
        if comment:
            css.append(f"/* {comment} */\n")
        css.append(_rule(selector_list, body))
        selectors += len(selector_list)
        rules += 1

    for i in CELLS:
        add([f".c{i}"], f"{{grid-area:{i // 3 + 1}/{i % 3 + 1}}}", "where each cell sits" if i == 0 else "")

    # Turn by turn: a turn's radios and labels appear once the previous turn's
    # radio is checked and go once its own is; the hiding comes later in the
    # sheet so that it wins the tie in specificity.
    later = range(2, turns + 1)
    add([f".t{k}" for k in later], "{display:none}", "one turn at a time")
    add([".l1"] + [f".t{k - 1}:checked~.l{k}" for k in later], "{display:grid}")
    add([f".t{k - 1}:checked~.t{k}" for k in later], "{display:block}")
    add(
        [f".t{k}:checked~.l{k}" for k in range(1, turns + 1)] + [f".t{k}:checked~.t{k}" for k in range(1, turns + 1)],
        "{display:none}",
    )
    # Only later siblings can be reached without :has(); where it is
    # understood, a finished turn's radios leave the keyboard's way entirely.
    add([f".game:has(.t{k}:checked) .t{k}" for k in range(1, turns + 1)], "{display:none}")
    add(
        [f".c{i}:checked~.c{i}" for i in free],
        "{--r:hidden;--h:visible}",
        "the human's own moves: their mark shows, the cell's later radios and labels go",
    )
    add(
        [f".c{i}:focus-visible~label.c{i}" for i in free],
        "{outline:3px solid var(--fg);outline-offset:-3px}",
    )
    for turn in range(1, turns + 1):
        add(
            [_selector(node, turns) for node in nodes if len(node.moves) == turn],
            _REVEAL,
            f"after the human's move {turn}: the bot's reply, and the end of the game",
        )

    endings = {result.value: 0 for result in _ENDINGS}
    for node in nodes:
        if node.final.is_over:
            endings[node.final.result.value] += 1

    html = _page(human, start, turns)
    return NoJsEdition(
        human=human, html=html, css="".join(css), sequences=len(nodes),
        replies=sum(node.reply is not None for node in nodes), endings=endings, selectors=selectors, rules=rules,
    )


def _page(human: Player, start: Board, turns: int) -> str:
    """The HTML: radios first, then the board, the lines and the endings."""
    bot_side = human.other
    mark_class = {Player.X: "x", Player.O: "o"}
    free = start.legal_moves
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
        # autocomplete=off: otherwise a reload may restore the checked radios.
        '<form class="game" autocomplete="off" aria-label="Board">',
    ]
    # No name: each radio is a group of its own, so arrow keys cannot play a
    # move by moving the selection; Tab goes from free square to free square.
    for turn in range(1, turns + 1):
        out.append("".join(f'<input type="radio" id="t{turn}c{i}" class="t{turn} c{i}">' for i in free))
    for i in CELLS:
        parts = [f'<i class="q c{i}"></i>']
        taken = start[i]
        if taken is not None:
            parts.append(f'<i class="m {mark_class[taken]} c{i}">{taken}</i>')
        else:
            where = cell_label(i, None)
            parts += [
                f'<label for="t{turn}c{i}" class="l{turn} c{i}" data-cell="{i}"><span class="v">{where}</span></label>'
                for turn in range(1, turns + 1)
            ]
            parts.append(f'<i class="m h {mark_class[human]} c{i}">{human}</i>')
            parts.append(f'<i class="m b {mark_class[bot_side]} c{i}">{bot_side}</i>')
        out.append("".join(parts))
    out.append("".join(f'<i class="w w{j}"></i>' for j in range(len(LINES))))
    for result in _ENDINGS:
        text = end_message(result, human)
        out.append(f'<p class="end" data-result="{result.value}">{text}</p>')
    out += [
        "</form>",
        '<p><a href="">New game</a></p>',
        "</main>",
        "</body>",
        "</html>",
        "",
    ]
    return "\n".join(out)
