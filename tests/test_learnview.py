"""The learning page's markup (site/py/learnview.py), read in CPython: boxes, plots and their numbers."""

from __future__ import annotations

import re
from random import Random

import learnview

from pyengine import Board, Player
from pyengine.marking import choice_positions, mark
from pyengine.mcts import Tree
from pyengine.menace import MICHIE, Menace


def test_a_box_draws_its_beads_its_verdict_and_the_drawn_bead() -> None:
    machine = Menace(MICHIE, Player.X, Random(1))
    box = next(b for b in choice_positions(Player.X) if b.ply == 2)
    machine.boxes[box] = {cell: n for n, cell in enumerate(machine.boxes[box], 1)}
    marked = mark(box, machine.favourites(box))
    svg = learnview.box_svg(box, machine.boxes[box], marked, drawn=max(machine.boxes[box]))
    for cell, count in machine.boxes[box].items():
        group = re.search(rf'<g class="beads bead-c{cell}[^"]*">(.*?)</g>', svg)
        assert group is not None
        assert group.group(1).count("<circle") == min(count, 9)
    assert svg.count('class="drawn-cell"') == 1
    assert ("imperfect" not in svg) == marked.perfect
    assert f"Box {box}" in svg


def test_blocks_count_each_block_of_the_history() -> None:
    assert learnview.blocks("WWDL" "LLLL" "DD", 4) == [(4, 0.5, 0.25, 0.25), (8, 0.0, 0.0, 1.0)]
    assert learnview.block_size(100) == 10 and learnview.block_size(10_000) == 250


def test_a_plot_comes_with_a_table_of_its_numbers() -> None:
    points = [(0.0, 0.2), (50.0, 0.4), (100.0, 0.9)]
    html = learnview.line_plot("Share", [("perfect share", "share", points)], "games", "share")
    assert html.count("<polyline") == 1 and 'role="img"' in html
    rows = re.findall(r'<tr><th scope="row">([\d,]+)</th><td>([\d.]+)</td></tr>', html)
    assert rows == [("0", "0.200"), ("50", "0.400"), ("100", "0.900")]


def test_an_iteration_in_words() -> None:
    tree = Tree(Board.parse("XX./OO./..."), Random(2))
    step = tree.step()
    text = learnview.iteration_text(step)
    assert f"expansion added move {step.expanded}" in text
    assert f"{len(step.path) + 1} nodes" in text


def test_a_comparison_draws_one_line_per_machine() -> None:
    """MENACE compares four opponents under both presets; each machine is a line in
    both plots, named by its opponent and rules."""
    runs = learnview.comparison_runs("menace")
    assert len(runs) == 8 and len(learnview.comparison_runs("tabular")) == 4
    curves = [(a, r, [(0.0, 0.2), (100.0, 0.3)]) for a, r in runs]
    results = [(a, r, "WDL" * 40) for a, r in runs]
    html = learnview.comparison_plots("MENACE", curves, results)
    assert html.count("<polyline") == 16
    assert "vs another MENACE, Scroggs" in html and "vs itself, Michie" in html


def test_a_group_is_named_before_its_boxes_are_marked() -> None:
    """The heading a box group has from the start (a <summary> never empty, for
    screen readers) agrees with the one it has once its boxes are marked."""
    boxes = [b for b in choice_positions(Player.X) if learnview.move_number(b) == 1]
    before = learnview.group_summary(1, len(boxes))
    assert before == f"Before its 2nd move: {len(boxes)} boxes"
    machine = Menace(MICHIE, Player.X, Random(1))
    marks = [m for m in machine.marks(Player.X) if learnview.move_number(m.board) == 1]
    after = learnview.group_summary(1, marks)
    assert after.startswith(before + ", ") and after.endswith(" perfect")
