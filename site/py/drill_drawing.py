"""A drill's tree drawn as the explorer draws a search, without the DOM:
the ``tree_drawing.Picture`` that tree_svg.py shows, and where each node's
entries go over it.

The whole tree a drill draws is the one plain minimax enters
(``pyengine.teaching.drill.drawn_tree``), so it is placed by ``tree_drawing.WholeTree``
from minimax's tree (``pyengine.teaching.drill.whole_tree``): each leaf in its own slot, each
parent centred over its children, as in the explorer. Only the slots are
wider and the rows taller, to leave room beside each node for its entries:
the "never searched" box on the line into it, its grade beside that box,
and the value list under it. A leaf's slot is set by its value list, not by
its mini-board, so a drill is always drawn with boards: drawn as moves
(discs) it would be no narrower.

Nothing drawn gives the answer away: the finished games' values are given
(as the list shows them), every other node is drawn alike, and a move is
drawn as cut off (dimmed and dashed, with everything below it) only once it
is marked "never searched", by the student or by "Show the answer".
drill_page.py draws the picture again whenever a mark changes.

Checked in CPython (tests/test_drill_drawing.py).
"""

from __future__ import annotations

import tree_drawing as drawing
from tree_drawing import MARGIN, Edge, Glyph, Picture, View, WholeTree

from pyengine.records import Record
from pyengine.teaching.drill import Key, Path, node_key, whole_tree

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from typing import Final

# Sizes in the SVG's units, as tree_drawing's (a mini-board is BOARD = 42 wide).
ENTRY_WIDTH: Final = 48
ENTRY_HEIGHT: Final = 24
"""A value list: wide enough for "\u2265 \u22121" at VALUE_FONT."""
CHECK: Final = 24
"""The "never searched" box's square, on the line into its node."""
GRADE: Final = 20
"""The grade's badge, beside the "never searched" box over its node."""
SLOT: Final = 56
"""The width each leaf takes: a value list and a gap."""
GAP: Final = 3
"""Between a node and its value list, and around the box on the line into it."""
MIN_SCALE: Final = 1.0
"""The smallest scale the drill is drawn at: its entries' text at VALUE_FONT
(15 px) at least. Below it the page keeps the list."""
MIN_WIDTH_PX: Final = 600
"""The narrowest box the drill is drawn in: below it (a phone) the list, whose
rows give each entry a 44 px target, reads better than any drawing."""


class Place(Record):
    """Where one entry goes over the picture, in shares of its width and height
    (so that it follows the picture's scaling): its left and top edges, its size."""

    left: float
    top: float
    width: float
    height: float


class Entries(Record):
    """Where one node's entries go: its value list (None: a finished game, its
    value given), its "never searched" box (None: the root), its grade."""

    value: Place | None
    skip: Place | None
    grade: Place


class DrillTree:
    """A drill's whole tree, placed once per view, drawn with the marks given."""

    def __init__(self, key: Key) -> None:
        drill = key.drill
        self.key = key
        self.whole = WholeTree(whole_tree(drill.board), windows=False)
        self.spots = {spot.path: spot for spot in self.whole.spots}
        self.view: View | None = None

    def choose_view(self, width_px: float) -> View | None:
        """The drawing (whole, with boards) if it fits ``width_px`` with its
        entries readable (scale at least MIN_SCALE); None (the list) if not,
        or if the box is a phone's."""
        if width_px < MIN_WIDTH_PX or self.units() * MIN_SCALE > width_px:
            return None
        return View(True, True)

    def units(self) -> float:
        """The picture's width."""
        return max(self.whole.slots * SLOT + 2 * MARGIN, drawing.MIN_WIDTH)

    def place(self, view: View) -> None:
        """Place the tree for ``view`` (a whole view: a drill is always drawn whole)."""
        self.view = view
        self.whole.place(view.boards, SLOT)
        self.spots = {spot.path: spot for spot in self.whole.spots}
        self.half = drawing.sizes(view.boards)[2] / 2
        # A row: the box on the line in, the node, its value list, the line on.
        self.row = CHECK + 2 * GAP + 2 * self.half + GAP + ENTRY_HEIGHT + 3 * GAP
        self.width = self.whole.width
        self.height = self.y(self.whole.depth) + self.half + GAP + ENTRY_HEIGHT + MARGIN

    def y(self, depth: int) -> float:
        """The centre of the nodes at ``depth`` (the root too has the band of
        a box over it, where its grade goes)."""
        return MARGIN + CHECK + GAP + self.half + depth * self.row

    def picture(self, marked: frozenset[Path]) -> Picture:
        """The tree, its moves in ``marked`` drawn as never searched (and all below them)."""
        assert self.view is not None, "place() the tree first"
        glyphs: dict[str, Glyph] = {}
        edges: dict[str, Edge] = {}
        for node in self.key.nodes:
            path = node.path
            spot = self.spots[path]
            key, y = node_key(path), self.y(len(path))
            move = path[-1] if path else None
            cut = path in marked
            below = any(path[:depth] in marked for depth in range(1, len(path)))
            mover = node.board[move] if move is not None else None
            classes = " ".join(
                name
                for name in (
                    "tn",
                    mover.value.lower() if mover is not None else "",
                    "pruned" if cut else "",
                    "below" if below else "",
                )
                if name
            )
            given = node.given
            glyphs[key] = Glyph(
                key,
                spot.x,
                y,
                node.board,
                move,
                classes,
                None if given is None else str(given.value),
                "" if given is None else given.text,
                None,
            )
            if path:
                parent = self.spots[path[:-1]]
                top = self.y(len(path) - 1) + self.half + GAP + ENTRY_HEIGHT + GAP
                edges[key] = Edge(key, parent.x, top, spot.x, y - self.half, "edge pruned" if cut or below else "edge")
        nodes = len(self.key.nodes)
        games = sum(1 for node in self.key.nodes if node.given is not None)
        label = (
            f"The drill's tree: {nodes} positions, the {games} finished games with their values given. "
            "Each position's entries follow the drawing, in the tree's order."
        )
        return Picture(View(True, self.view.boards), self.width, self.height, glyphs, edges, {}, label)

    def entries(self) -> dict[Path, Entries]:
        """Where each node's entries go, by its path, in the tree's order."""
        assert self.view is not None, "place() the tree first"
        width, height, half = self.width, self.height, self.half

        def place(x: float, y: float, w: float, h: float) -> Place:
            return Place(x / width, y / height, w / width, h / height)

        found: dict[Path, Entries] = {}
        for node in self.key.nodes:
            path = node.path
            x, y = self.spots[path].x, self.y(len(path))
            value = (
                None
                if node.given is not None
                else place(x - ENTRY_WIDTH / 2, y + half + GAP, ENTRY_WIDTH, ENTRY_HEIGHT)
            )
            skip = place(x - CHECK / 2, y - half - GAP - CHECK, CHECK, CHECK) if path else None
            grade = place(x + CHECK / 2 + GAP, y - half - GAP - (CHECK + GRADE) / 2, GRADE, GRADE)
            found[path] = Entries(None if node.given is not None else value, skip, grade)
        return found
