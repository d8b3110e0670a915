"""A board cell's markup, said once: the build writes it as HTML before any
Python runs (tools/pages/stage.py), and the page builds the same elements with DOM
calls when a game's size changes the grid (live_board.py).

    cell_markup(4, label="centre, empty")   # the data
    stage.html_of(element)                   # the build's text (tools/pages/stage.py)
    built(document, element)                 # the page's element

Nothing is imported at run time: every page with a board loads this module
as it starts (the HTML writer, which needs the standard library's ``html``,
is the build's), and the page hands ``document`` in, so
tests/test_cellmarkup.py runs it in CPython.
"""

from __future__ import annotations

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from pyodide.ffi import JsProxy


class Element:
    """One element: its tag, its attributes in order, its text, its children."""

    __slots__ = ("tag", "attributes", "text", "children")

    def __init__(
        self, tag: str, attributes: dict[str, str], text: str = "", children: tuple[Element, ...] = ()
    ) -> None:
        self.tag, self.attributes, self.text, self.children = tag, attributes, text, children


def cell_markup(
    cell: int, *, mark: str = "", hint: str = "", value: str = "", best: bool = False, label: str = ""
) -> Element:
    """The grid cell holding ``cell``'s button: its mark and hint (each hidden
    from screen readers, which hear ``label``), in the loading state: out of
    play (aria-disabled) until the page's Python draws it, and only the first
    cell in the tab order (the grid's roving tabindex)."""
    button = Element(
        "button",
        {
            "type": "button",
            "class": "ttt-cell best" if best else "ttt-cell",
            "data-cell": str(cell),
            "data-mark": mark,
            "data-hint": value,
            "aria-label": label,
            "aria-disabled": "true",
            "tabindex": "0" if cell == 0 else "-1",
        },
        children=(
            Element("span", {"class": "ttt-mark", "aria-hidden": "true"}, mark),
            Element("span", {"class": "ttt-hint", "aria-hidden": "true"}, hint),
        ),
    )
    return Element("td", {"role": "gridcell"}, children=(button,))


def built(document: JsProxy, element: Element) -> JsProxy:
    """``element`` made with ``document``'s DOM calls (text only ever as textContent)."""
    made: JsProxy = document.createElement(element.tag)
    for name, value in element.attributes.items():
        made.setAttribute(name, value)
    if element.text:
        made.textContent = element.text
    for child in element.children:
        made.appendChild(built(document, child))
    return made
