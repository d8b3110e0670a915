"""Exports: the policy table against the solver, and the no-JavaScript page
against the engine, through a small CSS interpreter that reads the page's
actual HTML and stylesheet."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from typing import TYPE_CHECKING

import pytest

from pyengine import Board, Player, best_moves, reachable_positions
from pyengine.cli import main
from pyengine.export import NoJsEdition, nojs_edition, policy_table

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The real thing: a fresh interpreter running ``python -m pyengine``."""
    return subprocess.run(
        [sys.executable, "-m", "pyengine", *args], capture_output=True, text=True, timeout=120
    )


def lowest_best(board: Board) -> int:
    """The documented deterministic choice, computed here from the solver."""
    return min(best_moves(board))


# -- the policy table -----------------------------------------------------------


class TestPolicyTable:
    def test_one_entry_per_live_position_with_the_solvers_moves(self) -> None:
        """Every live reachable position once, in reachable_positions order, with
        best_moves as the best cells and the lowest of them as the move."""
        live = [board for board in reachable_positions() if not board.is_over]
        table = policy_table()
        assert len(live) == 4520
        assert [entry.board for entry in table] == live
        for entry in table:
            assert entry.position == str(entry.board)
            assert entry.to_move is entry.board.to_move
            assert entry.best == tuple(sorted(best_moves(entry.board)))
            assert entry.move in entry.best
            assert entry.move == lowest_best(entry.board)

    def expected(self) -> dict[str, tuple[str, int, list[int]]]:
        return {
            str(board): (str(board.to_move), lowest_best(board), sorted(best_moves(board)))
            for board in reachable_positions()
            if not board.is_over
        }

    def test_json_parses_back_to_the_table(self, capsys: pytest.CaptureFixture[str]) -> None:
        """`export table` (JSON by default) holds every position with its side,
        move and best cells, and a header that counts them."""
        assert main(["export", "table"]) == 0
        data = json.loads(capsys.readouterr().out)
        got = {pos: (e["to_move"], e["move"], e["best"]) for pos, e in data["positions"].items()}
        assert got == self.expected()
        assert data["count"] == len(got)
        order = [str(board) for board in reachable_positions() if not board.is_over]
        assert list(data["positions"]) == order

    def test_csv_parses_back_to_the_table(self) -> None:
        """`export table --format csv`: a header, then one row per position, best as
        space-separated cells; checked in a fresh interpreter."""
        done = run("export", "table", "--format", "csv")
        assert done.returncode == 0, done.stderr
        rows = list(csv.reader(io.StringIO(done.stdout)))
        assert rows[0] == ["position", "to_move", "move", "best"]
        got = {pos: (side, int(move), [int(c) for c in best.split()]) for pos, side, move, best in rows[1:]}
        assert len(got) == len(rows) - 1
        assert got == self.expected()


# -- a small CSS interpreter ------------------------------------------------------
#
# Just enough of CSS for the page: selectors of tags, classes, ids, [attr=value],
# :checked, :root, :is(), :has(), the descendant and ~ combinators; the cascade
# by specificity and order; inheritance of visibility and custom properties;
# var() with fallbacks. Anything else in a selector fails the test rather than
# being silently misread. :hover and :focus-visible never match: nothing is
# hovered or focused.

VOID = {"input", "meta", "link", "br", "img"}


class Element:
    def __init__(self, tag: str, attrs: dict[str, str], parent: Element | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Element] = []
        self.index = len(parent.children) if parent else 0
        self.classes = frozenset(attrs.get("class", "").split())
        self.id = attrs.get("id")
        self.text = ""
        if parent:
            parent.children.append(self)

    def walk(self) -> Iterator[Element]:
        yield self
        for child in self.children:
            yield from child.walk()

    def all_text(self) -> str:
        return self.text + "".join(child.all_text() for child in self.children)


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.root = Element("#document", {}, None)
        self.open = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs}, self.open)
        if tag not in VOID:
            self.open = element

    def handle_endtag(self, tag: str) -> None:
        assert self.open.tag == tag, f"</{tag}> closes <{self.open.tag}>"
        assert self.open.parent is not None
        self.open = self.open.parent

    def handle_data(self, data: str) -> None:
        self.open.text += data


def parse_html(html: str) -> Element:
    tree = _Tree()
    tree.feed(html)
    tree.close()
    assert tree.open is tree.root, "unclosed elements"
    return tree.root


def split_top(text: str, sep: str) -> list[str]:
    """Split at ``sep`` outside parentheses and brackets."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [part.strip() for part in parts]


SIMPLE = re.compile(
    r"(?P<tag>[a-z][a-z0-9]*|\*)|#(?P<id>[\w-]+)|\.(?P<cls>[\w-]+)"
    r"|\[(?P<attr>[\w-]+)=\"?(?P<value>[\w-]+)\"?\]"
    r"|::(?P<element>[\w-]+)|:(?P<func>is|has)\(|:(?P<pseudo>[\w-]+)"
)


class Compound:
    def __init__(self, text: str) -> None:
        self.tag: str | None = None
        self.id: str | None = None
        self.classes: set[str] = set()
        self.attrs: list[tuple[str, str]] = []
        self.checked = self.never = self.root = False
        self.is_: list[Selector] = []
        self.has: list[Selector] = []
        self.specificity = (0, 0, 0)
        a = b = c = 0
        pos = 0
        while pos < len(text):
            m = SIMPLE.match(text, pos)
            assert m, f"cannot read {text[pos:]!r} in {text!r}"
            pos = m.end()
            if m["tag"]:
                if m["tag"] != "*":
                    self.tag, c = m["tag"], c + 1
            elif m["id"]:
                self.id, a = m["id"], a + 1
            elif m["cls"]:
                self.classes.add(m["cls"])
                b += 1
            elif m["attr"]:
                self.attrs.append((m["attr"], m["value"]))
                b += 1
            elif m["element"]:
                assert m["element"] in ("before", "after"), text
                self.never = True  # a pseudo-element is no element
            elif m["func"]:
                depth, end = 1, pos
                while depth:
                    depth += {"(": 1, ")": -1}.get(text[end], 0)
                    end += 1
                inner = [Selector(part) for part in split_top(text[pos : end - 1], ",")]
                if m["func"] == "is":
                    self.is_ = inner
                else:
                    self.has = inner
                best = max(sel.specificity for sel in inner)
                a, b, c = a + best[0], b + best[1], c + best[2]
                pos = end
            else:
                pseudo = m["pseudo"]
                assert pseudo in ("checked", "hover", "focus-visible", "root"), f":{pseudo} in {text!r}"
                b += 1
                if pseudo == "checked":
                    self.checked = True
                elif pseudo == "root":
                    self.root = True
                else:
                    self.never = True
        self.specificity = (a, b, c)

    def matches(self, el: Element, state: State) -> bool:
        if self.never or (self.tag and el.tag != self.tag) or (self.id and el.id != self.id):
            return False
        if not self.classes <= el.classes or any(el.attrs.get(k) != v for k, v in self.attrs):
            return False
        if self.root and el.tag != "html":
            return False
        if self.checked and not (el.tag == "input" and el.id in state.ids):
            return False
        if self.is_ and not any(sel.matches(el, state) for sel in self.is_):
            return False
        return not self.has or any(sel.matches(d, state) for sel in self.has for d in state.below(el, sel))


class State:
    """Which radios are checked."""

    def __init__(self, checked: list[Element]) -> None:
        self.ids = frozenset(el.id for el in checked if el.id)
        self.checked = checked

    def before(self, el: Element, sel: Selector, i: int) -> list[Element]:
        """The earlier siblings of ``el`` that compound ``i`` of ``sel`` might match."""
        assert el.parent is not None
        if sel.compounds[i].checked:  # only checked radios can: no need to look at the rest
            return [s for s in self.checked if s.parent is el.parent and s.index < el.index]
        return el.parent.children[: el.index]

    def below(self, el: Element, sel: Selector) -> list[Element]:
        """The descendants of ``el`` that the last compound of ``sel`` might match."""
        if sel.compounds[-1].checked:
            return [s for s in self.checked if s is not el and el in ancestors(s)]
        return list(el.walk())[1:]


def ancestors(el: Element) -> Iterator[Element]:
    node = el.parent
    while node is not None:
        yield node
        node = node.parent


class Selector:
    def __init__(self, text: str) -> None:
        self.text = text
        # combinators: ~ (written without spaces here) or white space
        tokens = re.split(r"\s*(~)\s*|\s+(?![^(]*\))", text.strip())
        self.compounds: list[Compound] = []
        self.combinators: list[str] = []
        pending = " "
        for token in tokens:
            if token is None or token == "":
                continue
            if token == "~":
                pending = "~"
                continue
            if self.compounds:
                self.combinators.append(pending)
            self.compounds.append(Compound(token))
            pending = " "
        assert self.compounds, text
        self.specificity = tuple(sum(parts) for parts in zip(*(c.specificity for c in self.compounds), strict=True))
        # ids that must be checked for the selector to match: a quick filter
        self.needs = frozenset(c.id for c in self.compounds if c.checked and c.id)

    def matches(self, el: Element, state: State, last: int | None = None) -> bool:
        i = len(self.compounds) - 1 if last is None else last
        if not self.compounds[i].matches(el, state):
            return False
        if i == 0:
            return True
        if self.combinators[i - 1] == "~":
            return any(self.matches(s, state, i - 1) for s in state.before(el, self, i - 1))
        return any(self.matches(a, state, i - 1) for a in ancestors(el))


class Rule:
    def __init__(self, selectors: list[Selector], declarations: list[tuple[str, str]], order: int) -> None:
        self.selectors, self.declarations, self.order = selectors, declarations, order


def parse_css(css: str) -> tuple[list[Rule], list[Rule]]:
    """(rules that always apply, rules inside @media blocks)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    rules: list[Rule] = []
    media: list[Rule] = []

    def block(text: str, into: list[Rule]) -> None:
        pos = 0
        while True:
            brace = text.find("{", pos)
            if brace < 0:
                assert not text[pos:].strip(), text[pos:]
                return
            prelude = text[pos:brace].strip()
            depth, end = 1, brace + 1
            while depth:
                depth += {"{": 1, "}": -1}.get(text[end], 0)
                end += 1
            body = text[brace + 1 : end - 1]
            if prelude.startswith("@media"):
                block(body, media)
            else:
                assert not prelude.startswith("@"), prelude
                declarations = []
                for decl in body.split(";"):
                    if decl.strip():
                        name, _, value = decl.partition(":")
                        declarations.append((name.strip(), value.strip()))
                selectors = [Selector(s) for s in split_top(prelude, ",")]
                into.append(Rule(selectors, declarations, len(rules) + len(media)))
            pos = end

    block(css, rules)
    return rules, media


VAR = re.compile(r"var\((--[\w-]+)(?:,([^()]*))?\)")


def resolve(value: str, custom: dict[str, str]) -> str | None:
    """``value`` with its var()s substituted; None if one has no value and no fallback."""
    failed = False

    def sub(m: re.Match[str]) -> str:
        nonlocal failed
        if m[1] in custom:
            return custom[m[1]]
        if m[2] is None:
            failed = True
            return ""
        return m[2].strip()

    out = VAR.sub(sub, value)
    return None if failed else out.strip()


RELEVANT = {"display", "visibility", "grid-area", "grid-row", "grid-column", "transform"}

GRID = {
    "grid-area": ("grid-row-start", "grid-column-start", "grid-row-end", "grid-column-end"),
    "grid-row": ("grid-row-start", "grid-row-end"),
    "grid-column": ("grid-column-start", "grid-column-end"),
}


class Page:
    """A page and its stylesheet, ready to say what shows for a set of checked radios."""

    def __init__(self, html: str, css: str) -> None:
        self.document = parse_html(html)
        self.elements = list(self.document.walk())[1:]
        self.rules, self.media = parse_css(css)
        self.by_id = {el.id: el for el in self.elements if el.id}
        # each selector with the elements its last compound can match, state aside
        self.candidates = []
        for rule in self.rules:
            if not any(name in RELEVANT or name.startswith("--") for name, _ in rule.declarations):
                continue  # colours, fonts and the like: nothing shows or hides by them
            for sel in rule.selectors:
                last = sel.compounds[-1]
                radios = State([el for el in self.elements if el.tag == "input"])
                static = [el for el in self.elements if last.matches(el, radios)]
                self.candidates.append((sel, rule, static))

    def styles(self, checked: frozenset[str]) -> dict[Element, dict[str, str]]:
        """Each element's computed display, visibility, grid lines, transform and
        custom properties with the radios of these ids checked."""
        state = State([self.by_id[i] for i in sorted(checked, key=lambda i: self.elements.index(self.by_id[i]))])
        matched: dict[Element, list[tuple[tuple[int, ...], int, list[tuple[str, str]]]]] = {}
        for sel, rule, static in self.candidates:
            if not sel.needs <= checked:
                continue
            for el in static:
                if sel.matches(el, state):
                    matched.setdefault(el, []).append((sel.specificity, rule.order, rule.declarations))
        computed: dict[Element, dict[str, str]] = {}
        for el in self.elements:
            parent = computed.get(el.parent) if el.parent is not None else None
            declared: dict[str, str] = {}
            for _, _, declarations in sorted(matched.get(el, []), key=lambda m: (m[0], m[1])):
                for name, value in declarations:
                    for longhand, part in zip(GRID.get(name, (name,)), value.split("/"), strict=False):
                        declared[longhand] = part.strip()
            custom = {k: v for k, v in (parent or {}).items() if k.startswith("--")}
            custom.update({k: v for k, v in declared.items() if k.startswith("--")})
            style = dict(custom)
            inherited = parent["visibility"] if parent else "visible"
            visibility = resolve(declared["visibility"], custom) if "visibility" in declared else None
            style["visibility"] = visibility or inherited  # unresolvable: unset, so inherited
            display = resolve(declared.get("display", "initial"), custom) or "initial"
            style["display"] = "none" if display == "none" or (parent and parent["display"] == "none") else display
            for name in (*GRID["grid-area"], "transform"):
                if name in declared:
                    style[name] = declared[name]
            computed[el] = style
        return computed


def shown(style: dict[str, str]) -> bool:
    return style["display"] != "none" and style["visibility"] == "visible"


def cell_of(style: dict[str, str]) -> int:
    """The board cell an element sits on, from its grid lines."""
    row, col = int(style["grid-row-start"]), int(style["grid-column-start"])
    assert style.get("grid-row-end", "auto") == "auto" and style.get("grid-column-end", "auto") == "auto"
    assert 1 <= row <= 3 and 1 <= col <= 3
    return (row - 1) * 3 + col - 1


def line_of(style: dict[str, str]) -> tuple[int, ...]:
    """The cells a winning-line element is drawn across."""
    rows = int(style["grid-row-start"]), int(style.get("grid-row-end", "0")) or int(style["grid-row-start"]) + 1
    cols = (
        int(style["grid-column-start"]),
        int(style.get("grid-column-end", "0")) or int(style["grid-column-start"]) + 1,
    )
    if rows[1] - rows[0] == 1:
        return tuple((rows[0] - 1) * 3 + c for c in range(3))
    if cols[1] - cols[0] == 1:
        return tuple(r * 3 + cols[0] - 1 for r in range(3))
    assert rows == cols == (1, 4), style
    return (0, 4, 8) if style["transform"] == "rotate(45deg)" else (2, 4, 6)


# -- the no-JavaScript page ---------------------------------------------------------


@pytest.fixture(scope="module", params=[Player.X, Player.O], ids=str)
def edition(request: pytest.FixtureRequest) -> tuple[NoJsEdition, Page]:
    page = nojs_edition(request.param)
    return page, Page(page.html, page.css)


def games(human: Player) -> Iterator[tuple[tuple[int, ...], Board]]:
    """Every sequence of the human's moves against the documented bot, and the
    board it leads to (the bot's reply played), starting with no moves at all."""
    start = Board.empty()
    if start.to_move is not human:
        start = start.play(lowest_best(start))
    yield (), start
    stack = [((), start)]
    while stack:
        moves, board = stack.pop()
        for cell in board.legal_moves:
            after = board.play(cell)
            if not after.is_over:
                after = after.play(lowest_best(after))
            yield (*moves, cell), after
            if not after.is_over:
                stack.append(((*moves, cell), after))


class TestNoJsPage:
    def test_every_game_shows_what_the_engine_says(self, edition: tuple[NoJsEdition, Page]) -> None:
        """For every sequence of the human's moves, played by clicking the label
        shown on each square: the marks on every square, the clickable squares,
        the keyboard-reachable radios, the end message and the winning line are
        the engine's, the bot playing its lowest-numbered best cell."""
        page, dom = edition
        human = page.human
        word = {human.value: "You win!", human.other.value: "You lose.", "draw": "Draw!"}
        checked: dict[tuple[int, ...], frozenset[str]] = {(): frozenset()}
        clickable: dict[tuple[int, ...], dict[int, str]] = {}  # square -> the radio its label checks
        count = 0
        for moves, board in games(human):
            count += 1
            if moves:
                # click the label shown on the square of the last move, as things stood before it
                checked[moves] = checked[moves[:-1]] | {clickable[moves[:-1]][moves[-1]]}
            styles = dom.styles(checked[moves])
            marks = ["" for _ in range(9)]
            for el in dom.elements:
                if "m" in el.classes and shown(styles[el]):
                    cell = cell_of(styles[el])
                    assert not marks[cell], (moves, cell)
                    marks[cell] = el.all_text()
            assert marks == [str(m) if m else "" for m in board.cells], (moves, board)
            free = set() if board.is_over else set(board.legal_moves)
            labels = [el for el in dom.elements if el.tag == "label" and shown(styles[el])]
            clickable[moves] = {cell_of(styles[el]): el.attrs["for"] for el in labels}
            assert set(clickable[moves]) == free and len(labels) == len(free), (moves, board)
            radios = {el.id for el in dom.elements if el.tag == "input" and shown(styles[el])}
            assert radios == {el.attrs["for"] for el in labels}, (moves, board)
            ends = [el for el in dom.elements if "end" in el.classes and shown(styles[el])]
            if board.is_over:
                assert [(el.attrs["data-result"], el.all_text()) for el in ends] == [
                    (board.result.value, word[board.result.value])
                ], (moves, board)
                assert board.winner is not human
            else:
                assert ends == []
            lines = sorted(line_of(styles[el]) for el in dom.elements if "w" in el.classes and shown(styles[el]))
            assert lines == sorted(board.winning_lines), (moves, board)
        assert page.sequences == count - 1

    def test_one_selector_per_move_sequence(self, edition: tuple[NoJsEdition, Page]) -> None:
        """The stylesheet holds one selector per sequence of the human's moves,
        spelt out as a chain of checked radios, and no two alike."""
        page, dom = edition
        chains = [
            tuple(c.id for c in sel.compounds[:-1])
            for rule in dom.rules
            for sel in rule.selectors
            if len(sel.compounds) > 1 and all(c.id and c.checked for c in sel.compounds[:-1])
        ]
        assert len(chains) == len(set(chains)) == page.sequences
        assert page.sequences == sum(1 for moves, _ in games(page.human) if moves)

    def test_markup_ids_labels_and_no_inline_code(self, edition: tuple[NoJsEdition, Page]) -> None:
        """Radio ids are unique, every label points at a radio and names its
        square, nothing inline for a strict Content-Security-Policy, and the
        page has a heading, a viewport, a New game link and both colour schemes."""
        page, dom = edition
        ids = [el.id for el in dom.elements if el.id]
        assert len(ids) == len(set(ids))
        radios = {el.id for el in dom.elements if el.tag == "input"}
        assert all(el.attrs.get("type") == "radio" for el in dom.elements if el.tag == "input")
        styles = dom.styles(frozenset())
        for el in dom.elements:
            if el.tag == "label":
                assert el.attrs["for"] in radios
                assert el.all_text().strip()
                assert int(el.attrs["data-cell"]) == cell_of(styles[el])
        assert not re.search(r"<script|<style|\sstyle=|\son\w+=|=\"?javascript:", page.html, re.IGNORECASE)
        assert not re.search(r"@import|url\(|expression\(", page.css)
        tags = [el.tag for el in dom.elements]
        assert "h1" in tags
        assert any(el.tag == "link" and el.attrs.get("href") == "nojs.css" for el in dom.elements)
        assert any(el.tag == "meta" and el.attrs.get("name") == "viewport" for el in dom.elements)
        assert any(el.tag == "a" and el.attrs.get("href") == "" and el.all_text() == "New game" for el in dom.elements)
        assert any(el.tag == "form" and el.attrs.get("autocomplete") == "off" for el in dom.elements)
        media = {name for rule in dom.media for name, _ in rule.declarations}
        assert media and all(name.startswith("--") for name in media), "only colours change in the dark"
        assert "prefers-color-scheme:dark" in page.css.replace(" ", "")

    def test_the_cli_writes_the_same_page(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`export css --human O --out DIR` writes the generator's HTML and CSS
        and reports their sizes on one line."""
        out = tmp_path / "nested" / "o"
        assert main(["export", "css", "--human", "o", "--out", str(out)]) == 0
        page = nojs_edition(Player.O)
        html, css = (out / "index.html").read_bytes(), (out / "nojs.css").read_bytes()
        assert html == page.html.encode() and css == page.css.encode()
        summary = capsys.readouterr().out.splitlines()
        assert len(summary) == 1
        assert f"{len(html):,} bytes" in summary[0] and f"{len(css):,} bytes" in summary[0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["export", "css"], ["--out"]),
        (["export", "css", "--human", "Z", "--out", "somewhere"], ["'Z'"]),
        (["export", "table", "--format", "xml"], ["xml"]),
        (["export"], ["WHAT"]),
        (["export", "css", "--out", "/dev/null/nested"], ["/dev/null/nested"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: list[str]) -> None:
    """Wrong export arguments get one line on stderr naming the problem, and status 2."""
    done = run(*args)
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in lines[0], lines[0]
