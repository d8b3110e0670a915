"""The numbers of the game tree, computed by walking it, never written in.

The tree has 549,946 nodes, but only 5,478 distinct positions, so every count
is a sum over a position's children memoised per position: the whole walk
touches each position once.
"""

from __future__ import annotations

from .board import Board, Player, Result, reachable_positions
from .records import Record

TYPE_CHECKING = False  # see board.py
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


FACT_LABELS: Final = {
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


def compute_facts() -> Facts:
    """Walk the game tree and count.

    >>> facts = compute_facts()
    >>> facts.games, facts.positions, facts.tree_nodes
    (255168, 5478, 549946)
    """
    positions = reachable_positions()
    # Leaves first: each position's counts are the sums of its children's.
    # (x_wins, o_wins, draws, nodes in the subtree)
    below: dict[Board, tuple[int, int, int, int]] = {}
    for board in reversed(positions):
        result = board.result
        if result is Result.ONGOING:
            xw = ow = dr = nodes = 0
            for cell in board.legal_moves:
                cx, co, cd, cn = below[board.play(cell)]
                xw, ow, dr, nodes = xw + cx, ow + co, dr + cd, nodes + cn
            below[board] = (xw, ow, dr, nodes + 1)
        else:
            below[board] = (
                int(result is Result.X_WON), int(result is Result.O_WON), int(result is Result.DRAW), 1
            )
    x_wins, o_wins, draws, tree_nodes = below[Board.empty()]
    terminal = [board for board in positions if board.is_over]
    return Facts(
        games=x_wins + o_wins + draws,
        x_wins=x_wins,
        o_wins=o_wins,
        draws=draws,
        positions=len(positions),
        terminal_positions=len(terminal),
        positions_up_to_symmetry=len({board.canonical()[0] for board in positions}),
        terminal_positions_up_to_symmetry=len({board.canonical()[0] for board in terminal}),
        tree_nodes=tree_nodes,
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

    from .policy import choice  # only the funnel needs the bot: not imported with the engine

    positions = reachable_positions()
    canonical = {board: board.canonical()[0] for board in positions}
    # Paths in the tree of positions where symmetric moves are merged, leaves first.
    merged: dict[Board, int] = {}
    for board in reversed(positions):
        if board.is_over:
            merged[board] = 1
        elif board is canonical[board]:
            merged[board] = sum(merged[child] for child in {canonical[board.play(c)] for c in board.legal_moves})
    # The game tree, one depth at a time: the move sequences reaching each position.
    by_depth = []
    layer = {Board.empty(): 1}
    while layer:
        by_depth.append(sum(layer.values()))
        following: dict[Board, int] = {}
        for board, paths in layer.items():
            for cell in board.legal_moves:
                child = board.play(cell)
                following[child] = following.get(child, 0) + paths
        layer = following

    def sequences(person: Player) -> int:
        """Non-empty sequences of the person's moves: one per move the person
        can make in every position the bot's answers lead to."""
        count, frontier = 0, [Board.empty()]
        while frontier:
            board = frontier.pop()
            if board.is_over:
                continue
            if board.to_move is not person:
                frontier.append(board.play(choice(board)))
                continue
            count += len(board.legal_moves)
            frontier.extend(board.play(cell) for cell in board.legal_moves)
        return count

    return Funnel(
        boards=3 ** 9,
        positions=len(positions),
        positions_up_to_symmetry=len(set(canonical.values())),
        move_orders=factorial(9),
        games=sum(_games(positions)),
        games_up_to_symmetry=merged[Board.empty()],
        tree_nodes_by_depth=tuple(by_depth),
        sequences_as_x=sequences(Player.X),
        sequences_as_o=sequences(Player.O),
    )


def _games(positions: list[Board]) -> list[int]:
    """The number of games through each finished position (paths from the empty board)."""
    paths: dict[Board, int] = {Board.empty(): 1}
    for board in positions:
        if board.is_over:
            continue
        for cell in board.legal_moves:
            child = board.play(cell)
            paths[child] = paths.get(child, 0) + paths[board]
    return [paths[board] for board in positions if board.is_over]
