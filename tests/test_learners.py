"""The learners (MENACE, the tabular learner, MCTS) and their marks, checked
against tests/reference.py's plain walk and minimax, which know nothing of the engine."""

from __future__ import annotations

import copy
from collections import Counter
from random import Random

import pytest

from pyengine import Board, Bot, EngineError, Level, Player, UnknownChoiceError, Value, analyze, bot
from pyengine.learning.learner import Learner, LearnerKind, outcome, play_training_game, training
from pyengine.learning.marking import choice_positions, distinct_moves, good_moves, perfect_share
from pyengine.learning.mcts import MctsBot, Tree, random_playout, report
from pyengine.learning.menace import MICHIE, SCROGGS, Menace, MenaceRules, menace_rules
from pyengine.learning.tabular import Schedule, TdLearner
from pyengine.learning.training import Opponent, history_from_letters, history_letters, train

from . import reference as ref


def plain(board: Board) -> str:
    """The reference's notation: nine characters, no slashes."""
    return str(board).replace("/", "")


def reference_choices(side: str) -> dict[int, set[str]]:
    """Symmetry classes of reachable positions with ``side`` to move and more than
    one empty cell, by plies: a plain walk over the reference's positions."""
    found: dict[int, set[str]] = {}
    for cells in ref.reachable():
        if not ref.is_over(cells) and ref.mover(cells) == side and cells.count(".") > 1:
            found.setdefault(9 - cells.count("."), set()).add(ref.symmetry_class(cells))
    return found


def good_reference(cells: str) -> set[int]:
    """The moves whose exact value is the position's (reference minimax)."""
    value = ref.solve(cells)[0]
    return {c for c in ref.empties(cells) if ref.move_outcome(cells, c)[0] == value}


class TestBoxes:
    @pytest.mark.parametrize(
        ("side", "per_move"),
        [
            # Michie's 304 boxes: 1 + 12 + 108 + 183 for X.
            ("X", {0: 1, 2: 12, 4: 108, 6: 183}),
            # O's boxes, derived the same way: 3 + 38 + 153 + 95 = 289.
            ("O", {1: 3, 3: 38, 5: 153, 7: 95}),
        ],
    )
    def test_the_boxes_are_the_plain_walks_classes(self, side: str, per_move: dict[int, int]) -> None:
        """Each side's boxes are exactly the classes the reference walk finds, as many per move as published."""
        walked = reference_choices(side)
        assert {ply: len(classes) for ply, classes in walked.items()} == per_move
        boxes = choice_positions(Player(side))
        assert len(boxes) == sum(per_move.values())
        assert {ref.symmetry_class(plain(b)) for b in boxes} == set().union(*walked.values())

    def test_each_box_holds_one_colour_per_move_up_to_its_symmetries(self) -> None:
        """A box's moves are the orbits of its empty cells under the symmetries that fix it."""
        for side in Player:
            for box in choice_positions(side):
                cells = plain(box)
                fixing = [p for p in ref.symmetries() if ref.apply(p, cells) == cells]
                orbits = {frozenset(p[c] for p in fixing) for c in ref.empties(cells)}
                moves = distinct_moves(box)
                assert len(moves) == len(orbits)
                assert {next(o for o in orbits if c in o) for c in moves} == orbits

    @pytest.mark.parametrize(("rules", "start"), [(MICHIE, (4, 3, 2, 1)), (SCROGGS, (8, 4, 2, 1))])
    def test_starting_beads_by_move_number(self, rules: MenaceRules, start: tuple[int, ...]) -> None:
        for side in Player:
            machine = Menace(rules, side, Random(0))
            for box, beads in machine.boxes.items():
                move_number = (box.ply - (side is Player.O)) // 2
                assert set(beads.values()) == {start[move_number]}

    def test_presets_by_name(self) -> None:
        assert menace_rules(" Scroggs") is SCROGGS
        with pytest.raises(UnknownChoiceError, match="michie") as caught:
            menace_rules("turing")
        assert (caught.value.noun, caught.value.given, caught.value.choices) == (
            "MENACE rules",
            "turing",
            ("michie", "scroggs"),
        )


def play_one(
    machine: Menace, opponent: Bot, side: Player
) -> tuple[Board, Player | None, list[tuple[Player, Board, int]]]:
    """A training game, stopping just before the machine learns: the final
    board, who resigned and the beads drawn."""
    board = Board.empty()
    while not board.is_over:
        if board.to_move is side:
            cell = machine.pick(board)
            if cell is None:
                return board, side, list(machine.drawn)
        else:
            cell = opponent.choose(board)
        board = board.play(cell)
    return board, None, list(machine.drawn)


def counts_copy(boxes: dict[Board, dict[int, int]]) -> dict[Board, dict[int, int]]:
    """A copy of every box's bead counts (the boards are values: only the counts are copied,
    where a deepcopy copied each board too and was most of the rules' tests' time)."""
    return {box: dict(beads) for box, beads in boxes.items()}


class TestBeadRules:
    @pytest.mark.parametrize("rules", [MICHIE, SCROGGS])
    @pytest.mark.parametrize("side", list(Player))
    def test_win_draw_and_loss_pay_exactly(self, rules: MenaceRules, side: Player) -> None:
        """Each bead drawn goes back with +3 after a win, +1 after a draw, -1 after a
        loss; no other box changes."""
        machine = Menace(rules, side, Random(7))
        opponent = bot(Level.RANDOM, seed=8)
        seen: set[Value] = set()
        for _ in range(300):
            before = counts_copy(machine.boxes)
            final, resigned, drawn = play_one(machine, opponent, side)
            result = outcome(final, resigned, side)
            machine.finish(final, resigned)
            change = {Value.WIN: 3, Value.DRAW: 1, Value.LOSS: -1}[result]
            expected = counts_copy(before)
            for mover, box, cell in drawn:
                assert mover is side
                expected[box][cell] = max(0, expected[box][cell] + change)
            assert machine.boxes == expected
            assert machine.drawn == []
            seen.add(result)
        assert seen == set(Value)

    def test_an_empty_box_resigns_and_counts_as_a_loss(self) -> None:
        """Empty the box MENACE meets at its second move: it resigns there, and its
        first bead is taken away as after any loss."""
        machine = Menace(MICHIE, Player.X, Random(3))
        opponent = bot(Level.RANDOM, seed=4)
        for box in machine.boxes:
            if box.ply == 2:
                machine.boxes[box] = dict.fromkeys(machine.boxes[box], 0)
        first = dict(machine.boxes[Board.empty()])
        final, resigned = play_training_game(machine, opponent)
        assert resigned is Player.X and final.ply == 2
        assert outcome(final, resigned, Player.X) is Value.LOSS
        assert sum(machine.boxes[Board.empty()].values()) == sum(first.values()) - 1
        assert machine.pick(final) is None
        assert machine.choose(final) in final.legal_moves  # on the ladder it plays on

    def test_it_counts_the_games_it_resigned_in_a_row(self) -> None:
        """Against the perfect bot with Michie's beads MENACE's first box can run dry;
        from then on it resigns every game. The count of games resigned in a row
        follows each game, survives saving, and its empty boxes are the ones without beads."""
        ran_dry = 0
        for seed in range(1, 4):
            machine = Menace(MICHIE, Player.X, Random(seed))
            perfect = bot(Level.PERFECT, seed=seed)
            in_a_row = 0
            for _ in range(300):
                _, resigned = play_training_game(machine, perfect)
                in_a_row = in_a_row + 1 if resigned is Player.X else 0
                assert machine.resigned_streak == in_a_row
            empty = tuple(box for box, beads in machine.boxes.items() if sum(beads.values()) == 0)
            assert machine.empty_boxes() == empty == machine.empty_boxes(Player.X)
            if Board.empty() in empty:
                ran_dry += 1
                assert machine.pick(Board.empty()) is None and in_a_row > 0
            assert Menace.from_json(machine.to_json(), Random(0)).resigned_streak == in_a_row
        assert ran_dry  # the case the page must explain happens

    def test_a_drawn_bead_is_the_move_played(self) -> None:
        """The move in the box's cells, carried back, is the move made on the real board."""
        machine = Menace(SCROGGS, (Player.X, Player.O), Random(5))
        for cells in list(ref.reachable())[::7]:
            board = Board.parse(cells)
            if board.is_over or len(board.legal_moves) == 1:
                continue
            machine.drawn = []
            cell = machine.pick(board)
            assert cell is not None
            _, box, bead = machine.drawn[0]
            assert board.play(cell).canonical()[0] == box.play(bead).canonical()[0]

    def test_seeded_training_repeats(self) -> None:
        def trained(seed: int) -> dict[Board, dict[int, int]]:
            machine = Menace(MICHIE, Player.O, Random(seed))
            games = training(machine, bot(Level.RANDOM, seed=seed), Player.O)
            history = [next(games) for _ in range(200)]
            assert len(history) == machine.games == 200
            return machine.boxes

        assert trained(11) == trained(11)
        assert trained(11) != trained(12)

    def test_saved_and_restored(self) -> None:
        machine = Menace(SCROGGS, Player.X, Random(1))
        games = training(machine, bot(Level.RANDOM, seed=2), Player.X)
        for _ in range(50):
            next(games)
        again = Menace.from_json(machine.to_json(), Random(1))
        assert again.boxes == machine.boxes and again.games == 50 and again.rules == SCROGGS
        broken = machine.to_json()
        broken["boxes"][3]["beads"] = {"9": 1}
        bad: object
        older = machine.to_json()  # saved before the count of resignations was kept
        del older["resigned_streak"]
        assert Menace.from_json(older, Random(1)).resigned_streak == 0
        for bad in (
            broken,
            {"kind": "menace"},
            [],
            {**machine.to_json(), "games": -1},
            {**machine.to_json(), "resigned_streak": 51},
        ):
            with pytest.raises(EngineError, match="not a saved MENACE"):
                Menace.from_json(bad, Random(1))


class TestMarks:
    def test_good_moves_are_the_reference_minimaxs(self) -> None:
        for cells in ref.live_positions():
            assert set(good_moves(Board.parse(cells))) == good_reference(cells), cells

    def test_menace_marks_follow_its_beads(self) -> None:
        """A box is perfect when every move holding its most beads keeps the value;
        an empty box is not."""
        machine = Menace(MICHIE, Player.X, Random(2))
        games = training(machine, bot(Level.PERFECT, seed=3), Player.X)
        for _ in range(300):
            next(games)
        marks = machine.marks()
        assert len(marks) == 304
        for m in marks:
            beads = machine.boxes[m.board]
            top = max(beads.values())
            liked = {c for c, n in beads.items() if n == top and n > 0}
            assert m.perfect == (bool(liked) and liked <= good_reference(plain(m.board)))
        assert perfect_share(marks) == sum(m.perfect for m in marks) / 304

    def test_training_against_random_play_improves_menace(self) -> None:
        machine = Menace(MICHIE, Player.X, Random(4))
        untrained = perfect_share(machine.marks())
        games = training(machine, bot(Level.RANDOM, seed=5), Player.X)
        history = [next(games) for _ in range(2000)]
        assert perfect_share(machine.marks()) > untrained
        assert history[-500:].count(Value.LOSS) < history[:500].count(Value.LOSS)


class TestTabular:
    def test_one_lost_game_moves_the_last_value_by_alpha(self) -> None:
        """Greedy (epsilon 0), nothing known: every after-state is learned towards 0,
        except the last one before the loss, towards -1 by alpha."""
        for seed in range(50):  # the first seed whose untrained learner loses to the perfect bot
            learner = TdLearner(Player.X, Random(seed), Schedule(alpha=0.5, epsilon=0.0, decay=1.0, floor=0.0))
            perfect = bot(Level.PERFECT, seed=seed)
            board = Board.empty()
            made = []
            while not board.is_over:
                cell = learner.pick(board) if board.to_move is Player.X else perfect.choose(board)
                board = board.play(cell)
                if board.to_move is Player.O:
                    made.append(board.canonical()[0])
            if board.winner is Player.O:
                break
        assert board.winner is Player.O
        learner.finish(board, None)
        assert learner.values == {**dict.fromkeys(made[:-1], 0.0), made[-1]: -0.5}

    def test_values_of_finished_games_are_their_results(self) -> None:
        learner = TdLearner(Player.O, Random(1))
        values = learner.move_values(Board.parse("XX./OO./X.."))
        assert values[5] == 1.0  # O completes the row
        assert learner.move_values(Board.parse("XOX/XOO/OX."))[8] == 0.0  # the last cell draws

    def test_learns_against_random_play_and_repeats_with_a_seed(self) -> None:
        def trained(seed: int) -> TdLearner:
            learner = TdLearner(Player.X, Random(seed))
            games = training(learner, bot(Level.RANDOM, seed=seed), Player.X)
            for _ in range(1500):
                next(games)
            return learner

        learner = trained(3)
        assert learner.values == trained(3).values
        assert perfect_share(learner.marks()) > perfect_share(TdLearner(Player.X, Random(0)).marks())
        again = TdLearner.from_json(learner.to_json(), Random(0))
        assert again.values == learner.values and again.games == 1500

    def test_self_play_learns_both_sides(self) -> None:
        learner = TdLearner((Player.X, Player.O), Random(2))
        games = training(learner, learner, Player.X)
        for _ in range(300):
            next(games)
        assert learner.games == 300
        assert {b.to_move for b in learner.values} == {Player.X, Player.O}
        assert len(learner.marks()) == 304 + 289

    def test_bad_schedule(self) -> None:
        with pytest.raises(EngineError, match="alpha"):
            TdLearner(Player.X, Random(1), Schedule(alpha=2.0))
        with pytest.raises(EngineError, match="not a saved tabular"):
            saved = {"schedule": [0.1, 0.1, 1, 0], "sides": ["X"], "games": 1, "values": {"XXX......": 2}}
            TdLearner.from_json(saved, Random(1))


class TestMcts:
    @pytest.mark.parametrize("position", [".........", "X.O/.X./...", "XO../.X../..O./....", "X.../.O../..../...."])
    def test_visits_sum_to_the_iterations(self, position: str) -> None:
        tree = Tree(Board.parse(position), Random(1))
        for n in (1, 2, 50, 300):
            tree.run(n - tree.iterations)
            assert sum(c.visits for c in tree.root.children.values()) == n == tree.root.visits

    def test_one_iteration_shows_its_four_steps(self) -> None:
        """Selection follows tried moves, expansion adds one, the playout plays legally
        to the end, and back-propagation adds the result along the path."""
        board = Board.parse("X.O/.X./...")
        tree = Tree(board, Random(3))
        for _ in range(40):
            totals = {cell: (c.visits, c.total) for cell, c in tree.root.children.items()}
            step = tree.step()
            assert step.expanded is None or step.path[-1] == step.expanded
            end = board
            for cell in (*step.path, *step.playout):
                end = end.play(cell)
            assert end.is_over and end.winner is step.winner
            first = tree.root.children[step.path[0]]
            visits, total = totals.get(step.path[0], (0, 0.0))
            gain = 0.0 if step.winner is None else 1.0 if step.winner is board.to_move else -1.0
            assert (first.visits, first.total) == (visits + 1, total + gain)

    def test_playouts_end_games_as_the_rules_do(self) -> None:
        rng = Random(9)
        for size in (3, 4):
            for _ in range(200):
                start = Board.empty(size)
                moves, winner = random_playout(start, rng)
                end = start
                for cell in moves:
                    end = end.play(cell)
                assert end.is_over and end.winner is winner

    def test_report_against_the_reference(self) -> None:
        for cells in ("XX.OO....", "X.O.X....", ".........", "XO.......", "X...O...."):
            board = Board.parse(cells)
            tree = Tree(board, Random(4))
            tree.run(400)
            marked = report(tree)
            assert set(marked.best) == set(ref.best_cells(cells))
            assert marked.value.value == ref.solve(cells)[0]
            for move in marked.moves:
                assert move.good == (move.cell in good_reference(cells))
                assert move.exact.value.value == ref.move_outcome(cells, move.cell)[0]
            assert marked.most_visited_good == (set(marked.most_visited) <= good_reference(cells))

    def test_no_move_is_most_visited_before_any_iteration(self) -> None:
        """Before the first iteration no move has a visit, so none is "most visited"
        (none keeps or loses the value); after one, the one visited move is."""
        tree = Tree(Board.parse("X.O/.X./..."), Random(1))
        marked = report(tree)
        assert (marked.iterations, marked.most_visited, marked.most_visited_good) == (0, (), False)
        step = tree.step()
        assert tree.most_visited() == (step.path[0],) == report(tree).most_visited

    def test_seeded_search_repeats_and_finds_the_win(self) -> None:
        def visits(seed: int) -> list[int]:
            tree = Tree(Board.parse("X.O/.X./..O"), Random(seed))
            tree.run(500)
            return [c.visits for _, c in sorted(tree.root.children.items())]

        assert visits(1) == visits(1)
        assert MctsBot(300, Random(1)).choose(Board.parse("XX./OO./...")) == 2
        with pytest.raises(EngineError, match="game is over"):
            Tree(Board.parse("XXX/OO./..."), Random(1))


def test_learners_are_bots_that_play_legally() -> None:
    """A trained machine plays a whole match as a bot, learning nothing."""
    for learner in (Menace(MICHIE, Player.X, Random(1)), TdLearner(Player.X, Random(1))):
        assert isinstance(learner, Learner)
        before = copy.deepcopy(learner.to_json())
        for seed in range(30):
            board = Board.empty()
            other = bot(Level.RANDOM, seed=seed)
            while not board.is_over:
                board = board.play((learner if board.to_move is Player.X else other).choose(board))
        assert learner.to_json() == before
    assert Counter(len(distinct_moves(b)) for b in choice_positions(Player.X))[1] == 0


class TestOutcomes:
    def test_the_rank_of_values_is_perfect_plays_order(self) -> None:
        """In every live 3x3 position the value is its best move's, best by rank;
        a move gives value away exactly when its rank is below the position's."""
        for cells in ref.live_positions():
            analysis = analyze(Board.parse(cells))
            assert analysis.value is max((move.value for move in analysis.moves), key=lambda value: value.rank)
            for move in analysis.moves:
                assert (move.value.rank < analysis.value.rank) == (move.value is not analysis.value)

    def test_rewards_are_the_results_a_learner_is_paid(self) -> None:
        """+1 a win, 0 a draw, -1 a loss: the tabular learner's finished games are worth them."""
        assert [value.reward for value in (Value.WIN, Value.DRAW, Value.LOSS)] == [1.0, 0.0, -1.0]
        learner = TdLearner(Player.X, Random(1))
        assert learner.value(Board.parse("XXX/OO./...")) == Value.WIN.reward
        assert learner.value(Board.parse("XOX/XOO/OXX")) == Value.DRAW.reward

    def test_a_run_is_its_games_outcomes_and_reads_back_from_letters(self) -> None:
        run = train("menace", 60, "random", seed=2)
        assert len(run.history) == run.learner.games == 60 and set(run.history) <= set(Value)
        assert run.against is Opponent.RANDOM and run.learner.kind is LearnerKind.MENACE
        again = train(LearnerKind.MENACE, 60, Opponent.RANDOM, seed=2)
        assert again.history == run.history
        text = history_letters(run.history)
        assert len(text) == 60 and set(text) <= set("WDL") and history_from_letters(text) == run.history
        for bad in ("WDX", "w", None):
            with pytest.raises(EngineError, match="not a history"):
                history_from_letters(bad)  # type: ignore[arg-type]
