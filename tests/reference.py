"""An independent, plainly written model of tic-tac-toe for the tests to check the engine against.

Nothing here imports pyengine. A position is a 9-character string of ``X``, ``O``
and ``.``, row by row from the top left, so cell ``c`` is ``cells[c]``. The code
favours being obviously right over being fast; it is still quick enough because
there are only 5,478 reachable positions and everything is memoised.

>>> winner("XXX" "OO." "...")
'X'
>>> mover("X...O....")
'X'
>>> len(reachable())
5478
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from functools import cache

EMPTY = "." * 9

ROWS = [(3 * r, 3 * r + 1, 3 * r + 2) for r in range(3)]
COLUMNS = [(c, c + 3, c + 6) for c in range(3)]
DIAGONALS = [(0, 4, 8), (2, 4, 6)]
LINES = ROWS + COLUMNS + DIAGONALS

WIN, DRAW, LOSS = "win", "draw", "loss"
OPPOSITE = {WIN: LOSS, DRAW: DRAW, LOSS: WIN}


# -- rules --------------------------------------------------------------------


def lines_of(cells: str, mark: str) -> list[tuple[int, int, int]]:
    """The lines entirely held by ``mark``."""
    return [line for line in LINES if all(cells[c] == mark for c in line)]


def winner(cells: str) -> str | None:
    """``X`` or ``O`` if that side has three in a row (in reachable positions at most one has)."""
    for mark in "XO":
        if lines_of(cells, mark):
            return mark
    return None


def is_over(cells: str) -> bool:
    """True when someone has three in a row or the board is full."""
    return winner(cells) is not None or "." not in cells


def mover(cells: str) -> str:
    """Whose turn it is by the counts: X moves first."""
    return "X" if cells.count("X") == cells.count("O") else "O"


def other(mark: str) -> str:
    """The opposing mark."""
    return "O" if mark == "X" else "X"


def empties(cells: str) -> list[int]:
    """The empty cells, in order."""
    return [c for c in range(9) if cells[c] == "."]


def put(cells: str, cell: int, mark: str) -> str:
    """``cells`` with ``mark`` written on ``cell``."""
    board = list(cells)
    board[cell] = mark
    return "".join(board)


def play(cells: str, cell: int) -> str:
    """The side to move marks ``cell``."""
    assert cells[cell] == "." and not is_over(cells)
    return put(cells, cell, mover(cells))


def winning_cells(cells: str, mark: str) -> set[int]:
    """The empty cells on which ``mark`` would complete a line."""
    return {c for c in empties(cells) if lines_of(put(cells, c, mark), mark)}


def slashed(cells: str) -> str:
    """The notation with rows separated by ``/``."""
    return f"{cells[0:3]}/{cells[3:6]}/{cells[6:9]}"


@cache
def reachable() -> dict[str, tuple[int, ...]]:
    """Every position reachable from the empty board by legal play (breadth first),
    each mapped to one sequence of moves that reaches it. Treat it as read-only."""
    paths: dict[str, tuple[int, ...]] = {EMPTY: ()}
    queue = deque([EMPTY])
    while queue:
        cells = queue.popleft()
        if is_over(cells):
            continue  # nobody moves after a win or on a full board
        for cell in empties(cells):
            child = play(cells, cell)
            if child not in paths:
                paths[child] = (*paths[cells], cell)
                queue.append(child)
    return paths


def live_positions() -> Iterator[str]:
    """Reachable positions in which there is a move to make."""
    return (cells for cells in reachable() if not is_over(cells))


# -- perfect play -------------------------------------------------------------


def rank(outcome: tuple[str, int]) -> tuple[int, int]:
    """Orders outcomes for the side they belong to: any win beats any draw beats any
    loss, a sooner win is better and a later loss is better."""
    value, plies = outcome
    if value == WIN:
        return (2, -plies)
    if value == DRAW:
        return (1, 0)
    return (0, plies)


def payoff(value: str, plies: int) -> int:
    """One number with the same order as ``rank``: bigger is better."""
    if value == WIN:
        return 10 - plies
    if value == LOSS:
        return plies - 10
    return 0


@cache
def move_outcome(cells: str, cell: int) -> tuple[str, int]:
    """(value for the mover, plies to the end, this move included) of playing ``cell``."""
    child = play(cells, cell)
    if winner(child):
        return (WIN, 1)
    if is_over(child):
        return (DRAW, 1)
    value, plies = solve(child)
    return (OPPOSITE[value], plies + 1)


@cache
def solve(cells: str) -> tuple[str, int]:
    """(value for the side to move, plies to the end) of a live position under perfect play."""
    assert not is_over(cells)
    return max((move_outcome(cells, c) for c in empties(cells)), key=rank)


def best_cells(cells: str) -> tuple[int, ...]:
    """The moves that achieve the position's value: the fastest win, the slowest loss."""
    target = rank(solve(cells))
    return tuple(c for c in empties(cells) if rank(move_outcome(cells, c)) == target)


# -- symmetry -----------------------------------------------------------------


def _rotate(cell: int) -> int:
    """A quarter turn, worked out on (row, column) coordinates."""
    r, c = divmod(cell, 3)
    return 3 * c + (2 - r)


def _mirror(cell: int) -> int:
    """Top and bottom swapped."""
    r, c = divmod(cell, 3)
    return 3 * (2 - r) + c


@cache
def symmetries() -> frozenset[tuple[int, ...]]:
    """The symmetries of the square as cell permutations (``p[c]`` is where ``c``
    goes): everything generated by a quarter turn and a mirror."""
    generators = [tuple(_rotate(c) for c in range(9)), tuple(_mirror(c) for c in range(9))]
    group = {tuple(range(9))}
    frontier = list(group)
    while frontier:
        perm = frontier.pop()
        for gen in generators:
            composed = tuple(gen[perm[c]] for c in range(9))
            if composed not in group:
                group.add(composed)
                frontier.append(composed)
    return frozenset(group)


def apply(perm: tuple[int, ...], cells: str) -> str:
    """The board with the mark on cell ``c`` moved to ``perm[c]``."""
    out = ["."] * 9
    for c in range(9):
        out[perm[c]] = cells[c]
    return "".join(out)


def symmetry_class(cells: str) -> str:
    """A representative shared by exactly the turns and mirrors of ``cells``."""
    return min(apply(perm, cells) for perm in symmetries())
