"""Facts of 4x4 tic-tac-toe (four in a row), computed: minutes in pure Python.

    python bench/facts4.py [--check]

Counts the positions that can arise in a legal game, the empty board
included, and those up to symmetry (a position and its turns and mirror
images count once); the games (move sequences from the empty board to an
end) and the nodes of the game tree (every prefix of every game: what plain
minimax visits from the empty board); then solves the empty board with the
engine.

The census (pyengine/census.py) walks the positions one depth at a time,
keeping one position of each symmetry class (the class known by its image
with the smallest key): the children of those positions at one depth reach
every class of the next, since a child's image is a child of the parent's
image. Each class stands for as many positions as it has distinct images, so
one walk gives both counts. The number of move sequences reaching a position
is the same for every position of a class, so the walk carries it per class
too: the sequences into a class are those into its parents' classes, times
the moves that lead into it.
``--check`` walks every position as well, without symmetry (about ten
minutes), and says whether the two counts agree.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine import Board, analyze  # noqa: E402
from pyengine.census import census, every_position  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="also count every position without symmetry")
    args = parser.parse_args()

    started = time.perf_counter()
    walk = census(4)
    positions = walk.positions
    walked = time.perf_counter() - started
    print("4x4, four in a row")
    print(f"  positions that can arise in a legal game  {positions:>22,}")
    print(f"  ... up to symmetry                         {walk.classes:>22,}")
    print(f"  games (move sequences to an end)           {walk.games:>22,}")
    print(f"  nodes of the game tree                     {walk.tree_nodes:>22,}")
    print("  by depth (marks on the board): positions / classes / tree nodes")
    for depth, (count, reps, nodes) in enumerate(walk.per_depth):
        print(f"    {depth:2}  {count:>9,} / {reps:>9,} / {nodes:>20,}")
    print(f"  (walked in {walked:.0f} s)")
    started = time.perf_counter()
    analysis = analyze(Board.empty(4))
    assert analysis.value is not None
    print(
        f"  the empty board: {analysis.value.value}, {analysis.plies} plies to the end with perfect play "
        f"(solved in {time.perf_counter() - started:.2f} s)"
    )
    if args.check:
        started = time.perf_counter()
        every = every_position(4)
        verdict = "agrees" if every == positions else "DISAGREES"
        print(f"  every position walked without symmetry: {every:,} ({verdict}; {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
