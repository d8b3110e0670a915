"""Facts of 4x4 tic-tac-toe (four in a row), computed: minutes in pure Python.

    python bench/facts4.py [--check]

Counts the positions that can arise in a legal game, the empty board
included, and those up to symmetry (a position and its turns and mirror
images count once); the games (move sequences from the empty board to an
end) and the nodes of the game tree (every prefix of every game: what plain
minimax visits from the empty board); then solves the empty board with the
engine.

The positions are walked one depth at a time, keeping only each symmetry
class's representative (its image with the smallest key): the children of the
representatives of one depth reach every class of the next, since a child's
image is a child of the parent's image. Each class stands for as many
positions as it has distinct images, so one walk gives both counts. The
number of move sequences reaching a position is the same for every position
of a class, so the walk carries it per class too: the sequences into a class
are those into its parents' classes, times the moves that lead into it.
``--check`` walks every position as well, without symmetry (about ten
minutes), and says whether the two counts agree.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine import Board, analyze  # noqa: E402
from pyengine.board import geometry  # noqa: E402


class Shape:
    """One board size's tables: its lines and, per symmetry, a mask's image
    one byte at a time."""

    def __init__(self, size: int) -> None:
        shape = geometry(size)
        self.cells, self.full, self.lines = shape.cells, shape.full, shape.line_masks
        self.byte_maps = [
            [[sum(1 << s.perm[8 * b + i] for i in range(8) if v >> i & 1 and 8 * b + i < self.cells)
              for v in range(256)] for b in range(2)]
            for s in shape.symmetries
        ]

    def images(self, x: int, o: int) -> set[int]:
        """The keys (X's mask, O's above it) of a position's 8 images."""
        return {
            (low[x & 255] | high[x >> 8]) | (low[o & 255] | high[o >> 8]) << self.cells
            for low, high in self.byte_maps
        }

    def is_live(self, x: int, o: int) -> bool:
        won = any(x & line == line or o & line == line for line in self.lines)
        return not (won or x | o == self.full)

    def children(self, x: int, o: int) -> list[tuple[int, int]]:
        """The positions one move after a live one (X to move when the counts are equal)."""
        free = self.full ^ (x | o)
        x_moves = (x | o).bit_count() % 2 == 0
        out = []
        while free:
            bit = free & -free
            free ^= bit
            out.append((x | bit, o) if x_moves else (x, o | bit))
        return out


class Walk(NamedTuple):
    positions: int
    classes: int
    games: int
    tree_nodes: int
    per_depth: list[tuple[int, int, int]]  # positions, classes, tree nodes


def count_by_classes(size: int = 4) -> Walk:
    """Every count, from one walk over the classes' representatives."""
    shape = Shape(size)
    images, cells = shape.images, shape.cells
    level = {0: 1}  # representative's key -> move sequences reaching each of its positions
    positions = classes = games = nodes = 0
    per_depth = []
    mask = (1 << cells) - 1
    for _ in range(cells + 1):
        depth_positions = depth_nodes = 0
        inflow: dict[int, int] = {}  # child class -> sequences into the whole class
        for key, paths in level.items():
            x, o = key & mask, key >> cells
            size = len(images(x, o))
            depth_positions += size
            depth_nodes += size * paths
            if not shape.is_live(x, o):
                games += size * paths
                continue
            for cx, co in shape.children(x, o):
                child = min(images(cx, co))
                inflow[child] = inflow.get(child, 0) + size * paths
        per_depth.append((depth_positions, len(level), depth_nodes))
        positions += depth_positions
        classes += len(level)
        nodes += depth_nodes
        following = {}
        for child, sequences in inflow.items():
            paths, rest = divmod(sequences, len(images(child & mask, child >> cells)))
            assert rest == 0, "positions of one class are reached by as many sequences"
            following[child] = paths
        level = following
    return Walk(positions, classes, games, nodes, per_depth)


def count_every_position(size: int = 4) -> int:
    shape = Shape(size)
    level = {(0, 0)}
    total = 0
    while level:
        total += len(level)
        level = {child for x, o in level if shape.is_live(x, o) for child in shape.children(x, o)}
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="also count every position without symmetry")
    args = parser.parse_args()

    started = time.perf_counter()
    walk = count_by_classes()
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
    print(f"  the empty board: {analysis.value.value}, {analysis.plies} plies to the end with perfect play "
          f"(solved in {time.perf_counter() - started:.2f} s)")
    if args.check:
        started = time.perf_counter()
        every = count_every_position()
        verdict = "agrees" if every == positions else "DISAGREES"
        print(f"  every position walked without symmetry: {every:,} ({verdict}; {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
