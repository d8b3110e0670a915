"""How strict the checker is, against a check of a few boards like the course's.

The checker page's ``{{ cs50_strictness }}`` is a table made here at build
time from the project's own one-bug files (tests/cs50/mutants.py): for each
function, how many of its one-bug files a check of a few boards in the
manner of CS50 AI's own checker catches in that function, and how many this
page's check catches there.

The few-board check is a model, not the course's code: each of its tests
runs the file afresh and makes one call, on the boards and actions below
(``COURSE_TESTS``: as many of each function as the course's checker is known to
try), judged by the page's own judge
(pyengine.grading.cs50.judge_call) except where the course is known to look
less closely: its test that ``result`` leaves the board unchanged compares
with a shallow copy, so a change made to the given board's rows, or rows
shared with it, goes unseen. The page's figure is each file's check of that
function as the page makes it, until its first failure
(first_failure, below).
"""

from __future__ import annotations

import functools

from pyengine import Board
from pyengine.grading.cs50 import CS50_FUNCTIONS, Form, Function, Judge, Probe, Verdict, answer_of, judge_call
from pyengine.grading.runner import Runner
from tests.cs50 import mutants

# (function, position, action): one test each, on a fresh run of the file.
# player on four boards, actions on three, result on three cells, two
# off-board actions and a taken cell, winner on five, terminal and utility
# on a few, minimax on a block, a win and a near-end position and on two
# finished boards. initial_state is not among the tests the course's
# checker is known to make.
COURSE_TESTS: tuple[tuple[str, str, tuple[int, int] | None], ...] = (
    ("player", ".........", None),
    ("player", "X........", None),
    ("player", "X...O....", None),
    ("player", "XO..X....", None),
    ("actions", ".........", None),
    ("actions", "XO..X....", None),
    ("actions", "XOX/OXO/...", None),
    ("result", ".........", (1, 1)),
    ("result", "X........", (0, 2)),
    ("result", "XO..X....", (2, 2)),
    ("result", ".........", (-1, 0)),
    ("result", ".........", (3, 1)),
    ("result", "X........", (0, 0)),
    ("winner", ".........", None),
    ("winner", "XXX/OO./...", None),
    ("winner", "XO./XOX/.O.", None),
    ("winner", "X.O/.XO/..X", None),
    ("winner", "XOX/XOO/OXX", None),
    ("terminal", ".........", None),
    ("terminal", "XXX/OO./...", None),
    ("terminal", "XOX/XOO/OXX", None),
    ("utility", "XXX/OO./...", None),
    ("utility", "OOO/XX./X..", None),
    ("utility", "XOX/XOO/OXX", None),
    ("minimax", "XX./OO./...", None),
    ("minimax", "X../.O./..X", None),
    ("minimax", "XOX/XOO/.X.", None),
    ("minimax", "XXX/OO./...", None),
    ("minimax", "XOX/XOO/OXX", None),
)


def _lenient(raw: dict[str, object]) -> dict[str, object]:
    """What a comparison with a shallow copy sees: no change to the given board's rows, no row shared."""
    return {key: value for key, value in raw.items() if key not in ("changed", "shared")}


def course_catches(code: str, function: str) -> bool:
    """Whether the few-board check fails ``function`` of ``code``."""
    for name, notation, action in COURSE_TESTS:
        if name != function:
            continue
        runner = Runner(code)
        if "error" in runner.load():
            return True
        probe = Probe(Function(name), Board.parse(notation), action)
        if judge_call(probe, answer_of(_lenient(runner.call(probe.wire())))) is not None:
            return True
    return False


@functools.cache  # the checker page's common-faults table (checker_markup.py) asks for the same ones
def first_failure(code: str, function: str) -> Verdict:
    """The verdict on ``function`` of a CS50 file, judged as the page judges
    it, its calls made only until its first failure (the other functions'
    are not made: the table needs none of them, and the build stays quick)."""
    runner = Runner(code)
    names = [str(name) for name in runner.load()["names"]]  # type: ignore[attr-defined]
    judge = Judge(Form.CS50, names)
    for index, probe in enumerate(judge.probes):
        if probe.function.value == function and judge.wanted(index):
            judge.take(index, answer_of(runner.call(probe.wire())))
            if judge.tracks[probe.function].failed:
                break
    return next(verdict for verdict in judge.verdicts() if verdict.name == function)


def page_catches(code: str, function: str) -> bool:
    """Whether the page's check fails ``function`` of ``code``."""
    return not first_failure(code, function).passed


class Tally:
    """One function's one-bug files and how many each check catches."""

    def __init__(self) -> None:
        self.files = 0
        self.course = 0
        self.page = 0
        self.missed: list[str] = []  # what the few-board check lets through


@functools.cache
def tallies() -> dict[str, Tally]:
    """Every one-bug file checked both ways, by the function its bug is in."""
    found = {name: Tally() for name in CS50_FUNCTIONS}
    for mutant in mutants.MUTANTS:
        code, tally = mutants.source(mutant), found[mutant.function]
        tally.files += 1
        if course_catches(code, mutant.function):
            tally.course += 1
        else:
            tally.missed.append(mutant.bug)
        tally.page += page_catches(code, mutant.function)
    return found


def strictness_table() -> str:
    """The page's table: per function, the one-bug files, and how many each check catches in it."""
    rows = [
        "| Function | One-bug files | Caught by a few-board check like the course's | Caught by this page | "
        "What the few boards let through |",
        "| --- | --- | --- | --- | --- |",
    ]
    found = tallies()
    for name in CS50_FUNCTIONS:
        tally = found[name]
        missed = "; ".join(tally.missed) or "nothing"
        rows.append(f"| `{name}` | {tally.files} | {tally.course} | {tally.page} | {missed} |")
    files = sum(t.files for t in found.values())
    course = sum(t.course for t in found.values())
    page = sum(t.page for t in found.values())
    rows.append(f"| all | {files} | {course} | {page} | {files - course} files |")
    return "\n".join(rows)
