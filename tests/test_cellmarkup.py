"""site/py/cellmarkup.py: one cell markup, written as HTML by the build
(tools/pages/stage.py) and built with DOM calls by the page (live_board.py)."""

from __future__ import annotations

from html.parser import HTMLParser

from cellmarkup import Element, built, cell_markup

from pyengine import Board
from tools.pages.stage import board_table, html_of


class Node:
    """What a DOM element keeps of the calls made on it."""

    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.attributes: dict[str, str] = {}
        self.textContent = ""
        self.children: list[Node] = []

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = value

    def appendChild(self, child: Node) -> None:
        self.children.append(child)

    def tree(self) -> tuple[object, ...]:
        return (self.tag, self.attributes, self.textContent, [child.tree() for child in self.children])


class Document:
    def createElement(self, tag: str) -> Node:
        return Node(tag)


class Parsed(HTMLParser):
    """HTML read back into the same trees as Node.tree()."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[Node] = [Node("root")]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag)
        node.attributes = {name: value or "" for name, value in attrs}
        self.stack[-1].children.append(node)
        self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack.pop().tag == tag

    def handle_data(self, data: str) -> None:
        self.stack[-1].textContent += data


def parsed(text: str) -> list[tuple[object, ...]]:
    parser = Parsed()
    parser.feed(text)
    return [child.tree() for child in parser.stack[0].children]


CELLS = [
    cell_markup(0, label="top left, empty"),
    cell_markup(4, mark="X", label="centre, X"),
    cell_markup(7, hint="win in 3", value="win", best=True, label="bottom middle, empty: win in 3"),
    cell_markup(15, hint="draw", value="draw", label='a "quoted" <label> & more'),
]


def test_the_pages_dom_and_the_builds_html_are_the_same_elements() -> None:
    for cell in CELLS:
        assert [built(Document(), cell).tree()] == parsed(html_of(cell))


def test_a_cell_is_a_gridcell_holding_its_button_mark_and_hint() -> None:
    (td,) = parsed(html_of(CELLS[2]))
    tag, attributes, _, (button,) = td
    assert (tag, attributes) == ("td", {"role": "gridcell"})
    tag, attributes, _, (mark, hint) = button
    assert tag == "button" and attributes["class"] == "ttt-cell best" and attributes["data-cell"] == "7"
    assert attributes["data-hint"] == "win" and attributes["tabindex"] == "-1"
    assert mark == ("span", {"class": "ttt-mark", "aria-hidden": "true"}, "", [])
    assert hint == ("span", {"class": "ttt-hint", "aria-hidden": "true"}, "win in 3", [])
    assert parsed(html_of(CELLS[0]))[0][3][0][1]["tabindex"] == "0"  # the grid's one tab stop


def test_text_and_attributes_are_escaped() -> None:
    text = html_of(Element("span", {"title": 'a "b" <c>'}, "<b>x</b> & y"))
    assert text == '<span title="a &quot;b&quot; &lt;c&gt;">&lt;b&gt;x&lt;/b&gt; &amp; y</span>'


def test_the_builds_board_is_made_of_these_cells() -> None:
    """Every cell of the board the build draws is cell_markup's, in order."""
    board = Board.parse("X.../.O../..../....")
    table = parsed(board_table(board, "a board"))[0]
    (tbody,) = table[3]
    cells = [td for row in tbody[3] for td in row[3]]
    assert len(cells) == 16
    for number, td in enumerate(cells):
        button = td[3][0]
        mark = button[1]["data-mark"]
        expected = cell_markup(number, mark=mark, label=button[1]["aria-label"])
        assert td == parsed(html_of(expected))[0]
