"""Facts of 4x4 tic-tac-toe (four in a row), computed: minutes in pure Python.

    python bench/facts4.py [--check]

Counts the positions that can arise in a legal game, the empty board
included, and those up to symmetry (a position and its turns and mirror
images count once), then solves the empty board with the engine.

The positions are walked one depth at a time, keeping only each symmetry
class's representative (its image with the smallest key): the children of the
representatives of one depth reach every class of the next, since a child's
image is a child of the parent's image. Each class stands for as many
positions as it has distinct images, so one walk gives both counts.
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
from pyengine.board import geometry  # noqa: E402

SHAPE = geometry(4)
CELLS = SHAPE.cells
FULL = SHAPE.full
LINES = SHAPE.line_masks
# Each symmetry maps a 16-bit mask one byte at a time.
BYTE_MAPS = [
    [[sum(1 << s.perm[8 * b + i] for i in range(8) if v >> i & 1) for v in range(256)] for b in range(2)]
    for s in SHAPE.symmetries
]


def images(x: int, o: int) -> set[int]:
    """The keys (X's mask, O's above it) of a position's 8 images."""
    return {
        (low[x & 255] | high[x >> 8]) | (low[o & 255] | high[o >> 8]) << CELLS for low, high in BYTE_MAPS
    }


def won(mask: int) -> bool:
    return any(mask & line == line for line in LINES)


def children(x: int, o: int) -> list[tuple[int, int]]:
    """The positions one move after a live one (X to move when the counts are equal)."""
    free = FULL ^ (x | o)
    x_moves = (x | o).bit_count() % 2 == 0
    out = []
    while free:
        bit = free & -free
        free ^= bit
        out.append((x | bit, o) if x_moves else (x, o | bit))
    return out


def is_live(x: int, o: int) -> bool:
    return not (won(x) or won(o) or x | o == FULL)


def count_by_classes() -> tuple[int, int, list[tuple[int, int]]]:
    """(positions, classes, per depth (positions, classes)) from representatives."""
    level = {0}  # keys of the representatives of this depth
    positions = classes = 0
    per_depth = []
    for _ in range(CELLS + 1):
        depth_positions = 0
        following: set[int] = set()
        mask = (1 << CELLS) - 1
        for key in level:
            x, o = key & mask, key >> CELLS
            depth_positions += len(images(x, o))
            if is_live(x, o):
                for cx, co in children(x, o):
                    following.add(min(images(cx, co)))
        per_depth.append((depth_positions, len(level)))
        positions += depth_positions
        classes += len(level)
        level = following
    return positions, classes, per_depth


def count_every_position() -> int:
    level = {(0, 0)}
    total = 0
    while level:
        total += len(level)
        level = {child for x, o in level if is_live(x, o) for child in children(x, o)}
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="also count every position without symmetry")
    args = parser.parse_args()

    started = time.perf_counter()
    positions, classes, per_depth = count_by_classes()
    walked = time.perf_counter() - started
    print("4x4, four in a row")
    print(f"  positions that can arise in a legal game  {positions:>10,}")
    print(f"  ... up to symmetry                         {classes:>10,}")
    print("  by depth (marks on the board): positions / classes")
    for depth, (count, reps) in enumerate(per_depth):
        print(f"    {depth:2}  {count:>9,} / {reps:>9,}")
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
