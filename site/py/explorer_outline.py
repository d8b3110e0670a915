"""The search as text, in the explorer's ``ol.ex-tree``: the DOM side of
pyengine.teaching.searchwords' tree lines.

A small search (``trace.SMALL_TREE`` empty cells or fewer) is outlined whole:
every position it enters, built once and shown from the step that enters it,
its value once backed up. A larger one is outlined as its current path: one
line per depth, each position with all its moves.
"""

from __future__ import annotations

from pyscript import document

from pyengine.teaching import searchwords
from pyengine.teaching.search import Algorithm
from pyengine.teaching.searchtree import SearchTree
from pyengine.teaching.stepwords import Convention
from pyengine.teaching.trace import Step

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from pyodide.ffi import JsProxy


class Outline:
    """The text tree of one search."""

    def __init__(self, element: JsProxy) -> None:
        self.element = element
        self.reset(None)

    def reset(self, tree: SearchTree | None) -> None:
        """A new search: its whole tree (searchtree's fold), hidden until
        each node's step comes; None for a search outlined as its path."""
        self.element.replaceChildren()
        self.nodes = tree.nodes if tree is not None else ()
        self.index = tree.by_path if tree is not None else {}
        self.items: list[tuple[JsProxy, JsProxy]] = []  # (item, label) per tree node
        self.shown: list[tuple[bool, bool, bool] | None] = []  # None: label to be written
        self.current = -1
        lists: dict[int, JsProxy] = {-1: self.element}
        for node in self.nodes:
            item = document.createElement("li")
            item.className = "ex-tn"
            item.hidden = True
            label = document.createElement("span")
            item.appendChild(label)
            parent_list = lists.get(node.parent)
            if parent_list is None:
                parent_list = document.createElement("ol")
                parent_list.className = "ex-tree"
                self.items[node.parent][0].appendChild(parent_list)
                lists[node.parent] = parent_list
            parent_list.appendChild(item)
            self.items.append((item, label))
            self.shown.append((False, False, False))

    def restate(self) -> None:
        """Every line to be written again (the convention changed)."""
        self.shown = [None] * len(self.shown)

    def show(self, step: Step, algorithm: Algorithm, convention: Convention) -> None:
        if self.nodes:
            self.show_whole(step, convention)
        else:
            self.show_path(step, algorithm, convention)

    def show_whole(self, step: Step, convention: Convention) -> None:
        """Show what the search has reached by this step; touch only what changed."""
        number = step.number
        for index, node in enumerate(self.nodes):
            state = (
                node.entered <= number,
                node.valued is not None and node.valued <= number,
                node.cut is not None and node.cut <= number,
            )
            if state != self.shown[index]:
                self.shown[index] = state
                item, label = self.items[index]
                item.hidden = not state[0]
                label.textContent = searchwords.tree_label(node, state[1], state[2], convention=convention)
                item.setAttribute("data-state", "done" if state[1] else "open")
        current = self.index.get(step.event.path, -1)
        if current != self.current:
            if self.current >= 0:
                old = self.items[self.current][0]
                old.classList.remove("current")
                old.removeAttribute("aria-current")
            self.current = current
        if current >= 0:
            item, label = self.items[current]
            item.classList.add("current")
            item.setAttribute("aria-current", "step")
            # Keep the current node in view inside the tree's own scroll box,
            # without scrolling the page.
            box = self.element
            top = label.offsetTop - box.clientHeight / 2
            box.scrollTop = max(0, top)

    def show_path(self, step: Step, algorithm: Algorithm, convention: Convention) -> None:
        """The current path, one line per depth, each position with all its
        moves: finished ones show their value and how many nodes their subtree
        took, the one being searched leads to the next line."""
        self.element.replaceChildren()
        last = len(step.path) - 1
        for depth, node in enumerate(step.path):
            item = document.createElement("li")
            item.className = "ex-node"
            item.style.setProperty("--ex-depth", str(min(depth, 6)))
            head = document.createElement("p")
            head.className = "ex-node-head"
            head.textContent = searchwords.node_heading(node, depth, algorithm, convention=convention)
            item.appendChild(head)
            moves = document.createElement("ul")
            moves.className = "ex-moves"
            for branch in node.branches:
                chip = document.createElement("li")
                chip.className = "ex-move"
                chip.setAttribute("data-state", branch.state)
                chip.textContent = searchwords.branch_text(branch, node, convention=convention)
                moves.appendChild(chip)
            if node.branches:
                item.appendChild(moves)
            if depth == last:
                item.classList.add("current")
                item.setAttribute("aria-current", "step")
            self.element.appendChild(item)
