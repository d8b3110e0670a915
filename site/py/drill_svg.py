"""The drill's entries, and its tree drawn as an SVG with them over it: the
DOM side of drill_drawing.py.

A node's entries are a value list (``select``) and a "never searched" box,
each with ``data-answer-for`` (the node's ``data-node``) and ``data-entry``
(``value`` or ``skip``), labelled by the node's moves. drill_page.py draws them in
a list (a phone), or hands the drill to ``DrawnTree``: the explorer's
``tree_svg.TreeView`` draws the nodes (``g[data-node]``), and the entries sit
in a layer over it, each placed in shares of the picture's width and height
so that it follows the picture's scaling, in the tree's order for the keyboard.
"""

from __future__ import annotations

from pyscript import document
from tree_drawing import VALUE_FONT
from tree_svg import SVG, TreeView

from pyengine.records import Record
from pyengine.teaching.drill import Grade, Node, node_key

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from drill_drawing import DrillTree, Place
    from pyodide.ffi import JsProxy
    from tree_drawing import View

    from pyengine.teaching.drill import Path

KEY_TEXT = (
    "The box on the line into a move: tick it if the search never examines that move. The list under a "
    "position: its value (\u2265 or \u2264 where the search proves only a bound). A finished game's value is "
    "given under it. After Check, a badge over each node says \u2713 right, \u2717 wrong or \u2026 missing."
)
"""How to read the drawing, under it."""
GRADE_WORDS = {Grade.RIGHT: "\u2713 right", Grade.WRONG: "\u2717 wrong", Grade.MISSING: "\u2026 missing"}


def element(tag: str, cls: str = "", text: str = "") -> JsProxy:
    node: JsProxy = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    return node


class Drawn(Record):
    """One drawn node's elements: the one that carries its ``data-node`` and
    ``data-grade``, its value list and its "never searched" box (None where it
    has none), and where its grade is written."""

    item: JsProxy
    value: JsProxy | None
    skip: JsProxy | None
    grade: JsProxy


def value_entry(node: Node, label: str, options: list[tuple[str, str]]) -> JsProxy:
    """A node's value list (``options``: value and text, the blank first)."""
    select = element("select", "dr-value")
    select.dataset.answerFor = node_key(node.path)
    select.dataset.entry = "value"
    select.setAttribute("aria-label", f"{label}: value")
    for value, text in options:
        option = element("option", "", text)
        option.value = value
        select.append(option)
    return select


def skip_entry(node: Node, label: str, words: bool = True) -> tuple[JsProxy, JsProxy]:
    """The "never searched" mark: its label (with the words, or only a
    tooltip where the drawing has no room for them), and the checkbox in it."""
    box = element("label", "dr-skip")
    check = element("input")
    check.type = "checkbox"
    check.dataset.answerFor = node_key(node.path)
    check.dataset.entry = "skip"
    check.setAttribute("aria-label", f"{label}: never searched")
    box.append(check)
    if words:
        box.append(element("span", "", "never searched"))
    else:
        box.title = "Never searched"
    return box, check


def show_grade(drawn: Drawn, grade: Grade | None) -> None:
    """A node's grade on its hook and in words (none: taken off, its entry changed)."""
    if grade is None:
        drawn.item.removeAttribute("data-grade")
        drawn.grade.textContent = ""
        return
    drawn.item.dataset.grade = grade.value
    symbol, word = GRADE_WORDS[grade].split(" ", 1)
    if "dr-grade-at" in str(drawn.grade.className):  # a badge on the drawing: the word for a screen reader
        drawn.grade.replaceChildren(element("span", "", symbol), element("span", "dr-sr", f" {word}"))
        drawn.grade.title = word
    else:
        drawn.grade.textContent = GRADE_WORDS[grade]


def _at(node: JsProxy, place: Place) -> JsProxy:
    style = node.style
    style.left = f"{100 * place.left:.3f}%"
    style.top = f"{100 * place.top:.3f}%"
    style.width = f"{100 * place.width:.3f}%"
    style.height = f"{100 * place.height:.3f}%"
    return node


class DrawnTree:
    """The drill drawn: an SVG (tree_svg.TreeView) and its entries over it."""

    def __init__(self) -> None:
        self.box = element("div", "dr-drawn-area")
        box = self.frame = element("div", "dr-drawn")
        svg: JsProxy = document.createElementNS(SVG, "svg")
        svg.setAttribute("class", "ex-drawn-svg dr-drawn-svg")
        svg.setAttribute("role", "img")
        for layer in ("edges", "nodes", "notes"):
            group = document.createElementNS(SVG, "g")
            group.setAttribute("class", f"ex-{layer}")
            svg.appendChild(group)
        self.layer = element("div", "dr-entries")
        self.layer.setAttribute("role", "group")
        self.layer.setAttribute("aria-label", "Each position's entries, in the tree's order")
        box.append(svg, self.layer)
        self.box.append(box, element("p", "dr-drawn-key", KEY_TEXT))
        self.view = TreeView(svg)
        self.tree: DrillTree | None = None

    def draw(
        self, tree: DrillTree, view: View, labels: dict[Path, str], options: list[tuple[str, str]]
    ) -> dict[Path, Drawn]:
        """Draw ``tree`` in ``view``, blank, with its entries (``labels``: each
        node's name for a screen reader); its drawn nodes' elements by path."""
        self.tree = tree
        tree.place(view)
        self.view.clear()
        self.view.show(tree.picture(frozenset()))
        style = self.frame.style
        style.setProperty("--dr-ratio", f"{tree.width / tree.height:.5f}")
        # The entries' text at the size the picture's own text is drawn (100cqw is the picture's width).
        style.setProperty("--dr-font", f"calc(100cqw * {VALUE_FONT} / {tree.width:g})")
        parts = []
        drawn: dict[Path, Drawn] = {}
        for path, places in tree.entries().items():
            node = tree.key.node(path)
            value = skip = None
            if places.skip is not None:
                box, skip = skip_entry(node, labels[path], words=False)
                parts.append(_at(box, places.skip))
            if places.value is not None:
                value = _at(value_entry(node, labels[path], options), places.value)
                parts.append(value)
            grade = _at(element("span", "dr-grade-at"), places.grade)
            parts.append(grade)
            item = self.view.group(node_key(path))
            assert item is not None
            drawn[path] = Drawn(item, value, skip, grade)
        self.layer.replaceChildren(*parts)
        return drawn

    def marked(self, marked: frozenset[Path]) -> None:
        """Draw the moves ``marked`` "never searched" (and all below them) as cut off."""
        if self.tree is not None:
            self.view.show(self.tree.picture(marked))
