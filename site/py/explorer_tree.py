"""The explorer's drawn tree on the page: which view fits the box, the
picture of each step shown in it (tree_drawing.py places it with no DOM,
tree_svg.py draws it), and a click on a node.

The box's width is measured once a search and on a resize or a change of
presentation mode (reading it at every step would lay the page out again at
every step).
"""

from __future__ import annotations

import math

import tree_drawing as drawing
from pyscript import window
from pyscript.ffi import to_js
from tree_svg import TreeView

from pyengine.teaching.search import Algorithm

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final

    from pyodide.ffi import JsProxy

    from pyengine.teaching.searchtree import SearchTree
    from pyengine.teaching.stepwords import Convention
    from pyengine.teaching.trace import Step, Trace


ROOM_BELOW: Final = 12
"""Presenting, the pixels kept free below the drawing (the page's own margin)."""
LEAST_ROOM: Final = 0.4
"""Presenting, the least share of the window's height the drawing is scaled
into; with less room below its top (a phone), it keeps its own height."""


class DrawnTree:
    """The drawn tree of the explorer's one search."""

    def __init__(self, root: JsProxy, on_node: Callable[[int], None], on_view: Callable[[], None]) -> None:
        """``on_node(step)``: a click on a node asks for its step; ``on_view()``:
        another view was chosen (the heading says which)."""
        self.on_node, self.on_view = on_node, on_view
        self.box = root.querySelector(".ex-tree-box")
        self.svg = root.querySelector(".ex-drawn-svg")
        self.key = root.querySelector(".ex-drawn-key")
        self.focus_box = root.querySelector(".ex-drawn")
        self.tree_view = TreeView(self.svg, self._on_click)
        self.whole: drawing.WholeTree | None = None
        self.view: drawing.View | None = None

    @property
    def whole_shown(self) -> bool:
        """Whether the whole tree is drawn (else the current path)."""
        return self.view is not None and self.view.whole

    def reset(self, trace: Trace, tree: SearchTree | None, small: bool) -> None:
        """A new search: its whole tree placed once (``tree``: a small
        search's; None for a large one), and an empty picture."""
        self.box.classList.toggle("whole", small)
        windows = trace.algorithm is Algorithm.ALPHABETA
        self.whole = drawing.WholeTree(tree, windows, trace.rule) if tree is not None else None
        self.widest = trace.board.geometry.cells - trace.board.ply
        self.view = None
        self.width_px = 0.0
        self.tree_view.clear()
        self.key_for: tuple[Convention, bool] | None = None

    def measure_again(self) -> None:
        """The box may have changed its width: measured at the next drawing."""
        self.width_px = 0.0

    def resized(self) -> bool:
        """Whether the box's width is not the one measured (a resize)."""
        return bool(self.box.clientWidth != self.width_px)

    def _on_click(self, key: str | None, number: int | None) -> None:
        """A click on a node: go to the step that entered it (a skipped move:
        the cut-off that skipped it)."""
        # The drawing takes the focus (it is focusable from a click only), so
        # that the keys go on stepping here and never to the theme.
        self.focus_box.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
        if number is not None:
            self.on_node(number)

    def draw(self, step: Step, trace: Trace, convention: Convention, presenting: bool) -> None:
        """The drawn tree at ``step``: the view that fits the box's width (and,
        presenting, the window's height); only the nodes, lines and notes that
        changed are touched."""
        windows = trace.algorithm is Algorithm.ALPHABETA
        if not self.width_px:
            size = trace.board.size
            self.width_px = float(self.box.clientWidth) or 600.0
            least_px = window.innerHeight * drawing.PRESENT_SHARE if presenting else 0.0
            slots = self.whole.slots if self.whole else None
            chosen = drawing.choose_view(slots, self.widest, self.width_px, least_px, size)
            self._choose(chosen)
            if presenting:
                # Boards make taller rows than moves: where the boards' picture at its
                # labels' size needs more room than the window leaves, the moves.
                tall = self._picture(step, trace, convention, windows).height * drawing.least_scale(
                    chosen.boards, size, least_px
                )
                if chosen.boards and tall > self._room():
                    self._choose(drawing.View(chosen.whole, False))
            self._fit(presenting)
        picture = self._picture(step, trace, convention, windows)
        self.tree_view.show(picture)
        if presenting:
            self.keep_in_view(step)
        if self.key_for != (convention, windows):
            self.key_for = (convention, windows)
            self.key.textContent = drawing.key_text(convention, windows)

    def _choose(self, chosen: drawing.View) -> None:
        if chosen != self.view:
            self.view = chosen
            self.tree_view.clear()
            if chosen.whole and self.whole is not None:
                self.whole.place(chosen.boards)
            self.on_view()

    def _picture(self, step: Step, trace: Trace, convention: Convention, windows: bool) -> drawing.Picture:
        view = self.view
        assert view is not None
        if view.whole and self.whole is not None:
            return self.whole.picture(step, convention)
        # As deep as a path can go from the first step: the picture keeps one height.
        return drawing.path_picture(step, view.boards, windows, convention, self.widest, trace.rule)

    def _room(self) -> float:
        """The height from the drawing's top to the window's bottom, in the page
        as laid out with nothing scrolled (presenting: what the drawing may take)."""
        top = float(self.svg.getBoundingClientRect().top) + float(window.scrollY)
        return float(window.innerHeight) - top - ROOM_BELOW

    def _fit(self, presenting: bool) -> None:
        """Presenting, the drawing scaled to the room left in the window
        (explorer.css), unless that is too little (a phone: the columns stacked)."""
        room = self._room() if presenting else 0.0
        if room >= window.innerHeight * LEAST_ROOM:
            self.svg.style.setProperty("--ex-room", f"{math.floor(room)}px")
        else:
            self.svg.style.removeProperty("--ex-room")

    def keep_in_view(self, step: Step) -> None:
        """Presenting: the current node, and the reason under a cut-off's
        skipped moves, scrolled into the window (a projector shows no more)."""
        options = to_js({"block": "nearest", "inline": "nearest"}, dict_converter=window.Object.fromEntries)
        key = drawing.node_key(step.event.path)
        current = self.tree_view.group(key)
        if current:
            current.scrollIntoView(options)
        reason = self.tree_view.note("cut:" + key)
        if reason:
            reason.scrollIntoView(options)
