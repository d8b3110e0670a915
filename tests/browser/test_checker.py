"""'Check your own minimax': the reader's code judged on every position, bounded, shown as text."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from pyengine import Board, analyze
from pyengine.grading.chooseform import Grade, grade, move_worth, positions_to_check
from pyengine.grading.cs50 import CS50_FUNCTIONS, Verdict, check_code
from tests.cs50 import mutants
from tools.pages.checker_markup import STARTER, first_failure

from .conftest import Opening, Profiles, Watch, axe_both_schemes, in_charge, lent, new_context

# A browser that optimizes hot wasm, as visitors' do (conftest.BASELINE_WASM):
# each check's worker runs the reader's code for tens of seconds.
OPTIMIZING = True

ROOT = "[data-board='checker']"


OPENING = Opening("check-your-minimax/", (f"{ROOT}[data-state='ready'][data-editor='ready']",))


# The code whose check the module's page shows, checked to its end (pressed
# for, run and judged in a worker of its own, as every check is), and not
# changed since: a test that needs the verdict on the very code the test
# before it checked reads that check's page (tests that share a check sit
# side by side; run alone, a test checks for itself). Each check is tens of
# seconds of the run (the correct CS50 file's, 20).
SHOWN: dict[Page, str] = {}


def set_code(page: Page, code: str) -> None:
    """Replace the editor's code, as a paste would (the editor's hook: the textarea's input event)."""
    SHOWN.pop(page, None)
    replace = "(box, code) => { box.value = code; box.dispatchEvent(new Event('input')) }"
    page.eval_on_selector("#ck-code", replace, code)


# Set on the checker's root by press_run: true once its data-state has been "running".
BEGAN = """root => {
  root.__began = false;
  new MutationObserver((changes, observer) => {
    if (root.dataset.state !== "running") return;
    root.__began = true;
    observer.disconnect();
  }).observe(root, { attributes: true, attributeFilter: ["data-state"] });
}"""


def press_run(page: Page) -> None:
    """Press "Check it on every position" from the keyboard, and wait until a
    check has begun. Not a click: the button sits below the editor, and
    scrolling it into view makes CodeMirror draw and measure lines it had only
    estimated, which can move the button between a click's mousedown and its
    mouseup. The click then lands on the page around it, no check starts, and
    the verdict still shown is the previous check's (it happened in full runs
    under load: a correct file read as the choose() file checked before it)."""
    page.eval_on_selector(ROOT, BEGAN)
    page.focus("[data-check-run]")
    page.keyboard.press("Enter")
    page.wait_for_function("sel => document.querySelector(sel).__began", arg=ROOT)


def checked(page: Page, code: str) -> None:
    """``page`` shows the end of a check of ``code``, which later tests may read."""
    assert page.get_attribute(ROOT, "data-state") == "done"
    SHOWN[page] = code


def shows_check_of(page: Page, code: str) -> bool:
    """Whether ``page`` shows the end of a check of ``code``, its code unchanged since."""
    same = bool(page.eval_on_selector("#ck-code", "(box, code) => box.value === code", code))
    return SHOWN.get(page) == code and same and page.get_attribute(ROOT, "data-state") == "done"


def editor_code(page: Page) -> str:
    """The code the editor shows, line by line as drawn."""
    return str(page.eval_on_selector_all(f"{ROOT} .cm-line", "lines => lines.map(l => l.textContent).join('\\n')"))


def check(page: Page, code: str, timeout_s: float = 180) -> str:
    """The verdict on ``code``: its check on ``page``, or the one the page shows
    already (SHOWN); the page shows that check's lines for the test to read."""
    if not shows_check_of(page, code):
        set_code(page, code)
        press_run(page)
        page.wait_for_selector(f"{ROOT}[data-state='done']", timeout=timeout_s * 1000)
        checked(page, code)
    return str(page.get_attribute(ROOT, "data-verdict"))


def verdict_colour(page: Page) -> str:
    return str(page.eval_on_selector(f"{ROOT} .ck-verdict", "e => getComputedStyle(e).borderLeftColor"))


def line(name: str) -> str:
    """The selector of a function's line in the verdict."""
    return f"{ROOT} .ck-checks [data-check='{name}']"


def told(page: Page) -> str:
    """Everything the verdict says: the summary and every function's line."""
    return page.inner_text(f"{ROOT} .ck-verdict") + "\n" + page.inner_text(f"{ROOT} .ck-checks")


def engine_verdict(code: str, name: str) -> Verdict:
    """The engine's verdict on one function of ``code``, judged in CPython (the project's own code only)."""
    return next(verdict for verdict in check_code(code).verdicts if verdict.name == name)


def test_the_starter_passes_and_its_slower_wins_are_reported(page: Page) -> None:
    assert check(page, STARTER) == "pass"
    assert page.get_attribute(ROOT, "data-form") == "choose"
    assert page.get_attribute(line("choose"), "data-verdict") == "pass"
    words = page.inner_text(line("choose"))
    assert "more slowly" in words and engine_verdict(STARTER, "choose").reason in words
    assert axe_both_schemes(page) == []


def test_a_pass_and_a_fail_are_told_apart_by_colour_too(page: Page) -> None:
    """The verdict's bar is the site's 'good' colour on a pass, its 'bad' one on a fail."""
    assert check(page, STARTER) == "pass"
    passed = verdict_colour(page)
    assert check(page, "def choose(board):\n    return board.legal_moves[-1]\n") == "fail"
    failed = verdict_colour(page)
    transparent = ("rgba(0, 0, 0, 0)", "transparent")
    assert passed != failed and passed not in transparent and failed not in transparent


def test_a_failing_verdict_names_the_move_played_and_a_best_one(page: Page) -> None:
    """The played move is what the code returns there, the best one a best move, each with its worth."""
    code = "def choose(board):\n    return board.legal_moves[-1]\n"
    first = next(board for board in positions_to_check() if grade(board, board.legal_moves[-1]) is Grade.WORSE)
    assert check(page, code) == "fail"
    played, best = (int(str(page.get_attribute(line("choose"), name))) for name in ("data-played", "data-best"))
    assert page.get_attribute(line("choose"), "data-position") == str(first)
    assert played == first.legal_moves[-1] and best in analyze(first).best
    words = page.inner_text(line("choose"))
    assert move_worth(first, played) in words and move_worth(first, best) in words
    assert engine_verdict(code, "choose").reason in words
    assert page.inner_text(f"{line('choose')} .ck-cell[data-move='played']") == "you"
    assert page.inner_text(f"{line('choose')} .ck-cell[data-move='best']") == "best"
    assert str(page.get_attribute(f"{line('choose')} .ck-explore a", "href")).endswith(f"pos={first}")
    assert page.is_hidden(f"{ROOT} .ck-subhead")  # nothing printed: no empty heading
    assert axe_both_schemes(page) == []


def board_marks(page: Page, name: str) -> Board:
    """The marks on a line's board; the cells the verdict points at are empty cells."""
    read = "els => els.map(e => e.dataset.move ? '.' : e.textContent || '.')"
    return Board.parse("".join(page.eval_on_selector_all(f"{line(name)} .ck-cell", read)))


def test_a_wrong_minimax_fails_at_the_first_position_below_its_value(page: Page) -> None:
    """Without the minus sign, negamax picks the opponent's best: the first
    failing position is the one CPython's judge finds first."""
    wrong = STARTER.replace("max(-value(board.play(cell))", "max(value(board.play(cell))")

    def lowest_first(board: Board) -> int:  # what the wrong code plays in the first position it fails, computed here
        namespace: dict[str, object] = {}
        exec(compile(wrong, "<test>", "exec"), namespace)
        return namespace["choose"](board)  # type: ignore[operator, no-any-return]

    first = next(board for board in positions_to_check() if grade(board, lowest_first(board)) is Grade.WORSE)
    assert check(page, wrong) == "fail"
    assert page.get_attribute(line("choose"), "data-position") == str(first)
    assert board_marks(page, "choose") == first


def test_an_endless_loop_is_stopped_and_the_page_answers(page: Page) -> None:
    assert check(page, "def choose(board):\n    while True:\n        pass\n") == "fail"
    assert "budget" in page.inner_text(line("choose"))
    assert page.evaluate("1 + 1") == 2


def test_errors_name_their_line_and_output_stays_text(page: Page) -> None:
    assert check(page, "def choose(board)\n    return 0\n") == "fail"
    assert "Syntax error on line 1" in page.inner_text(line("code"))
    code = 'print("<b>bold?</b>")\ndef choose(board):\n    return board.legal_moves[0] // 0\n'
    assert check(page, code) == "fail"
    assert "ZeroDivisionError on line 3" in page.inner_text(line("choose"))
    assert page.inner_text(f"{ROOT} .ck-output").startswith("<b>bold?</b>")
    assert page.is_visible(f"{ROOT} .ck-subhead")
    assert page.locator(f"{ROOT} .ck-output b").count() == 0


def test_a_file_that_imports_the_engine_fails_with_one_line_that_says_so(page: Page) -> None:
    """The worker has the runner and the probes, not the engine: as in ``pyengine check``."""
    code = "import pyengine\n\ndef choose(board):\n    return board.legal_moves[0]\n"
    assert check(page, code) == "fail"
    said = page.inner_text(line("code"))
    assert "ModuleNotFoundError on line 1" in said
    assert "a checked file cannot use the engine that checks it" in said
    assert page.locator(f"{ROOT} .ck-check").count() == 1


# -- the reader's code on a thread of its own ---------------------------------------

RUNAWAYS = {
    "a loop that swallows every exception": (
        "def choose(board):\n    while True:\n        try:\n            x = 1\n"
        "        except BaseException:\n            pass\n"
    ),
    "sys.settrace(None), then an endless loop": (
        "import sys\nsys.settrace(None)\n\ndef choose(board):\n    while True:\n        pass\n"
    ),
    "a recursion with no end and no limit": (
        "import sys\nsys.setrecursionlimit(10**8)\n\ndef deep(n):\n    return deep(n + 1) + 1\n\n"
        "def choose(board):\n    return deep(0)\n"
    ),
    "an allocation of gigabytes": (
        "def choose(board):\n    hoard = []\n    while True:\n        hoard.append(bytearray(10**8))\n"
    ),
    "code that never returns from its import": (
        "while True:\n    pass\n\ndef choose(board):\n    return board.legal_moves[0]\n"
    ),
}
# A hang guard, not a speed target: the page's own budgets end a runaway's
# check within seconds, and no test passes or fails on how fast the page
# answers (bench/checker_worker.py --speed measures that, beside a control).
VERDICT_WITHIN_S = 120
# Asked without a pause, the asking took about a fifth of a core while the
# runaways ran (their five tests: 20.9 CPU-s without a pause, 16.0 with it).
ASK_EVERY_S = 0.02


@pytest.mark.parametrize("code", RUNAWAYS.values(), ids=RUNAWAYS.keys())
def test_a_runaway_ends_in_a_failing_verdict_and_the_page_answers_throughout(page: Page, code: str) -> None:
    set_code(page, code)
    # The worker of the previous check is replaced when the page is idle: this check starts on a ready one.
    page.wait_for_selector(f"{ROOT}[data-worker='ready']", timeout=60_000)
    press_run(page)
    started = time.monotonic()
    answers = 0
    while page.get_attribute(ROOT, "data-state") != "done":
        assert page.evaluate("document.querySelectorAll('h1').length") == 1  # the page answers while it runs
        answers += 1
        assert time.monotonic() - started < VERDICT_WITHIN_S, "no verdict yet"
        time.sleep(ASK_EVERY_S)
    assert page.get_attribute(ROOT, "data-verdict") == "fail"
    words = told(page)
    assert words.startswith("Fail. ") and ("budget" in words or "Error" in words or "failed" in words), words
    assert answers > 0


def test_the_readers_code_cannot_touch_the_page(page: Page) -> None:
    code = "import js\njs.document.body.innerHTML = ''\n\ndef choose(board):\n    return board.legal_moves[0]\n"
    assert check(page, code) == "fail"  # a worker has no document
    assert "on line 2" in page.inner_text(line("code"))
    assert page.locator("h1").inner_text().startswith("Check your own minimax")
    assert page.locator(f"{ROOT} [data-check-run]").is_enabled()


def test_a_message_the_readers_code_posts_is_not_taken_for_an_answer(page: Page) -> None:
    """The code may post to the page (import js); without the run's token the page drops it."""
    code = (
        "import js\nfrom pyodide.ffi import to_js\n"
        "js.postMessage(to_js({'kind': 'finished'}, dict_converter=js.Object.fromEntries))\n\n"
        "def choose(board):\n    return board.legal_moves[-1]\n"
    )
    assert check(page, code) == "fail"


# Sides compared by their letters, as the page advises: the engine is out of a
# checked file's reach, so it cannot import Player.
TEXTBOOK = '''def minimax(board, maximizing):
    """The value from X's side: +1 X wins, 0 a draw, -1 O wins."""
    if board.is_over:
        if board.winner is None:
            return 0
        return 1 if str(board.winner) == "X" else -1
    values = [minimax(board.play(cell), not maximizing) for cell in board.legal_moves]
    return max(values) if maximizing else min(values)


def choose(board):
    maximizing = str(board.to_move) == "X"
    scored = [(minimax(board.play(cell), not maximizing), cell) for cell in board.legal_moves]
    best = max(scored) if maximizing else min(scored)
    return best[1]
'''


def test_a_textbook_minimax_without_a_cache_passes(page: Page) -> None:
    """MAX and MIN, no memory: the whole tree again at every position, slow but right."""
    assert check(page, TEXTBOOK) == "pass"
    assert engine_verdict(TEXTBOOK, "choose").reason in page.inner_text(line("choose"))
    assert page.get_attribute(f"{ROOT} progress", "value") == str(len(positions_to_check()))


def test_stop_ends_a_check_and_the_next_one_runs(page: Page) -> None:
    set_code(page, TEXTBOOK)
    page.wait_for_selector(f"{ROOT}[data-worker='ready']", timeout=60_000)
    press_run(page)
    page.wait_for_function("sel => document.querySelector(sel).value > 0", arg=f"{ROOT} progress", timeout=60_000)
    page.click("[data-check-stop]")
    assert page.get_attribute(ROOT, "data-state") == "stopped"
    assert page.inner_text(f"{ROOT} .ttt-status").startswith("Stopped after")
    assert page.get_attribute(ROOT, "data-verdict") == "stopped"
    assert check(page, "def choose(board):\n    return board.legal_moves[-1]\n") == "fail"


# -- the CS50 AI form ---------------------------------------------------------------------

CORRECT = mutants.CORRECT.read_text()


def verdicts_shown(page: Page) -> dict[str, str]:
    """Each function's line: its name and its verdict (pass or fail)."""
    read = "els => els.map(e => [e.dataset.check, e.dataset.verdict])"
    return dict(page.eval_on_selector_all(f"{ROOT} .ck-checks [data-check]", read))


INPUT_DELAYS = """() => {
  window.__delays = [];
  for (const kind of ["pointerdown", "keydown"]) {
    addEventListener(kind, (event) => window.__delays.push(performance.now() - event.timeStamp), true);
  }
}"""


def test_the_page_answers_presses_while_a_cs50_file_is_checked(page: Page) -> None:
    """Presses during a check of the correct file each reach the page's
    handler, none lost (how soon is bench/checker_worker.py --speed's figure,
    measured beside a control: no test passes or fails on a timing)."""
    set_code(page, CORRECT)
    page.wait_for_selector(f"{ROOT}[data-worker='ready']", timeout=60_000)
    page.evaluate(INPUT_DELAYS)
    press_run(page)
    page.wait_for_function("sel => document.querySelector(sel).value > 1000", arg=f"{ROOT} progress", timeout=60_000)
    pressed = 0
    while page.get_attribute(ROOT, "data-state") == "running" and pressed < 20:
        page.click(f"{ROOT} .ttt-status")
        pressed += 1
    delays = page.evaluate("window.__delays")
    page.wait_for_selector(f"{ROOT}[data-state='done']", timeout=300_000)
    checked(page, CORRECT)  # the next test reads this check's lines
    assert page.get_attribute(ROOT, "data-verdict") == "pass", told(page)
    assert pressed and len(delays) >= pressed  # a pointerdown for each press, none lost


def test_a_correct_cs50_file_passes_every_function(page: Page) -> None:
    assert check(page, CORRECT) == "pass", told(page)
    assert page.get_attribute(ROOT, "data-form") == "cs50"
    assert "CS50 AI" in page.inner_text(f"{ROOT} .ck-form") and "(i, j)" in page.inner_text(f"{ROOT} .ck-form")
    assert verdicts_shown(page) == dict.fromkeys(CS50_FUNCTIONS, "pass")
    assert page.locator(f"{ROOT} .ck-checks [data-position]").count() == 0
    assert axe_both_schemes(page) == []


# One fault in a helper, in result's copying and in minimax's search.
BUGGY = ("winner_stops_at_empty_line", "result_edits_board", "minimax_returns_in_loop")


@pytest.mark.parametrize("name", BUGGY)
def test_a_one_bug_file_fails_its_function_at_the_first_failing_position(page: Page, name: str) -> None:
    """The page fails the function the bug is in, at the first position
    CPython's judge finds there, drawn on the line's board, and only the
    functions CPython's judge fails."""
    mutant = mutants.by_name(name)
    code = mutants.source(mutant)
    first = first_failure(code, mutant.function)
    assert check(page, code) == "fail"
    shown = verdicts_shown(page)
    assert shown[mutant.function] == "fail"
    assert page.get_attribute(line(mutant.function), "data-position") == first.position
    assert board_marks(page, mutant.function) == Board.parse(str(first.position))
    assert first.reason in page.inner_text(line(mutant.function))
    failing = {verdict.name for verdict in check_code(code).verdicts if not verdict.passed}
    assert {name for name, verdict in shown.items() if verdict == "fail"} == failing


def test_a_missing_function_is_named_and_the_others_are_checked(page: Page) -> None:
    code = CORRECT.replace("def utility(board):", "def utility_of(board):")
    assert check(page, code) == "fail"
    assert page.get_attribute(line("utility"), "data-verdict") == "fail"
    assert "no function utility()" in page.inner_text(line("utility"))
    assert page.get_attribute(line("winner"), "data-verdict") == "pass"


@pytest.mark.slow
def test_a_slow_deepcopy_file_gets_its_full_verdict(page: Page) -> None:
    """Deep copies at every node and no memory, as most students write it:
    minutes in the browser, and every function passes, none by a budget."""
    assert check(page, mutants.SLOW.read_text(), timeout_s=900) == "pass"
    assert verdicts_shown(page) == dict.fromkeys(CS50_FUNCTIONS, "pass")
    assert "budget" not in told(page)


# -- the editor ------------------------------------------------------------------------

KEY = "pyengine.checker.code"


def test_tab_indents_and_escape_then_tab_leaves(page: Page) -> None:
    set_code(page, "def choose(board):\nreturn 0")
    page.click(f"{ROOT} .cm-line >> nth=1")
    page.keyboard.press("Home")
    page.keyboard.press("Tab")
    assert editor_code(page) == "def choose(board):\n    return 0"
    page.keyboard.press("Shift+Tab")
    assert editor_code(page) == "def choose(board):\nreturn 0"
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    inside = "sel => document.querySelector(sel).contains(document.activeElement)"
    assert page.evaluate(inside, f"{ROOT} .cm-editor") is False
    assert page.evaluate("document.activeElement.matches('[data-check-run]')")


def test_the_sites_shortcuts_never_fire_in_the_editor(page: Page) -> None:
    """The theme's n (next page), p, s and / stay letters in the code."""
    address = page.url
    set_code(page, "")
    page.click(f"{ROOT} .cm-content")
    page.keyboard.type("n p s /")
    assert editor_code(page) == "n p s /"
    assert page.url == address
    assert not page.evaluate("document.querySelector('.md-search__input') === document.activeElement")


def test_the_editor_is_named_by_the_label_and_highlights_python(page: Page) -> None:
    set_code(page, STARTER)
    content = page.locator(f"{ROOT} .cm-content")
    assert content.get_attribute("role") == "textbox"
    label = page.inner_text(f"#{content.get_attribute('aria-labelledby')}")
    assert label.startswith("Your code (Python): CS50 AI's tictactoe.py") and "choose(board)" in label
    assert "Escape, then Tab" in page.inner_text(f"#{content.get_attribute('aria-describedby')}")
    colours = page.eval_on_selector_all(
        f"{ROOT} .tok-keyword, {ROOT} .tok-string, {ROOT} .tok-comment",
        "els => [...new Set(els.map(e => getComputedStyle(e).color))]",
    )
    assert len(colours) == 3  # keywords, strings and comments each in a colour of their own


@pytest.fixture
def fresh(request: pytest.FixtureRequest, profiles: Profiles, watch: Watch, base_url: str) -> Iterator[Page]:
    """A page of its own, for reloading: the checker, opened with nothing
    saved, or with the text a test gives (``indirect`` parametrization)
    saved. The storage is set on a page of the site without Python, so the
    checker (a Pyodide start, and its worker's) loads once, not twice. These
    pages check no code: they load in the baseline compiler's profile, which
    starts Pyodide on less CPU (conftest.BASELINE_WASM)."""
    with lent(profiles.get(optimizing=False), watch) as context:
        page = watch.attach(context.new_page())
        page.goto(base_url + "nojs/")
        saved = getattr(request, "param", None)
        if saved is None:
            page.evaluate(f"localStorage.removeItem('{KEY}')")
        else:
            page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, saved])
        page.goto(base_url + "check-your-minimax/")
        page.wait_for_selector(f"{ROOT}[data-editor='ready']", timeout=60_000)
        yield page
        page.close()


def test_typed_code_survives_a_reload(fresh: Page) -> None:
    assert editor_code(fresh) == STARTER
    fresh.click(f"{ROOT} .cm-content")
    fresh.keyboard.press("Control+End")
    fresh.keyboard.type("\n# mine")
    typed = editor_code(fresh)
    assert typed.endswith("# mine")
    fresh.reload()
    fresh.wait_for_selector(f"{ROOT}[data-editor='ready']", timeout=60_000)
    assert editor_code(fresh) == typed
    assert fresh.is_hidden(f"{ROOT} .ck-notice")


@pytest.mark.parametrize("fresh", ["{not json", '{"format": 99, "code": "x"}', '"just a string"'], indirect=True)
def test_unreadable_saved_code_gives_the_starter_and_says_so_once(fresh: Page) -> None:
    """The page opens on what was saved (the fixture's parameter)."""
    assert editor_code(fresh) == STARTER
    notice = fresh.inner_text(f"{ROOT} .ck-notice")
    assert "could not be read" in notice and "starter" in notice
    fresh.reload()
    fresh.wait_for_selector(f"{ROOT}[data-editor='ready']", timeout=60_000)
    assert fresh.is_hidden(f"{ROOT} .ck-notice")  # said once
    assert editor_code(fresh) == STARTER


def test_restoring_the_starter_asks_first(fresh: Page) -> None:
    set_code(fresh, "def choose(board):\n    return 4\n")
    fresh.click(f"{ROOT} [data-restore]")
    assert fresh.is_visible(f"{ROOT} .ck-confirm")
    assert axe_both_schemes(fresh) == []
    fresh.click(f"{ROOT} [data-restore-no]")
    assert editor_code(fresh) == "def choose(board):\n    return 4\n"
    fresh.click(f"{ROOT} [data-restore]")
    fresh.click(f"{ROOT} [data-restore-yes]")
    assert editor_code(fresh) == STARTER
    assert fresh.is_hidden(f"{ROOT} .ck-confirm")


# -- offline ------------------------------------------------------------------------------

# An address with its file's digest: in its query, or in its name.
DIGESTED = re.compile(r"[?&]v=[0-9a-f]{16}(&|$)|-[0-9a-f]{16}\.[a-z]+$")


def test_offline_after_one_visit_the_check_runs_in_its_worker(browser: Browser, base_url: str) -> None:
    """The worker's runtime comes from the service worker's cache, by the
    addresses the page's own runtime has; the rest of the standard library
    too (a module the trimmed one lacks) once a visit has needed it (the
    service worker keeps it then, and never downloads it ahead)."""
    watch = Watch()
    context = new_context(browser, watch, service_workers="allow")
    try:
        page = watch.attach(context.new_page())
        asked: list[str] = []  # the page's requests and its workers'
        page.on("request", lambda request: asked.append(request.url))
        page.goto(base_url + "check-your-minimax/")
        in_charge(page)  # a promise given to wait_for_function counts as true at once: this polls
        page.wait_for_selector(f"{ROOT}[data-state='ready'][data-editor='ready']", timeout=60_000)
        needs_full_stdlib = "import difflib\n" + STARTER
        assert check(page, needs_full_stdlib) == "pass"
        runtime = [url for url in asked if re.match(re.escape(base_url) + "runtime/(pyodide|checker)/", url)]
        names = {url.split("?")[0].rsplit("/", 1)[-1] for url in runtime}
        # The worker's own files, and the full stdlib, which only the worker asked for.
        assert {"sandbox.mjs", "editor.js", "pyodide.asm.wasm", "python_stdlib.zip"} <= names
        assert [url for url in runtime if not DIGESTED.search(url)] == []
        context.set_offline(True)
        page.reload()
        page.wait_for_selector(f"{ROOT}[data-state='ready'][data-editor='ready']", timeout=60_000)
        assert check(page, STARTER) == "pass"
        assert check(page, needs_full_stdlib) == "pass"
        watch.check()
    finally:
        context.close()


def test_only_the_checker_page_loads_the_editor(site_dir: Path) -> None:
    """CodeMirror (117 KB compressed) is fetched by the one page with an editor."""
    loading = sorted(
        page.relative_to(site_dir).as_posix()
        for page in site_dir.rglob("*.html")
        if "runtime/checker/editor.js" in page.read_text()
    )
    assert loading == ["check-your-minimax/index.html"]
