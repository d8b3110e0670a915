"""Tic-tac-toe as tutorials write it: the yardsticks the engine's speed is measured against.

Each baseline is a small textbook implementation, kept as it is commonly
written (players as strings, lists of lists, no caching where the textbook has
none), because the point is the ratio: `bench/engine.py` runs the engine and a
baseline in the same minute on the same machine, and a figure only means
something beside its baseline. They are not examples to follow; change one
and every ratio measured before no longer compares.

  naive      a list-of-lists grid copied (``copy.deepcopy``) at every node, the
             winner found with sets, full minimax with depth-aware scores, no
             pruning and no cache: the approach of many tutorials.
  alphabeta  a flat list board, the winner found by scanning the 8 lines with
             membership tests, alpha-beta pruning, no cache.
  equity     negamax over a 9-tuple board, memoised with functools.lru_cache.
  randmatch  N games of random against random on a flat list board: a floor for
             how fast any match loop can be in plain Python.

    python bench/baselines.py naive|alphabeta|equity
    python bench/baselines.py randmatch [N]

prints what it did and the seconds it took, timed inside the process (after
its imports), which `bench/engine.py` reads.
"""

from __future__ import annotations

import copy
import functools
import sys
import time

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
"""The eight winning lines, as cell indices 0-8, row by row from the top left."""

Mark = str | None
"""A cell's content: "X", "O" or None for empty."""

visited = [0]
"""Nodes searched since the process started (one counter for all three searches)."""

# The opponent is written out inline at every node, as the tutorials do: a
# helper function would add a call to each node and change the baselines' times.


# -- naive: minimax on a copied grid -------------------------------------------------


class GridBoard:
    """A 3x3 grid of rows, and the moves played so far as (row, column)."""

    def __init__(self) -> None:
        self.grid: list[list[Mark]] = [[None] * 3 for _ in range(3)]
        self.moves: list[tuple[int, int]] = []

    @classmethod
    def from_cells(cls, cells: list[Mark]) -> GridBoard:
        """The grid of nine cells given row by row."""
        board = cls()
        for index, mark in enumerate(cells):
            if mark is not None:
                board.play(index // 3, index % 3, mark)
        return board

    def winner(self) -> Mark:
        """The player with a full line, found by collecting each line's marks into a set."""
        if len(self.moves) < 5:
            return None
        g = self.grid
        lines = [set(g[r]) for r in range(3)]
        lines += [{g[r][c] for r in range(3)} for c in range(3)]
        lines.append({g[0][0], g[1][1], g[2][2]})
        lines.append({g[2][0], g[1][1], g[0][2]})
        for marks in lines:
            if len(marks) == 1:
                mark = next(iter(marks))
                if mark is not None:
                    return mark
        return None

    def legal(self) -> list[tuple[int, int]]:
        """The empty cells as (row, column), row by row."""
        return [(r, c) for r in range(3) for c in range(3) if self.grid[r][c] is None]

    def play(self, r: int, c: int, player: str) -> None:
        self.grid[r][c] = player
        self.moves.append((r, c))

    def __deepcopy__(self, memo: dict[int, object]) -> GridBoard:
        board = GridBoard()
        board.grid = copy.deepcopy(self.grid)
        board.moves = copy.deepcopy(self.moves)
        return board


def naive(board: GridBoard, me: str, to_move: str, depth: int) -> tuple[int, tuple[int, int] | None]:
    """The minimax score for ``me`` of ``board`` with ``to_move`` to play, and
    the first best move: a win ``depth`` plies from the root scores
    ``10 - depth``, a loss ``depth - 10``, a draw 0 (so the fastest win and the
    slowest loss score best). The move is None on a board that is over."""
    visited[0] += 1
    winner = board.winner()
    if winner == me:
        return 10 - depth, None
    if winner is not None:
        return depth - 10, None
    if len(board.moves) == 9:
        return 0, None
    best: tuple[int, tuple[int, int] | None] | None = None
    for r, c in board.legal():
        child = copy.deepcopy(board)
        child.play(r, c, to_move)
        score, _ = naive(child, me, "O" if to_move == "X" else "X", depth + 1)
        if best is None or (to_move == me and score > best[0]) or (to_move != me and score < best[0]):
            best = (score, (r, c))
    return best  # type: ignore[return-value]  # a live board has a move


def naive_first_move() -> tuple[int, int] | None:
    """X's first move on the empty grid, by the whole minimax tree."""
    return naive(GridBoard(), "X", "X", 0)[1]


# -- alphabeta: alpha-beta on a flat list ----------------------------------------------


class Flat:
    """The nine cells in a list, row by row."""

    def __init__(self, cells: list[Mark] | None = None) -> None:
        self.cells: list[Mark] = [None] * 9 if cells is None else list(cells)

    def winner(self) -> Mark:
        """The player with a full line, found by testing each line's cells for membership."""
        for player in ("X", "O"):
            mine = [i for i, mark in enumerate(self.cells) if mark == player]
            for line in LINES:
                if all(i in mine for i in line):
                    return player
        return None

    def complete(self) -> bool:
        """Whether the game is over: a full board or a line."""
        return None not in self.cells or self.winner() is not None


def alphabeta(board: Flat, player: str, alpha: int, beta: int) -> int:
    """The value of ``board`` with ``player`` to move, for O: 1 if O wins, -1 if
    X does, 0 for a draw (O maximises, X minimises), exact inside the window
    (``alpha``, ``beta``) and otherwise the bound it fell past."""
    visited[0] += 1
    if board.complete():
        winner = board.winner()
        return -1 if winner == "X" else (1 if winner == "O" else 0)
    for move in [i for i, mark in enumerate(board.cells) if mark is None]:
        board.cells[move] = player
        value = alphabeta(board, "O" if player == "X" else "X", alpha, beta)
        board.cells[move] = None
        if player == "O":
            alpha = max(alpha, value)
            if alpha >= beta:
                return beta
        else:
            beta = min(beta, value)
            if beta <= alpha:
                return alpha
    return alpha if player == "O" else beta


def alphabeta_first_move() -> int | None:
    """X's first move on the empty board: the first with the lowest value for O."""
    board = Flat()
    best, choice = 2, None
    for move in range(9):
        board.cells[move] = "X"
        value = alphabeta(board, "O", -2, 2)
        board.cells[move] = None
        if value < best:
            best, choice = value, move
    return choice


# -- equity: memoised negamax on a tuple -----------------------------------------------


def won(cells: tuple[Mark, ...], player: str) -> bool:
    """Whether ``player`` holds a full line."""
    return any(cells[a] == cells[b] == cells[c] == player for a, b, c in LINES)


@functools.cache  # lru_cache(maxsize=None), as the textbook writes it
def equity(cells: tuple[Mark, ...], player: str) -> int:
    """The value of ``cells`` for ``player``, to move: 1 a win, 0 a draw, -1 a
    loss (negamax: a position is worth the opposite of its worst reply)."""
    visited[0] += 1
    opponent = "O" if player == "X" else "X"
    if won(cells, player):
        return 1
    if won(cells, opponent):
        return -1
    if None not in cells:
        return 0
    # Tuples joined with +, as written in the textbook (unpacking would change the time).
    return -min(equity(cells[:i] + (player,) + cells[i + 1 :], opponent) for i in range(9) if cells[i] is None)  # noqa: RUF005


def equity_first_move() -> int:
    """X's first move on the empty board: the first of the best by negamax."""
    empty: tuple[Mark, ...] = (None,) * 9
    return max(range(9), key=lambda i: -equity(empty[:i] + ("X",) + empty[i + 1 :], "O"))  # noqa: RUF005


# -- randmatch: random against random --------------------------------------------------


def randmatch(games: int, seed: int = 1) -> dict[str, int]:
    """``games`` games of uniformly random moves from the empty board: X's
    wins, O's wins and the draws. A game's moves are drawn one at a time by
    ``rng.randrange`` from the free cells in increasing order."""
    import random  # inside the timing, as the engine's match imports its own

    rng = random.Random(seed)
    tally: dict[Mark, int] = {"X": 0, "O": 0, None: 0}
    for _ in range(games):
        cells: list[Mark] = [None] * 9
        free = list(range(9))
        player, winner = "X", None
        while free:
            move = free.pop(rng.randrange(len(free)))
            cells[move] = player
            if any(cells[a] == cells[b] == cells[c] == player for a, b, c in LINES):
                winner = player
                break
            player = "O" if player == "X" else "X"
        tally[winner] += 1
    return {"x_wins": tally["X"], "o_wins": tally["O"], "draws": tally[None]}


def main(argv: list[str]) -> None:
    kind = argv[0] if argv else ""
    start = time.perf_counter()
    if kind == "randmatch":
        games = int(argv[1]) if len(argv) > 1 else 100_000
        tally = randmatch(games)
        print(f"randmatch: {games} games {tally} in {time.perf_counter() - start:.4f} s")
        return
    first_moves = {"naive": naive_first_move, "alphabeta": alphabeta_first_move, "equity": equity_first_move}
    if kind not in first_moves:
        raise SystemExit(f"unknown baseline {kind!r}: naive, alphabeta, equity or randmatch")
    move = first_moves[kind]()
    print(f"{kind}: first move {move} in {time.perf_counter() - start:.4f} s, {visited[0]} nodes")


if __name__ == "__main__":
    main(sys.argv[1:])
