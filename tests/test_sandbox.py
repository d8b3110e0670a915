"""The checker's worker session (site/py/sandbox.py), run in CPython: it calls
the code's functions on exactly its form's probes, in checking order, from the
probe a check goes on from, each call on its own probe's board."""

from __future__ import annotations

import json

import pytest
import sandbox

from pyengine.grading.cs50 import Form, probes
from pyengine.grading.runner import grid
from tests.support import checker_forms
from tools.pages.checker_markup import STARTER

# Two of the CS50 functions, each handing back the board it was given: the
# other functions' probes are passed over, and each answer shows its board.
TWO_FUNCTIONS = "def player(board):\n    return board\n\ndef terminal(board):\n    return board\n"


def answers(code: str, start: int) -> dict[int, object]:
    """What each call of a session returned, by its probe's index, in the order made."""
    session = sandbox.Session(code, start, checker_forms())
    assert "error" not in json.loads(session.load())
    made: dict[int, object] = {}
    while (text := session.batch()) is not None:
        batch = json.loads(f"[{text}]")  # a batch's calls joined by commas, as the page's inbox reads them
        assert 1 <= len(batch) <= sandbox.BATCH_CALLS
        for answer in batch:
            assert answer["kind"] == "call" and answer["index"] not in made
            made[answer["index"]] = answer["returned"]
    return made


@pytest.mark.parametrize("start", [0, 1, 20_000])
def test_a_cs50_file_is_called_on_its_own_functions_probes_from_start(start: int) -> None:
    every = probes(Form.CS50)
    wanted = [i for i, probe in enumerate(every) if i >= start and probe.function.value in ("player", "terminal")]
    made = answers(TWO_FUNCTIONS, start)
    assert list(made) == wanted
    assert all(made[i] == grid(str(every[i].board)) for i in wanted)


def test_a_choose_file_is_called_on_every_position() -> None:
    assert list(answers(STARTER, 0)) == list(range(len(probes(Form.CHOOSE))))


def test_a_file_that_imports_the_engine_fails_to_load_in_words_that_say_why() -> None:
    """The worker has no engine; CPython's tests do, so the runner is asked
    as the worker's Python would answer: no module named pyengine."""
    code = "import pyengine_not_here as pyengine\n\ndef choose(board):\n    return 0\n"
    loaded = json.loads(sandbox.Session(code, 0, checker_forms()).load())
    assert loaded["error"].startswith("ModuleNotFoundError on line 1")


def test_the_worker_finds_the_form_as_the_engine_does() -> None:
    from pyengine.grading.probes import detect_form

    for names in (["choose"], ["player", "choose"], ["minimax"], ["main"]):
        code = "".join(f"def {name}(board):\n    return None\n" for name in names)
        session = sandbox.Session(code, 0, checker_forms())
        session.load()
        first = session.batch()
        form = detect_form(names)
        if form is None:
            assert first is None
        else:  # the first call made is of the engine's form, on a function the file defines
            assert first is not None
            assert probes(form)[json.loads(f"[{first}]")[0]["index"]].function.value in names


def test_the_calls_made_before_python_fails_under_one_can_still_be_said() -> None:
    """Python itself failing under a call (a recursion deeper than the
    browser's stack) leaves its batch unreturned: the worker then asks for
    the calls made before it, so that the page blames the right call."""
    session = sandbox.Session(STARTER, 0, checker_forms())
    session.load()
    made = session.runner.call
    calls = 0

    def fails_on_the_fifth(wire: list[object]) -> dict[str, object]:
        nonlocal calls
        calls += 1
        if calls == 5:
            raise MemoryError("as if Python failed")
        return made(wire)

    session.runner.call = fails_on_the_fifth  # type: ignore[method-assign]
    with pytest.raises(MemoryError):
        session.batch()
    assert [answer["index"] for answer in json.loads(f"[{session.made_text()}]")] == [0, 1, 2, 3]
