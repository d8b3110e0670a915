"""What "Practise alpha-beta" reads and keeps (site/py/drill_view.py), in
CPython: the drill's link read back, bad links and unreadable saved scores
said and replaced, and the score's arithmetic."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pyengine import Board
from pyengine.teaching.drill import Difficulty, Drill, rules_differ
from pyengine.teaching.search import Order, Rule
from pyengine.teaching.stepwords import Convention

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "site" / "py"))
import drill_view as view

DRILL = Drill(Board.parse("XO./.XO/X.."), Order.ENGINE, Convention.NEGAMAX, Rule.STRICT)


def _params(query: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in query.lstrip("?").split("&"))


def test_a_link_reads_back_as_the_same_drill() -> None:
    settings, board, problems = view.settings_from_params(_params(view.drill_query(DRILL)))
    assert problems == [] and board == DRILL.board
    assert Drill(board, settings.order, settings.convention, settings.rule) == DRILL


def test_bad_settings_are_said_and_replaced() -> None:
    given = {"pos": "XXX/OO./...", "order": "cce", "conv": "sideways", "rule": "lax", "level": "9x9"}
    settings, board, problems = view.settings_from_params(given)
    assert board is None and settings == view.DEFAULT
    assert len(problems) == 5
    assert "\u201cXXX/OO./...\u201d cannot be drilled (the game is over)" in problems[-1]
    _, board, problems = view.settings_from_params({"pos": "X......../"})
    assert board is None and "cannot be drilled" in problems[0]
    _, board, problems = view.settings_from_params({"pos": "X.O/.X./..."})  # five empty cells: too big a tree
    assert board is None and "more than the 65" in problems[0]


def test_an_unreadable_score_is_said_and_replaced() -> None:
    for stored in (
        "{not json",
        "[]",
        '{"done": 1}',
        json.dumps({"done": 1, "right": 2, "streak": 0, "best": 0, "recent": []}),
    ):
        score, problem = view.read_score(stored)
        assert score == view.Score() and problem and "could not be read" in problem
    assert view.read_score(None) == (view.Score(), None)


def test_the_score_counts_and_remembers() -> None:
    score = view.Score()
    boards = ("XO./.XO/X..", "XOX/OXO/...", "XO./OX./...", "X.O/OX./X..")
    for board, right in zip(boards, (True, True, False, True), strict=True):
        score = view.scored(score, DRILL._replace(board=Board.parse(board)), right)
    assert (score.done, score.right, score.streak, score.best) == (4, 3, 1, 2)
    for number in range(view.RECENT + 3):
        score = view.seen(
            score,
            DRILL._replace(board=Board.parse(f"XO./.XO/{'X..' if number % 2 else '.X.'}")) if number < 2 else DRILL,
        )
    assert len(score.recent) <= view.RECENT and score.recent[-1] == view.drill_query(DRILL)
    kept, problem = view.read_score(view.write_score(score))
    assert kept == score and problem is None
    assert str(DRILL.board) in view.recent_positions(score)
    assert view.score_text(score).startswith("Score: 3 of 4 drills")


def _counts(score: view.Score) -> tuple[int, int, int, int]:
    return (score.done, score.right, score.streak, score.best)


def test_a_drill_counts_at_its_first_check_only() -> None:
    """Wrong at the first Check, then Clear (a new attempt) and right: still not
    right at the first check; nor after a reload (the score written and read
    back), nor after Show the answer; another drill, or the same position with
    another rule, counts on its own."""
    score = view.scored(view.Score(), DRILL, False)
    assert _counts(score) == (1, 0, 0, 0) and view.counted(score, DRILL)
    again = view.scored(score, DRILL, True)  # after Clear, the same answer right
    assert again == score and view.score_text(again).startswith("Score: 0 of 1 drill ")
    reloaded, problem = view.read_score(view.write_score(score))
    assert problem is None and reloaded == score
    assert view.scored(reloaded, DRILL, True) == score  # after a reload
    assert view.scored(reloaded, DRILL, False) == score  # Show the answer
    right = view.scored(view.Score(), DRILL, True)  # right at its first check
    assert _counts(right) == (1, 1, 1, 1) and view.scored(right, DRILL, False) == right
    strict = DRILL._replace(rule=Rule.AIMA)
    assert _counts(view.scored(score, strict, True)) == (2, 1, 1, 1)
    # The counted drills remembered are the recent ones: the oldest is forgotten first.
    full = view.Score(checked=(view.drill_query(DRILL), *(f"?pos=other{n}" for n in range(view.RECENT - 1))))
    assert view.counted(full, DRILL)
    full = view.scored(full, strict, True)
    assert len(full.checked) == view.RECENT and not view.counted(full, DRILL) and view.counted(full, strict)
    # A score kept before counted drills were remembered still reads.
    old = json.dumps({"done": 3, "right": 1, "streak": 1, "best": 1, "recent": [view.drill_query(DRILL)]})
    kept, problem = view.read_score(old)
    assert problem is None and _counts(kept) == (3, 1, 1, 1) and kept.checked == ()


def test_the_rules_difference_is_said_where_there_is_one() -> None:
    for board in (Board.parse("XO./.XO/X.."), Board.parse("X.O/OX./X..")):
        drill = Drill(board, Order.CELLS, Convention.MAXMIN, Rule.AIMA)
        text = view.difference_text(drill)
        assert ("the two rules differ" in text) == bool(rules_differ(drill))


def test_levels_of_linked_positions() -> None:
    assert view.level_of(Board.parse("XO./.XO/X..")) is Difficulty.LONG
    assert view.level_of(Board.parse("XOX/OXO/...")) is Difficulty.SHORT


def test_an_attempt_keeps_its_grades_until_changed_and_is_scored_once() -> None:
    """site/py/drill_attempt.py: the page's attempt at a drill, without the DOM."""
    from drill_attempt import Attempt

    from pyengine.teaching.drill import Entry, Grade, Status, correct_entries

    attempt = Attempt(DRILL)
    right = correct_entries(attempt.key)
    verdict = attempt.check(right)
    assert not verdict.wrong and not verdict.missing
    assert attempt.grades == dict(verdict.grades) and set(attempt.grades.values()) == {Grade.RIGHT}
    path = next(node.path for node in attempt.key.nodes if node.path)
    attempt.changed(path)
    assert path not in attempt.grades and len(attempt.grades) == len(right) - 1
    blank = attempt.check({p: Entry(None, False) for p in right})
    assert blank.missing or blank.wrong
    for node in attempt.key.nodes:
        text, skipped = attempt.answer(node.path)
        assert text == (node.answer.text if node.answer else "") and skipped is (node.status is Status.SKIPPED)
