"""A census of a board size: its positions, games and game-tree nodes, counted
by walking the positions one depth at a time, one symmetry class at a time.

On 3x3 facts.py walks every position (5,478); 4x4 has 9,722,011, so this walk
keeps one position of each class (the class known by its image with the
smallest key; 1,217,977 classes) and takes about 20 s in CPython: it is for
the build and for bench/facts4.py, never for the page. The children of one
position of each class of a depth reach every class of the next, since a
child's image is a child of the parent's image; each class stands for as
many positions as it has distinct images; and as every position of a class
is reached by as many move sequences, the walk carries that number per class
too: the sequences into a class are those into its parents' classes, times
the moves that lead into it.
"""

from __future__ import annotations

from struct import Struct

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


class _Class(Record):
    """One symmetry class of a depth, as the walk carries it."""

    paths: int
    """Move sequences into each of its positions."""
    images: int
    """One of its positions' image keys, one per symmetry (the identity
    first), packed into one integer as _Packing lays them out."""
    members: int
    """Its distinct positions."""


class _Packing:
    """A position's image keys (one per symmetry) side by side in one integer,
    a fixed number of bytes each: a move adds its mark's images to all of
    them with one OR, and the bytes read back (struct) give every key at once.
    The 4x4 walk makes millions of moves, and computing each child's images
    afresh (32 table look-ups) was most of its time: measured side by side in
    CPython 3.11, census(4) took 33 s that way, 19 s this way (a cold site
    build computes it)."""

    def __init__(self, shape: _Shape) -> None:
        self.width = 4 if 2 * shape.cells <= 32 else 8
        count = len(shape.image_keys(0, 0))
        self.size = self.width * count
        self.unpack = Struct(f"<{count}{'I' if self.width == 4 else 'Q'}").unpack
        self.first = (1 << 8 * self.width) - 1
        """The identity's field: the position's own key."""

    def pack(self, keys: list[int]) -> int:
        return sum(key << (8 * self.width * index) for index, key in enumerate(keys))


def census(size: int) -> Census:
    """Count a board size's positions, classes, games and tree nodes.

    >>> census(3).tree_nodes
    549946
    """
    shape = _Shape(size)
    cells, is_live, full = shape.cells, shape.is_live, shape.full
    mask = (1 << cells) - 1
    packing = _Packing(shape)
    unpack, size_bytes = packing.unpack, packing.size
    # A child's images are its parent's, each with the new mark's image added:
    # a mark's images on each cell, packed, for X and for O (above X's in a key).
    marks_of = tuple(
        [packing.pack([key << (cells * side) for key in shape.image_keys(1 << cell, 0)]) for cell in range(cells)]
        for side in (0, 1)
    )
    level = {0: _Class(1, packing.pack(shape.image_keys(0, 0)), 1)}  # each class by its least key
    positions = classes = games = nodes = 0
    per_depth = []
    for depth in range(cells + 1):
        marks = marks_of[depth % 2]
        depth_positions = depth_nodes = 0
        inflow: dict[int, list[int]] = {}  # child class -> [sequences into the whole class, images, members]
        for paths, packed, members in level.values():
            depth_positions += members
            depth_nodes += members * paths
            key = packed & packing.first
            x, o = key & mask, key >> cells
            if not is_live(x, o):
                games += members * paths
                continue
            free = full ^ (x | o)
            while free:
                bit = free & -free
                free ^= bit
                child_images = packed | marks[bit.bit_length() - 1]
                child_keys = unpack(child_images.to_bytes(size_bytes, "little"))
                child = min(child_keys)
                entry = inflow.get(child)
                if entry is None:
                    inflow[child] = [members * paths, child_images, len(set(child_keys))]
                else:
                    entry[0] += members * paths
        per_depth.append((depth_positions, len(level), depth_nodes))
        positions += depth_positions
        classes += len(level)
        nodes += depth_nodes
        following = {}
        for child, (sequences, child_images, members) in inflow.items():
            paths, rest = divmod(sequences, members)
            if rest:
                raise AssertionError("positions of one class are reached by as many sequences")
            following[child] = _Class(paths, child_images, members)
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
