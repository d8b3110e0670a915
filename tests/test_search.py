"""The instrumented searches (pyengine.teaching.search): exact values, the published
node count, well-formed event streams, and a trace that steps both ways."""

from __future__ import annotations

import itertools

import pytest

from pyengine import Board, Value, analyze, compute_facts, reachable_positions
from pyengine.facts import sequences_into
from pyengine.teaching.search import (
    INFINITY,
    Algorithm,
    Event,
    Kind,
    Order,
    events,
    leaf_value,
    ordered_moves,
    run,
    run_to_end,
    tally,
)
from pyengine.teaching.searchtree import BranchState, fold
from pyengine.teaching.trace import SMALL_TREE, Trace

PLAIN = {Value.WIN: 1, Value.DRAW: 0, Value.LOSS: -1}
SEARCHES = [(Algorithm.MINIMAX, Order.CELLS), (Algorithm.MEMO, Order.CELLS)] + [
    (Algorithm.ALPHABETA, order) for order in Order
]
POSITIONS = reachable_positions()
LIVE = [board for board in POSITIONS if not board.is_over]
# Small enough to walk every event of every search in a moment: 4 or fewer empty cells.
SMALL = [board for board in LIVE if board.ply >= 5]


def expected(board: Board) -> int:
    """The solver's value as a plain +1/0/-1 for the side to move."""
    value = analyze(board).value
    return leaf_value(board) if value is None else PLAIN[value]


class TestPublishedCount:
    def test_minimax_from_the_empty_board_visits_the_whole_tree(self) -> None:
        """Plain minimax enters every node of the game tree once: the tree's size
        as facts.py counts it, by a different walk (sums per position)."""
        tree = compute_facts()
        done = run_to_end(Algorithm.MINIMAX, Board.empty())
        assert done.counts.nodes == tree.tree_nodes == 549_946
        assert done.counts.leaves == tree.games
        assert done.value == 0

    def test_the_events_count_the_same_nodes_on_the_empty_board(self) -> None:
        """The 1.4 million events of minimax from the empty board, counted: the race's
        count is the explorer's."""
        assert tally(events(Algorithm.MINIMAX, Board.empty())) == run_to_end(Algorithm.MINIMAX, Board.empty()).counts


class TestValues:
    @pytest.mark.parametrize(("algorithm", "order"), SEARCHES, ids=lambda x: x.value)
    def test_root_value_is_the_solvers_on_every_position(self, algorithm: Algorithm, order: Order) -> None:
        """On all 5,478 reachable positions (finished ones too) the search's root
        value is analyze()'s, and its best move is one of the solver's moves of that value."""
        for board in POSITIONS:
            done = run_to_end(algorithm, board, order)
            assert done.value == expected(board), board
            if board.is_over:
                assert done.best is None
            else:
                assert done.best is not None
                assert PLAIN[analyze(board).move(done.best).value] == done.value, board

    @pytest.mark.parametrize(("algorithm", "order"), SEARCHES, ids=lambda x: x.value)
    def test_events_end_with_the_same_value_as_the_run(self, algorithm: Algorithm, order: Order) -> None:
        """The explorer's events and the race's run agree on value, best move and
        every count, on every position with 4 or fewer empty cells and after
        the first move in the centre."""
        for board in [*SMALL, Board.empty().play(4)]:
            steps = list(events(algorithm, board, order))
            done = run_to_end(algorithm, board, order)
            assert (steps[-1].value, steps[-1].best) == (done.value, done.best)
            assert tally(iter(steps)) == done.counts, board


class TestCosts:
    def test_alphabeta_never_visits_more_nodes_than_minimax(self) -> None:
        for board in LIVE:
            plain = run_to_end(Algorithm.MINIMAX, board).counts
            for order in Order:
                pruned = run_to_end(Algorithm.ALPHABETA, board, order).counts
                assert pruned.nodes <= plain.nodes, (board, order)

    def test_move_orders_differ_and_the_better_order_cuts_more(self) -> None:
        """From the empty board, centre-corners-edges and the engine's order both
        beat cell order; the three are different walks."""
        nodes = {order: run_to_end(Algorithm.ALPHABETA, Board.empty(), order).counts.nodes for order in Order}
        assert nodes[Order.CCE] < nodes[Order.CELLS]
        assert nodes[Order.ENGINE] < nodes[Order.CELLS]
        assert len(set(nodes.values())) == 3

    def test_memo_hits_the_table(self) -> None:
        counts = run_to_end(Algorithm.MEMO, Board.empty()).counts
        assert counts.hits > 0
        # Each live position is searched once; every other visit is a hit or a finished game.
        live = sum(1 for board in LIVE)
        assert counts.nodes - counts.hits - counts.leaves == live

    def test_run_yields_progress_every_tick(self) -> None:
        ticks = list(itertools.islice(run(Algorithm.MINIMAX, Board.empty()), 3))
        assert ticks == [4096, 8192, 12288]


class TestOrders:
    def test_orders_are_permutations_of_the_legal_moves(self) -> None:
        for board in LIVE:
            for order in Order:
                assert sorted(ordered_moves(board, order)) == list(board.legal_moves)

    def test_engine_order_puts_wins_then_blocks_first(self) -> None:
        board = Board.parse("XX./OO./...")  # X wins at 2; O threatens 5
        assert ordered_moves(board, Order.ENGINE)[:2] == (2, 5)
        assert ordered_moves(Board.empty(), Order.CCE) == (4, 0, 2, 6, 8, 1, 3, 5, 7)

    def test_choices_parse_from_text(self) -> None:
        assert Algorithm.parse(" AlphaBeta ") is Algorithm.ALPHABETA
        assert Order.parse("CCE") is Order.CCE
        with pytest.raises(ValueError, match="unknown algorithm 'negascout'"):
            Algorithm.parse("negascout")


def check_well_formed(steps: list[Event], algorithm: Algorithm) -> None:
    """Enter and leave balance like brackets; each kind only where it belongs."""
    depth = -1  # the depth of the position last entered and not yet left
    open_paths: list[tuple[int, ...]] = []
    for step in steps[:-1]:
        assert step.kind is not Kind.DONE
        if step.kind not in (Kind.ENTER, Kind.UP):
            assert step.path == open_paths[-1]
        if step.kind is Kind.ENTER:
            assert len(step.path) == depth + 1
            assert step.path[:-1] == (open_paths[-1] if open_paths else ())
            open_paths.append(step.path)
            depth += 1
            assert -INFINITY <= step.alpha < step.beta <= INFINITY
        elif step.kind is Kind.UP:
            # The child just left: the event speaks for the parent it came back to.
            left = open_paths.pop()
            depth -= 1
            assert step.path == left[:-1] == open_paths[-1]
            assert step.move == left[-1]
            assert step.best is not None
        elif step.kind is Kind.LEAF:
            assert step.board.is_over
        elif step.kind is Kind.CUTOFF:
            assert algorithm is Algorithm.ALPHABETA
            assert step.alpha >= step.beta and step.skipped
        elif step.kind is Kind.HIT:
            assert algorithm is Algorithm.MEMO
    assert open_paths == [()]  # only the root is still open when the search ends
    assert steps[-1].kind is Kind.DONE


@pytest.mark.parametrize(("algorithm", "order"), SEARCHES, ids=lambda x: x.value)
def test_event_streams_are_well_formed(algorithm: Algorithm, order: Order) -> None:
    for board in [*SMALL[::7], Board.parse("X../.O./...")]:
        check_well_formed(list(events(algorithm, board, order)), algorithm)


class TestTrace:
    @pytest.mark.parametrize(("algorithm", "order"), SEARCHES, ids=lambda x: x.value)
    def test_each_step_is_the_generators_event(self, algorithm: Algorithm, order: Order) -> None:
        board = Board.parse("X.O/.X./...")
        steps = list(events(algorithm, board, order))
        trace = Trace(algorithm, board, order, keep=50)
        for number in (1, 37, len(steps), 200, 36, 38, 3, len(steps) + 10):
            trace.seek(number)
            while not trace.work(17):
                pass
            shown = min(number, len(steps))
            assert trace.current.number == shown
            assert trace.current.event == steps[shown - 1]
            assert trace.current.counts == tally(iter(steps[:shown]))

    def test_forward_then_back_is_the_same_state(self) -> None:
        """Stepping forward then back returns the very same step, path and counts,
        whether the step was remembered or the trace had to start again."""
        board = Board.parse("X../.O./...")
        for keep in (5, 2000):
            trace = Trace(Algorithm.ALPHABETA, board, Order.CCE, keep=keep)
            trace.seek(120)
            trace.work(10**6)
            before = trace.current
            trace.seek(121)
            trace.work(10**6)
            assert trace.current.number == 121
            trace.seek(300)
            trace.work(10**6)
            trace.seek(120)
            trace.work(10**6)
            assert trace.current == before

    def test_stepping_is_deterministic(self) -> None:
        one, two = (Trace(Algorithm.MEMO, Board.parse("X../.O./..."), keep=10) for _ in range(2))
        for trace in (one, two):
            trace.seek(400)
            trace.work(10**6)
        assert one.current == two.current

    def test_next_cutoff_and_the_end(self) -> None:
        board = Board.parse("X../.O./...")
        steps = list(events(Algorithm.ALPHABETA, board, Order.CELLS))
        trace = Trace(Algorithm.ALPHABETA, board, keep=10)
        trace.seek_next(Kind.CUTOFF)
        trace.work(10**6)
        first = next(i for i, step in enumerate(steps, 1) if step.kind is Kind.CUTOFF)
        assert trace.current.number == first
        trace.seek(10**9)
        trace.work(10**6)
        assert trace.total == len(steps) == trace.current.number
        assert trace.current.event.kind is Kind.DONE

    def test_a_long_jump_is_cut_into_slices(self) -> None:
        trace = Trace(Algorithm.MINIMAX, Board.empty())
        trace.seek(30_000)
        slices = 0
        while not trace.work(5_000):
            slices += 1
        assert slices == 5 and trace.current.number == 30_000

    def test_the_path_shows_finished_moves_with_values_and_counts(self) -> None:
        board = Board.parse("XOX/OXO/...")
        trace = Trace(Algorithm.ALPHABETA, board, Order.CCE)
        trace.seek(14)  # the cut-off below move 7
        trace.work(1000)
        root, below = trace.current.path
        assert [(b.move, b.state, b.value, b.nodes) for b in root.branches] == [
            (6, BranchState.DONE, 1, 1),
            (8, BranchState.DONE, 1, 1),
            (7, BranchState.SEARCHING, None, 3),
        ]
        # The root and its three subtrees so far: every node entered is counted once.
        assert trace.current.counts.nodes == 1 + sum(b.nodes for b in root.branches) == 6
        assert [(b.move, b.state) for b in below.branches] == [(6, BranchState.DONE), (8, BranchState.SKIPPED)]
        assert root.best == 6 and root.best_value == 1


class TestTree:
    @pytest.mark.parametrize(("algorithm", "order"), SEARCHES, ids=lambda x: x.value)
    def test_the_whole_tree_of_a_small_search(self, algorithm: Algorithm, order: Order) -> None:
        """One node per position entered, each entered before its value came
        back; the root's value is the search's; the biggest small tree is the one
        the page promises to draw."""
        for board in [b for b in LIVE if 9 - b.ply <= SMALL_TREE][::50]:
            steps = list(events(algorithm, board, order))
            searched = fold(steps, order)
            nodes, index = searched.nodes, searched.by_path
            assert len(nodes) == tally(iter(steps)).nodes == len(index)
            assert nodes[0].value == steps[-1].value and nodes[0].valued == len(steps)
            for node in nodes[1:]:
                assert nodes[node.parent].entered < node.entered
                assert node.valued is not None and node.entered < node.valued
                assert node.move is not None
                assert node.board == nodes[node.parent].board.play(node.move)
            cut = [node for node in nodes if node.cut is not None]
            assert bool(cut) == any(step.kind is Kind.CUTOFF for step in steps)

    def test_small_trees_have_at_most_1585_nodes(self) -> None:
        """The biggest small tree, by the engine's census of tree nodes, is the
        count plain minimax makes of it, and stays under the figure SMALL_TREE promises."""

        def tree_size(board: Board) -> int:
            return sum(sequences_into(board).values())

        biggest = max(tree_size(b) for b in LIVE if 9 - b.ply <= SMALL_TREE)
        assert (
            biggest
            == run_to_end(
                Algorithm.MINIMAX, max((b for b in LIVE if 9 - b.ply <= SMALL_TREE), key=tree_size)
            ).counts.nodes
        )
        assert biggest <= 1585
