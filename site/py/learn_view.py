"""What the "Machines that learn" page draws, as markup built from engine values,
with no DOM in sight (learn_page.py puts it on the page; the tests read it in CPython).

Every string here is made from numbers, cells and position notation the engine
produced, never from text a person typed or an address carried, so it is
safe to hand to ``innerHTML``.
"""

from __future__ import annotations

from pyengine import Board, Cell, Player, Value
from pyengine.learning.learner import LearnerKind
from pyengine.learning.marking import Mark
from pyengine.learning.mcts import Iteration, Report
from pyengine.learning.menace import Menace
from pyengine.learning.training import Opponent
from pyengine.words import cell_name

TYPE_CHECKING = False  # typing costs the page's start-up milliseconds; only the checker needs it
if TYPE_CHECKING:
    from collections.abc import Sequence

CELL = 20  # a box's cell, in SVG units
BEAD_ROWS = 3  # beads drawn per cell, in rows of three; more are counted in words
MOVE_WORDS = ("1st", "2nd", "3rd", "4th")


NAMES = {LearnerKind.MENACE: "MENACE", LearnerKind.TABULAR: "the tabular learner"}
"""Each learner as a sentence names it."""


def counted(number: int, noun: str, nouns: str = "") -> str:
    """``number`` with its noun, singular or plural: "1 game", "1,100 games"."""
    return f"{number:,} {noun if number == 1 else nouns or noun + 's'}"


def machine_status(lead: str, name: str, games: int) -> str:
    """A learner's status line: what just happened (``lead``), then the games it
    has played in all, training and games against the person alike."""
    played = f"has played {counted(games, 'game')}" if games else "has played no games yet"
    return f"{lead}: {name} {played}."


def resignation_note(machine: Menace) -> str:
    """Why MENACE lost its last games without playing them, and what changes
    that; empty when it played its last game to the end."""
    streak = machine.resigned_streak
    if not streak:
        return ""
    empty = machine.empty_boxes()
    last = "its last game" if streak == 1 else f"its last {counted(streak, 'game')}"
    are = "is" if len(empty) == 1 else "are"
    parts = [
        f"MENACE resigned {last}: a box it reached had run out of beads "
        f"({counted(len(empty), 'box', 'boxes')} of {len(machine.boxes):,} {are} empty now)."
    ]
    if Board.empty() in empty:
        parts.append(
            "Its first box is empty, so it resigns before its first move in every game, and training "
            "cannot refill it: a resignation draws no bead, so no bead goes back."
        )
    elif empty:
        parts.append("It resigns whenever a game reaches one of them; games that avoid them still teach it.")
    if machine.rules.name == "michie":
        parts.append(
            "Scroggs' rules start each box with more beads (8 a move in the first box, not 4), so "
            "they run out later; or Forget this MENACE to start afresh."
        )
    else:
        parts.append("Forget this MENACE to start afresh with full boxes.")
    return " ".join(parts)


_GAME_OVER = {Value.WIN: "You won", Value.DRAW: "A draw", Value.LOSS: "MENACE won"}


def game_over_text(result: Value, resigned: bool, learned: bool) -> str:
    """A game against MENACE ended: ``result`` for the person; whether MENACE
    resigned, and whether it drew any bead to learn from."""
    why = " (MENACE resigned: its box was empty)" if resigned else ""
    lesson = "It has learned from the game" if learned else "It drew no bead, so it had nothing to learn from"
    return f"{_GAME_OVER[result]}{why}. {lesson}; press New game to play again."


_RIVALS = {Opponent.MENACE: "another MENACE", Opponent.SELF: "itself"}


def opponent_words(against: Opponent) -> str:
    """An opponent as a sentence names it: "random", "another MENACE", "itself"."""
    return _RIVALS.get(against, against.value)


def move_number(box: Board) -> int:
    """Which of its side's moves a box is for: 0 for the 1st, up to 3 for the 4th."""
    return box.ply // 2


def box_label(box: Board, beads: dict[Cell, int], perfect: bool) -> str:
    """A box in words, for screen readers: the position and its beads, each cell
    named as every board of the site names it: "beads by cell: centre 3; top left 1"."""
    shown = "; ".join(f"{cell_name(cell)} {count}" for cell, count in beads.items())
    verdict = "perfect" if perfect else "not perfect"
    return f"Box {box}, {verdict}; beads by cell: {shown}"


def box_svg(box: Board, beads: dict[Cell, int], mark: Mark, drawn: Cell | None = None) -> str:
    """A matchbox: the position, and in each of its moves' cells that many beads
    (up to nine drawn, the count beside them), coloured by cell; the bead just
    drawn ringed. The box is framed as perfect or not."""
    size = 3 * CELL
    parts = [
        f'<svg viewBox="-2 -2 {size + 4} {size + 4}" class="box-svg" role="img" '
        f'aria-label="{box_label(box, beads, mark.perfect)}">',
        f'<rect class="box-frame {"perfect" if mark.perfect else "imperfect"}" x="-1" y="-1" '
        f'width="{size + 2}" height="{size + 2}" rx="3"/>',
    ]
    for cell in range(9):
        x, y = cell % 3 * CELL, cell // 3 * CELL
        mark_at = box[cell]
        if mark_at is not None:
            parts.append(
                f'<text class="box-mark mark-{mark_at}" x="{x + CELL / 2}" y="{y + CELL * 0.72}">{mark_at}</text>'
            )
            continue
        count = beads.get(cell)
        if count is None:
            continue
        good = " good" if cell in mark.good else ""
        ring = " drawn" if cell == drawn else ""
        if ring:
            parts.append(f'<rect class="drawn-cell" x="{x}" y="{y}" width="{CELL}" height="{CELL}" rx="2"/>')
        parts.append(f'<g class="beads bead-c{cell}{good}{ring}">')
        for i in range(min(count, BEAD_ROWS * 3)):
            bx, by = x + 4 + i % 3 * 6, y + 4 + i // 3 * 6
            parts.append(f'<circle cx="{bx}" cy="{by}" r="2.6"/>')
        if count > BEAD_ROWS * 3 or count == 0:
            parts.append(f'<text class="bead-count" x="{x + CELL / 2}" y="{y + CELL - 2}">{count}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def group_summary(number: int, marks: list[Mark] | int) -> str:
    """A group's heading: which move, how many boxes, how many perfect (given
    the boxes' marks; given only how many boxes, before they are marked)."""
    count = marks if isinstance(marks, int) else len(marks)
    heading = f"Before its {MOVE_WORDS[number]} move: {count} {'box' if count == 1 else 'boxes'}"
    return heading if isinstance(marks, int) else f"{heading}, {sum(m.perfect for m in marks)} perfect"


def blocks(history: Sequence[Value], size: int) -> list[tuple[int, float, float, float]]:
    """The results per block of ``size`` games: (games played at the block's
    end, share won, drawn, lost); a last, shorter block is left out."""
    out = []
    for end in range(size, len(history) + 1, size):
        block = history[end - size : end]
        win, draw, loss = (block.count(value) / size for value in (Value.WIN, Value.DRAW, Value.LOSS))
        out.append((end, win, draw, loss))
    return out


def block_size(games: int) -> int:
    """A block size that gives a plot at most about 40 points."""
    for size in (10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000):
        if games <= 40 * size:
            return size
    return games // 40


Series = tuple[str, str, list[tuple[float, float]]]
"""A plotted line: its name, its CSS class, its (x, y) points."""

WIDTH, HEIGHT, PAD = 320, 160, 34


def line_plot(title: str, series: list[Series], x_label: str, y_label: str, y_max: float = 1.0) -> str:
    """An SVG line plot of ``series`` (y from 0 to ``y_max``), named by ``title``,
    followed by the same numbers as a table for screen readers and for reading."""
    points = [p for _, _, pts in series for p in pts]
    x_max = max((x for x, _ in points), default=1.0) or 1.0
    w, h = WIDTH - PAD - 8, HEIGHT - PAD - 8

    def at(x: float, y: float) -> str:
        return f"{PAD + x / x_max * w:.1f},{8 + h - y / y_max * h:.1f}"

    parts = [
        '<div class="learn-chart"><figure class="learn-plot">',
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{title}">',
        f'<line class="axis" x1="{PAD}" y1="{8 + h}" x2="{PAD + w}" y2="{8 + h}"/>',
        f'<line class="axis" x1="{PAD}" y1="8" x2="{PAD}" y2="{8 + h}"/>',
    ]
    for tick in (0.0, 0.5, 1.0):
        y = 8 + h - tick * h
        parts.append(f'<line class="grid" x1="{PAD}" y1="{y:.1f}" x2="{PAD + w}" y2="{y:.1f}"/>')
        parts.append(f'<text class="tick" x="{PAD - 4}" y="{y + 3:.1f}" text-anchor="end">{tick * y_max:g}</text>')
    parts.append(f'<text class="tick" x="{PAD + w}" y="{HEIGHT - 14}" text-anchor="end">{x_max:,.0f}</text>')
    parts.append(f'<text class="tick" x="{PAD}" y="{HEIGHT - 14}">0</text>')
    parts.append(f'<text class="label" x="{PAD + w / 2}" y="{HEIGHT - 2}" text-anchor="middle">{x_label}</text>')
    for name, css, pts in series:
        if len(pts) == 1:
            x, y = pts[0]
            cx, cy = at(x, y).split(",")
            parts.append(f'<circle class="series {css}" cx="{cx}" cy="{cy}" r="2.5"/>')
        elif pts:
            line = " ".join(at(x, y) for x, y in pts)
            parts.append(f'<polyline class="series {css}" points="{line}"><title>{name}</title></polyline>')
    parts.append("</svg>")
    legend = "".join(f'<li><span class="swatch {css}"></span>{name}</li>' for name, css, _ in series)
    parts.append(f'<figcaption>{title} <ul class="legend">{legend}</ul></figcaption></figure>')
    parts.append(data_table(title, series, x_label, y_label))
    parts.append("</div>")
    return "".join(parts)


def data_table(title: str, series: list[Series], x_label: str, y_label: str) -> str:
    """The plot's numbers: one row per x, one column per series."""
    xs = sorted({x for _, _, pts in series for x, _ in pts})
    values = [dict(pts) for _, _, pts in series]
    head = "".join(f'<th scope="col">{name}</th>' for name, _, _ in series)
    rows = "".join(
        f'<tr><th scope="row">{x:,.0f}</th>'
        + "".join(f"<td>{v[x]:.3f}</td>" if x in v else "<td>-</td>" for v in values)
        + "</tr>"
        for x in xs
    )
    return (
        f'<details class="learn-data"><summary>The numbers behind this plot</summary>'
        f'<table><caption>{y_label} by {x_label}</caption><thead><tr><th scope="col">{x_label}</th>{head}</tr>'
        f"</thead><tbody>{rows}</tbody></table></details>"
    )


def results_series(history: Sequence[Value]) -> list[Series]:
    """Won, drawn and lost per block of games, as three plotted lines."""
    made = blocks(history, block_size(len(history)))
    return [
        ("won", "won", [(float(end), win) for end, win, _, _ in made]),
        ("drawn", "drawn", [(float(end), draw) for end, _, draw, _ in made]),
        ("lost", "lost", [(float(end), loss) for end, _, _, loss in made]),
    ]


def tally_text(history: Sequence[Value], side: Player) -> str:
    """The games so far in words, from the learner's side."""
    won, drawn, lost = (history.count(value) for value in (Value.WIN, Value.DRAW, Value.LOSS))
    return f"{counted(len(history), 'game')} as {side}: won {won:,}, drew {drawn:,}, lost {lost:,}"


def cells_text(cells: Sequence[Cell], size: int = 3) -> str:
    """Cells in words, as the table names them: "centre, top left"; on a bigger
    board, whose names hold a comma ("row 1, column 2"), between semicolons."""
    return ("; " if size != 3 else ", ").join(cell_name(cell, size) for cell in cells)


def iteration_text(step: Iteration, size: int = 3) -> str:
    """One iteration's four steps in words, each move named by its cell (``size``: the board's)."""
    selected = step.path[:-1] if step.expanded is not None else step.path
    path = " then ".join(cell_name(cell, size) for cell in selected) or "no move (the root still had untried moves)"
    expanded = (
        f"added move {cell_name(step.expanded, size)}" if step.expanded is not None else "reached a finished game"
    )
    if step.playout:
        ending = f"{step.winner} won" if step.winner else "it was a draw"
        playout = f"the random playout played {counted(len(step.playout), 'move')}, and {ending}"
    else:
        ending = f"{step.winner} had won" if step.winner else "a draw"
        playout = f"no random playout: the game was over ({ending})"
    return (
        f"This iteration: selection followed {path}; expansion {expanded}; {playout}; back-propagation "
        f"added that result to {counted(len(step.path) + 1, 'node')} (the root included)."
    )


def move_rows(marked: Report, size: int = 3) -> str:
    """The root's moves as table rows: the cell (named in words, as on every
    board of the site; ``size`` is the board's), visits, mean result (a dash for
    a move not yet visited: it has no mean, and 0.00 would claim one), exact
    value, whether it keeps the value."""
    rows = []
    for m in marked.moves:
        best = " best" if m.cell in marked.best else ""
        mean = f"{m.mean:+.2f}" if m.visits else "\u2013"
        rows.append(
            f'<tr class="{"good" if m.good else "bad"}{best}"><th scope="row">{cell_name(m.cell, size)}</th>'
            f"<td>{m.visits:,}</td><td>{mean}</td><td>{m.exact.value.value} in {m.exact.plies}</td>"
            f"<td>{'yes' if m.good else 'no'}</td></tr>"
        )
    return "".join(rows)


def search_summary(marked: Report, size: int = 3) -> str:
    """Where a search stands: its iterations, and whether its most-visited moves
    keep the position's exact value (saying which do when they disagree), each
    move named by its cell as the table names it (``size``: the board's)."""
    value = marked.value.value
    if not marked.iterations:
        return f"No iterations yet, so no move has been visited. The position's exact value: {value}."
    good = {m.cell for m in marked.moves if m.good}
    top = marked.most_visited
    keep = [cell for cell in top if cell in good]
    lose = [cell for cell in top if cell not in good]
    if len(top) == 1:
        keeps = "keeps" if keep else "does not keep"
        verdict = f"The most-visited move ({cell_name(top[0], size)}) {keeps} the exact value ({value})."
    else:
        moves = f"The most-visited moves ({cells_text(top, size)}{'; ' if size != 3 else ', '}tied"
        if not lose:
            verdict = f"{moves}) all keep the exact value ({value})."
        elif not keep:
            verdict = f"{moves}): none keeps the exact value ({value})."
        else:
            kept = f"{cells_text(keep, size)} {'keeps' if len(keep) == 1 else 'keep'}"
            lost = f"{cells_text(lose, size)} {'does' if len(lose) == 1 else 'do'} not"
            verdict = f"{moves}): {kept} the exact value ({value}), {lost}."
    return f"{counted(marked.iterations, 'iteration')}. {verdict}"


COMPARE_OPPONENTS = (Opponent.RANDOM, Opponent.PERFECT, Opponent.MENACE, Opponent.SELF)


def comparison_runs(kind: LearnerKind) -> list[tuple[Opponent, str]]:
    """The (opponent, rules) pairs a comparison trains: every opponent, with both
    presets for MENACE (the tabular learner's "menace" plays Michie's)."""
    presets = ("michie", "scroggs") if kind is LearnerKind.MENACE else ("michie",)
    return [(against, rules) for rules in presets for against in COMPARE_OPPONENTS]


def run_name(kind: LearnerKind, against: Opponent, rules: str) -> str:
    """A compared machine's name in a legend: its opponent, and its rules for MENACE."""
    rival = opponent_words(against)
    return f"vs {rival}, {rules.capitalize()}" if kind is LearnerKind.MENACE else f"vs {rival}"


def comparison_plots(
    kind: LearnerKind,
    curves: list[tuple[Opponent, str, list[tuple[float, float]]]],
    results: Sequence[tuple[Opponent, str, Sequence[Value]]],
) -> str:
    """Two plots of a comparison: the share of perfect positions, and the share of
    games lost per block, one line per machine (classes c0, c1, ... colour them)."""
    shares = [(run_name(kind, a, r), f"c{i}", pts) for i, (a, r, pts) in enumerate(curves)]
    losses = []
    for i, (against, rules, history) in enumerate(results):
        made = blocks(history, block_size(len(history)))
        losses.append((run_name(kind, against, rules), f"c{i}", [(float(end), loss) for end, _, _, loss in made]))
    name = NAMES[kind]
    return line_plot(f"Share of perfect positions, {name}, by opponent", shares, "games", "share") + line_plot(
        f"Share of games lost per block, {name}, by opponent", losses, "games", "share lost"
    )
