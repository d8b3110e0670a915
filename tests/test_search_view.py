"""What "Watch the search" says and where it stands, in CPython: the stepping
(pyengine.teaching.trace) against the engine's own list of events, the address and the
ready lessons (site/py/explorer_address.py), the position editor
(site/py/explorer_editor.py) and the words (pyengine.teaching.searchwords) against
facts computed here."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import explorer_address
import explorer_editor
import pytest

from pyengine import Board, InvalidPositionError, Player, Value, analyze
from pyengine.teaching import searchwords
from pyengine.teaching.search import (
    INFINITY,
    Algorithm,
    Counts,
    Event,
    Kind,
    Order,
    Rule,
    events,
    run,
    run_to_end,
    tally,
)
from pyengine.teaching.searchtree import Bound, Branch, BranchState, PathNode, fold
from pyengine.teaching.stepwords import Convention, describe
from pyengine.teaching.trace import JUMPS, SMALL_TREE, Trace, steps_bound

SMALL = Board.parse("X.O/.X./..O")  # where End, then Back, once stuck the explorer
LARGE = Board.parse("XO../OX../..XO/....")  # a 4x4 position with 10 empty cells, the most searched here
# Small (the whole tree drawn) and large (the path drawn), 3x3 and 4x4.
SIGNS = {1: "+1", 0: "0", -1: "\u22121"}  # values as the page writes them
POSITIONS = [SMALL, Board.parse("XO./.X./..."), Board.parse("X.O/.../..."), Board.parse("XOXO/OX../.O../.X.X")]


def finish(trace: Trace) -> int:
    """Work until the step asked for; how many slices of work it took."""
    return sum(1 for _ in trace.run())


def counts_after(steps: list[Event]) -> list[Counts]:
    """The counts after each step, counted here event by event: nodes
    entered, finished games, cut-offs and table hits."""
    seen: Counter[Kind] = Counter()
    after = []
    for event in steps:
        seen[event.kind] += 1
        after.append(Counts(seen[Kind.ENTER], seen[Kind.LEAF], seen[Kind.CUTOFF], seen[Kind.HIT]))
    return after


class TestStepping:
    @pytest.mark.parametrize("algorithm", list(Algorithm))
    def test_end_then_back_lands_on_the_step_before_the_last(self, algorithm: Algorithm) -> None:
        """End, then Back, -10, -100 and Back again: each the engine's event."""
        steps = list(events(algorithm, SMALL, Order.CCE))
        trace = Trace(algorithm, SMALL, Order.CCE)
        for how, number in (
            ("last", len(steps)),
            ("-1", len(steps) - 1),
            ("last", len(steps)),
            ("-10", len(steps) - 10),
            ("last", len(steps)),
            ("-100", max(1, len(steps) - 100)),
            ("-1", max(1, len(steps) - 101)),
        ):
            trace.jump(how)
            finish(trace)
            assert trace.current.number == number, how
            assert trace.current.event == steps[number - 1]
        assert trace.total == len(steps)

    def test_stop_then_back_and_forward(self) -> None:
        """Stop part-way through a long jump, then step either way: the steps
        are the engine's (a halted trace also left a gap)."""
        board = POSITIONS[2]
        steps = list(events(Algorithm.MINIMAX, board))
        trace = Trace(Algorithm.MINIMAX, board, Order.CELLS)
        trace.seek(len(steps) - 10)
        work = trace.run()
        for _ in range(30):
            next(work)
        trace.halt()
        halted = trace.current.number
        assert 1 < halted < len(steps) - 10 and trace.current.event == steps[halted - 1]
        for how in ("-1", "+1", "+1", "next", "-100", "last", "-1"):
            before = trace.current.number
            trace.jump(how)
            finish(trace)
            number = trace.current.number
            assert trace.current.event == steps[number - 1], (how, before, number)

    def test_a_step_past_the_end_is_the_last_and_said_once(self) -> None:
        steps = list(events(Algorithm.ALPHABETA, SMALL))
        trace = Trace(Algorithm.ALPHABETA, SMALL, Order.CELLS)
        trace.seek(100_000)
        finish(trace)
        assert trace.current.number == len(steps)
        assert trace.take_past_end() == 100_000
        assert trace.take_past_end() is None
        trace.seek(len(steps) - 1)
        finish(trace)
        assert trace.take_past_end() is None and trace.current.event == steps[-2]

    def test_next_while_a_jump_is_under_way_looks_on_from_the_step_shown(self) -> None:
        """N pressed while the trace is still making steps toward another
        (the explorer retires that jump): the next such event after the step shown."""
        board = POSITIONS[2]
        steps = list(events(Algorithm.MINIMAX, board))
        trace = Trace(Algorithm.MINIMAX, board, Order.CELLS)
        trace.seek(300)
        finish(trace)
        trace.seek(len(steps) - 1)
        next(trace.run())  # part of the way, then retired
        trace.jump("next")
        finish(trace)
        wanted = next(n for n, event in enumerate(steps, 1) if n > 300 and event.kind is Kind.LEAF)
        assert trace.current.number == wanted

    @pytest.mark.parametrize("algorithm", list(Algorithm))
    @pytest.mark.parametrize("board", POSITIONS, ids=str)
    def test_random_presses_always_land_on_the_engines_step(self, algorithm: Algorithm, board: Board) -> None:
        """Two hundred presses of every control, some retired part-way by the
        next press or by Stop (seeded): every step shown is between 1 and the
        last, and is the engine's event with the engine's counts."""
        rng = random.Random(f"{algorithm.value} {board}")
        steps = list(events(algorithm, board, Order.CCE))
        counts = counts_after(steps)
        assert counts[-1] == tally(iter(steps))
        trace = Trace(algorithm, board, Order.CCE)
        for _ in range(200):
            action = rng.random()
            if action < 0.08:
                trace.seek(rng.randint(1, len(steps) + 3000))
            else:
                trace.jump(rng.choice(JUMPS))
            work = trace.run()
            if action > 0.85:  # a press before this one arrived: retire it part-way
                for _ in range(rng.randint(0, 3)):
                    if next(work, None) is None:
                        break
                if rng.random() < 0.5:
                    trace.halt()
                else:
                    continue  # the next press retires it
            else:
                for _ in work:
                    pass
            step = trace.current
            assert 1 <= step.number <= len(steps)
            assert step.event == steps[step.number - 1] and step.counts == counts[step.number - 1]
        assert trace.total in (None, len(steps))

    @pytest.mark.parametrize("board", [Board.empty(), Board.parse("X../.../..."), POSITIONS[3]], ids=str)
    def test_the_bound_is_past_every_search_of_the_position(self, board: Board) -> None:
        """steps_bound is more than the steps each algorithm makes (plain
        minimax checked where it is quick; it makes the most)."""
        bound = steps_bound(board)
        quick = board.geometry.cells - board.ply <= 8
        for algorithm in Algorithm:
            if algorithm is Algorithm.MINIMAX and not quick:
                continue
            assert sum(1 for _ in events(algorithm, board, Order.CCE)) < bound


class TestWords:
    def test_the_address_round_trips(self) -> None:
        query = explorer_address.search_query(SMALL, Algorithm.ALPHABETA, Order.CCE, 37)
        assert query == "?alg=alphabeta&order=cce&pos=X.O/.X./..O&step=37"
        given = dict(part.split("=", 1) for part in query[1:].split("&"))
        assert explorer_address.settings_from_params(given) == (
            Algorithm.ALPHABETA,
            Order.CCE,
            SMALL,
            37,
            Convention.NEGAMAX,
            Rule.AIMA,
            [],
        )
        assert "order=" not in explorer_address.search_query(SMALL, Algorithm.MEMO, Order.CCE)

    @pytest.mark.parametrize(
        ("key", "text", "default"),
        [
            ("alg", "negascout", "showing alpha-beta"),
            ("order", "<b>", "using cell order"),
            ("pos", "XXX/XXX/XXX", f"showing {explorer_address.DEFAULT.board}"),
            ("step", "0", "showing step 1"),
            ("step", "1" * 10, "showing step 1"),
            ("pos", "X" + "." * 15, "4x4 positions with 10 or fewer"),
            ("conv", "minimax", "showing negamax"),
            ("rule", "cs188", "cutting off by AIMA's rule"),
        ],
    )
    def test_a_bad_value_is_quoted_and_replaced(self, key: str, text: str, default: str) -> None:
        algorithm, order, board, step, convention, rule, problems = explorer_address.settings_from_params({key: text})
        lesson = explorer_address.DEFAULT
        assert (algorithm, order, board, step) == (lesson.algorithm, lesson.order, lesson.board, 1)
        assert (convention, rule) == (Convention.NEGAMAX, Rule.AIMA)
        assert len(problems) == 1 and default in problems[0]
        assert f"\u201c{text[:40]}" in problems[0]

    def test_only_4x4_endgames_are_searchable(self) -> None:
        assert explorer_address.searchable(LARGE) is LARGE
        with pytest.raises(InvalidPositionError, match="11 empty cells"):
            explorer_address.searchable(Board.parse("XO../OX../..X./...."))

    def test_the_whole_trees_labels_say_each_moves_value_for_its_mover(self) -> None:
        """For every node of a small minimax tree, once valued: the mover,
        the cell by number, and the value the engine's own run_to_end gives the
        position after that move, negated (negamax: the mover's gain); the
        root, its side to move and its value."""
        board = Board.parse("XOX/OX./...")
        nodes = fold(events(Algorithm.MINIMAX, board)).nodes
        for node in nodes[1:]:
            label = searchwords.tree_label(node, valued=True, cut=False)
            mover = node.board[node.move]
            assert label.startswith(f"{mover} ") and f"({node.move})" in label
            # Plain minimax values exactly: the position after the move, from its side to move.
            value = -run_to_end(Algorithm.MINIMAX, node.board).value
            assert label.endswith(f": {SIGNS[value]} for {mover}")
        root = searchwords.tree_label(nodes[0], valued=True, cut=False)
        assert root == f"Root: O to move, worth {SIGNS[run_to_end(Algorithm.MINIMAX, board).value]}"

    def test_a_cut_offs_skipped_cells_are_named(self) -> None:
        steps = list(events(Algorithm.ALPHABETA, Board.parse("XOX/OXO/..."), Order.CCE))
        nodes = fold(steps, Order.CCE).nodes
        cut = [node for node in nodes if node.skipped]
        assert cut, "this position has a cut-off"
        for node in cut:
            label = searchwords.tree_label(node, valued=True, cut=True)
            assert label.endswith(", ".join(f"({cell})" for cell in node.skipped).split(", ")[-1])
            assert "cut off: " in label and all(f"({cell})" in label for cell in node.skipped)

    def test_the_status_lines(self) -> None:
        assert searchwords.step_status(1_234, None) == "Step 1,234."
        assert searchwords.step_status(7, 232) == "Step 7 of 232."
        assert searchwords.past_end_message(232, 999) == "The search has 232 steps, not 999: here is the last one."
        assert searchwords.working_status(300_000, 1_500) == "Searching to step 300,000: 1,500 steps made\u2026"

    @pytest.mark.parametrize(
        ("seconds", "text"),
        [
            (59, "59 seconds"),
            (119, "119 seconds"),
            (120, "2 minutes"),
            (2 * 86_400, "2 days"),
            (3 * 365.25 * 86_400, "3 years"),
        ],
    )
    def test_a_duration_takes_the_largest_unit_with_two_or_more(self, seconds: float, text: str) -> None:
        assert searchwords.duration(seconds) == text

    def test_each_racer_is_named_with_its_order_only_for_alpha_beta(self) -> None:
        racers = [(Algorithm.ALPHABETA, order) for order in Order] + [
            (Algorithm.MEMO, Order.CELLS),
            (Algorithm.MINIMAX, Order.CELLS),
        ]
        names = [searchwords.racer_name(a, o) for a, o in racers]
        assert len(set(names)) == len(names)
        assert [("(" in name) for name in names] == [a is Algorithm.ALPHABETA for a, _ in racers]

    @pytest.mark.parametrize("text", ["X.O/.X./..O", "XO./.X./...", "XX./OO./...", "XXX/OO./..."])
    def test_a_race_value_names_whose_it_is(self, text: str) -> None:
        """The race's value column reads the same in either convention: the
        root's value (the engine's, for the side to move) and that side by
        name; a finished game's value is the loser's, who would move next."""
        board = Board.parse(text)
        value = run_to_end(Algorithm.ALPHABETA, board).value
        x_count, o_count = text.count("X"), text.count("O")
        side = Player.X if x_count == o_count else Player.O
        assert searchwords.race_value(value, board) == f"{SIGNS[value]} for {side}"


# -- two conventions ---------------------------------------------------------------

MAXMIN = Convention.MAXMIN
WRITTEN = {**SIGNS, 2: "+\u221e", -2: "\u2212\u221e"}  # a window's open ends too
# Positions with cut-offs at X's turn and at O's, and a memo table hit.
CONVENTION_POSITIONS = [Board.parse("X.O/.X./..O"), Board.parse("XO./.X./..."), Board.parse("X.O/.../...")]


def side_of(board: Board) -> Player:
    """Whose value the search gives at ``board``: the side to move, or at a
    finished game the side that would move next (counted from the marks)."""
    text = str(board)
    return Player.X if text.count("X") == text.count("O") else Player.O


def from_x(value: int, side: Player) -> int:
    """A value for ``side`` as X sees it: the same for X, the opposite for O."""
    return value if side is Player.X else -value


class TestConventions:
    """MAX/MIN states the search's negamax values from X's side: the same
    numbers at X's positions, the opposite at O's, and O's window (a, b) as
    (-b, -a); negamax, the default, says what it always said."""

    def test_the_cutoffs_are_split_by_side_under_maxmin(self) -> None:
        """MAX/MIN counts beta cut-offs (at X's turn) and alpha cut-offs (at
        O's) apart; negamax gives the total alone, as it always did."""
        board = CONVENTION_POSITIONS[0]
        steps = list(events(Algorithm.ALPHABETA, board))
        sides = [step.board.to_move for step in steps if step.kind is Kind.CUTOFF]
        trace = Trace(Algorithm.ALPHABETA, board, Order.CELLS)
        trace.seek(len(steps))
        assert trace.work(10**9)
        step = trace.current
        at_x, at_o = sides.count(Player.X), sides.count(Player.O)
        assert at_x and at_o
        assert searchwords.cutoffs_text(step) == str(len(sides))
        assert searchwords.cutoffs_text(step, convention=MAXMIN) == (
            f"{len(sides)} ({at_x} at MAX's turn, {at_o} at MIN's)"
        )

    def test_the_address_keeps_maxmin_and_leaves_negamax_links_as_they_were(self) -> None:
        query = explorer_address.search_query(SMALL, Algorithm.ALPHABETA, Order.CCE, 37, convention=MAXMIN)
        assert query == "?alg=alphabeta&order=cce&pos=X.O/.X./..O&step=37&conv=maxmin"
        given = dict(part.split("=", 1) for part in query[1:].split("&"))
        assert explorer_address.settings_from_params(given)[4] is MAXMIN
        assert explorer_address.settings_from_params({"conv": " NegaMax "})[4:] == (Convention.NEGAMAX, Rule.AIMA, [])
        assert "conv" not in explorer_address.search_query(
            SMALL, Algorithm.MINIMAX, step=3, convention=Convention.NEGAMAX
        )

    @pytest.mark.parametrize("board", CONVENTION_POSITIONS, ids=str)
    def test_the_whole_trees_values_flip_exactly_at_os_moves(self, board: Board) -> None:
        """Every valued node of a minimax tree: under MAX/MIN the label gives
        the value of the position after the move for X (the engine's own
        run_to_end, turned to X's side here), the negamax label the mover's;
        they agree after X's moves and are opposite after O's."""
        nodes = fold(events(Algorithm.MINIMAX, board)).nodes
        movers = set()
        for node in nodes[1:]:
            assert node.move is not None
            mover = node.board[node.move]
            assert mover is not None
            movers.add(mover)
            after = run_to_end(Algorithm.MINIMAX, node.board).value  # for the side to move after it
            for_x = from_x(after, mover.other)
            maxmin = searchwords.tree_label(node, valued=True, cut=False, convention=MAXMIN)
            negamax = searchwords.tree_label(node, valued=True, cut=False)
            assert maxmin.endswith(f": {SIGNS[for_x]} for X"), maxmin
            assert negamax.endswith(f": {SIGNS[-after]} for {mover}"), negamax
            assert for_x == (-after if mover is Player.X else after)  # the mover's value, turned at O's
        assert movers == {Player.X, Player.O}
        root_for_x = from_x(run_to_end(Algorithm.MINIMAX, board).value, board.to_move)
        assert searchwords.tree_label(nodes[0], valued=True, cut=False, convention=MAXMIN) == (
            f"Root: {board.to_move} to move ({'MAX' if board.to_move is Player.X else 'MIN'}), "
            f"worth {SIGNS[root_for_x]} to X"
        )

    @pytest.mark.parametrize("board", CONVENTION_POSITIONS, ids=str)
    def test_every_sentence_states_its_value_from_xs_side(self, board: Board) -> None:
        """Each event of each search, in both conventions: the value said
        ("worth v to P") is the event's own value for the side to move under
        negamax, and that value as X sees it under MAX/MIN."""
        worth = re.compile(r"worth (\S+) to ([XO])")
        said: Counter[tuple[Kind, Player]] = Counter()
        for algorithm in Algorithm:
            for event in events(algorithm, board, Order.CCE):
                negamax, maxmin = describe(event, algorithm), describe(event, algorithm, convention=MAXMIN)
                if event.kind is Kind.CUTOFF or event.value is None:
                    continue
                side = side_of(event.board)
                if event.kind is Kind.LEAF and event.value == 0:  # a draw is worth 0 to both
                    assert negamax == maxmin == "A finished game: a draw, worth 0."
                    continue
                assert worth.findall(maxmin) == [(SIGNS[from_x(event.value, side)], "X")], maxmin
                assert worth.findall(negamax)[0][0] == SIGNS[event.value], negamax
                said[event.kind, side] += 1
        assert {kind for kind, side in said if side is Player.O} >= {Kind.LEAF, Kind.UP, Kind.HIT}

    @pytest.mark.parametrize("board", CONVENTION_POSITIONS, ids=str)
    def test_windows_map_to_minus_beta_minus_alpha_at_os_positions(self, board: Board) -> None:
        """Alpha-beta's window at every step, and at every position on the
        path of every fifth step (the headings): (alpha, beta) at X's
        positions, (-beta, -alpha) at O's, under MAX/MIN; as it is under negamax."""

        def window(alpha: int, beta: int, side: Player) -> str:
            low, high = (alpha, beta) if side is Player.X else (-beta, -alpha)
            return f"({WRITTEN[low]}, {WRITTEN[high]})"

        steps = list(events(Algorithm.ALPHABETA, board, Order.CCE))
        sides = set()
        walked = Trace(Algorithm.ALPHABETA, board, Order.CCE)
        for number, event in enumerate(steps, 1):
            walked.seek(number)
            assert walked.work(len(steps))
            side = side_of(event.board)
            sides.add(side)
            alpha, beta = event.alpha, event.beta
            if event.kind is Kind.DONE:  # the root's final window, from its last move backed up
                last_up = next(e for e in reversed(steps) if e.kind is Kind.UP and not e.path)
                alpha, beta = last_up.alpha, last_up.beta
                assert (alpha, beta) != (-INFINITY, INFINITY)
            step = walked.current
            assert searchwords.window_text(step, Algorithm.ALPHABETA, convention=MAXMIN).startswith(
                window(alpha, beta, side) + ": \u03b1 is MAX's best so far, \u03b2 MIN's"
            )
            assert searchwords.window_text(step, Algorithm.ALPHABETA) == f"({WRITTEN[alpha]}, {WRITTEN[beta]})"
        assert sides == {Player.X, Player.O}
        trace = Trace(Algorithm.ALPHABETA, board, Order.CCE)
        for number in range(1, len(steps) + 1, 5):
            trace.seek(number)
            trace.work(len(steps))
            for depth, node in enumerate(trace.current.path):
                if node.board.is_over:
                    continue
                side = node.board.to_move
                heading = searchwords.node_heading(node, depth, Algorithm.ALPHABETA, convention=MAXMIN)
                part = "MAX" if side is Player.X else "MIN"
                assert heading.startswith(
                    f"Depth {depth}: {side} to move ({part}), window {window(node.alpha, node.beta, side)}"
                ), heading
                if node.best_value is not None:
                    assert heading.endswith(f"{SIGNS[from_x(node.best_value, side)]}).")  # a bound is marked
                for branch in node.branches:
                    if branch.value is None:
                        continue
                    text = searchwords.branch_text(branch, node, convention=MAXMIN)
                    turned = branch.bound if side is Player.X else branch.bound.flipped  # a bound turns with it
                    mark = {Bound.EXACT: "", Bound.AT_LEAST: "\u2265 ", Bound.AT_MOST: "\u2264 "}[turned]
                    assert text.startswith(
                        f"{searchwords.cells_text([branch.move], 3)}: {mark}{SIGNS[from_x(branch.value, side)]}, "
                    ), text

    def test_the_cut_off_names_the_side_whose_bound_closed_the_window(self) -> None:
        """At X's turn MIN's bound (beta) closed the window, at O's MAX's
        (alpha): each cut-off's MAX/MIN sentence says so with X's numbers,
        beta at or below alpha; the negamax sentence stays one rule for both."""
        seen = set()
        for board in CONVENTION_POSITIONS:
            for event in events(Algorithm.ALPHABETA, board, Order.CELLS):
                if event.kind is not Kind.CUTOFF:
                    continue
                side = side_of(event.board)
                seen.add(side)
                alpha, beta = (event.alpha, event.beta) if side is Player.X else (-event.beta, -event.alpha)
                assert beta <= alpha
                text = describe(event, Algorithm.ALPHABETA, convention=MAXMIN)
                numbers = f"\u03b2 = {SIGNS[beta]} is at most \u03b1 = {SIGNS[alpha]}"
                if side is Player.X:
                    assert text.startswith(f"At MAX's turn, {numbers}: a \u03b2 cut-off. "), text
                    assert (
                        f"MIN (O), one move up or higher on the path, already has a reply that holds X "
                        f"to {SIGNS[beta]}, so O will never" in text
                    )
                else:
                    assert text.startswith(f"At MIN's turn, {numbers}: an \u03b1 cut-off. "), text
                    assert (
                        f"MAX (X), one move up or higher on the path, already has a move that gets X "
                        f"at least {SIGNS[alpha]}, so X will never" in text
                    )
                assert describe(event, Algorithm.ALPHABETA).startswith(
                    f"\u03b1 = {SIGNS[event.alpha]} is at least \u03b2 = {SIGNS[event.beta]}: cut off. The opponent"
                )
        assert seen == {Player.X, Player.O}

    def test_a_branchs_value_is_stated_for_the_side_to_move_at_its_position(self) -> None:
        """O to move: a move worth +1 to O is -1 from X's side, and a bound turns round with it."""
        branch = Branch(4, BranchState.DONE, 1, Bound.AT_LEAST, 5, 2)
        node = PathNode(Board.parse("X../.../..."), -2, 2, 4, 1, (branch,), 1)
        assert searchwords.branch_text(branch, node) == "centre (4): \u2265 +1, 5 nodes"
        assert searchwords.branch_text(branch, node, convention=MAXMIN) == "centre (4): \u2264 \u22121, 5 nodes"

    def test_how_the_bot_thinks_worked_example_is_the_searchs_own(self) -> None:
        """The page's worked example (alpha-beta in cell order from
        X.O/.X./..O, steps 15 to 20) says what the search does there, in both
        conventions, and links to that cut-off under MAX/MIN."""
        page = (Path(__file__).resolve().parent.parent / "site" / "how-the-bot-thinks.md").read_text()
        steps = list(events(Algorithm.ALPHABETA, Board.parse("X.O/.X./..O"), Order.CELLS))
        found, enter, won, cut = (steps[n - 1] for n in (15, 16, 19, 20))
        assert (found.kind, found.board, found.move, found.value) == (Kind.UP, Board.parse("XXO/OX./..O"), 5, 0)
        assert (enter.kind, enter.board, enter.board.to_move) == (Kind.ENTER, Board.parse("XXO/OX./X.O"), Player.O)
        assert (won.kind, won.move, won.value, won.board.play(5).result.winner) == (Kind.UP, 5, 1, Player.O)
        assert (cut.kind, cut.skipped) == (Kind.CUTOFF, (7,))  # bottom

        def pair(alpha: int, beta: int) -> str:
            return f"({WRITTEN[alpha]}, {WRITTEN[beta]})"

        assert (
            f"| window on entering (step 16) | {pair(enter.alpha, enter.beta)} | {pair(-enter.beta, -enter.alpha)} |"
        ) in page
        assert (
            f"| O right, which wins (step 19) | worth {SIGNS[won.value]} to O | worth {SIGNS[-won.value]} to X |"
            in page
        )
        assert f"| window after it | {pair(won.alpha, won.beta)} | {pair(-won.beta, -won.alpha)} |" in page
        assert (
            f"| cut-off (step 20) | \u03b1 {SIGNS[cut.alpha]} \u2265 \u03b2 {SIGNS[cut.beta]} | "
            f"\u03b2 {SIGNS[-cut.alpha]} \u2264 \u03b1 {SIGNS[-cut.beta]} |"
        ) in page
        assert "(search.md?alg=alphabeta&pos=X.O/.X./..O&step=20&conv=maxmin)" in page

    @pytest.mark.parametrize(
        ("stored", "convention", "said"),
        [
            (None, Convention.NEGAMAX, False),
            ("", Convention.NEGAMAX, False),
            ("maxmin", MAXMIN, False),
            ("MaxMin", MAXMIN, False),
            ("<b>sideways", Convention.NEGAMAX, True),
        ],
    )
    def test_a_kept_convention_is_read_or_said_and_replaced(
        self, stored: str | None, convention: Convention, said: bool
    ) -> None:
        chosen, problem = explorer_address.remembered_convention(stored)
        assert chosen is convention
        assert (problem is not None) == said
        if problem:
            assert "\u201c<b>sideways\u201d" in problem and "showing negamax" in problem


def first(kind: Kind, steps: list[Event]) -> int:
    """The number of the first step of ``kind`` (1 for the first step)."""
    return next(number for number, step in enumerate(steps, 1) if step.kind is kind)


LESSON = {lesson.key: lesson for lesson in explorer_address.LESSONS}


class TestLessons:
    """The ready positions show what their lines say, computed with the engine."""

    @staticmethod
    def steps(key: str) -> list[Event]:
        lesson = LESSON[key]
        return list(events(lesson.algorithm, lesson.board, lesson.order))

    def test_each_is_a_small_3x3_position_with_its_own_line_and_address(self) -> None:
        """Small enough for the whole tree to be drawn, and one click each: an
        address that reads back as the lesson's settings."""
        lessons = explorer_address.LESSONS
        assert len({lesson.key for lesson in lessons}) == len({lesson.board for lesson in lessons}) == len(lessons)
        for lesson in lessons:
            assert lesson.board.size == 3 and not lesson.board.is_over
            assert 4 <= 9 - lesson.board.ply <= SMALL_TREE
            given = dict(part.split("=", 1) for part in explorer_address.lesson_query(lesson)[1:].split("&"))
            assert explorer_address.settings_from_params(given) == (
                lesson.algorithm,
                lesson.order if lesson.algorithm is Algorithm.ALPHABETA else Order.CELLS,
                lesson.board,
                1,
                Convention.NEGAMAX,
                Rule.AIMA,
                [],
            )

    def test_the_default_is_alpha_beta_on_a_few_empty_cells(self) -> None:
        """An address with nothing in it: not minimax on the empty board."""
        algorithm, _, board, step, _, _, problems = explorer_address.settings_from_params({})
        assert (algorithm, board, step, problems) == (Algorithm.ALPHABETA, explorer_address.DEFAULT.board, 1, [])
        assert 9 - board.ply <= SMALL_TREE
        assert len(self.steps(explorer_address.DEFAULT.key)) < 100

    def test_the_quick_cut_off_comes_within_ten_steps_one_move_down(self) -> None:
        """X's first move (top right) wins at once; in X's second, O's first
        reply wins, and the cut-off skips O's other replies."""
        steps = self.steps("quick-cutoff")
        number = first(Kind.CUTOFF, steps)
        cut = steps[number - 1]
        assert number <= 10 and len(cut.path) == 1 and cut.skipped
        assert steps[3].kind is Kind.UP and steps[3].move == 2 and steps[3].value == 1  # top right wins for X
        assert cut.move == 2 and cut.value == 1  # O's first reply, top right, wins for O

    def test_the_deep_cut_off_takes_its_bound_from_above_its_parent(self) -> None:
        """The first cut-off is three moves down, and its window's upper end
        is minus the lower end its parent was entered with: a bound the
        parent inherited, not one it set (Knuth's deep cut-off)."""
        steps = self.steps("deep-cutoff")
        cut = steps[first(Kind.CUTOFF, steps) - 1]
        entered = {step.path: step for step in steps if step.kind is Kind.ENTER}
        parent = entered[cut.path[:-1]]
        assert len(cut.path) == 3
        assert parent.alpha > -INFINITY and cut.beta == -parent.alpha
        root_best = next(step for step in steps if step.kind is Kind.UP and step.path == ())
        assert root_best.move == 1 and root_best.value == 1  # X already wins with top
        assert cut.beta == (-1) ** len(cut.path) * root_best.value  # the root's bound, passed down three moves

    def test_the_forced_win_is_a_win_for_the_side_to_move_by_a_fork(self) -> None:
        lesson = LESSON["forced-win"]
        analysis = analyze(lesson.board)
        assert analysis.value is Value.WIN and analysis.best == (2,) and analysis.plies == 3
        assert not lesson.board.play(2).is_over  # not a win at once: a fork
        assert self.steps("forced-win")[-1].value == 1

    def test_the_draw_is_a_draw_and_the_block_is_the_only_move(self) -> None:
        lesson = LESSON["draw"]
        analysis = analyze(lesson.board)
        assert analysis.value is Value.DRAW and analysis.best == (2,)
        assert [move.cell for move in analysis.moves if move.value is Value.DRAW] == [2]
        assert self.steps("draw")[-1].value == 0

    def test_seen_before_finds_a_position_reached_by_another_order(self) -> None:
        steps = self.steps("seen-before")
        hit = steps[first(Kind.HIT, steps) - 1]
        earlier = [
            step.path
            for step in steps[: first(Kind.HIT, steps)]
            if step.kind is Kind.ENTER and step.board == hit.board and step.path != hit.path
        ]
        assert earlier and sorted(earlier[0]) == sorted(hit.path)


class TestEditorAndLinks:
    def test_the_editor_reads_what_board_parse_reads(self) -> None:
        for text in ("x-o/-x-/--o", "X.O.X...O", " XO../OX../..XO/.... "):
            marks = explorer_editor.notation_marks(text)
            assert marks is not None
            assert Board.parse(explorer_editor.notation(marks)) == Board.parse(text)
        assert explorer_editor.notation_marks("XXX/XXX/XXX") == ["X"] * 9  # impossible, yet shown as typed
        for bad in ("", "XO", "X.O/.Y./...", "." * 10):
            assert explorer_editor.notation_marks(bad) is None

    def test_a_click_cycles_empty_x_o(self) -> None:
        marks = [""]
        for expected in ("X", "O", ""):
            marks = [explorer_editor.MARK_CYCLE[marks[0]]]
            assert marks == [expected]

    def test_an_impossible_position_says_every_reason(self) -> None:
        with pytest.raises(InvalidPositionError) as caught:
            Board.parse("XXX/OOO/...")
        message = searchwords.editing_message(caught.value)
        assert all(problem in message for problem in caught.value.problems)

    def test_watch_links_carry_the_default_search(self) -> None:
        query = explorer_address.watch_query(SMALL)
        given = dict(part.split("=", 1) for part in query[1:].split("&"))
        assert given == {
            "alg": explorer_address.DEFAULT.algorithm.value,
            "order": explorer_address.DEFAULT.order.value,
            "pos": str(SMALL),
        }
        assert explorer_address.presenting_query(query, True).endswith("&present=1")
        assert explorer_address.presenting_query(query, False) == query

    @pytest.mark.parametrize(
        ("size", "cell", "moved"),
        [
            (3, 4, {"ArrowLeft": 3, "ArrowRight": 5, "ArrowUp": 1, "ArrowDown": 7}),
            (3, 0, {"ArrowLeft": 0, "ArrowRight": 1, "ArrowUp": 0, "ArrowDown": 3}),
            (3, 8, {"ArrowLeft": 7, "ArrowRight": 8, "ArrowUp": 5, "ArrowDown": 8}),
            (4, 5, {"ArrowLeft": 4, "ArrowRight": 6, "ArrowUp": 1, "ArrowDown": 9}),
            (4, 15, {"ArrowLeft": 14, "ArrowRight": 15, "ArrowUp": 11, "ArrowDown": 15}),
        ],
    )
    def test_the_arrow_keys_walk_the_editors_cells_and_stop_at_its_edges(
        self, size: int, cell: int, moved: dict[str, int]
    ) -> None:
        assert {key: explorer_editor.editor_neighbour(cell, size, key) for key in moved} == moved
        assert explorer_editor.editor_neighbour(cell, size, "Enter") is None


def rules_differ_board() -> Board:
    """A drill position where the two pruning rules cut off differently
    (pyengine.teaching.drill.rules_differ), found by the drills' own seeded search."""
    from random import Random

    from pyengine.teaching.drill import Difficulty, Drill, random_drill, rules_differ

    rng = Random(31)
    for _ in range(200):
        board = random_drill(Difficulty.LONG, Order.CELLS, rng)
        if rules_differ(Drill(board, Order.CELLS, Convention.NEGAMAX, Rule.STRICT)):
            return board
    raise LookupError("no drill where the rules differ")


class TestRules:
    """The strict rule in the explorer: its address, its trace, its words."""

    def test_the_address_carries_the_strict_rule_only(self) -> None:
        query = explorer_address.search_query(SMALL, Algorithm.ALPHABETA, Order.CCE, 5, rule=Rule.STRICT)
        assert query == "?alg=alphabeta&order=cce&rule=strict&pos=X.O/.X./..O&step=5"
        given = dict(part.split("=", 1) for part in query[1:].split("&"))
        assert explorer_address.settings_from_params(given)[4:] == (Convention.NEGAMAX, Rule.STRICT, [])
        assert "rule=" not in explorer_address.search_query(SMALL, Algorithm.ALPHABETA, Order.CCE, rule=Rule.AIMA)
        assert "rule=" not in explorer_address.search_query(SMALL, Algorithm.MINIMAX, rule=Rule.STRICT)
        assert explorer_address.settings_from_params({"rule": " Strict "})[5] is Rule.STRICT

    def test_a_lesson_is_its_own_only_under_aimas_rule(self) -> None:
        lesson = explorer_address.LESSONS[1]
        assert explorer_address.lesson_of(lesson.algorithm, lesson.board, lesson.order) is lesson
        assert explorer_address.lesson_of(lesson.algorithm, lesson.board, lesson.order, Rule.STRICT) is None

    @pytest.mark.parametrize("rule", list(Rule))
    def test_the_trace_is_the_engines_search_under_its_rule(self, rule: Rule) -> None:
        board = rules_differ_board()
        steps = list(events(Algorithm.ALPHABETA, board, Order.CELLS, rule))
        other = list(events(Algorithm.ALPHABETA, board, Order.CELLS, Rule.STRICT if rule is Rule.AIMA else Rule.AIMA))
        assert steps != other  # the rules differ here, so the test can tell them apart
        trace = Trace(Algorithm.ALPHABETA, board, Order.CELLS, rule=rule)
        for number, event in enumerate(steps, 1):
            trace.seek(number)
            finish(trace)
            assert trace.current.event == event, number
        assert run_to_end_under(board, rule) == tally(iter(steps))

    @pytest.mark.parametrize("rule", list(Rule))
    def test_a_drills_explorer_link_steps_through_the_drills_search(self, rule: Rule) -> None:
        """The drill page's link opens the explorer on the same search: its
        position, order, convention and pruning rule."""
        import drill_view

        from pyengine.teaching.drill import Drill

        drill = Drill(rules_differ_board(), Order.ENGINE, Convention.MAXMIN, rule)
        href = drill_view.explorer_href(drill)
        assert href.startswith("../search/?")
        given = dict(part.split("=", 1) for part in href.split("?", 1)[1].split("&"))
        algorithm, order, board, _, convention, read_rule, problems = explorer_address.settings_from_params(given)
        assert (algorithm, order, board, convention, read_rule, problems) == (
            Algorithm.ALPHABETA,
            drill.order,
            drill.board,
            drill.convention,
            rule,
            [],
        )

    def test_the_drawn_reasons_say_the_rules_relation(self) -> None:
        """Under each cut-off's skipped moves the drawing says why: "≥ β"
        under AIMA's rule, "> β" under the strict one (the bound passed)."""
        import tree_drawing

        board = rules_differ_board()
        for rule, mark in ((Rule.AIMA, "≥"), (Rule.STRICT, ">")):
            steps = list(events(Algorithm.ALPHABETA, board, Order.CELLS, rule))
            whole = tree_drawing.WholeTree(fold(steps, Order.CELLS, rule), True, rule)
            trace = Trace(Algorithm.ALPHABETA, board, Order.CELLS, rule=rule)
            trace.seek(len(steps))
            finish(trace)
            notes = whole.picture(trace.current, Convention.NEGAMAX).notes
            reasons = [note.lines for key, note in notes.items() if key.startswith("cut:")]
            assert len(reasons) == sum(1 for e in steps if e.kind is Kind.CUTOFF)
            assert all(lines[1].startswith(f"{mark} β ") for lines in reasons), reasons
            path = tree_drawing.path_picture(trace.current, True, True, Convention.NEGAMAX, rule=rule).notes
            assert all(note.lines[1].startswith(mark) for key, note in path.items() if key.startswith("cut:"))

    @pytest.mark.parametrize("rule", list(Rule))
    def test_the_bounds_shown_are_the_drills_under_each_rule(self, rule: Rule) -> None:
        """What the explorer marks as only a bound (≥, ≤) is what the drill's
        answer key proves under the same rule (pyengine.teaching.drill.answer_key): under
        the strict rule a value on an end of the window is exact."""
        from pyengine.teaching.drill import Claim, Drill, answer_key

        board = rules_differ_board()
        key = answer_key(Drill(board, Order.CELLS, Convention.NEGAMAX, rule))
        steps = list(events(Algorithm.ALPHABETA, board, Order.CELLS, rule))
        searched = fold(steps, Order.CELLS, rule)
        valued = [node for node in searched.nodes if node.parent >= 0 and node.value is not None]
        for node in valued:
            assert node.value is not None
            exact = node.hit or node.board.is_over
            # Fail-soft, by hand: inside the window exact, on or past an end a bound (AIMA) or past it (strict).
            alpha, beta = node.window
            tie = 0 if rule is Rule.AIMA else 1
            want = (
                Bound.EXACT
                if exact
                else Bound.AT_LEAST
                if node.value - beta >= tie
                else Bound.AT_MOST
                if alpha - node.value >= tie
                else Bound.EXACT
            )
            assert node.bound is want, node
            assert key.node(node.path).own == Claim(node.value, want), node
        ties = [node for node in valued if node.value is not None and node.value in node.window]
        assert ties  # values on an end of the window: where the rules' bounds differ
        # Walked step by step, the trace marks the same bounds on the moves of the path.
        trace = Trace(Algorithm.ALPHABETA, board, Order.CELLS, rule=rule)
        for number, event in enumerate(steps, 1):
            if event.kind is Kind.UP and event.move is not None:
                trace.seek(number)
                finish(trace)
                assert trace.current.value_bound == searched.node((*event.path, event.move)).mover_bound, number

    def test_only_alpha_beta_has_a_rule(self) -> None:
        assert Trace(Algorithm.MINIMAX, SMALL, rule=Rule.STRICT).rule is Rule.AIMA

    @pytest.mark.parametrize("convention", list(Convention))
    def test_the_cut_off_words_say_each_rules_relation(self, convention: Convention) -> None:
        """Every cut-off of the strict search is said with "is greater than"
        (or "is less than" under MAX/MIN), never "at least": the bound was
        passed; AIMA's with "is at least" ("is at most"). In words, not
        symbols, so that the comparison is not read as arithmetic."""
        board = rules_differ_board()
        words = ("is at least", "is at most", "is greater than", "is less than")
        for rule, (above, below) in (
            (Rule.AIMA, ("is at least", "is at most")),
            (Rule.STRICT, ("is greater than", "is less than")),
        ):
            cuts = [e for e in events(Algorithm.ALPHABETA, board, Order.CELLS, rule) if e.kind is Kind.CUTOFF]
            assert cuts
            for event in cuts:
                assert event.alpha > event.beta if rule is Rule.STRICT else event.alpha >= event.beta
                said = describe(event, Algorithm.ALPHABETA, convention=convention, rule=rule)
                mark = above if convention is Convention.NEGAMAX else below
                assert [phrase for phrase in words if phrase in said] == [mark], said
                assert not {"\u2265", "\u2264", ">", "<"} & set(said), said


def run_to_end_under(board: Board, rule: Rule) -> Counts:
    """The race's count of the search under ``rule`` (search.run), to its end."""
    steps = run(Algorithm.ALPHABETA, board, Order.CELLS, rule=rule)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            counts: Counts = stop.value.counts
            return counts
