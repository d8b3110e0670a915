"""'Check your own minimax': the reader's code judged on every position, bounded, shown as text."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page

from pyengine import Board
from pyengine.grading import Grade, grade, positions_to_check
from tools.checker import STARTER

from .conftest import Watch, axe_both_schemes

ROOT = "[data-board='checker']"


@pytest.fixture(scope="module")
def page(module_context: BrowserContext, watch: Watch, base_url: str) -> Iterator[Page]:
    page = watch.attach(module_context.new_page())
    page.goto(base_url + "check-your-minimax/")
    page.wait_for_selector(f"{ROOT}[data-state='ready']", timeout=60_000)
    yield page
    page.close()


def check(page: Page, code: str) -> str:
    page.fill("#ck-code", code)
    page.click("[data-check-run]")
    page.wait_for_selector(f"{ROOT}[data-state='done']", timeout=120_000)
    return str(page.get_attribute(ROOT, "data-verdict"))


def verdict_colour(page: Page) -> str:
    return str(page.eval_on_selector(f"{ROOT} .ck-verdict", "e => getComputedStyle(e).borderLeftColor"))


def test_the_starter_passes_and_its_slower_wins_are_reported(page: Page) -> None:
    assert check(page, STARTER) == "pass"
    assert "more slowly" in page.inner_text(f"{ROOT} .ck-verdict-text")
    assert axe_both_schemes(page) == []


def test_a_pass_and_a_fail_are_told_apart_by_colour_too(page: Page) -> None:
    """The verdict's bar is the site's 'good' colour on a pass, its 'bad' one on a fail."""
    assert check(page, STARTER) == "pass"
    passed = verdict_colour(page)
    assert check(page, "def choose(board):\n    return board.legal_moves[-1]\n") == "fail"
    failed = verdict_colour(page)
    transparent = ("rgba(0, 0, 0, 0)", "transparent")
    assert passed != failed and passed not in transparent and failed not in transparent


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
    assert page.get_attribute(f"{ROOT} .ck-verdict", "data-position") == str(first)
    shown = page.eval_on_selector_all(f"{ROOT} .ck-cell", "els => els.map(e => e.textContent || '.').join('')")
    assert Board.parse(shown) == first


def test_an_endless_loop_is_stopped_and_the_page_answers(page: Page) -> None:
    assert check(page, "def choose(board):\n    while True:\n        pass\n") == "fail"
    assert "budget" in page.inner_text(f"{ROOT} .ck-verdict-text")
    assert page.evaluate("1 + 1") == 2


def test_errors_name_their_line_and_output_stays_text(page: Page) -> None:
    assert check(page, "def choose(board)\n    return 0\n") == "fail"
    assert "Syntax error on line 1" in page.inner_text(f"{ROOT} .ck-verdict-text")
    code = 'print("<b>bold?</b>")\ndef choose(board):\n    return board.legal_moves[0] // 0\n'
    assert check(page, code) == "fail"
    assert "ZeroDivisionError on line 3" in page.inner_text(f"{ROOT} .ck-verdict-text")
    assert page.inner_text(f"{ROOT} .ck-output").startswith("<b>bold?</b>")
    assert page.locator(f"{ROOT} .ck-output b").count() == 0
