"""One check of "Check your own minimax" as the page runs it (site/py/checker_run.py,
site/py/checker_messages.py), in CPython: the worker's messages made by its own
session (site/py/sandbox.py) and the clock handed in, so every turn a check
can take (a pass, a fail, a call past its budget, Python failing under a call,
code that never returns, the probes still being made, Stop's verdicts) is
followed to its verdicts without a browser or a worker."""

from __future__ import annotations

import json

import checker_messages as messages
import pytest
import sandbox
from checker_messages import Message
from checker_run import AGAIN, JUDGED, OUTPUT_LIMIT, OVER, WAIT, CheckRun, Fail, GoOn

from pyengine.grading.cs50 import FILE_BUDGET_S, LOAD_BUDGET_S, Form, Function, Probe, call_budget, probes
from tests.support import checker_forms

PERFECT = """from functools import cache

@cache
def value(board):
    if board.is_over:
        return 0 if board.winner is None else -1
    return max(-value(board.play(cell)) for cell in board.legal_moves)

def choose(board):
    return max(board.legal_moves, key=lambda cell: -value(board.play(cell)))
"""
FIRST_CELL = "def choose(board):\n    print('thinking')\n    return min(board.legal_moves)\n"
TWO_FUNCTIONS = "def player(board):\n    return 'X'\n\ndef terminal(board):\n    return False\n"


@pytest.fixture(scope="module")
def made() -> dict[Form, tuple[Probe, ...]]:
    """Every form's probes, as the page makes them before a check."""
    return {form: tuple(probes(form)) for form in Form}


def worker_messages(check: CheckRun, code: str, start: int = 0) -> list[Message]:
    """What a worker says for ``code`` from call ``start`` on, read as the page reads it:
    the code's run, each call (sandbox.py's own JSON), the end (tools/runtime/sandbox.mjs)."""
    session = sandbox.Session(code, start, checker_forms())
    said = [messages.read({"kind": "loaded", "token": check.token, **json.loads(session.load())})]
    while (text := session.batch()) is not None:  # batch by batch, as the worker posts them
        batch = json.loads(f"[{text}]")
        assert 1 <= len(batch) <= sandbox.BATCH_CALLS
        said.extend(messages.read(call) for call in batch)
    said.append(messages.read({"kind": "finished", "token": check.token}))
    return said


def run_through(check: CheckRun, said: list[Message], made: dict[Form, tuple[Probe, ...]]) -> str:
    """Hand the messages to the check as the page does; how it ended: "concluded" (no call left,
    or the worker finished)."""
    for message in said:
        assert messages.belongs(message, check.token)
        check.take_printed(message)
        if message.kind == messages.LOADED:
            if check.load(message, made) == OVER:
                return "concluded"
        elif message.kind == messages.CALL:
            if not check.call(message):
                return "concluded"
        elif message.kind == messages.FINISHED:
            return "concluded"
    raise AssertionError("the worker never finished")


def test_a_perfect_choose_passes_on_every_position(made: dict[Form, tuple[Probe, ...]]) -> None:
    check = CheckRun(now=0.0)
    said = worker_messages(check, PERFECT)
    assert said[0].kind == messages.LOADED and "choose" in said[0].names and said[0].error is None
    assert check.load(said[0], made) == JUDGED and check.form is Form.CHOOSE
    assert check.judge is not None and len(check.judge.probes) == len(made[Form.CHOOSE])
    assert check.budget_s == call_budget(check.judge.probes[0])
    assert run_through(check, said[1:], made) == "concluded"
    verdicts = check.verdicts()
    assert [v.name for v in verdicts] == ["choose"] and verdicts[0].passed
    assert check.slowest is not None and check.slowest[0] >= 0.0


def test_a_wrong_choose_fails_at_a_position_and_its_output_is_kept(made: dict[Form, tuple[Probe, ...]]) -> None:
    check = CheckRun(now=0.0)
    assert run_through(check, worker_messages(check, FIRST_CELL), made) == "concluded"
    (verdict,) = check.verdicts()
    assert not verdict.passed and verdict.position is not None and verdict.played is not None
    text = check.output()
    assert text.startswith("thinking\n") and len(text) <= OUTPUT_LIMIT + len("\n[\u2026 the rest is cut]")
    assert text.endswith("[\u2026 the rest is cut]") == (len("".join(check.printed)) > OUTPUT_LIMIT)


def test_another_checks_messages_are_not_this_ones() -> None:
    check, other = CheckRun(now=0.0), CheckRun(now=0.0)
    loaded = messages.read({"kind": "loaded", "token": other.token, "names": ["choose"]})
    assert not messages.belongs(loaded, check.token) and messages.belongs(loaded, other.token)
    call = messages.read({"kind": "call", "index": 3, "returned": 4, "ms": 1.5})
    assert messages.belongs(call, check.token) and call.probe == 3 and call.ms == 1.5 and call.token is None
    assert messages.read({"kind": "broken"}).words == "None"  # as the page said it before: str() of nothing


def test_code_that_never_returns_at_the_top_fails_the_check() -> None:
    check = CheckRun(now=100.0)
    check.running()
    assert check.overdue(now=100.0 + LOAD_BUDGET_S - 0.1, heard=100.0) is None
    said = check.overdue(now=100.0 + LOAD_BUDGET_S, heard=100.0)  # spent, as pyengine check counts it
    assert isinstance(said, Fail) and f"time budget of {LOAD_BUDGET_S:.0f} s before any of its functions" in said.words


def test_the_probes_still_being_made_hold_the_check_not_the_budget(made: dict[Form, tuple[Probe, ...]]) -> None:
    check = CheckRun(now=0.0)
    loaded = worker_messages(check, TWO_FUNCTIONS)[0]
    assert check.load(loaded, {}) == WAIT and check.judge is None and check.loaded is loaded
    assert check.overdue(now=LOAD_BUDGET_S + 5, heard=0.0) is None  # the code has run: only the page is busy
    assert check.load_again(made) == JUDGED and check.form is Form.CS50 and check.loaded is None


def test_a_call_past_its_budget_fails_its_function_and_the_check_goes_on(made: dict[Form, tuple[Probe, ...]]) -> None:
    check = CheckRun(now=0.0)
    said = worker_messages(check, PERFECT)
    check.load(said[0], made)
    for message in said[1:11]:  # ten calls judged, the eleventh never answers
        assert check.call(message)
    assert check.next == 10
    heard = 0.0  # the last call's answer came at the start (a whole number: no rounding in the sums)
    assert check.overdue(now=heard + check.budget_s - 0.5, heard=heard) is None
    going_on = check.overdue(now=heard + check.budget_s, heard=heard)  # spent, as pyengine check counts it
    assert isinstance(going_on, GoOn) and going_on.start > 10
    # choose failed at call 10, and none of its calls is left: the check is over.
    assert not check.calls_left(going_on.start) and not check.go_on(going_on.start)
    (verdict,) = check.verdicts()
    assert not verdict.passed and "ran past its time budget" in verdict.reason


def test_python_failing_under_a_call_fails_that_function_and_goes_on_with_the_next(
    made: dict[Form, tuple[Probe, ...]],
) -> None:
    check = CheckRun(now=0.0)
    said = worker_messages(check, TWO_FUNCTIONS)
    assert check.crashed("too much recursion") is None  # before the code ran: the worker is broken
    check.load(said[0], made)
    assert check.judge is not None
    first = check.next
    assert check.judge.probes[first].function is Function.PLAYER
    going_on = check.crashed("too much recursion")
    assert isinstance(going_on, GoOn) and going_on.start > first
    assert check.go_on(going_on.start) and check.judge.probes[check.next].function is Function.TERMINAL
    assert check.budget_s == call_budget(check.judge.probes[check.next])
    # The fresh worker runs the code again from there: its run says only that the call goes on.
    fresh = worker_messages(check, TWO_FUNCTIONS, check.next)
    assert check.load(fresh[0], made) == "on"
    assert run_through(check, fresh[1:], made) == "concluded"
    verdicts = {v.name: v for v in check.verdicts()}
    assert not verdicts["player"].passed and "Python itself failed (too much recursion)" in verdicts["player"].reason


def test_a_fresh_workers_run_that_fails_fails_the_call_it_was_to_make(made: dict[Form, tuple[Probe, ...]]) -> None:
    """As in ``pyengine check``: code that ran once and fails when run again
    (it reads the clock, or draws at random) fails the function whose call
    the fresh worker was to make, and the check goes on in another."""
    check = CheckRun(now=0.0)
    said = worker_messages(check, TWO_FUNCTIONS)
    check.load(said[0], made)
    assert check.judge is not None
    going_on = check.crashed("too much recursion")  # player's first call: a fresh worker goes on at terminal
    assert isinstance(going_on, GoOn) and check.go_on(going_on.start)
    terminal = check.next
    assert check.judge.probes[terminal].function is Function.TERMINAL
    failed = messages.read({"kind": "loaded", "token": check.token, "names": [], "error": "RuntimeError on line 1: no"})
    assert check.load(failed, made) == AGAIN
    assert not check.go_on(check.next)  # terminal was the code's last function: no wanted call is left
    verdicts = {v.name: v for v in check.verdicts()}
    assert not verdicts["terminal"].passed
    assert "your code failed when it was run again: RuntimeError on line 1: no" in verdicts["terminal"].reason


def test_a_call_already_decided_in_an_earlier_worker_is_passed_over(made: dict[Form, tuple[Probe, ...]]) -> None:
    check = CheckRun(now=0.0)
    said = worker_messages(check, PERFECT)
    check.load(said[0], made)
    assert check.call(said[1]) and check.call(said[2]) and check.next == 2
    assert check.call(said[1]) and check.next == 2  # its answer came again: nothing changes


def test_the_whole_checks_budget_ends_it(made: dict[Form, tuple[Probe, ...]]) -> None:
    check = CheckRun(now=0.0)
    late = FILE_BUDGET_S + 1
    said = check.overdue(now=late, heard=late)
    assert isinstance(said, Fail) and f"{FILE_BUDGET_S / 60:.0f} minutes in all" in said.words
    check.load(worker_messages(check, PERFECT)[0], made)
    going_on = check.overdue(now=late, heard=late)
    assert isinstance(going_on, GoOn) and not check.go_on(going_on.start)
    (verdict,) = check.verdicts()
    assert "the whole check ran past its budget" in verdict.reason


def test_code_with_neither_form_is_over_at_once(made: dict[Form, tuple[Probe, ...]]) -> None:
    check = CheckRun(now=0.0)
    loaded = worker_messages(check, "x = 1\n")[0]
    assert check.load(loaded, made) == OVER and check.form is None and check.under_way() is None
