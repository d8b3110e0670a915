"""The drill's tree on the page, with the student's entries: drawn as the
explorer draws a search (drill_svg.py: an SVG, the entries over it) where it
fits readably (drill_drawing.DrillTree's choose_view), else as nested lists
(a phone); two renderings of the same entries, one in the document at a
time, switched by the width. Also the printed copies: the blank drill and
its answer key.
"""

from __future__ import annotations

import contextlib

import drill_view as view
from drill_drawing import DrillTree
from drill_svg import Drawn, DrawnTree, element, show_grade, skip_entry, value_entry

from pyengine.teaching.drill import Entry, Status, node_key, parse_claim

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from pyodide.ffi import JsProxy
    from tree_drawing import View

    from pyengine import Board
    from pyengine.teaching.drill import Grade, Key, Path


def mini_board(board: Board, cls: str = "dr-mini") -> JsProxy:
    """A small picture of a position (decorative: the node's name says the moves).
    Its marks are drawn (board.css, ``ttt-drawn``), never a font's letter O
    that reads as the digit 0 beside the values."""
    grid = element("span", cls)
    grid.setAttribute("aria-hidden", "true")
    grid.dataset.size = str(board.size)
    for mark in board:
        cell = element("span", "dr-cell ttt-drawn")
        cell.dataset.mark = str(mark) if mark else ""
        grid.append(cell)
    return grid


class DrillArea:
    """The tree of the drill shown, and its entries."""

    def __init__(self, root: JsProxy) -> None:
        self.area = root.querySelector(".dr-drill")
        self.tree = root.querySelector(".dr-tree")  # the list; the drawing replaces it where it fits
        self.drawing = DrawnTree()
        self.key: Key | None = None
        self.layout: DrillTree | None = None
        self.view: View | None = None
        """How the tree is drawn now: a drawing's view, or None for the list."""
        self.width_px = 0.0
        self.drawn: dict[Path, Drawn] = {}  # the drawn tree's elements, node by node, kept to spare the DOM lookups

    def show(self, key: Key) -> None:
        """A new drill's tree, blank."""
        self.key, self.layout = key, DrillTree(key)
        self.render({}, {}, force=True)

    def resized(self) -> bool:
        """Whether the area's width is not the one the tree was drawn for."""
        return self.key is not None and self.area.clientWidth != self.width_px

    def render(self, entries: dict[Path, Entry], grades: dict[Path, Grade], *, force: bool = False) -> None:
        """The tree in the view that fits the drill's width now, with
        ``entries`` filled in and ``grades`` shown; drawn afresh only when
        ``force``d (a new drill) or the view changes."""
        assert self.key is not None and self.layout is not None
        self.width_px = float(self.area.clientWidth) or 800.0
        chosen = self.layout.choose_view(self.width_px)
        if not force and chosen == self.view:
            return
        shown = self.tree if self.view is None else self.drawing.box
        self.view = chosen
        if chosen is None:
            self.drawn = {}
            self.tree.replaceChildren(self._tree(self.key, (), entries=True))
            wanted = self.tree
        else:
            labels = {node.path: view.node_label(self.key, node.path) for node in self.key.nodes}
            self.drawn = self.drawing.draw(self.layout, chosen, labels, view.claim_options())
            wanted = self.drawing.box
        if shown is not wanted:
            shown.replaceWith(wanted)
        self.area.dataset.view = "list" if chosen is None else "drawing"
        for path, entry in entries.items():
            drawn = self.drawn[path]
            if drawn.value is not None:
                drawn.value.value = entry.claim.text if entry.claim is not None else ""
            if drawn.skip is not None:
                drawn.skip.checked = entry.skipped
        for path, mark in grades.items():
            show_grade(self.drawn[path], mark)
        self.draw_marks()

    def _tree(self, key: Key, path: Path, *, entries: bool, answers: bool = False) -> JsProxy:
        """The node at ``path`` and everything below it, as nested lists."""
        node = key.node(path)
        # The hooks are the drawn tree's; the printed copies are plain lists.
        item = element("li", "dr-node" if entries else "dr-print-node")
        if entries:
            item.dataset.node = node_key(path)
        row = element("div", "dr-row")
        label = view.node_label(key, path)
        row.append(element("span", "dr-move", view.move_label(key, path)))
        row.append(mini_board(node.board))
        value = skip = None
        if node.given is not None:
            row.append(element("span", "dr-given", f"{node.given.text} (finished)"))
        elif entries:
            value = value_entry(node, label, view.claim_options())
            row.append(value)
        else:
            shown = (node.answer.text if node.answer else "") if answers else ""
            row.append(element("span", "dr-blank", shown or ("\u2014" if answers else "_____")))
        if path:
            if entries:
                box, skip = skip_entry(node, label)
                row.append(box)
            else:
                mark = "\u2612" if answers and node.status is Status.SKIPPED else "\u2610"
                row.append(element("span", "dr-blank", f"{mark} never searched"))
        if entries:
            grade_mark = element("span", "dr-grade")
            row.append(grade_mark)
            self.drawn[path] = Drawn(item, value, skip, grade_mark)
        item.append(row)
        if node.children:
            group = element("ul", "dr-children")
            for cell in node.children:
                group.append(self._tree(key, (*path, cell), entries=entries, answers=answers))
            item.append(group)
        return item

    def printed(self, key: Key) -> list[JsProxy]:
        """The blank drill, then (on a page of its own) its answer key, for printing."""
        parts: list[JsProxy] = []
        for answers in (False, True):
            section = element("section", "dr-print-page")
            title = "Answer key" if answers else "Alpha-beta drill"
            section.append(element("h2", "", f"{title}: {key.drill.board}"))
            section.append(element("p", "", view.drill_summary(key)))
            section.append(element("p", "", view.conventions_text(key.drill)))
            if answers:
                section.append(element("p", "", view.difference_text(key.drill)))
            tree = element("ul", "dr-print-tree")
            tree.append(self._tree(key, (), entries=False, answers=answers))
            section.append(tree)
            parts.append(section)
        return parts

    # -- the student's entries ----------------------------------------------------------

    def entries(self) -> dict[Path, Entry]:
        """What the student has entered, node by node (an unreadable value counts as blank)."""
        found: dict[Path, Entry] = {}
        for path, drawn in self.drawn.items():
            claim = None
            text = str(drawn.value.value) if drawn.value is not None else ""
            if text:
                with contextlib.suppress(ValueError):
                    claim = parse_claim(text)
            found[path] = Entry(claim, bool(drawn.skip.checked) if drawn.skip is not None else False)
        return found

    def fill(self, answer: dict[Path, tuple[str, bool]]) -> None:
        """Every entry set in place: each node's value text and "never searched" box."""
        for path, drawn in self.drawn.items():
            text, skipped = answer[path]
            if drawn.skip is not None:
                drawn.skip.checked = skipped
            if drawn.value is not None:
                drawn.value.value = text
        self.draw_marks()

    def show_grades(self, grades: dict[Path, Grade]) -> None:
        for path, drawn in self.drawn.items():
            show_grade(drawn, grades[path])

    def clear_grade(self, path: Path) -> None:
        if path in self.drawn:
            show_grade(self.drawn[path], None)

    def draw_marks(self) -> None:
        """The drawing's cut-off moves, as the "never searched" boxes say now."""
        if self.view is not None:
            self.drawing.marked(frozenset(p for p, d in self.drawn.items() if d.skip is not None and d.skip.checked))
