"""Practise alpha-beta: a drill answered right is all right; one wrong value
and one wrong prune mark are each marked wrong and explained; a drill's link
opens the same drill; the score survives a reload; a corrupt saved score is
said and replaced; axe clean in both schemes. At a desktop's width the tree
is drawn (an SVG, its entries over it), on a phone it is a list, and the two
keep the same entries; presenting at 1920x1080, the drawing's text, entries
and board cells measure at least 24 px. One page is shared where the steps
allow it (each Pyodide start costs seconds)."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from pyengine import Board
from pyengine.board import reachable_positions
from pyengine.teaching.drill import Drill, Key, Status, answer_key, node_key, rules_differ
from pyengine.teaching.search import Order, Rule
from pyengine.teaching.stepwords import Convention

from .conftest import PRESENT_SIZES, Watch, axe_both_schemes, new_context, presented

# A browser that optimizes hot wasm, as visitors' do (conftest.BASELINE_WASM):
# its drills search and grade whole trees in the page.
OPTIMIZING = True

ROOT = "[data-board='drill']"
AREA = f"{ROOT} .dr-drill"
READY = f"{AREA}[data-ready='true']"
STORAGE_KEY = "pyengine.teaching.drill.score"
# A drill where the two rules differ: AIMA's rule cuts off on a tie (found by tests/test_drill.py's kind of search).
LINKED = "?pos={pos}&order=cells&conv=maxmin&rule=aima"


def _open(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, timeout=90_000)


def _drill(page: Page) -> Drill:
    area = page.locator(AREA)
    return Drill(
        Board.parse(str(area.get_attribute("data-position"))),
        Order.parse(str(area.get_attribute("data-order"))),
        Convention.parse(str(area.get_attribute("data-convention"))),
        Rule.parse(str(area.get_attribute("data-rule"))),
    )


def _fill(page: Page, key: Key) -> None:
    """Enter the key's answer, node by node, as a student would."""
    for node in key.nodes:
        name = node_key(node.path)
        if node.answer is not None:
            page.select_option(f"{ROOT} select[data-answer-for='{name}']", node.answer.text)
        if node.path and node.status is Status.SKIPPED:
            page.check(f"{ROOT} input[data-answer-for='{name}'][data-entry='skip']")


def _grades(page: Page) -> dict[str, str]:
    """Each drawn node's grade (drawing or list: whichever is shown)."""
    return dict(
        page.eval_on_selector_all(f"{AREA} [data-node]", "els => els.map(e => [e.dataset.node, e.dataset.grade || ''])")
    )


def _nodes(page: Page) -> list[str]:
    """The ``data-node`` of every element that carries one, in the document's order."""
    return list(page.eval_on_selector_all("[data-node]", "els => els.map(e => e.dataset.node)"))


@pytest.fixture(scope="module")
def page(module_context: BrowserContext, watch: Watch, base_url: str) -> Page:
    page = watch.attach(module_context.new_page())
    _open(page, base_url + "practise-alpha-beta/")
    return page


def test_a_right_answer_is_all_right_and_wrong_entries_are_explained(page: Page) -> None:
    drill = _drill(page)
    key = answer_key(drill)
    # At a desktop's width the tree is drawn: one SVG node per position of the key, and no list.
    assert page.get_attribute(AREA, "data-view") == "drawing"
    assert page.locator(f"{AREA} li.dr-node").count() == 0
    assert page.eval_on_selector_all(f"{AREA} [data-node]", "els => els.map(e => e.tagName)") == ["g"] * len(key.nodes)
    # Every entry is labelled by its node's moves, and every drawn node has its hook, once.
    assert _nodes(page) == [node_key(node.path) for node in key.nodes]
    labels = page.eval_on_selector_all(f"{ROOT} [data-answer-for]", "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and all(label for label in labels)
    _fill(page, key)
    page.click(f"{ROOT} [data-action='check']")
    assert set(_grades(page).values()) == {"right"}
    assert "right" in page.inner_text(f"{ROOT} .dr-verdict")
    # One wrong value: the first inner node below the root whose answer can change.
    inner = next(n for n in key.nodes if n.path and n.answer is not None)
    other = next(text for text in ("+1", "0", "\u22121") if text != inner.answer.text)  # type: ignore[union-attr]
    page.select_option(f"{ROOT} select[data-answer-for='{node_key(inner.path)}']", other)
    page.click(f"{ROOT} [data-action='check']")
    grades = _grades(page)
    assert [name for name, mark in grades.items() if mark == "wrong"] == [node_key(inner.path)]
    verdict = page.inner_text(f"{ROOT} .dr-verdict")
    assert f"the search gives {inner.answer.text} here, not {other}" in verdict  # type: ignore[union-attr]
    page.select_option(f"{ROOT} select[data-answer-for='{node_key(inner.path)}']", inner.answer.text)  # type: ignore[union-attr]
    # One wrong prune mark: a skipped move left unmarked is explained from the rule.
    skipped = next(n for n in key.nodes if n.status is Status.SKIPPED)
    page.uncheck(f"{ROOT} input[data-answer-for='{node_key(skipped.path)}'][data-entry='skip']")
    page.click(f"{ROOT} [data-action='check']")
    grades = _grades(page)
    assert [name for name, mark in grades.items() if mark == "wrong"] == [node_key(skipped.path)]
    verdict = page.inner_text(f"{ROOT} .dr-verdict")
    assert (
        "this move is never searched: \u03b1 \u2265 \u03b2" in verdict
        or "this move is never searched: \u03b1 > \u03b2" in verdict
    )


def test_show_the_answer_fills_it_in(page: Page) -> None:
    page.click(f"{ROOT} [data-action='next']")
    page.wait_for_selector(f"{AREA}:not([data-checked])")
    page.click(f"{ROOT} [data-action='answer']")
    assert set(_grades(page).values()) == {"right"}


def test_the_link_opens_the_same_drill_and_the_score_survives(page: Page, base_url: str) -> None:
    drill = _drill(page)
    score = page.inner_text(f"{ROOT} .dr-score")
    assert "of 2 drills" in score
    href = page.get_attribute(f"{ROOT} a.dr-link", "href")
    assert href is not None
    query = parse_qs(urlsplit(href).query)
    assert query["pos"] == [str(drill.board)] and query["rule"] == [drill.rule.value]
    # One click away: the explorer stepping through the same search.
    explorer = urlsplit(str(page.get_attribute(f"{ROOT} a.dr-explorer", "href")))
    assert explorer.path == "../search/"
    assert parse_qs(explorer.query) == {
        "alg": ["alphabeta"],
        "order": [drill.order.value],
        "pos": [str(drill.board)],
        **({"conv": ["maxmin"]} if drill.convention is Convention.MAXMIN else {}),
        **({"rule": ["strict"]} if drill.rule is Rule.STRICT else {}),
    }
    # Presenting hides the site around the drill; the link never carries it; Escape leaves.
    presenting = "() => document.documentElement.classList.contains('dr-presenting')"
    page.click(f"{ROOT} [data-action='present']")
    assert page.evaluate(presenting) and page.get_attribute(f"{ROOT} [data-action='present']", "aria-pressed") == "true"
    assert page.locator(".md-sidebar--primary").is_hidden()
    assert "present" not in str(page.get_attribute(f"{ROOT} a.dr-link", "href")) and "present" not in page.url
    page.keyboard.press("Escape")
    assert not page.evaluate(presenting)
    page.select_option(f"{ROOT} select[name='rule']", "strict")
    page.wait_for_function("sel => document.querySelector(sel).dataset.rule === 'strict'", arg=AREA)
    _open(page, base_url + "practise-alpha-beta/" + href)
    assert _drill(page) == drill
    assert page.inner_text(f"{ROOT} .dr-score") == score


def test_a_drill_where_the_rules_differ_says_so(page: Page, base_url: str) -> None:
    board = next(
        b
        for b in reachable_positions()
        if not b.is_over
        and len(b.legal_moves) == 3
        and rules_differ(Drill(b, Order.CELLS, Convention.MAXMIN, Rule.AIMA))
    )
    _open(page, base_url + "practise-alpha-beta/" + LINKED.format(pos=board))
    assert _drill(page).board == board
    assert "the two rules differ" in page.inner_text(f"{ROOT} .dr-difference")
    assert page.locator(f"{ROOT} .dr-message").is_hidden()


def test_a_bad_link_and_a_corrupt_score_are_said_and_replaced(page: Page, base_url: str) -> None:
    page.evaluate("key => localStorage.setItem(key, '{not json')", STORAGE_KEY)
    _open(page, base_url + "practise-alpha-beta/?pos=XXX/OO./...&rule=sideways")
    message = page.inner_text(f"{ROOT} .dr-message")
    assert "could not be read" in message and "cannot be drilled" in message and "sideways" in message
    assert page.inner_text(f"{ROOT} .dr-score") == "No drill checked yet in this browser."
    kept = page.evaluate("key => JSON.parse(localStorage.getItem(key))", STORAGE_KEY)
    assert kept["done"] == 0  # replaced by a fresh score
    assert _drill(page).rule is Rule.AIMA


def test_a_phone_gets_the_list_with_the_same_entries(page: Page) -> None:
    key = answer_key(_drill(page))
    skipped = next(n for n in key.nodes if n.status is Status.SKIPPED)
    inner = next(n for n in key.nodes if n.answer is not None)
    assert inner.answer is not None
    page.check(f"{ROOT} input[data-answer-for='{node_key(skipped.path)}']")
    page.select_option(f"{ROOT} select[data-answer-for='{node_key(inner.path)}']", inner.answer.text)
    # Marked, the move is drawn as cut off; unmarked moves are drawn alike, whatever the key says.
    pruned = page.eval_on_selector_all(f"{AREA} g[data-pruned]", "els => els.map(e => e.dataset.node)")
    assert pruned == [node_key(skipped.path)]
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.wait_for_selector(f"{AREA}[data-view='list']")
        assert page.locator(f"{AREA} svg").count() == 0
        assert _nodes(page) == [node_key(node.path) for node in key.nodes]
        assert page.eval_on_selector_all(f"{AREA} [data-node]", "els => els.map(e => e.tagName)") == ["LI"] * len(
            key.nodes
        )
        assert page.is_checked(f"{ROOT} input[data-answer-for='{node_key(skipped.path)}']")
        assert page.input_value(f"{ROOT} select[data-answer-for='{node_key(inner.path)}']") == inner.answer.text
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_selector(f"{AREA}[data-view='drawing']")
    assert page.is_checked(f"{ROOT} input[data-answer-for='{node_key(skipped.path)}']")


def test_presenting_at_1920_the_drawing_reads_from_the_back(page: Page) -> None:
    """Value labels, entries and a mini-board's cells at least 24 px (measured), the drawing across the width."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.click(f"{ROOT} [data-action='present']")
    try:
        page.wait_for_selector(f"{AREA}[data-view='drawing']")
        sizes = page.evaluate(
            """() => {
            const box = (e) => e.getBoundingClientRect();
            const label = [...document.querySelectorAll('.dr-drawn text.val')].find((t) => t.textContent);
            const entry = document.querySelector('.dr-entries select');
            const cell = document.querySelector('.dr-drawn rect.lastcell');
            return {label: box(label).height, labelFont: parseFloat(getComputedStyle(label).fontSize)
                      * box(label.ownerSVGElement).width / label.ownerSVGElement.viewBox.baseVal.width,
                    entry: box(entry).height, entryFont: parseFloat(getComputedStyle(entry).fontSize),
                    cell: box(cell).width, drawn: box(document.querySelector('.dr-drawn')).width,
                    area: document.querySelector('.dr-drill').clientWidth};
        }"""
        )
        print("presenting at 1920x1080:", sizes)
        assert sizes["labelFont"] >= 24 and sizes["label"] >= 24
        assert sizes["entryFont"] >= 24 and sizes["entry"] >= 24
        assert sizes["cell"] >= 24
    finally:
        page.keyboard.press("Escape")
        page.set_viewport_size({"width": 1280, "height": 720})


def test_presenting_fits_the_window_with_every_control_clickable(page: Page) -> None:
    """At 1280x720 and 1920x1080, blank and graded: the page is no taller than
    the window, the whole drawing with its root in sight, and a click at the
    centre of every control shown lands on it; the button says how to leave,
    as the explorer's does, and Escape leaves."""
    present = f"{ROOT} [data-action='present']"
    for size in PRESENT_SIZES:
        page.set_viewport_size(size)
        try:
            page.click(f"{ROOT} [data-action='next']")
            page.wait_for_selector(f"{AREA}:not([data-checked])")
            page.click(present)
            page.wait_for_function("() => document.documentElement.classList.contains('dr-presenting')")
            assert page.inner_text(present) == "Leave presentation (Esc)"
            page.wait_for_selector(f"{AREA}[data-view='drawing']")
            for graded in (False, True):
                if graded:
                    page.click(f"{ROOT} [data-action='check']")  # all missing: a verdict to read
                shown = presented(page)
                assert shown["scroll"] <= shown["height"] and shown["covered"] == [], (size, graded, shown)
                root = page.eval_on_selector(f"{AREA} [data-node='']", "e => e.getBoundingClientRect().toJSON()")
                assert root["top"] >= 0 and root["bottom"] <= size["height"], (size, root)
            page.keyboard.press("Escape")
            page.wait_for_function("() => !document.documentElement.classList.contains('dr-presenting')")
            assert page.inner_text(present) == "Present"
        finally:
            page.keyboard.press("Escape")
            page.set_viewport_size({"width": 1280, "height": 720})


def _score(page: Page) -> tuple[int, int, int]:
    """The score line read back: (all right at the first check, drills, streak)."""
    if page.inner_text(f"{ROOT} .dr-score") == "No drill checked yet in this browser.":
        return 0, 0, 0
    match = re.fullmatch(
        r"Score: (\d+) of (\d+) drills? all right at the first check; streak (\d+) \(best \d+\)\.",
        page.inner_text(f"{ROOT} .dr-score"),
    )
    assert match, page.inner_text(f"{ROOT} .dr-score")
    right, done, streak = map(int, match.groups())
    return right, done, streak


def test_a_drill_counts_at_its_first_check_only(page: Page, base_url: str) -> None:
    """Check with a wrong answer, Clear, enter the right one and Check: the
    drill stays counted as not right at the first check (the streak 0); and
    so after a reload of its link and a right Check there."""
    page.click(f"{ROOT} [data-action='next']")
    page.wait_for_selector(f"{AREA}:not([data-checked])")
    drill = _drill(page)
    key = answer_key(drill)
    link = str(page.get_attribute(f"{ROOT} a.dr-link", "href"))
    right, done, _ = _score(page)
    _fill(page, key)
    inner = next(n for n in key.nodes if n.answer is not None)
    other = next(text for text in ("+1", "0", "\u22121") if text != inner.answer.text)  # type: ignore[union-attr]
    page.select_option(f"{ROOT} select[data-answer-for='{node_key(inner.path)}']", other)
    page.click(f"{ROOT} [data-action='check']")
    assert "wrong" in _grades(page).values()
    assert _score(page) == (right, done + 1, 0)
    page.click(f"{ROOT} [data-action='clear']")
    page.wait_for_selector(f"{AREA}:not([data-checked])")
    assert _drill(page) == drill
    _fill(page, key)
    page.click(f"{ROOT} [data-action='check']")
    assert set(_grades(page).values()) == {"right"}
    assert _score(page) == (right, done + 1, 0)
    _open(page, base_url + "practise-alpha-beta/" + link)
    assert _drill(page) == drill and _score(page) == (right, done + 1, 0)
    _fill(page, key)
    page.click(f"{ROOT} [data-action='check']")
    assert set(_grades(page).values()) == {"right"}
    assert _score(page) == (right, done + 1, 0)


def _luminance(rgb: str) -> float:
    """The relative luminance (WCAG 2) of a computed colour, "rgb(r, g, b)"."""
    channels = [int(c) / 255 for c in re.findall(r"\d+", rgb)[:3]]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


# The focused element's action, whether it shows focus as from the keyboard, its ring, and the page's ground.
RING = """() => { const e = document.activeElement, s = getComputedStyle(e);
    return [e.dataset.action, e.matches(':focus-visible'), s.outlineStyle, parseFloat(s.outlineWidth),
            parseFloat(s.outlineOffset), s.outlineColor, getComputedStyle(document.body).backgroundColor]; }"""


def test_a_button_focused_from_the_keyboard_wears_a_ring_seen_in_dark(
    browser: Browser, watch: Watch, base_url: str
) -> None:
    """Tabbed to in the dark scheme, each of the drill's buttons wears a solid
    ring at least 3 px wide, apart from the button, in a colour of at least 3:1
    against the page (WCAG's non-text contrast): before, the theme left the
    browser's thin ring, and the same amber fill as a button merely hovered.
    A context of its own, dark from the start: the theme reads the scheme as a
    page loads, and keeps the one it found for the pages after it."""
    context = new_context(browser, watch, color_scheme="dark")
    try:
        page = watch.attach(context.new_page())
        _open(page, base_url + "practise-alpha-beta/")
        assert page.get_attribute("body", "data-md-color-scheme") == "slate"
        actions = page.eval_on_selector_all(
            f"{ROOT} .dr-actions button:not([disabled])", "bs => bs.map(b => b.dataset.action)"
        )
        assert len(actions) >= 2, actions
        for i, action in enumerate(actions):
            # Reached by the keyboard, from the button beside it, as :focus-visible asks.
            page.focus(f"{ROOT} [data-action='{actions[i - 1] if i else actions[1]}']")
            page.keyboard.press("Tab" if i else "Shift+Tab")
            ring = page.evaluate(RING)
            reached, visible, style, width, offset, colour, ground = ring
            assert reached == action and visible and style == "solid" and width >= 3 and offset > 0, ring
            lighter, darker = sorted((_luminance(colour), _luminance(ground)), reverse=True)
            assert (lighter + 0.05) / (darker + 0.05) >= 3, ring
    finally:
        context.close()


def test_the_themes_page_keys_stay_in_the_drill(page: Page) -> None:
    """The theme opens the next page on n (the previous on p, ".", ","), listening
    on the window. On a button of the drill, or on the body after a click on the
    text, those keys stay in the page (before, n on Check opened the next page
    mid-drill); other keys still reach the window."""
    assert page.locator("link[rel=next]").count() == 1  # the theme has a page to go to
    url = page.url
    page.evaluate("() => { window.reached = []; addEventListener('keydown', e => reached.push(e.key)); }")
    page.focus(f"{ROOT} [data-action='check']")
    page.keyboard.press("n")
    page.keyboard.press("p")
    page.click("article h1")  # focus leaves the buttons for the body
    assert page.evaluate("() => document.activeElement.tagName") == "BODY"
    page.keyboard.press(".")
    page.keyboard.press(",")
    page.keyboard.press("x")  # not the theme's: left alone
    reached = page.evaluate("() => reached")
    assert "x" in reached and not {"n", "p", ".", ","} & set(reached), reached
    assert page.url == url


def test_axe_clean_in_both_schemes_graded_too(page: Page) -> None:
    assert axe_both_schemes(page) == []
    # Graded, with one node wrong and others missing: the grades' colours and words pass too.
    page.click(f"{ROOT} [data-action='answer']")
    page.select_option(f"{ROOT} select[data-answer-for='']", "")
    page.uncheck(f"{ROOT} input[data-entry='skip']:checked >> nth=0")
    page.click(f"{ROOT} [data-action='check']")
    grades = set(_grades(page).values())
    assert grades == {"right", "wrong", "missing"}
    assert axe_both_schemes(page) == []
