"""The learning page's markup (site/py/learn_view.py), read in CPython: boxes, plots and their numbers."""

from __future__ import annotations

import re
from random import Random

import learn_view

from pyengine import Board, Level, Player, Value, bot
from pyengine.learning.learner import LearnerKind, play_training_game
from pyengine.learning.marking import choice_positions, good_moves, mark
from pyengine.learning.mcts import Tree, report
from pyengine.learning.menace import MICHIE, SCROGGS, Menace, MenaceRules
from pyengine.learning.training import history_from_letters
from pyengine.words import cell_name


def test_a_box_draws_its_beads_its_verdict_and_the_drawn_bead() -> None:
    machine = Menace(MICHIE, Player.X, Random(1))
    box = next(b for b in choice_positions(Player.X) if b.ply == 2)
    machine.boxes[box] = {cell: n for n, cell in enumerate(machine.boxes[box], 1)}
    marked = mark(box, machine.favourites(box))
    svg = learn_view.box_svg(box, machine.boxes[box], marked, drawn=max(machine.boxes[box]))
    for cell, count in machine.boxes[box].items():
        group = re.search(rf'<g class="beads bead-c{cell}[^"]*">(.*?)</g>', svg)
        assert group is not None
        assert group.group(1).count("<circle") == min(count, 9)
    assert svg.count('class="drawn-cell"') == 1
    assert ("imperfect" not in svg) == marked.perfect
    assert f"Box {box}" in svg
    # Its beads are told by where their cells are, as every board of the site names a cell.
    beads = "; ".join(f"{cell_name(cell)} {count}" for cell, count in machine.boxes[box].items())
    assert f"beads by cell: {beads}" in svg
    assert not re.search(r"cell \d", svg)


def test_blocks_count_each_block_of_the_history() -> None:
    history = history_from_letters("WWDLLLLLDD")
    assert learn_view.blocks(history, 4) == [(4, 0.5, 0.25, 0.25), (8, 0.0, 0.0, 1.0)]
    assert learn_view.block_size(100) == 10 and learn_view.block_size(10_000) == 250


def test_a_plot_comes_with_a_table_of_its_numbers() -> None:
    points = [(0.0, 0.2), (50.0, 0.4), (100.0, 0.9)]
    html = learn_view.line_plot("Share", [("perfect share", "share", points)], "games", "share")
    assert html.count("<polyline") == 1 and 'role="img"' in html
    rows = re.findall(r'<tr><th scope="row">([\d,]+)</th><td>([\d.]+)</td></tr>', html)
    assert rows == [("0", "0.200"), ("50", "0.400"), ("100", "0.900")]


def test_an_iteration_in_words() -> None:
    tree = Tree(Board.parse("XX./OO./..."), Random(2))
    step = tree.step()
    text = learn_view.iteration_text(step)
    assert step.expanded is not None
    assert f"expansion added move {cell_name(step.expanded)}" in text
    assert not re.search(r"move \d", text)
    # Once the root has no untried move, selection follows moves: named too.
    later = next(step for step in (tree.step() for _ in range(200)) if step.path[:-1])
    path = " then ".join(cell_name(cell) for cell in (later.path[:-1] if later.expanded is not None else later.path))
    assert f"selection followed {path};" in learn_view.iteration_text(later)
    assert f"{len(step.path) + 1} nodes" in text


def test_a_comparison_draws_one_line_per_machine() -> None:
    """MENACE compares four opponents under both presets; each machine is a line in
    both plots, named by its opponent and rules."""
    runs = learn_view.comparison_runs(LearnerKind.MENACE)
    assert len(runs) == 8 and len(learn_view.comparison_runs(LearnerKind.TABULAR)) == 4
    curves = [(a, r, [(0.0, 0.2), (100.0, 0.3)]) for a, r in runs]
    results = [(a, r, history_from_letters("WDL" * 40)) for a, r in runs]
    html = learn_view.comparison_plots(LearnerKind.MENACE, curves, results)
    assert html.count("<polyline") == 16
    assert "vs another MENACE, Scroggs" in html and "vs itself, Michie" in html


def test_a_group_is_named_before_its_boxes_are_marked() -> None:
    """The heading a box group has from the start (a <summary> never empty, for
    screen readers) agrees with the one it has once its boxes are marked."""
    boxes = [b for b in choice_positions(Player.X) if learn_view.move_number(b) == 1]
    before = learn_view.group_summary(1, len(boxes))
    assert before == f"Before its 2nd move: {len(boxes)} boxes"
    machine = Menace(MICHIE, Player.X, Random(1))
    marks = [m for m in machine.marks(Player.X) if learn_view.move_number(m.board) == 1]
    after = learn_view.group_summary(1, marks)
    assert after.startswith(before + ", ") and after.endswith(" perfect")


# -- the status and notes follow the machine: words checked against the engine's state --------


def test_the_status_counts_every_game_in_words() -> None:
    assert learn_view.machine_status("Ready", "MENACE", 1_100) == "Ready: MENACE has played 1,100 games."
    assert learn_view.machine_status("After your game", "MENACE", 1) == "After your game: MENACE has played 1 game."
    assert learn_view.machine_status("Ready", "the tabular learner", 0) == (
        "Ready: the tabular learner has played no games yet."
    )


def dry_menace(rules: MenaceRules) -> Menace:
    """A MENACE trained against the perfect bot until it has resigned three games in a row."""
    for seed in range(1, 20):
        machine = Menace(rules, Player.X, Random(seed))
        perfect = bot(Level.PERFECT, seed=seed)
        for _ in range(400):
            play_training_game(machine, perfect)
            if machine.resigned_streak == 3:
                return machine
    raise AssertionError("no seed ran MENACE dry")


def test_the_resignation_note_says_why_and_what_changes_it() -> None:
    """Silent while MENACE plays its games out; once it resigns, the note counts the
    games and the empty boxes as the machine has them, and names the ways out."""
    assert learn_view.resignation_note(Menace(MICHIE, Player.X, Random(1))) == ""
    machine = dry_menace(MICHIE)
    note = learn_view.resignation_note(machine)
    empty = sum(not any(beads.values()) for beads in machine.boxes.values())
    assert note.startswith("MENACE resigned its last 3 games: a box it reached had run out of beads")
    assert f"({learn_view.counted(empty, 'box', 'boxes')} of 304 {'is' if empty == 1 else 'are'} empty now)" in note
    assert ("Its first box is empty" in note) == (Board.empty() in machine.empty_boxes())
    assert "Scroggs' rules" in note and "Forget this MENACE" in note
    machine.resigned_streak = 1
    assert "resigned its last game:" in learn_view.resignation_note(machine)
    scroggs = dry_menace(SCROGGS)
    note = learn_view.resignation_note(scroggs)
    assert "Scroggs' rules" not in note and "Forget this MENACE" in note


def test_a_game_over_says_what_menace_learned() -> None:
    assert learn_view.game_over_text(Value.WIN, resigned=True, learned=False) == (
        "You won (MENACE resigned: its box was empty). It drew no bead, so it had nothing to learn from; "
        "press New game to play again."
    )
    assert learn_view.game_over_text(Value.LOSS, resigned=False, learned=True).startswith(
        "MENACE won. It has learned from the game"
    )


ONE_OF_MANY = re.compile(r"\b1 (games|moves|nodes|iterations|boxes)\b|\b(?!1\b)[\d,]+ (game|move|node|iteration)\b")


def test_iterations_are_told_in_grammatical_counts() -> None:
    """Every iteration from a few positions, in words: the counts are the step's,
    singular for one, and a game ended by the expanded move has no playout."""
    seen_short = seen_none = False
    for position in ("XX./OO./...", "X.O/.X./...", "XOX/OXO/..."):
        tree = Tree(Board.parse(position), Random(7))
        for _ in range(60):
            step = tree.step()
            text = learn_view.iteration_text(step)
            assert not ONE_OF_MANY.search(text), text
            assert f"{learn_view.counted(len(step.path) + 1, 'node')} (the root included)" in text
            if step.playout:
                assert f"played {learn_view.counted(len(step.playout), 'move')}, and" in text
                seen_short |= len(step.playout) == 1
            else:
                assert "no random playout: the game was over" in text
                seen_none = True
    assert seen_short and seen_none


CELL_BY_NAME = {cell_name(cell): cell for cell in range(9)}


def cells_of(names: str) -> list[int]:
    """The cells a summary names, "centre, top left", read back through the words."""
    return [CELL_BY_NAME[name] for name in names.split(", ") if name]


def cells_named(text: str) -> list[int]:
    found = re.search(r"most-visited moves? \(([a-z ,]+?)(?:, tied)?\)", text)
    assert found is not None, text
    return cells_of(found.group(1))


def test_the_search_summary_is_true_at_every_count() -> None:
    """At 0 iterations no move is named; from 1 on, the moves named are the most
    visited, and each is said to keep the exact value exactly when it does."""
    for position in ("X.O/.X./...", ".........", "XO./.X./..O"):
        board = Board.parse(position)
        tree = Tree(board, Random(3))
        text = learn_view.search_summary(report(tree))
        assert text.startswith("No iterations yet") and "most-visited" not in text
        assert not re.search(r"\d", text.split(":", 1)[0])
        good = set(good_moves(board))
        for total in (1, 2, 3, 5, 9, 40):
            tree.run(total - tree.iterations)
            marked = report(tree)
            text = learn_view.search_summary(marked)
            assert text.startswith(f"{learn_view.counted(total, 'iteration')}. ")
            assert not ONE_OF_MANY.search(text), text
            named = cells_named(text)
            assert named == list(marked.most_visited)
            keep = [cell for cell in named if cell in good]
            if len(named) == 1:
                assert (" keeps " in text) == bool(keep) and (" does not keep " in text) != bool(keep)
            elif len(keep) == len(named):
                assert "all keep the exact value" in text
            elif not keep:
                assert "none keeps the exact value" in text
            else:
                said = text.split("): ", 1)[1]
                kept, _, lost = said.partition(" the exact value")
                assert cells_of(kept.removesuffix(" keeps").removesuffix(" keep")) == keep
                lost = lost.split("), ", 1)[1].removesuffix(" not.").removesuffix(" does").removesuffix(" do")
                assert cells_of(lost) == [c for c in named if c not in good]


def test_an_unvisited_move_shows_no_mean() -> None:
    """Each row is the report's move: its visits, its mean once visited (a dash
    before: 0.00 would claim a mean of no games), its exact value."""
    tree = Tree(Board.parse("X.O/.X./..."), Random(5))
    for total in (0, 1, 30):
        tree.run(total - tree.iterations)
        marked = report(tree)
        rows = re.findall(
            r'<th scope="row">([^<]+)</th><td>([\d,]+)</td><td>([^<]+)</td><td>(\w+) in (\d+)</td>',
            learn_view.move_rows(marked),
        )
        assert [cell for cell, *_ in rows] == [cell_name(m.cell) for m in marked.moves]
        for (_, visits, mean, value, plies), m in zip(rows, marked.moves, strict=True):
            assert int(visits) == m.visits and (value, int(plies)) == (m.exact.value.value, m.exact.plies)
            assert mean == (f"{m.mean:+.2f}" if m.visits else "\u2013")


def test_a_bigger_boards_moves_are_named_by_row_and_column() -> None:
    """On 4x4 "top" no longer says which cell: the table names its cells as the words do there."""
    board = Board.parse("XOXO/XOXO/OX../....")
    tree = Tree(board, Random(5))
    tree.run(3)
    marked = report(tree)
    rows = re.findall(r'<th scope="row">([^<]+)</th>', learn_view.move_rows(marked, board.size))
    assert rows == [cell_name(m.cell, 4) for m in marked.moves]
    assert "row 3, column 3" in rows and "right" not in "".join(rows)


def test_a_bigger_boards_summary_and_iteration_name_cells_by_row_and_column() -> None:
    """On 4x4 the words name a cell by its row and column, with a comma: the
    summary and the iteration keep the names apart with semicolons."""
    tree = Tree(Board.parse("XOXO/XOXO/OX../...."), Random(5))
    step = tree.step()
    assert step.expanded is not None
    assert f"added move {cell_name(step.expanded, 4)};" in learn_view.iteration_text(step, 4)
    tree.step()  # two moves with one visit each: tied
    marked = report(tree)
    assert len(marked.most_visited) == 2
    text = learn_view.search_summary(marked, 4)
    assert f"({'; '.join(cell_name(cell, 4) for cell in marked.most_visited)}; tied)" in text
