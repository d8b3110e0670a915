"""The numbers of the game tree, computed by walking it, never written in.

The tree has 549,946 nodes, but only 5,478 distinct positions, so the games
and the tree's nodes are counted by one walk over the positions
(``sequences_into``): the move sequences that reach each position are the
sum of those that reach its parents. A game is a sequence that reaches a
finished position; a node of the tree, a sequence that reaches any.
"""

from __future__ import annotations

from .board import Board, Player, Result, reachable_positions
from .records import Record

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from typing import Final


class Facts(Record):
    """Counts of games and positions of tic-tac-toe from the empty board."""

    games: int
    """Distinct move sequences from the empty board to an end."""
    x_wins: int
    """Games that X wins."""
    o_wins: int
    """Games that O wins."""
    draws: int
    """Games that end drawn."""
    positions: int
    """Distinct positions reachable in legal play, the empty board included."""
    terminal_positions: int
    """Reachable positions in which the game is over."""
    positions_up_to_symmetry: int
    """Reachable positions, counting turns and mirrors of one another once."""
    terminal_positions_up_to_symmetry: int
    """Finished positions, counting turns and mirrors once."""
    tree_nodes: int
    """Nodes of the full game tree: every prefix of every game, the root included."""

    def as_dict(self) -> dict[str, int]:
        """The facts under the keys the command line prints."""
        return dict(self._asdict())

    def __repr__(self) -> str:
        return "Facts({})".format(", ".join(f"{k}={v:,}" for k, v in self.as_dict().items()))


FACT_LABELS: Final[dict[str, str]] = {
    "games": "possible games",
    "x_wins": "… won by X",
    "o_wins": "… won by O",
    "draws": "… drawn",
    "positions": "legal positions",
    "terminal_positions": "… in which the game is over",
    "positions_up_to_symmetry": "positions up to symmetry",
    "terminal_positions_up_to_symmetry": "… in which the game is over",
    "tree_nodes": "nodes in the full game tree",
}
"""What each fact is called, in the order people read them; a label that
starts with "… " narrows the one above it."""


def sequences_into(start: Board | None = None) -> dict[Board, int]:
    """The census of games and tree nodes: every position reachable from
    ``start`` (the empty 3x3 board unless given), by the number of marks, with
    the number of move sequences from ``start`` that reach it.

    >>> counts = sequences_into()
    >>> sum(counts.values()), sum(n for board, n in counts.items() if board.is_over)  # nodes, games
    (549946, 255168)
    """
    layer = {Board.empty() if start is None else start: 1}
    counts: dict[Board, int] = {}
    while layer:
        counts.update(layer)
        following: dict[Board, int] = {}
        for board, paths in layer.items():
            for cell in board.legal_moves:
                child = board.play(cell)
                following[child] = following.get(child, 0) + paths
        layer = following
    return counts


def compute_facts() -> Facts:
    """Walk the game tree and count.

    >>> facts = compute_facts()
    >>> facts.games, facts.positions, facts.tree_nodes
    (255168, 5478, 549946)
    """
    positions = reachable_positions()
    games = dict.fromkeys((Result.X_WON, Result.O_WON, Result.DRAW), 0)
    counts = sequences_into()
    for board, paths in counts.items():
        if board.is_over:
            games[board.result] += paths
    terminal = [board for board in positions if board.is_over]
    return Facts(
        games=sum(games.values()),
        x_wins=games[Result.X_WON],
        o_wins=games[Result.O_WON],
        draws=games[Result.DRAW],
        positions=len(positions),
        terminal_positions=len(terminal),
        positions_up_to_symmetry=len({board.canonical()[0] for board in positions}),
        terminal_positions_up_to_symmetry=len({board.canonical()[0] for board in terminal}),
        tree_nodes=sum(counts.values()),
    )


class Funnel(Record):
    """From every way to fill the board down to the games that differ, each
    number computed: what the facts page shows as a funnel."""

    boards: int
    """Ways to fill the 9 cells with X, O or nothing: 3 to the 9th."""
    positions: int
    """Of those, the positions a legal game can reach (the empty board included)."""
    positions_up_to_symmetry: int
    """The same, turns and mirrors of one another counted once."""
    move_orders: int
    """Orders in which 9 cells can be filled: 9 factorial."""
    games: int
    """Move sequences from the empty board to an end (most stop before the board is full)."""
    games_up_to_symmetry: int
    """Games when, at every move, moves that lead to turns or mirrors of one
    another count once: the 26,830 of Schaefer's count, which articles quote."""
    tree_nodes_by_depth: tuple[int, ...]
    """Nodes of the game tree with 0, 1, ... 9 marks: every prefix of every game."""
    sequences_as_x: int
    """Sequences of a person's moves, playing X, against a bot that always
    answers with one move (the compiled bot of pyengine.policy): every
    sequence, from one move to a finished game, counted once."""
    sequences_as_o: int
    """The same for a person playing O."""


def funnel() -> Funnel:
    """Count everything the funnel shows.

    >>> f = funnel()
    >>> f.boards, f.games_up_to_symmetry, f.sequences_as_x
    (19683, 26830, 951)
    """
    from math import factorial

    from .policy import person_sequences  # only the funnel needs the bot: not imported with the engine

    positions = reachable_positions()
    canonical = {board: board.canonical()[0] for board in positions}
    # Paths in the tree of positions where symmetric moves are merged, leaves first.
    merged: dict[Board, int] = {}
    for board in reversed(positions):
        if board.is_over:
            merged[board] = 1
        elif board is canonical[board]:
            merged[board] = sum(merged[child] for child in {canonical[board.play(c)] for c in board.legal_moves})
    counts = sequences_into()
    by_depth = [0] * (Board.empty().geometry.cells + 1)
    for board, paths in counts.items():
        by_depth[board.ply] += paths
    return Funnel(
        boards=3**9,
        positions=len(positions),
        positions_up_to_symmetry=len(set(canonical.values())),
        move_orders=factorial(9),
        games=sum(paths for board, paths in counts.items() if board.is_over),
        games_up_to_symmetry=merged[Board.empty()],
        tree_nodes_by_depth=tuple(by_depth),
        sequences_as_x=sum(1 for _ in person_sequences(Player.X)),
        sequences_as_o=sum(1 for _ in person_sequences(Player.O)),
    )
