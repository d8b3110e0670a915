"""pyengine.teaching.trace.Trace seeks soundly in any order: every step it stands at
is the search's event of that number, with the counts of the events up to it,
whatever was asked before (End, then Back, included), and
a long seek given up part-way does not spoil the next one."""

from __future__ import annotations

import random

import pytest

from pyengine import Board, Player, UnknownChoiceError
from pyengine.teaching.search import Algorithm, Event, Kind, Order, events, run_to_end, tally
from pyengine.teaching.searchtree import Fold
from pyengine.teaching.trace import JUMPS, LANDMARKS, Jump, Step, Trace, steps_total

SEARCHES = [
    (Algorithm.ALPHABETA, Board.parse("XO./OX./..."), Order.ENGINE),
    (Algorithm.MINIMAX, Board.parse("X.O/.X./..O"), Order.CELLS),
    (Algorithm.MEMO, Board.parse("X.O/.../..."), Order.CELLS),
]


def check(trace: Trace, steps: list[Event], number: int) -> None:
    """The trace stands at step ``number``: the search's event and counts there."""
    assert trace.current.number == number
    assert trace.current.event == steps[number - 1]
    assert trace.current.counts == tally(iter(steps[:number]))
    assert len(trace.current.path) == len(steps[number - 1].path) + 1
    at_x = sum(1 for step in steps[:number] if step.kind is Kind.CUTOFF and step.board.to_move is Player.X)
    assert trace.current.cutoffs_at_x == at_x


@pytest.mark.parametrize(("algorithm", "board", "order"), SEARCHES)
def test_end_then_back_step_by_step(algorithm: Algorithm, board: Board, order: Order) -> None:
    steps = list(events(algorithm, board, order))
    trace = Trace(algorithm, board, order, keep=50)
    trace.seek(10**9)
    assert trace.work(10**9)
    assert trace.total == len(steps)
    check(trace, steps, len(steps))
    for number in range(len(steps) - 1, max(0, len(steps) - 120), -1):
        trace.seek(number)
        assert trace.work(10**9)
        check(trace, steps, number)


@pytest.mark.parametrize(("algorithm", "board", "order"), SEARCHES)
def test_random_seeks_with_jumps_given_up_part_way(algorithm: Algorithm, board: Board, order: Order) -> None:
    """Seeks to random steps, near and far, each worked a random budget: a
    seek left part-way is followed by another, as a page retires a jump."""
    steps = list(events(algorithm, board, order))
    rng = random.Random(19)
    trace = Trace(algorithm, board, order, keep=40)
    shown = 1  # the last step arrived at (mid-seek, the trace stands nowhere yet)
    for _ in range(300):
        near = shown + rng.randint(-60, 60)
        number = rng.choice([near, rng.randint(1, len(steps)), len(steps) + 5, 1])
        trace.seek(number)
        if rng.random() < 0.3 and not trace.work(rng.randint(1, 200)):
            continue  # given up part-way: the next seek retires it
        assert trace.work(10**9)
        shown = min(max(1, number), len(steps))
        check(trace, steps, shown)


def test_a_seek_short_of_one_given_up_is_made_again() -> None:
    """Far on the way to step 900, stop at 700 made, ask for 300: the events
    made on the way were not kept, so the trace starts again and lands on 300."""
    board = Board.parse("X.O/.../...")
    steps = list(events(Algorithm.MINIMAX, board))
    trace = Trace(Algorithm.MINIMAX, board, keep=100)
    trace.seek(900)
    assert not trace.work(700)
    trace.seek(300)
    assert trace.work(10**9)
    check(trace, steps, 300)


def test_cutoffs_are_counted_by_the_side_to_move() -> None:
    """The split the MAX/MIN words give (beta cut-offs at X's turn, alpha at
    O's): a search with both kinds, counted at its end from its events."""
    board, order = Board.parse("X.O/.X./..O"), Order.CELLS
    steps = list(events(Algorithm.ALPHABETA, board, order))
    sides = [step.board.to_move for step in steps if step.kind is Kind.CUTOFF]
    assert set(sides) == {Player.X, Player.O}
    trace = Trace(Algorithm.ALPHABETA, board, order)
    trace.seek(len(steps))
    assert trace.work(10**9)
    assert trace.current.cutoffs_at_x == sides.count(Player.X)
    assert trace.current.counts.cutoffs - trace.current.cutoffs_at_x == sides.count(Player.O)


def test_next_after_a_far_seek_given_up_looks_on_from_the_step_asked_for() -> None:
    """A far seek made events it did not keep; seeking back and then asking
    for the next finished game finds the first one after that step, not after
    the events made on the way (the explorer's N after a retired jump)."""
    board = Board.parse("X.O/.../...")  # long enough that the far seek keeps none of its first steps
    steps = list(events(Algorithm.MINIMAX, board))
    trace = Trace(Algorithm.MINIMAX, board, Order.CELLS, keep=50)
    trace.seek(300)
    assert trace.work(10**9)
    trace.seek(len(steps) - 1)
    trace.work(100)  # part of the way, then given up
    trace.seek(300)
    assert trace.work(10**9)
    trace.seek_next(Kind.LEAF)
    assert trace.work(10**9)
    wanted = next(n for n, event in enumerate(steps, 1) if n > 300 and event.kind is Kind.LEAF)
    check(trace, steps, wanted)


@pytest.mark.parametrize("keep", [2, 2000])
@pytest.mark.parametrize(("algorithm", "board", "order"), SEARCHES)
def test_previous_lands_on_the_last_step_of_its_kind_before(
    algorithm: Algorithm, board: Board, order: Order, keep: int
) -> None:
    """P in the explorer: the last cut-off (hit, finished game) before the
    step shown, found among the steps remembered or made again from the first
    (``keep`` 2: almost nothing is remembered); the first step when there is none."""
    kind = {Algorithm.ALPHABETA: Kind.CUTOFF, Algorithm.MEMO: Kind.HIT, Algorithm.MINIMAX: Kind.LEAF}[algorithm]
    steps = list(events(algorithm, board, order))
    rng = random.Random(29)
    trace = Trace(algorithm, board, order, keep=keep)
    for number in [*sorted(rng.sample(range(1, len(steps) + 1), 12)), len(steps), 1]:
        trace.seek(number)
        assert trace.work(10**7)
        trace.seek_previous(kind)
        assert trace.work(10**7)
        before = [n for n, event in enumerate(steps[: number - 1], 1) if event.kind is kind]
        check(trace, steps, before[-1] if before else 1)
        trace.seek(trace.current.number + 1)  # and on from there
        assert trace.work(10**7)
        check(trace, steps, min(len(steps), (before[-1] if before else 1) + 1))


@pytest.mark.parametrize(
    ("algorithm", "board", "order"),
    [
        *SEARCHES,
        (Algorithm.MINIMAX, Board.empty(), Order.CELLS),
        (Algorithm.ALPHABETA, Board.parse("XO../OX../..XO/...."), Order.CCE),
    ],
)
def test_the_total_is_known_from_the_counts_alone(algorithm: Algorithm, board: Board, order: Order) -> None:
    """ "Step 11 of 89" from the start: search.run counts without making a
    step, and its counts give the number of steps events() makes."""
    counts = run_to_end(algorithm, board, order).counts
    assert steps_total(counts) == sum(1 for _ in events(algorithm, board, order))


def replayed(algorithm: Algorithm, board: Board, order: Order) -> list[Step]:
    """Every step of the search, each from a plain replay of its events from
    the first: one fold, never stepped back, asked for nothing (only
    alpha-beta orders its moves)."""
    folding = Fold(order if algorithm is Algorithm.ALPHABETA else Order.CELLS)
    replay = []
    for event in events(algorithm, board, order):
        folding.add(event)
        replay.append(Step(folding.made, event, folding.counts(), folding.path(), folding.cutoffs_at_x))
    return replay


@pytest.mark.parametrize("algorithm", list(Algorithm))
@pytest.mark.parametrize(
    ("board", "order"),
    [
        (Board.parse("X.O/.X./..O"), Order.CCE),
        (Board.parse("XO./OX./..."), Order.ENGINE),
        (Board.parse("X.O/.X./..."), Order.CELLS),
        (Board.parse("XOXO/OXO./.O../.X.X"), Order.CCE),
    ],
    ids=str,
)
def test_random_jumps_land_where_a_plain_replay_does(algorithm: Algorithm, board: Board, order: Order) -> None:
    """Seeded random jumps (on and back by 1, 10 and 100, to either end, to
    the next or previous landmark) and seeks to a step, each worked to its
    end: the trace stands at the step the jump names, counted here from the
    step before, and that step (its event, counts, path with every move's
    state, value and bound) is the plain replay's. ``keep`` changes between
    runs, from almost nothing remembered to two hundred steps."""
    replay = replayed(algorithm, board, order)
    last = len(replay)
    landmark = LANDMARKS[algorithm]
    marks = [step.number for step in replay if step.event.kind is landmark]
    rng = random.Random(f"{algorithm.value} {board} {order.value}")
    for keep in (2, 17, 240):
        trace = Trace(algorithm, board, order, keep=keep)
        here = 1
        assert trace.current == replay[0]
        for _ in range(100):
            if rng.random() < 0.1:
                asked = rng.randint(-5, last + 50)
                trace.seek(asked)
                wanted = min(max(1, asked), last)
            else:
                jump = rng.choice(JUMPS)
                trace.jump(jump)
                if jump is Jump.FIRST:
                    wanted = 1
                elif jump is Jump.LAST:
                    wanted = last
                elif jump is Jump.NEXT:
                    wanted = next((n for n in marks if n > here), last)
                elif jump is Jump.PREVIOUS:
                    wanted = next((n for n in reversed(marks) if n < here), 1)
                else:
                    assert jump.steps is not None
                    wanted = min(max(1, here + jump.steps), last)
            for _ in trace.run():
                pass
            assert trace.current == replay[wanted - 1], (keep, here, wanted)
            assert trace.cursor.at == trace.shown == trace.target == wanted
            here = wanted


def test_a_jump_is_read_from_its_text_once() -> None:
    """The page's data-jump names read into Jumps; any other text is the
    engine's UnknownChoiceError, naming every jump, never a number parsed."""
    assert [Jump.parse(jump.value) for jump in JUMPS] == list(JUMPS)
    assert Jump.parse(" Next ") is Jump.NEXT and Jump.ON_10.farther is Jump.ON_100
    for text in ("+1000", "10", "", "back"):
        with pytest.raises(UnknownChoiceError) as caught:
            Jump.parse(text)
        assert caught.value.choices == tuple(jump.value for jump in JUMPS)
