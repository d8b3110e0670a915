"""Watch the search: the drawn tree follows the step. Its nodes and their
data-value are the engine's events at each step, its pruned nodes exactly the
moves the cut-offs skipped, a click on a node goes to the step that entered
it, a large search is drawn as its path, and axe finds nothing, light or dark.
One page for the module (Pyodide boots once), on a projector-sized screen."""

from __future__ import annotations

from collections.abc import Iterator

import explorer_address
import pytest
import tree_drawing as drawing
from playwright.sync_api import Browser, BrowserContext, Page

from pyengine import Board
from pyengine.teaching.search import Algorithm, Event, Kind, Order, Rule, events
from pyengine.teaching.stepwords import Convention
from pyengine.teaching.trace import Trace
from tests.support import expected_values, key
from tests.test_search_view import rules_differ_board

from .conftest import EXPLORER, Opening, Watch, axe_both_schemes, new_context, search_for, wait_explorer

READY = "[data-explorer][data-ready='true']"
SVG = f"{EXPLORER} .ex-drawn-svg"
# Three empty cells and two cut-offs: drawn whole in any box 256 px wide or more (tree_drawing.choose_view).
TINY = Board.parse("XOX/.O./X.O")
LARGE = Board.parse("X.O/.../...")  # seven empty cells: drawn as the path


@pytest.fixture(scope="module")
def module_context(browser: Browser, watch: Watch) -> Iterator[BrowserContext]:
    """A 1920x1080 projector."""
    context = new_context(browser, watch, viewport={"width": 1920, "height": 1080})
    yield context
    context.close()


OPENING = Opening(f"search/?alg=alphabeta&order=cells&pos={TINY}&step=1", (READY,))


def step_of(page: Page) -> int:
    return int(page.get_attribute(EXPLORER, "data-step") or 0)


def go_to(page: Page, number: int) -> None:
    """Type a step number, and wait until it is shown with no jump under way."""
    page.fill("#ex-step", str(number))
    page.press("#ex-step", "Enter")
    wait_step(page, number)


def wait_step(page: Page, number: int) -> None:
    wait_explorer(
        page, "e.dataset.step === String(arg) && document.querySelector('[data-explorer] .ex-busy').hidden", number
    )


def drawn(page: Page) -> dict[str, dict[str, str | None]]:
    """Every drawn node by its data-node: its data-value, data-pruned, data-step and class."""
    found = page.eval_on_selector_all(
        f"{SVG} [data-node]",
        "els => els.map(e => [e.dataset.node, e.dataset.value ?? null, e.dataset.pruned ?? null,"
        " e.dataset.step ?? null, e.getAttribute('class')])",
    )
    return {
        name: {"value": value, "pruned": pruned, "step": step, "class": cls} for name, value, pruned, step, cls in found
    }


STEPS = list(events(Algorithm.ALPHABETA, TINY, Order.CELLS))


def test_a_small_search_is_drawn_whole(page: Page) -> None:
    assert str(page.get_attribute(SVG, "data-view")).startswith("whole")  # with boards if the box is wide
    assert page.get_attribute(SVG, "role") == "img"
    assert "step 1 of" in str(page.get_attribute(SVG, "aria-label"))
    assert set(drawn(page)) == {""}


@pytest.mark.parametrize("number", [3, 9, len(STEPS) // 2, len(STEPS) - 3, len(STEPS)])
def test_nodes_and_values_are_the_events(page: Page, number: int) -> None:
    """At the step: a node for each position entered and each move skipped so
    far; data-value on exactly those whose value is known, the value the
    events give (negamax: for the side that moved into the node)."""
    go_to(page, number)
    nodes = drawn(page)
    entered = {key(e.path) for e in STEPS[:number] if e.kind is Kind.ENTER}
    skipped = {key((*e.path, cell)) for e in STEPS[:number] if e.kind is Kind.CUTOFF for cell in e.skipped}
    assert set(nodes) == entered | skipped
    assert {name for name, node in nodes.items() if node["pruned"] == "true"} == skipped
    values = {name: int(str(node["value"])) for name, node in nodes.items() if node["value"] is not None}
    assert values == expected_values(STEPS, number, TINY, Convention.NEGAMAX)
    current = [name for name, node in nodes.items() if "current" in str(node["class"]).split()]
    assert current == [key(STEPS[number - 1].path)]


def test_pruned_nodes_are_exactly_the_moves_cut_off(page: Page) -> None:
    go_to(page, len(STEPS))
    cut = {key((*e.path, cell)) for e in STEPS if e.kind is Kind.CUTOFF for cell in e.skipped}
    assert cut, "this search must cut"
    assert {name for name, node in drawn(page).items() if node["pruned"] == "true"} == cut
    reasons = page.eval_on_selector_all(f"{SVG} .note.reason", "els => els.map(e => e.textContent)")
    assert len(reasons) == sum(1 for e in STEPS if e.kind is Kind.CUTOFF)
    assert all("\u03b1" in text and "\u2265 \u03b2" in text for text in reasons)


def test_clicking_a_node_goes_to_the_step_that_entered_it(page: Page) -> None:
    go_to(page, len(STEPS))
    deepest = max((e for e in STEPS if e.kind is Kind.ENTER), key=lambda e: len(e.path))
    entered = STEPS.index(deepest) + 1
    page.click(f"{SVG} [data-node='{key(deepest.path)}']")
    wait_step(page, entered)
    assert "current" in str(drawn(page)[key(deepest.path)]["class"]).split()
    # A skipped move: the cut-off that skipped it.
    go_to(page, len(STEPS))
    cutoff = next(e for e in STEPS if e.kind is Kind.CUTOFF)
    page.click(f"{SVG} [data-node='{key((*cutoff.path, cutoff.skipped[0]))}']")
    wait_step(page, STEPS.index(cutoff) + 1)
    assert page.get_attribute(EXPLORER, "data-kind") == "cutoff"


def pathname(page: Page) -> str:
    return str(page.evaluate("location.pathname"))


def focus_in_explorer(page: Page) -> bool:
    return bool(page.evaluate("!!document.activeElement.closest('[data-explorer]')"))


CUTOFFS = [number for number, event in enumerate(STEPS, 1) if event.kind is Kind.CUTOFF]


def keys_stay_in_the_lesson(page: Page) -> None:
    """A node click, then N, P and the arrows step the search; a click on a
    blank spot of the drawing, or nothing focused, the same; the theme's
    page keys (n, p, '.' and ',') never open another page."""
    where = pathname(page)
    assert len(CUTOFFS) >= 2 and CUTOFFS[0] > 2
    go_to(page, len(STEPS))
    first_child = key(STEPS[1].path)  # step 2 entered it
    page.click(f"{SVG} [data-node='{first_child}']")
    wait_step(page, 2)
    assert focus_in_explorer(page)
    page.keyboard.press("n")
    wait_step(page, CUTOFFS[0])
    page.keyboard.press("N")
    wait_step(page, CUTOFFS[1])
    page.keyboard.press("p")
    wait_step(page, CUTOFFS[0])
    page.keyboard.press("P")  # no cut-off before the first: the first step
    wait_step(page, 1)
    page.click(f"{SVG} [data-node='']")
    page.keyboard.press("ArrowRight")
    wait_step(page, 2)
    page.keyboard.press("ArrowLeft")
    wait_step(page, 1)
    page.click(SVG, position={"x": 3, "y": 3})  # a blank spot of the drawing
    assert focus_in_explorer(page)
    page.keyboard.press("n")
    wait_step(page, CUTOFFS[0])
    page.evaluate("document.activeElement.blur()")  # nothing focused: the keys come from the body
    page.keyboard.press("ArrowRight")
    wait_step(page, CUTOFFS[0] + 1)
    page.keyboard.press("p")
    wait_step(page, CUTOFFS[0])
    for theme_key in (".", ","):
        page.keyboard.press(theme_key)
    page.keyboard.press("ArrowRight")  # a key after them is still this page's
    wait_step(page, CUTOFFS[0] + 1)
    assert pathname(page) == where


def test_after_a_node_click_the_keys_stay_in_the_lesson(page: Page) -> None:
    keys_stay_in_the_lesson(page)


def test_the_keys_stay_in_the_lesson_when_presenting(page: Page) -> None:
    page.click(f"{EXPLORER} [data-present]")
    page.wait_for_function("document.documentElement.classList.contains('ex-presenting')")
    try:
        keys_stay_in_the_lesson(page)
    finally:
        page.keyboard.press("Escape")
        page.wait_for_function("!document.documentElement.classList.contains('ex-presenting')")


def test_the_tree_passes_axe_light_and_dark(page: Page) -> None:
    go_to(page, len(STEPS) - 3)
    assert axe_both_schemes(page) == []


def test_a_large_search_is_drawn_as_its_path(page: Page) -> None:
    """Seven empty cells: the path from the root, each position on it with
    all its moves, as the trace has them, and the values of the moves done."""
    search_for(page, Algorithm.MEMO, LARGE)
    steps = list(events(Algorithm.MEMO, LARGE))
    assert str(page.get_attribute(SVG, "data-view")).startswith("path")
    number = next(n for n, e in enumerate(steps, 1) if e.kind is Kind.HIT and n > 200)
    go_to(page, number)
    trace = Trace(Algorithm.MEMO, LARGE)
    trace.seek(number)
    assert trace.work(10**6)
    step = trace.current
    want = {""} | {
        key((*step.event.path[:depth], b.move)) for depth, node in enumerate(step.path) for b in node.branches
    }
    nodes = drawn(page)
    assert set(nodes) == want
    for depth, node in enumerate(step.path):
        for branch in node.branches:
            shown = nodes[key((*step.event.path[:depth], branch.move))]
            if branch.value is not None:
                assert shown["value"] == str(branch.value)
    assert "hit" in str(nodes[key(step.event.path)]["class"]).split()
    assert axe_both_schemes(page) == []


def test_the_deep_cut_off_says_its_bounds_as_bounds(page: Page) -> None:
    """At the end of "A deep cut-off", X top right is worth -1 to
    X (O then wins at once); alpha-beta stopped at +1, which every view says
    as a bound: the outline and the drawing, whichever view is drawn."""
    board = Board.parse("O../OX./.X.")
    search_for(page, Algorithm.ALPHABETA, board)
    steps = list(events(Algorithm.ALPHABETA, board, Order.CELLS))
    go_to(page, len(steps))
    outline = page.eval_on_selector_all(f"{EXPLORER} .ex-tn > span", "els => els.map(e => e.textContent)")
    assert any(line.startswith("X top right (2): \u2264 +1 for X") for line in outline), outline
    label = page.text_content(f"{SVG} [data-node='2'] .val")
    assert label == "\u2264 +1"
    heading = page.text_content("#ex-tree-head")
    whole = str(page.get_attribute(SVG, "data-view")).startswith("whole")
    assert str(heading).startswith("The whole tree" if whole else "The path")


# The drawn tree's rendered sizes: each value and move label's box and font
# size on screen, each note line's, and a mini-board cell's side (BOARD/size
# units at the SVG's screen scale), with the current node's and the step bar's boxes.
SIZES = """([board, size, node]) => {
    const svg = document.querySelector('[data-explorer] .ex-drawn-svg');
    const scale = svg.getScreenCTM().a;
    const texts = (selector) => [...svg.querySelectorAll(selector)].filter((e) => e.textContent)
        .map((e) => [e.getBoundingClientRect().height, parseFloat(getComputedStyle(e).fontSize) * scale]);
    const box = (selector) => {
        const e = svg.querySelector(selector);
        return e && e.getBoundingClientRect().toJSON();
    };
    return {
        view: svg.dataset.view, val: texts('.val'), mv: texts('.mv'),
        notes: texts('.note tspan').map(([height]) => height),
        noteFonts: [...svg.querySelectorAll('.note')].map((e) => parseFloat(getComputedStyle(e).fontSize) * scale),
        cell: board / size * scale,
        current: box(`[data-node="${node}"]`), reason: box(`[data-note="cut:${node}"]`),
        bar: document.querySelector('[data-explorer] .ex-controls').getBoundingClientRect().bottom,
    };
}"""
LABEL_PX = 24  # node labels and a mini-board's cell at 1920x1080, read from the back of a room
NOTE_PX = 20


# A small search (four empty cells, one cut-off): its whole tree with boards fits
# the window at 1920x1080 with 24 px cells (found by tree_drawing.WholeTree's sizes).
SMALL_PRESENTED = ".../OX./OXX"


@pytest.mark.parametrize("lesson_key", ["deep-cutoff", "draw", SMALL_PRESENTED])
def test_presenting_at_1920_draws_labels_24_px_and_board_cells_24_px(page: Page, lesson_key: str) -> None:
    """1920x1080, presenting "A deep cut-off", "A draw" (six empty cells,
    144 steps) and a small search: at the first step, at cut-offs and at the
    end, every value and move label is at least 24 px on screen (its box and
    its font), each note line at least 20 px, a mini-board's cell at least
    24 px where boards are drawn; the drawing within the window (boards only
    where their picture fits its height at that size: the small search's);
    the current node and its cut-off reason in the window, below the step bar."""
    if "/" in lesson_key:
        board = Board.parse(lesson_key)
        steps = list(events(Algorithm.ALPHABETA, board, Order.CELLS))
        search_for(page, Algorithm.ALPHABETA, board)
    else:
        lesson = next(lesson for lesson in explorer_address.LESSONS if lesson.key == lesson_key)
        steps = list(events(lesson.algorithm, lesson.board, lesson.order))
        page.click(f"{EXPLORER} a[data-lesson='{lesson.key}']")
        page.wait_for_function("k => document.querySelector('[data-explorer]').dataset.lesson === k", arg=lesson.key)
    size = Board.parse(lesson_key).size if "/" in lesson_key else lesson.board.size
    cuts = [number for number, event in enumerate(steps, 1) if event.kind is Kind.CUTOFF]
    page.click(f"{EXPLORER} [data-present]")
    page.wait_for_function("() => document.documentElement.classList.contains('ex-presenting')")
    views = set()
    measured = 0
    try:
        for number in sorted({1, *cuts[:3], cuts[-1], len(steps) // 2, len(steps)}):
            go_to(page, number)
            sizes = page.evaluate(SIZES, [drawing.BOARD, size, key(steps[number - 1].path)])
            drawn = page.eval_on_selector(SVG, "e => e.getBoundingClientRect().bottom")
            assert drawn <= 1080 and page.evaluate("document.documentElement.scrollHeight") <= 1080, number
            views.add(sizes["view"])
            labels = sizes["val"] + sizes["mv"]  # none at step 1 with boards: no value known yet
            measured += len(labels)
            assert all(min(box, font) >= LABEL_PX for box, font in labels), (number, sizes)
            assert sizes["notes"] and min(sizes["notes"] + sizes["noteFonts"]) >= NOTE_PX, (number, sizes)
            if "boards" in sizes["view"]:
                assert sizes["cell"] >= LABEL_PX, (number, sizes)
            shown = [sizes["current"]] + ([sizes["reason"]] if number in cuts else [])
            for box in shown:
                assert box is not None and box["top"] >= sizes["bar"] - 1 and box["bottom"] <= 1080, (number, sizes)
    finally:
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.documentElement.classList.contains('ex-presenting')")
    assert measured, views  # labels measured, not skipped
    if lesson_key == SMALL_PRESENTED:
        assert any("boards" in view for view in views), views  # and cells


def test_the_strict_rule_draws_the_strict_search(page: Page) -> None:
    """A drill position where the rules differ (pyengine.teaching.drill.rules_differ):
    under AIMA's rule and then the strict one (the rule control), at each of
    that rule's cut-offs the moves it skipped are drawn cut off, with a reason
    that says \u2265 or >; the cut-offs counted at the end are that rule's; the
    address carries rule=strict only under the strict rule."""
    board = rules_differ_board()
    search_for(page, Algorithm.ALPHABETA, board)
    cutoffs: dict[Rule, list[Event]] = {}
    for rule, mark in ((Rule.AIMA, "\u2265"), (Rule.STRICT, ">")):
        page.select_option("#ex-rule", rule.value)
        wait_explorer(page, "e.dataset.rule === arg && e.dataset.step === '1'", rule.value)
        steps = list(events(Algorithm.ALPHABETA, board, Order.CELLS, rule))
        cutoffs[rule] = [event for event in steps if event.kind is Kind.CUTOFF]
        for number, event in enumerate(steps, 1):
            if event.kind is not Kind.CUTOFF:
                continue
            go_to(page, number)
            pruned = {name for name, node in drawn(page).items() if node["pruned"] == "true"}
            assert {key((*event.path, cell)) for cell in event.skipped} <= pruned, number
            reason = page.text_content(f"{SVG} [data-note='cut:{key(event.path)}']")
            assert f"{mark} \u03b2" in str(reason), (number, reason)
        go_to(page, len(steps))
        assert page.text_content(f"{EXPLORER} [data-fact='cutoffs']") == str(len(cutoffs[rule]))
        page.wait_for_function("strict => location.search.includes('rule=strict') === strict", arg=rule is Rule.STRICT)
    assert cutoffs[Rule.AIMA] != cutoffs[Rule.STRICT]  # the rules differ here, so the drawing tells them apart
    # Minimax never cuts off: no rule to choose, none in the address.
    search_for(page, Algorithm.MINIMAX, board)
    assert page.is_hidden("#ex-rule") and page.get_attribute(EXPLORER, "data-rule") == Rule.AIMA.value
    page.wait_for_function("() => !location.search.includes('rule=')")
