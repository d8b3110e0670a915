"""pyengine/grading/session.py: one check driven, with no I/O, as a transport drives it."""

from __future__ import annotations

from pyengine.grading.answers import Ended, Raised, Refused, Returned, answer_of
from pyengine.grading.probes import Function, call_budget
from pyengine.grading.runner import Runner
from pyengine.grading.session import Session, check_code
from tests.cs50.mutants import CORRECT

CODE = CORRECT.read_text()


def loaded_session(functions: list[str]) -> tuple[Session, Runner]:
    runner = Runner(CODE)
    load = runner.load()
    session = Session(functions=functions)
    assert session.loaded([str(name) for name in load["names"]], None)  # type: ignore[attr-defined]
    return session, runner


def drive(session: Session, runner: Runner) -> None:
    """What a transport does with a runner: send, then answer each awaited call."""
    wires = session.send()
    for wire in wires:
        if session.awaited is None:
            break
        session.take(runner.call(wire))


def verdicts(session: Session) -> dict[str, str]:
    return {verdict.name: verdict.reason for verdict in session.report(0.0).verdicts}


def test_a_call_past_its_budget_fails_its_function_and_a_fresh_runner_goes_on_from_the_next() -> None:
    session, runner = loaded_session(["player", "actions"])
    wires = session.send()
    probe = session.awaited
    assert probe is not None and probe.function is Function.PLAYER
    session.take(runner.call(wires[0]))
    budget = session.budget_s()
    assert budget == call_budget(session.awaited)  # type: ignore[arg-type]
    assert not session.overdue(budget / 2, 1.0)
    assert session.overdue(budget, 1.0)
    assert session.awaited is None and not session.over  # this runner is done; actions is left
    fresh = Runner(CODE)
    assert session.loaded(fresh.load()["names"], None)  # type: ignore[arg-type]
    assert session.send()[0][0] == "actions"
    drive_rest(session, fresh)
    assert session.over
    said = verdicts(session)
    assert said["player"].startswith(f"player(board) ran past its time budget of {budget:.0f} s")
    assert said["actions"].startswith("actions(board) is the set of the empty cells")


def drive_rest(session: Session, runner: Runner) -> None:
    judge = session.judge
    assert judge is not None
    while (index := session.awaited_index) is not None:
        session.take(runner.call(judge.probes[index].wire()))


def test_a_refused_line_or_an_ended_process_fails_the_call_under_way_in_its_words() -> None:
    for stop, words in (
        (Refused("it wrote on the channel"), "it wrote on the channel"),
        (Ended("signal 9"), "signal 9"),
    ):
        session, _ = loaded_session(["winner"])
        session.send()
        session.take(stop)
        assert session.awaited is None and session.over
        assert verdicts(session)["winner"].startswith(f"winner(board) ended the program: {words}")


def test_a_fresh_run_that_fails_fails_the_call_it_was_to_make() -> None:
    session, _ = loaded_session(["player", "actions"])
    session.send()
    session.take(Ended("gone"))
    assert not session.loaded([], "RuntimeError on line 3: once only")
    said = verdicts(session)
    assert "your code failed when it was run again: RuntimeError on line 3: once only" in said["actions"]


def test_the_whole_checks_budget_spent_leaves_the_functions_not_reached_without_a_verdict() -> None:
    session, _ = loaded_session(["player", "actions", "result"])
    session.send()
    assert session.overdue(0.0, session.file_budget_s)
    assert session.over
    said = verdicts(session)
    assert list(said) == ["player"] and "the whole check ran past its budget" in said["player"]


def test_the_session_reaches_the_verdicts_the_in_process_check_does() -> None:
    session, runner = loaded_session(["winner", "terminal"])
    drive(session, runner)
    assert session.over
    assert session.report(0.0).verdicts == check_code(CODE, functions=["winner", "terminal"]).verdicts


def test_answers_are_read_once_into_records() -> None:
    runner = Runner("def player(board):\n    raise ValueError('no')\ndef actions(board):\n    return {(0, 1)}\n")
    runner.load()
    raised = answer_of(runner.call(["player", ".../.../...", None]))
    assert isinstance(raised, Raised) and (raised.type, raised.line, raised.exits) == ("ValueError", 2, False)
    assert raised.words == "ValueError on line 2: no"
    returned = answer_of(runner.call(["actions", ".../.../...", None]))
    assert isinstance(returned, Returned) and returned.value == {(0, 1)} and returned.shown == "{(0, 1)}"
