"""The explorer's drawn tree, without the DOM: where each node goes, what it
says, and its classes and hooks at a step.

tree_svg.py turns a ``Picture`` into SVG elements (and, step by step, touches
only the nodes whose ``Glyph`` changed); everything here is checked in
CPython (tests/test_tree_drawing.py).

Two views. A small search whose whole tree fits the width (``choose_view``)
is drawn whole (``WholeTree``): every position it will enter, placed once,
each shown from the step that enters it. Any other search is drawn as the
current path and its siblings (``path_picture``): each position on the path
with all its moves, the one being searched leading to the next row, as the
text outline shows it.

Every node carries hooks for tests and for clicks: ``data-node``, its moves
from the root (``"4,0"``; the root ``""``); ``data-value`` once its value is
known at the step, as the convention states it (``words.stated``: the value
for the side that played the move into the node under negamax, the root's for
its own side to move; X's value under MAX/MIN), a plain integer (``"-1"``);
``data-pruned="true"`` on a move a cut-off skipped; and ``data-step``, the step
a click jumps to: the step that entered the node (for a skipped move, the
cut-off that skipped it).
"""

from __future__ import annotations

from pyengine import Board
from pyengine.board import Player
from pyengine.geometry import Cell
from pyengine.records import Record
from pyengine.teaching.search import Kind, Rule
from pyengine.teaching.searchtree import Bound, BranchState, SearchTree
from pyengine.teaching.stepwords import (
    CUTOFF_RELATIONS,
    Convention,
    bounded,
    signed,
    stated,
    stated_bound,
    stated_window,
    valued_side,
)
from pyengine.teaching.trace import Step
from pyengine.words import cell_name

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from typing import Final

# Sizes in the SVG's own units. The picture is scaled to the width it is given
# (and to the screen's height by CSS), so these fix the proportions; MIN_SCALE
# is the smallest scale at which a value (VALUE_FONT units) stays readable.
BOARD: Final = 42
"""The side of a mini-board."""
RADIUS: Final = 14
"""The radius of a node drawn as its move (too many leaves for boards)."""
SLOT_BOARDS: Final = 56
SLOT_MOVES: Final = 36
"""The width each leaf takes, with boards and with moves."""
PRUNED_SLOT: Final = 0.85
"""A skipped move takes this share of a leaf's width (it has no value to show)."""
ROW_BOARDS: Final = 84
ROW_MOVES: Final = 66
"""The distance from one depth to the next."""
MARGIN: Final = 10
VALUE_FONT: Final = 15
MIN_SCALE: Final = 0.8
"""Below this scale a value is under 12 px on screen: then the view falls back."""
PRESENT_SHARE: Final = 24 / 1080
"""Presenting, a node's value and move, and a mini-board's cell, are at least
this share of the screen's height (24 px at 1080 px: read from the back of a
room), since a projector shows the whole screen at the room's size."""
MIN_WIDTH: Final = 320
"""The narrowest picture, so that a tree of three nodes is not drawn huge."""
CAPTION: Final = 26
"""The band above the tree where alpha-beta's window at the current node is written."""


def node_key(path: tuple[Cell, ...]) -> str:
    """A node's ``data-node``: its moves from the root, comma-separated."""
    return ",".join(str(cell) for cell in path)


def window_caption(alpha: int, beta: int, side: Player, convention: Convention) -> str:
    """An alpha-beta window as the picture writes it, stated for ``convention``."""
    low, high = stated_window(alpha, beta, side, convention)
    return f"\u03b1 {signed(low)}, \u03b2 {signed(high)}"


def reason_lines(
    alpha: int, beta: int, side: Player, convention: Convention, rule: Rule = Rule.AIMA
) -> tuple[str, str]:
    """Why a cut-off skipped moves, on two short lines: ``\u03b1 +1``
    over ``\u2265 \u03b2 0`` (``> \u03b2 0`` under the strict rule)."""
    low, high = stated_window(alpha, beta, side, convention)
    return f"\u03b1 {signed(low)}", f"{CUTOFF_RELATIONS[rule][0]} \u03b2 {signed(high)}"


# -- what is drawn ---------------------------------------------------------------


class View(Record):
    """How a search is drawn: whole or as its path, with boards or moves."""

    whole: bool
    boards: bool


class Glyph(Record):
    """One drawn node at one step."""

    key: str
    """``data-node``: the moves from the root."""
    x: float
    y: float
    board: Board
    move: Cell | None
    """The move into the node (None for the root), highlighted on its board."""
    classes: str
    """``tn`` and: ``x``/``o`` (who played the move), ``path``, ``current``,
    ``done`` (value known), ``waiting``, ``pruned``, ``hit``, ``cut``."""
    value: str | None
    """``data-value``: the value as the convention states it, once known."""
    label: str
    """The value as drawn under the node ("" until known)."""
    step: int | None
    """``data-step``: the step a click on it jumps to."""


class Edge(Record):
    """The line from a node's parent to it (keyed by the node)."""

    key: str
    x1: float
    y1: float
    x2: float
    y2: float
    classes: str


class Note(Record):
    """Text drawn beside the nodes: the window at the current node, or why a
    cut-off skipped moves."""

    key: str
    x: float
    y: float
    lines: tuple[str, ...]
    classes: str


class Picture(Record):
    """The drawn tree at one step."""

    view: View
    width: float
    height: float
    glyphs: dict[str, Glyph]
    edges: dict[str, Edge]
    notes: dict[str, Note]
    label: str
    """The picture's aria-label: where the search stands."""


def sizes(boards: bool) -> tuple[float, float, float]:
    """(a leaf's width, a row's height, a glyph's height) for boards or moves."""
    return (SLOT_BOARDS, ROW_BOARDS, BOARD) if boards else (SLOT_MOVES, ROW_MOVES, 2 * RADIUS)


def least_scale(boards: bool, size: int, least_px: float) -> float:
    """The smallest scale at which a view's labels (and, with ``boards``, the
    cells of its ``size`` x ``size`` mini-boards) are ``least_px`` on screen;
    ``MIN_SCALE`` when ``least_px`` is 0 (not presenting)."""
    if not least_px:
        return MIN_SCALE
    return least_px / min(VALUE_FONT, BOARD / size) if boards else least_px / VALUE_FONT


def fits(units: float, width_px: float, scale: float = MIN_SCALE) -> bool:
    """Whether a picture ``units`` wide, drawn at ``scale`` or more, fits in ``width_px`` pixels."""
    return max(units, MIN_WIDTH) * scale <= width_px


def choose_view(slots: float | None, widest_row: int, width_px: float, least_px: float = 0.0, size: int = 3) -> View:
    """The most readable view that fits ``width_px``: the whole tree (``slots``
    leaves wide; None when it is not known, for a large search) with boards,
    then with moves; else the path with boards, then with moves (``widest_row``:
    the most moves of a position). ``least_px``: presenting, the smallest size
    on screen of a label and of a ``size`` x ``size`` mini-board's cell
    (``least_scale``); else only values of 12 px (``MIN_SCALE``)."""
    for boards in (True, False):
        if slots is not None and fits(
            slots * sizes(boards)[0] + 2 * MARGIN, width_px, least_scale(boards, size, least_px)
        ):
            return View(True, boards)
    for boards in (True, False):
        if fits(widest_row * sizes(boards)[0] + 2 * MARGIN, width_px, least_scale(boards, size, least_px)):
            return View(False, boards)
    return View(False, False)


def _classes(*names: str) -> str:
    return " ".join(name for name in names if name)


def _mover(board: Board, move: Cell | None) -> Player | None:
    return board[move] if move is not None else None


def _side_class(side: Player | None) -> str:
    return side.value.lower() if side is not None else ""


def on_path(key_path: tuple[Cell, ...], current: tuple[Cell, ...]) -> bool:
    return current[: len(key_path)] == key_path


def _window_note(step: Step, convention: Convention) -> Note:
    """The window at the current node (alpha-beta), in the band above the tree."""
    side = valued_side(step.event.board)  # a finished game: the window it was entered with
    where = "At the current node (outlined)"
    return Note(
        "window",
        MARGIN,
        MARGIN + CAPTION / 2,
        (f"{where}: {window_caption(*step.window, side, convention)}",),
        "window",
    )


# -- the whole tree (small searches) ----------------------------------------------


class Spot(Record):
    """One node of the whole tree, placed, with the steps at which it changes."""

    path: tuple[Cell, ...]
    parent: int
    """Its parent's index in ``WholeTree.spots`` (-1 for the root)."""
    board: Board
    x: float
    depth: int
    appears: int
    """The step that enters it (a skipped move: the cut-off's step)."""
    known: int | None
    """The step from which its value is known: the finished game or the table
    hit right after entering it, else the step that backs it up."""
    value: int | None
    """Its value for the side that played the move into it (the root: its own side's)."""
    bound: Bound
    """Whether that value is exact or only a bound, as it is seen."""
    hit: bool
    cut: int | None
    """The step of a cut-off at this node, if one skipped moves."""
    window: tuple[int, int] | None
    """The window (alpha, beta) at that cut-off."""
    pruned: bool


class WholeTree:
    """The whole tree of one search (searchtree's fold of its events), placed once, drawn at any step."""

    def __init__(self, tree: SearchTree, windows: bool, rule: Rule = Rule.AIMA) -> None:
        """``windows``: the search is alpha-beta (draw the window at the
        current node), under ``rule`` (said in the reasons for cut-offs)."""
        self.windows = windows
        self.rule = rule
        root = tree.nodes[0]
        assert root.valued is not None, "the fold of a whole search"
        self.total = root.valued  # the last step gives the root's value
        children: list[list[int]] = [list(node.children) for node in tree.nodes]
        spots: list[Spot] = []  # placed at x = 0 here; place() puts them
        for node in tree.nodes:
            instant = node.board.is_over or node.hit
            cutoff = node.cutoff
            spots.append(
                Spot(
                    node.path,
                    node.parent,
                    node.board,
                    0.0,
                    len(node.path),
                    node.entered,
                    node.entered + 1 if instant else node.valued,
                    node.mover_value,
                    node.mover_bound,
                    node.hit,
                    node.cut,
                    None if cutoff is None else (cutoff.alpha, cutoff.beta),
                    False,
                )
            )
        for number, node in enumerate(tree.nodes):
            for cell in node.skipped:
                assert node.cut is not None  # a node with skipped moves was cut
                children[number].append(len(spots))
                children.append([])
                spots.append(
                    Spot(
                        (*node.path, cell),
                        number,
                        node.board.play(cell),
                        0.0,
                        len(node.path) + 1,
                        node.cut,
                        None,
                        None,
                        Bound.EXACT,
                        False,
                        None,
                        None,
                        True,
                    )
                )
        self.slots = sum(
            PRUNED_SLOT if spot.pruned else 1.0 for spot, kids in zip(spots, children, strict=True) if not kids
        )
        self.depth = max(spot.depth for spot in spots)
        self._children = children
        self.spots = spots
        self.boards = True
        self.place(True)

    def place(self, boards: bool, slot: float | None = None) -> None:
        """Put each leaf in its own slot (``slot`` units wide: by default the
        explorer's for boards or moves; a drill's leaves need room for
        entries), left to right, and each parent centred over its first and
        last child."""
        slot = sizes(boards)[0] if slot is None else slot
        spots, children = self.spots, self._children
        xs_placed = [0.0] * len(spots)
        left = float(MARGIN)

        def walk(number: int) -> float:
            nonlocal left
            kids = children[number]
            if kids:
                xs = [walk(kid) for kid in kids]
                x = (xs[0] + xs[-1]) / 2
            else:
                width = slot * (PRUNED_SLOT if spots[number].pruned else 1.0)
                x, left = left + width / 2, left + width
            xs_placed[number] = x
            return x

        walk(0)
        self.width = max(left + MARGIN, MIN_WIDTH)
        shift = (self.width - left - MARGIN) / 2  # centre a narrow tree
        self.spots = [spot._replace(x=x + shift) for spot, x in zip(spots, xs_placed, strict=True)]
        self.keys = [node_key(spot.path) for spot in self.spots]
        self._cache: dict[tuple[object, ...], tuple[Glyph, Edge | None]] = {}
        self.groups: dict[int, list[Spot]] = {}
        """The skipped moves of each cut-off, by the index of its node."""
        for spot in self.spots:
            if spot.pruned:
                self.groups.setdefault(spot.parent, []).append(spot)
        self.boards = boards
        glyph = sizes(boards)[2]
        self.height = self.y(self.depth) + glyph / 2 + 2.6 * VALUE_FONT + MARGIN

    def y(self, depth: int) -> float:
        _, row, glyph = sizes(self.boards)
        return MARGIN + (CAPTION if self.windows else 0) + glyph / 2 + depth * row

    def picture(self, step: Step, convention: Convention) -> Picture:
        """The tree as the search stands at ``step``."""
        number, current = step.number, step.event.path
        glyphs: dict[str, Glyph] = {}
        edges: dict[str, Edge] = {}
        notes: dict[str, Note] = {}
        half = sizes(self.boards)[2] / 2
        cache, keys = self._cache, self.keys
        shown = 0
        for index, spot in enumerate(self.spots):
            if spot.appears > number:
                continue
            state = (
                index,
                convention,
                spot.known is not None and spot.known <= number,
                spot.path == current,
                current[: len(spot.path)] == spot.path,
                spot.cut is not None and spot.cut <= number,
            )
            drawn = cache.get(state)
            if drawn is None:
                drawn = cache[state] = self._draw(spot, keys[index], *state[1:], half)
            key = keys[index]
            glyphs[key] = drawn[0]
            if drawn[1] is not None:
                edges[key] = drawn[1]
            shown += 0 if spot.pruned else 1
        self._reasons(number, convention, notes, half)
        if self.windows:
            notes["window"] = _window_note(step, convention)
        label = (
            f"The search tree at step {number:,} of {self.total:,}: {shown:,} positions entered so far, "
            f"the current one at depth {len(current)}."
        )
        return Picture(View(True, self.boards), self.width, self.height, glyphs, edges, notes, label)

    def _draw(
        self, spot: Spot, key: str, convention: Convention, known: bool, here: bool, path: bool, cut: bool, half: float
    ) -> tuple[Glyph, Edge | None]:
        """One node and the line to it, in one state (the picture keeps each
        state drawn: stepping back and forth draws nothing twice)."""
        move = spot.path[-1] if spot.path else None
        mover = _mover(spot.board, move)
        side = mover or valued_side(spot.board)
        value = label = None
        if known and spot.value is not None:
            value = stated(spot.value, side, convention)
            label = bounded(value, stated_bound(spot.bound, side, convention))
        classes = _classes(
            "tn",
            _side_class(mover),
            "path" if path else "",
            "current" if here else "",
            "done" if label else "",
            "pruned" if spot.pruned else "",
            "hit" if spot.hit and label else "",
            "cut" if cut else "",
        )
        y = self.y(spot.depth)
        glyph = Glyph(
            key, spot.x, y, spot.board, move, classes, None if value is None else str(value), label or "", spot.appears
        )
        if spot.parent < 0:
            return glyph, None
        parent = self.spots[spot.parent]
        edge = Edge(
            key,
            parent.x,
            self.y(parent.depth) + half,
            spot.x,
            y - half,
            _classes("edge", "path" if path else "", "pruned" if spot.pruned else ""),
        )
        return glyph, edge

    def _reasons(self, number: int, convention: Convention, notes: dict[str, Note], half: float) -> None:
        """Under each cut-off's skipped moves, why they were skipped."""
        for parent, skipped in self.groups.items():
            cut = self.spots[parent]
            side = cut.board.to_move
            if cut.cut is None or cut.cut > number or cut.window is None or side is None:
                continue
            x = (skipped[0].x + skipped[-1].x) / 2
            y = self.y(skipped[0].depth) + half + VALUE_FONT
            key = "cut:" + node_key(cut.path)
            notes[key] = Note(key, x, y, reason_lines(*cut.window, side, convention, self.rule), "reason")


# -- the path and its siblings (every search) -------------------------------------


STATE_CLASSES: Final = {
    BranchState.SEARCHING: "path",
    BranchState.DONE: "",
    BranchState.WAITING: "waiting",
    BranchState.SKIPPED: "pruned",
}
"""The class a move on the path view takes from its state."""
EDGE_CLASSES: Final = {
    BranchState.SEARCHING: "edge path",
    BranchState.DONE: "edge",
    BranchState.WAITING: "edge waiting",
    BranchState.SKIPPED: "edge pruned",
}
"""The classes of the line to a move on the path view, by its state."""


def path_picture(
    step: Step, boards: bool, windows: bool, convention: Convention, rows: int = 0, rule: Rule = Rule.AIMA
) -> Picture:
    """The current path at ``step``: each position on it with all its moves
    (``windows``: alpha-beta under ``rule``, so the window is drawn at the current node),
    at least ``rows`` rows of moves high (a page passes the deepest path it
    has drawn, so that the picture does not shrink and grow as it steps)."""
    slot, row, glyph = sizes(boards)
    half = glyph / 2
    event, path = step.event, step.event.path
    widest = max([len(node.branches) for node in step.path] + [1])
    width = max(widest * slot + 2 * MARGIN, MIN_WIDTH)
    top = MARGIN + (CAPTION if windows else 0)
    height = top + glyph + max(len(step.path), rows) * row + 2.6 * VALUE_FONT + MARGIN
    glyphs: dict[str, Glyph] = {}
    edges: dict[str, Edge] = {}
    notes: dict[str, Note] = {}
    root = step.path[0]
    x, y = width / 2, top + half
    done = event.kind is Kind.DONE and event.value is not None
    value = stated(event.value, valued_side(root.board), convention) if done and event.value is not None else None
    glyphs[""] = Glyph(
        "",
        x,
        y,
        root.board,
        None,
        _classes("tn", "path", "current" if not path else "", "done" if value is not None else ""),
        None if value is None else str(value),
        "" if value is None else bounded(value),
        root.entered,
    )
    for depth, node in enumerate(step.path):
        parent_x, parent_y = x, y
        y = parent_y + row
        # Each row centred, so that a row stays put while its moves are searched.
        left = (width - (len(node.branches) - 1) * slot) / 2
        mover = node.board.to_move
        side = _side_class(mover)
        prefix = node_key(path[:depth])
        current_row = depth == len(path) - 1  # the current node is one of this row's moves
        skipped: list[float] = []
        for index, branch in enumerate(node.branches):
            key = f"{prefix},{branch.move}" if prefix else str(branch.move)
            bx = left + index * slot
            child = node.board.play(branch.move)
            state = branch.state
            here = current_row and branch.move == path[depth]
            shown_value: int | None = None
            shown_bound = Bound.EXACT
            if state is BranchState.DONE and branch.value is not None:
                shown_value, shown_bound = branch.value, branch.bound
            elif here and event.kind in (Kind.LEAF, Kind.HIT) and event.value is not None:
                shown_value = -event.value  # known on entering: seen from the mover
            hit = (state is BranchState.DONE and branch.nodes == 1 and not child.is_over) or (
                here and event.kind is Kind.HIT
            )
            stated_value = stated(shown_value, mover, convention) if shown_value is not None and mover else None
            glyphs[key] = Glyph(
                key,
                bx,
                y,
                child,
                branch.move,
                _classes(
                    "tn",
                    side,
                    STATE_CLASSES[state],
                    "current" if here else "",
                    "done" if stated_value is not None else "",
                    "hit" if hit else "",
                ),
                None if stated_value is None else str(stated_value),
                ""
                if stated_value is None or mover is None
                else bounded(stated_value, stated_bound(shown_bound, mover, convention)),
                branch.entered if branch.entered is not None else step.number if state is BranchState.SKIPPED else None,
            )
            edges[key] = Edge(key, parent_x, parent_y + half, bx, y - half, EDGE_CLASSES[state])
            if state is BranchState.SEARCHING:
                x = bx
            elif state is BranchState.SKIPPED:
                skipped.append(bx)
        if skipped and mover is not None:
            key = "cut:" + prefix
            notes[key] = Note(
                key,
                (skipped[0] + skipped[-1]) / 2,
                y + half + VALUE_FONT,
                reason_lines(node.alpha, node.beta, mover, convention, rule),
                "reason",
            )
    if windows:
        notes["window"] = _window_note(step, convention)
    label = (
        f"The path at step {step.number:,}: depth {len(path)}, each position on it with its moves, "
        f"the one being searched leading to the next row."
    )
    return Picture(View(False, boards), width, height, glyphs, edges, notes, label)


# -- a node's mini-board, as SVG path data ------------------------------------------


def board_shapes(board: Board, side: float = BOARD) -> tuple[str, str, str]:
    """The grid, the X marks and the O marks of ``board`` drawn ``side`` units
    wide, centred on (0, 0), as SVG path data."""
    size = board.size
    cell = side / size
    start = -side / 2
    grid = " ".join(
        f"M{start + i * cell:g} {start:g}V{-start:g}M{start:g} {start + i * cell:g}H{-start:g}" for i in range(1, size)
    )
    inset = cell * 0.22
    xs, os = [], []
    for index in range(size * size):
        mark = board[index]
        if mark is None:
            continue
        row, column = divmod(index, size)
        left, top = start + column * cell, start + row * cell
        if mark is Player.X:
            a, b = left + inset, left + cell - inset
            c, d = top + inset, top + cell - inset
            xs.append(f"M{a:g} {c:g}L{b:g} {d:g}M{b:g} {c:g}L{a:g} {d:g}")
        else:
            r = cell / 2 - inset
            cx, cy = left + cell / 2, top + cell / 2
            os.append(f"M{cx - r:g} {cy:g}a{r:g} {r:g} 0 1 0 {2 * r:g} 0a{r:g} {r:g} 0 1 0 {-2 * r:g} 0")
    return grid, "".join(xs), "".join(os)


def last_cell(board: Board, move: Cell, side: float = BOARD) -> tuple[float, float, float]:
    """(x, y, width) of the square of ``move`` on a mini-board ``side`` units wide."""
    cell = side / board.size
    row, column = divmod(move, board.size)
    return -side / 2 + column * cell, -side / 2 + row * cell, cell


def move_text(move: Cell | None) -> str:
    """What a node drawn without its board says: the cell of its move."""
    return "\u2022" if move is None else str(move)


def move_title(glyph: Glyph) -> str:
    """A node's tooltip: the move, and its value once known."""
    if glyph.move is None:
        text = "The root"
    else:
        mover = glyph.board[glyph.move]
        text = f"{mover} {cell_name(glyph.move, glyph.board.size)} ({glyph.move})"
    return text + (f": {glyph.label}" if glyph.label else "")


def key_text(convention: Convention, windows: bool) -> str:
    """The line under the picture that says how to read it."""
    whose = (
        "from X's side (MAX); O (MIN) wants them low"
        if convention is Convention.MAXMIN
        else "for the side that played the move into it (the root: for its side to move)"
    )
    text = (
        f"Each node shows its value {whose}, once known. The path being searched is drawn in colour; the "
        "current node, where the search stands, has a thick outline (black, white in the dark scheme). A "
        "ringed node's value came from the table."
    )
    if windows:
        text += (
            " Greyed, dashed moves were cut off, with the reason under them; \u2265 and \u2264 mark a value "
            "that is only a bound."
        )
    return text + " Click a node to go to the step that entered it."
