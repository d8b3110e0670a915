"""A small CSS interpreter, so tests can play the no-JavaScript edition.

It reads the page's actual HTML and stylesheet and computes, for a set of
checked radios, which elements are shown and where they sit on the grid.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator

# Just enough of CSS for the page: selectors of tags, classes, ids, [attr=value],
# :checked, :root, :is(), :has() (its argument may start with >), the
# descendant, > and ~ combinators; the cascade
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
        return not self.has or any(
            sel.matches(d, state) for sel in self.has for d in state.below(el, sel) if not sel.leading or d.parent is el
        )


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


def tokens(text: str) -> Iterator[str]:
    """A selector's compounds and combinators (~, > or " "), outside parentheses."""
    depth, current = 0, ""
    for char in text.strip() + " ":
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and char in "~> ":
            if current:
                yield current
            current = ""
            if char != " ":
                yield char
            else:
                yield " "
        else:
            current += char


class Selector:
    def __init__(self, text: str) -> None:
        self.text = text
        self.compounds: list[Compound] = []
        self.combinators: list[str] = []
        # A relative selector (inside :has()) may start with a combinator:
        # ">" means a child of the element that :has() is tested on.
        self.leading = ""
        pending = " "
        for token in tokens(text):
            if token in "~> ":
                if token != " " or pending == " ":
                    pending = token
                if not self.compounds and token != " ":
                    self.leading = token
                continue
            if self.compounds:
                self.combinators.append(pending)
            self.compounds.append(Compound(token))
            pending = " "
        assert self.compounds, text
        assert self.leading in ("", ">"), text
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
        if self.combinators[i - 1] == ">":
            return el.parent is not None and self.matches(el.parent, state, i - 1)
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
    if "var(" not in value:
        return value.strip()
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


def longhands(declarations: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Declarations with each grid shorthand split into its longhands, in order."""
    return [
        (longhand, part.strip())
        for name, value in declarations
        for longhand, part in zip(GRID.get(name, (name,)), value.split("/"), strict=False)
    ]


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
        # each rule's declarations as longhands (grid-area and the like split), once
        self.longhands = {id(rule): longhands(rule.declarations) for rule in self.rules}

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
                    matched.setdefault(el, []).append((sel.specificity, rule.order, self.longhands[id(rule)]))
        computed: dict[Element, dict[str, str]] = {}
        customs: dict[Element, dict[str, str]] = {}  # each element's custom properties, inherited
        for el in self.elements:
            parent = computed.get(el.parent) if el.parent is not None else None
            declared: dict[str, str] = {}
            for _, _, declarations in sorted(matched.get(el, ()), key=lambda m: (m[0], m[1])):
                declared.update(declarations)
            custom = customs.get(el.parent, {}) if el.parent is not None else {}
            own = {k: v for k, v in declared.items() if k.startswith("--")} if declared else None
            if own:
                custom = {**custom, **own}
            customs[el] = custom
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
