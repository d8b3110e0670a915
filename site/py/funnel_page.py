"""The page's Python for the facts page's funnel: the engine counts, this fills in.

Every number comes from pyengine.facts.funnel(), computed here, in the
browser, when the page loads; the words around them are the page's own.
"""

from __future__ import annotations

from pyscript import document

from pyengine.facts import funnel

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from pyodide.ffi import JsProxy


def mount(root: JsProxy) -> None:
    """Count, and put each number in its place."""
    counted = funnel()._asdict()
    for element in root.querySelectorAll("[data-fact]"):
        element.textContent = f"{counted[str(element.dataset.fact)]:,}"
    body = root.querySelector(".ttt-funnel-depths tbody")
    for marks, nodes in enumerate(counted["tree_nodes_by_depth"]):
        row = document.createElement("tr")
        for text in (str(marks), f"{nodes:,}"):
            cell = document.createElement("td")
            cell.textContent = text
            row.appendChild(cell)
        body.appendChild(row)
    total = sum(counted["tree_nodes_by_depth"])
    root.querySelector(".ttt-status").textContent = f"Counted in this browser just now: {total:,} nodes in all."
    root.setAttribute("data-ready", "true")
