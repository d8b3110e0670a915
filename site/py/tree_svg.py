"""A drawn search tree in an SVG: the DOM side of tree_drawing.py.

``TreeView`` shows a ``tree_drawing.Picture`` in an ``<svg>`` that holds
three layers (``g.ex-edges``, ``g.ex-nodes``, ``g.ex-notes``), and from one
picture to the next touches only the nodes, lines and notes that changed. It
knows nothing of searches or steps: the explorer hands it the picture of
each step, and a drill page can hand it a tree of its own. Every node is a
``<g data-node="4,0">`` (its moves from the root, the root ``""``), with
``data-value``, ``data-pruned`` and ``data-step`` as the glyph says;
``group(key)`` gives a node's element, for a page that adds its own
annotations or inputs beside it, and ``on_click(key, step)`` hears a click
(``key`` None on a blank spot). Each note is a ``<text data-note="...">``
(``"window"``, or ``"cut:"`` and the key of the node a cut-off skipped moves at).
"""

from __future__ import annotations

import tree_drawing as drawing
from pyscript import document
from pyscript.ffi import create_proxy

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    from pyodide.ffi import JsProxy

    Shape = TypeVar("Shape", drawing.Edge, drawing.Glyph, drawing.Note)
    Drawn = dict[str, tuple[JsProxy, dict[str, JsProxy], Shape]]
    """One layer's drawn shapes by key: (element, its parts by name, what it shows)."""

SVG = "http://www.w3.org/2000/svg"


class TreeView:
    """One SVG showing one picture at a time."""

    def __init__(self, svg: JsProxy, on_click: Callable[[str | None, int | None], None] | None = None) -> None:
        self.svg = svg
        self.layers = {name: svg.querySelector(f".ex-{name}") for name in ("edges", "nodes", "notes")}
        self.boards = False
        """Whether nodes are drawn as mini-boards (else as their move in a disc)."""
        self.on_click = on_click
        svg.addEventListener("click", create_proxy(self._on_click))
        self.clear()

    def clear(self) -> None:
        """An empty picture (a new tree, or a view drawn another way)."""
        for layer in self.layers.values():
            layer.replaceChildren()
        # One dict per layer, so that each knows the kind of shape it shows:
        # an element is touched only when what it shows changes.
        self.edges: Drawn[drawing.Edge] = {}
        self.glyphs: Drawn[drawing.Glyph] = {}
        self.notes: Drawn[drawing.Note] = {}

    def show(self, picture: drawing.Picture) -> None:
        """Draw ``picture``; a picture drawn another way (boards or moves) starts afresh."""
        if picture.view.boards != self.boards:
            self.clear()
            self.boards = picture.view.boards
        svg, view = self.svg, picture.view
        box = f"0 0 {picture.width:g} {picture.height:g}"
        if svg.getAttribute("viewBox") != box:
            svg.setAttribute("viewBox", box)
        svg.setAttribute("aria-label", picture.label)
        svg.setAttribute("data-view", ("whole" if view.whole else "path") + (" boards" if view.boards else ""))
        self._sync(picture.edges, self.edges, self._new_edge, self._set_edge)
        self._sync(picture.glyphs, self.glyphs, self._new_glyph, self._set_glyph)
        self._sync(picture.notes, self.notes, self._new_note, self._set_note)

    def group(self, key: str) -> JsProxy | None:
        """The ``<g>`` of the node ``key`` (its moves from the root), if drawn."""
        held = self.glyphs.get(key)
        return held[0] if held is not None else None

    def note(self, key: str) -> JsProxy | None:
        """The ``<text>`` of the note ``key`` (a cut-off's reason: ``"cut:"``
        and its node's key), if drawn."""
        held = self.notes.get(key)
        return held[0] if held is not None else None

    def _on_click(self, event: JsProxy) -> None:
        if self.on_click is None:
            return
        node = event.target.closest("[data-node]")
        if not node:  # a blank spot (closest() gave JavaScript's null)
            self.on_click(None, None)
            return
        step = node.getAttribute("data-step")
        self.on_click(str(node.getAttribute("data-node")), int(str(step)) if step else None)  # null: no step

    def _sync(
        self,
        wanted: dict[str, Shape],
        drawn: Drawn[Shape],
        new: Callable[[Shape], tuple[JsProxy, dict[str, JsProxy]]],
        update: Callable[[dict[str, JsProxy], Shape, Shape | None], None],
    ) -> None:
        """Bring one layer (``drawn``) to ``wanted``: remove what went, add
        what came, update what changed (compared with what was drawn)."""
        for key in [key for key in drawn if key not in wanted]:
            drawn.pop(key)[0].remove()
        for key, shape in wanted.items():
            held = drawn.get(key)
            if held is None:
                element, parts = new(shape)
                update(parts, shape, None)
                drawn[key] = (element, parts, shape)
            elif held[2] != shape:
                update(held[1], shape, held[2])
                drawn[key] = (held[0], held[1], shape)

    def _svg(self, tag: str, parent: JsProxy, **attributes: object) -> JsProxy:
        element: JsProxy = document.createElementNS(SVG, tag)
        for name, value in attributes.items():
            element.setAttribute(name.replace("_", "-"), str(value))
        parent.appendChild(element)
        return element

    def _new_edge(self, edge: drawing.Edge) -> tuple[JsProxy, dict[str, JsProxy]]:
        line = self._svg("line", self.layers["edges"])
        return line, {"line": line}

    def _set_edge(self, parts: dict[str, JsProxy], edge: drawing.Edge, old: drawing.Edge | None) -> None:
        line = parts["line"]
        if old is None or old[1:5] != edge[1:5]:
            for name, value in zip(("x1", "y1", "x2", "y2"), edge[1:5], strict=True):
                line.setAttribute(name, f"{value:g}")
        if old is None or old.classes != edge.classes:
            line.setAttribute("class", edge.classes)

    def _new_glyph(self, glyph: drawing.Glyph) -> tuple[JsProxy, dict[str, JsProxy]]:
        """A node: its mini-board (or its move in a disc), its value, its tooltip."""
        group = self._svg("g", self.layers["nodes"], data_node=glyph.key)
        parts: dict[str, JsProxy] = {"group": group}
        if self.boards:
            half = drawing.BOARD / 2
            self._svg(
                "rect",
                group,
                x=-half - 4,
                y=-half - 4,
                width=drawing.BOARD + 8,
                height=drawing.BOARD + 8,
                rx=6,
                **{"class": "ring"},
            )
            self._svg("rect", group, x=-half, y=-half, width=drawing.BOARD, height=drawing.BOARD, **{"class": "frame"})
            if glyph.move is not None:
                x, y, side = drawing.last_cell(glyph.board, glyph.move)
                self._svg(
                    "rect",
                    group,
                    x=f"{x:g}",
                    y=f"{y:g}",
                    width=f"{side:g}",
                    height=f"{side:g}",
                    **{"class": "lastcell"},
                )
            grid, xs, os = drawing.board_shapes(glyph.board)
            self._svg("path", group, d=grid, **{"class": "grid"})
            if xs:
                self._svg("path", group, d=xs, **{"class": "mx"})
            if os:
                self._svg("path", group, d=os, **{"class": "mo"})
            below = half
        else:
            self._svg("circle", group, r=drawing.RADIUS + 4, **{"class": "ring"})
            self._svg("circle", group, r=drawing.RADIUS, **{"class": "frame"})
            self._svg("text", group, y=5, **{"class": "mv"}).textContent = drawing.move_text(glyph.move)
            below = drawing.RADIUS
        parts["value"] = self._svg("text", group, y=f"{below + drawing.VALUE_FONT + 1:g}", **{"class": "val"})
        parts["title"] = self._svg("title", group)
        return group, parts

    def _set_glyph(self, parts: dict[str, JsProxy], glyph: drawing.Glyph, old: drawing.Glyph | None) -> None:
        group = parts["group"]
        if old is None or (old.x, old.y) != (glyph.x, glyph.y):
            group.setAttribute("transform", f"translate({glyph.x:g} {glyph.y:g})")
        if old is None or old.classes != glyph.classes:
            group.setAttribute("class", glyph.classes)
            if "pruned" in glyph.classes.split():
                group.setAttribute("data-pruned", "true")
            else:
                group.removeAttribute("data-pruned")
        if old is None or old.value != glyph.value:
            if glyph.value is None:
                group.removeAttribute("data-value")
            else:
                group.setAttribute("data-value", glyph.value)
        if old is None or old.label != glyph.label:
            parts["value"].textContent = glyph.label
            parts["title"].textContent = drawing.move_title(glyph)
        if old is None or old.step != glyph.step:
            if glyph.step is None:
                group.removeAttribute("data-step")
            else:
                group.setAttribute("data-step", str(glyph.step))

    def _new_note(self, note: drawing.Note) -> tuple[JsProxy, dict[str, JsProxy]]:
        text = self._svg("text", self.layers["notes"], data_note=note.key)
        return text, {"text": text}

    def _set_note(self, parts: dict[str, JsProxy], note: drawing.Note, old: drawing.Note | None) -> None:
        text = parts["text"]
        if old is None or old.classes != note.classes:
            text.setAttribute("class", "note " + note.classes)
        if old is None or (old.x, old.y, old.lines) != (note.x, note.y, note.lines):
            text.setAttribute("x", f"{note.x:g}")
            text.setAttribute("y", f"{note.y:g}")
            text.replaceChildren()
            for number, line in enumerate(note.lines):
                span = self._svg("tspan", text, x=f"{note.x:g}", dy="0" if number == 0 else "1.15em")
                span.textContent = line
