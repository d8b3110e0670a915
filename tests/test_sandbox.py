"""The checker's worker session (site/py/sandbox.py), run in CPython: it calls
the code's functions on exactly its form's probes, in checking order, from the
probe a check goes on from, each call on its own probe's board."""

from __future__ import annotations

import json

import pytest
import sandbox

from pyengine.grading.cs50 import Form, probes
from pyengine.grading.runner import grid
from tools.pages.checker_markup import STARTER

# Two of the CS50 functions, each handing back the board it was given: the
# other functions' probes are passed over, and each answer shows its board.
TWO_FUNCTIONS = "def player(board):\n    return board\n\ndef terminal(board):\n    return board\n"


def answers(code: str, start: int) -> dict[int, object]:
    """What each call of a session returned, by its probe's index, in the order made."""
    session = sandbox.Session(code, start)
    assert "error" not in json.loads(session.load())
    made: dict[int, object] = {}
    while (text := session.step()) is not None:
        answer = json.loads(text)
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
