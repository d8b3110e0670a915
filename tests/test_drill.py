"""The alpha-beta drills (pyengine.teaching.drill): over every eligible 3x3 drill and a
sample of 4x4 ones, in both conventions, both orders and both rules, the
answer key is the engine's own search (the nodes it enters, skips and values),
every value it asks for holds against the solver, a correct answer grades all
right, one changed entry grades exactly that node wrong, and the rules'
difference is flagged exactly where their keys prune differently."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pyengine import Board, Player, value_of
from pyengine.analysis import Value
from pyengine.board import reachable_positions
from pyengine.teaching.drill import (
    CLAIMS,
    MAX_NODES,
    MIN_CUTOFFS,
    ORDERS,
    Bound,
    Claim,
    Difficulty,
    Drill,
    Entry,
    Grade,
    Key,
    Status,
    answer_key,
    correct_entries,
    difficulty,
    eligible,
    grade,
    parse_claim,
    random_drill,
    rules_differ,
)
from pyengine.teaching.search import Algorithm, Event, Kind, Order, Rule, events, run_to_end
from pyengine.teaching.stepwords import Convention, valued_side

POINTS = {Value.WIN: 1, Value.DRAW: 0, Value.LOSS: -1}


Steps = list[Event]


def three_by_three() -> Iterator[tuple[Board, Order, dict[Rule, Steps]]]:
    """Every eligible 3x3 drill (position and order) with alpha-beta's events
    under each rule, found the plain way: the tree's size from minimax's
    counts, the cut-offs from the events; eligible() agrees on every position
    of the levels' sizes."""
    for board in reachable_positions():
        if board.is_over or len(board.legal_moves) not in (3, 4):
            continue
        fits = run_to_end(Algorithm.MINIMAX, board).counts.nodes <= MAX_NODES
        for order in ORDERS:
            steps = {rule: list(events(Algorithm.ALPHABETA, board, order, rule)) for rule in Rule} if fits else {}
            plain = fits and all(sum(1 for e in run if e.kind is Kind.CUTOFF) >= MIN_CUTOFFS for run in steps.values())
            assert eligible(board, order) == plain, (board, order)
            if plain:
                yield board, order, steps


def four_by_four() -> list[tuple[Board, Order]]:
    rng = random.Random(31)
    return [(random_drill(Difficulty.FOUR, order, rng), order) for order in ORDERS for _ in range(4)]


def true_value(board: Board) -> int:
    """The exact value for the side to move (valued_side), from the solver."""
    if board.is_over:
        return 0 if board.winner is None else -1
    value, _ = value_of(board)
    assert value is not None
    return POINTS[value]


def holds(claim: Claim, value: int) -> bool:
    if claim.bound is Bound.EXACT:
        return claim.value == value
    return value >= claim.value if claim.bound is Bound.AT_LEAST else value <= claim.value


def check_key(key: Key, steps: Steps) -> None:
    """The key is the search's (``steps``, its events): what it enters, skips
    and values, each value true or a true bound; its tree is minimax's."""
    board, convention = key.drill.board, key.drill.convention
    entered = {e.path for e in steps if e.kind is Kind.ENTER}
    skipped = {(*e.path, cell) for e in steps if e.kind is Kind.CUTOFF for cell in e.skipped}
    by_status = {status: {n.path for n in key.nodes if n.status is status} for status in Status}
    assert by_status[Status.SEARCHED] == entered
    assert by_status[Status.SKIPPED] == skipped
    assert len(key.nodes) == run_to_end(Algorithm.MINIMAX, board).counts.nodes
    for n in key.nodes:  # each position once, and every move of it
        assert n.children == () if n.board.is_over else sorted(n.children) == list(n.board.legal_moves)
        for cell in n.children:
            assert key.node((*n.path, cell)).board == n.board.play(cell)
    for n in key.nodes:  # below-skipped: exactly the nodes under a skipped move
        assert (n.status is Status.BELOW) == any(n.path[:i] in skipped for i in range(len(n.path)))
    ups = {(*e.path, e.move): e.value for e in steps if e.kind is Kind.UP}
    ups[()] = -steps[-1].value if steps[-1].value is not None else None
    for n in key.nodes:
        if n.status is not Status.SEARCHED:
            assert n.answer is None or n.board.is_over
            continue
        side = valued_side(n.board)
        own = n.own
        assert own is not None and own.value == -(ups[n.path] or 0)
        assert holds(own, true_value(n.board))
        # As the convention states it: X's value under MAX/MIN, the mover's under negamax (the root: its own).
        shown_for = Player.X if convention is Convention.MAXMIN else side.other if n.path else side
        flip = shown_for is not side
        written = n.given if n.board.is_over else n.answer
        assert written is not None
        assert written.value == (-own.value if flip else own.value)
        assert holds(written, -true_value(n.board) if flip else true_value(n.board))
    root = key.node(()).answer
    assert root is not None and root.bound is Bound.EXACT


def check_grading(key: Key, every_change: bool) -> None:
    right = correct_entries(key)
    verdict = grade(key, right)
    assert set(verdict.grades) == {n.path for n in key.nodes}
    assert set(verdict.grades.values()) == {Grade.RIGHT}
    nodes = key.nodes if every_change else key.nodes[:: max(1, len(key.nodes) // 3)]
    for n in nodes:
        if not n.path and n.answer is None:
            continue
        entry = right[n.path]
        if n.status is Status.BELOW:  # under a skipped move: marking it skipped as well is true, not wrong
            assert not grade(key, {**right, n.path: entry._replace(skipped=True)}).wrong
        changes = [entry._replace(skipped=not entry.skipped)] if n.path and n.status is not Status.BELOW else []
        if n.answer is not None:
            changes.append(entry._replace(claim=next(c for c in CLAIMS if c != n.answer)))
        elif n.status is not Status.SKIPPED:
            changes.append(entry._replace(claim=Claim(1, Bound.AT_MOST)))
        for changed in changes:
            verdict = grade(key, {**right, n.path: changed})
            assert verdict.wrong == (n.path,), (key.drill, n.path, changed)
            assert not verdict.missing
            assert verdict.explanation.startswith(verdict.explanation.split(":")[0])
            assert len(verdict.explanation) > 40


def check_difference(drill: Drill, keys: dict[Rule, Key]) -> bool:
    """The rules' difference is flagged exactly where their keys prune differently."""
    prunes = {rule: {n.path for n in key.nodes if n.status is Status.SKIPPED} for rule, key in keys.items()}
    flagged = bool(rules_differ(drill))
    assert flagged == (prunes[Rule.AIMA] != prunes[Rule.STRICT])
    return flagged


def test_every_three_by_three_drill() -> None:
    """Every eligible 3x3 drill, in both orders, both conventions and both rules."""
    count = differ = 0
    for board, order, steps in three_by_three():
        count += 1
        for convention in Convention:
            keys = {}
            for rule in Rule:
                keys[rule] = key = answer_key(Drill(board, order, convention, rule))
                check_key(key, steps[rule])
                check_grading(key, every_change=count % 26 == 0)
            differ += check_difference(key.drill, keys)
    assert count > 2000
    assert 0 < differ < 2 * count  # drills of both kinds


@pytest.mark.parametrize("convention", list(Convention))
def test_four_by_four_sample(convention: Convention) -> None:
    for board, order in four_by_four():
        assert board.size == 4 and difficulty(board) is Difficulty.FOUR and eligible(board, order)
        keys = {}
        for rule in Rule:
            keys[rule] = key = answer_key(Drill(board, order, convention, rule))
            assert len(key.nodes) <= MAX_NODES
            check_key(key, list(events(Algorithm.ALPHABETA, board, order, rule)))
            check_grading(key, every_change=True)
        check_difference(key.drill, keys)


def test_missing_values_are_missing_not_wrong() -> None:
    board, order, _ = next(three_by_three())
    key = answer_key(Drill(board, order, Convention.NEGAMAX, Rule.AIMA))
    verdict = grade(key, {})
    asked = {n.path for n in key.nodes if n.status is Status.SEARCHED and n.answer is not None}
    assert set(verdict.missing) == asked
    assert set(verdict.wrong) == {n.path for n in key.nodes if n.status is Status.SKIPPED}


def test_the_explanation_says_the_rule() -> None:
    """The first wrong node is explained from the rule, with the window at the cut-off."""
    board, order = next(
        (b, o) for b, o, _ in three_by_three() if rules_differ(Drill(b, o, Convention.MAXMIN, Rule.AIMA))
    )
    key = answer_key(Drill(board, order, Convention.MAXMIN, Rule.AIMA))
    tie = key.ties[0]
    path = (*tie.path, tie.skipped[0])
    entries = {**correct_entries(key), path: Entry()}
    text = grade(key, entries).explanation
    assert "this move is never searched: \u03b1 \u2265 \u03b2" in text
    side = "MAX" if tie.board.to_move is Player.X else "MIN"
    assert f"At {side}'s turn" in text
    strict = answer_key(Drill(board, order, Convention.MAXMIN, Rule.STRICT))
    assert strict.node(path).status is Status.SEARCHED


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("1", Claim(1, Bound.EXACT)),
        ("+1", Claim(1, Bound.EXACT)),
        ("\u22121", Claim(-1, Bound.EXACT)),
        (">= 0", Claim(0, Bound.AT_LEAST)),
        ("\u2264-1", Claim(-1, Bound.AT_MOST)),
        (" 0 ", Claim(0, Bound.EXACT)),
    ],
)
def test_claims_read_as_written(text: str, claim: Claim) -> None:
    assert parse_claim(text) == claim
    assert parse_claim(claim.text) == claim


@pytest.mark.parametrize("text", ["", "2", "win", ">", "=>0", "1.0"])
def test_bad_claims_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_claim(text)


def test_random_drill_avoids_the_ones_just_done() -> None:
    rng = random.Random(5)
    done: list[str] = []
    for _ in range(12):
        board = random_drill(Difficulty.SHORT, Order.CELLS, rng, done)
        assert str(board) not in done and difficulty(board) is Difficulty.SHORT
        done.append(str(board))


def test_the_strict_rule_searches_on_ties_and_finds_the_same_values() -> None:
    """search.events' strict rule, on every third 3x3 position with five empty cells: it cuts off only
    once alpha passes beta, never on a tie, enters at least the positions AIMA's rule enters, and
    the root's value is minimax's."""
    for board in [b for b in reachable_positions() if not b.is_over and len(b.legal_moves) == 5][::3]:
        exact = run_to_end(Algorithm.MINIMAX, board).value
        entered = {}
        for rule in Rule:
            steps = list(events(Algorithm.ALPHABETA, board, Order.CELLS, rule))
            assert steps[-1].value == exact
            cuts = [e for e in steps if e.kind is Kind.CUTOFF]
            assert all(e.alpha > e.beta for e in cuts) if rule is Rule.STRICT else all(e.alpha >= e.beta for e in cuts)
            entered[rule] = {e.path for e in steps if e.kind is Kind.ENTER}
        assert entered[Rule.AIMA] <= entered[Rule.STRICT]
