"""A census of a board size: its positions, games and game-tree nodes, counted
by walking the positions one depth at a time, one symmetry class at a time.

On 3x3 facts.py walks every position (5,478); 4x4 has 9,722,011, so this walk
keeps only each class's representative (its image with the smallest key,
1,217,977 of them) and takes about 30 s in CPython: it is for the build and
for bench/facts4.py, never for the page. The children of one depth's
representatives reach every class of the next, since a child's image is a
child of the parent's image; each class stands for as many positions as it has
distinct images; and as every position of a class is reached by as many move
sequences, the walk carries that number per class too: the sequences into a
class are those into its parents' classes, times the moves that lead into it.
"""

from __future__ import annotations

from .geometry import geometry, images
from .records import Record


class Census(Record):
    """What a census counts, from the empty board of one size."""

    positions: int
    """Distinct positions reachable in legal play, the empty board included."""
    classes: int
    """The same, counting turns and mirrors of one another once."""
    games: int
    """Distinct move sequences from the empty board to an end."""
    tree_nodes: int
    """Nodes of the full game tree (every prefix of every game): what plain
    minimax enters from the empty board."""
    per_depth: tuple[tuple[int, int, int], ...]
    """For each number of marks: positions, classes, tree nodes."""


class _Shape:
    """One board size's lines, and its positions' images."""

    def __init__(self, size: int) -> None:
        shape = geometry(size)
        self.cells, self.full, self.lines = shape.cells, shape.full, shape.line_masks
        self.image_keys = images(shape)

    def images(self, x: int, o: int) -> set[int]:
        """The keys (X's mask, O's above it) of a position's distinct images."""
        return set(self.image_keys(x, o))

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


def census(size: int) -> Census:
    """Count a board size's positions, classes, games and tree nodes.

    >>> census(3).tree_nodes
    549946
    """
    shape = _Shape(size)
    images, cells = shape.images, shape.cells
    mask = (1 << cells) - 1
    level = {0: 1}  # representative's key -> move sequences reaching each of its positions
    positions = classes = games = nodes = 0
    per_depth = []
    for _ in range(cells + 1):
        depth_positions = depth_nodes = 0
        inflow: dict[int, int] = {}  # child class -> sequences into the whole class
        for key, paths in level.items():
            x, o = key & mask, key >> cells
            members = len(images(x, o))
            depth_positions += members
            depth_nodes += members * paths
            if not shape.is_live(x, o):
                games += members * paths
                continue
            for cx, co in shape.children(x, o):
                child = min(images(cx, co))
                inflow[child] = inflow.get(child, 0) + members * paths
        per_depth.append((depth_positions, len(level), depth_nodes))
        positions += depth_positions
        classes += len(level)
        nodes += depth_nodes
        following = {}
        for child, sequences in inflow.items():
            paths, rest = divmod(sequences, len(images(child & mask, child >> cells)))
            if rest:
                raise AssertionError("positions of one class are reached by as many sequences")
            following[child] = paths
        level = following
    return Census(positions, classes, games, nodes, tuple(per_depth))


def every_position(size: int) -> int:
    """The positions of a size counted the plain way, every one of them: the
    check on ``census`` (about a minute and a half for 4x4)."""
    shape = _Shape(size)
    level = {(0, 0)}
    total = 0
    while level:
        total += len(level)
        level = {child for x, o in level if shape.is_live(x, o) for child in shape.children(x, o)}
    return total
