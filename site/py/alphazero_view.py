"""What the AlphaZero section of "Machines that learn" shows, worked out from
engine values with no DOM (tests/test_alphazero_page.py): the marks plotted
iteration by iteration beside the other learners' shares, the sentences, and
the network's view of a position (its policy as shading, its value, the
search's visits).
"""

from __future__ import annotations

from learn_view import line_plot

from pyengine import Board, Player
from pyengine.words import cell_label, cell_name

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from typing import Any

    from alphazero_saved import Point
    from learn_view import Series

ITERATIONS = 12  # iterations a press of Train runs (the command line's default run)
POSITIONS = 4298


def percent(share: float) -> str:
    return f"{share * 100:.1f}%"


def reference_share(kept: Any) -> float | None:
    """The last share on a learner's saved curve (learn_saved.py's format), or None."""
    if not isinstance(kept, dict):
        return None
    curve = kept.get("curve")
    if not isinstance(curve, list) or not curve:
        return None
    last = curve[-1]
    if not isinstance(last, list) or len(last) != 2 or type(last[1]) not in (int, float):
        return None
    return float(last[1])


def mcts_reference(iterations: str, share: str) -> tuple[str, float] | None:
    """MCTS's last point as its convergence curve's table shows it ("1,000", "0.950"), or None."""
    try:
        count, value = int(iterations.replace(",", "")), float(share)
    except ValueError:
        return None
    return (f"MCTS after {count:,} iterations", value) if 0.0 <= value <= 1.0 else None


def plot(points: list[Point], references: list[tuple[str, float]]) -> str:
    """The marks by iteration as a plot (and its numbers as a table), with each
    other learner's last share as a flat line beside them."""
    xs = [float(p.iteration) for p in points]
    end = max(xs, default=1.0) or 1.0
    series: list[Series] = [
        ("network's move keeps the value", "share", [(x, p.network) for x, p in zip(xs, points, strict=True)]),
        ("search's move keeps the value", "az-search", [(x, p.search) for x, p in zip(xs, points, strict=True)]),
        (
            "value head's mean error",
            "az-error",
            [(x, min(p.value_error, 1.0)) for x, p in zip(xs, points, strict=True)],
        ),
    ]
    for name, share in references:
        series.append((f"{name} (its own positions)", "az-reference", [(0.0, share), (end, share)]))
    return line_plot("AlphaZero's marks after each iteration", series, "iteration", "share")


def marks_text(point: Point) -> str:
    """One iteration's marks in a sentence."""
    never = "never loses" if point.never_loses else "can still lose"
    return (
        f"After iteration {point.iteration} ({point.games:,} games of self-play): the network's favourite move "
        f"keeps the exact value in {percent(point.network)} of the {POSITIONS:,} positions with a choice, "
        f"its search's move in {percent(point.search)}; the value head is off by {point.value_error:.2f} on "
        f"average (on a scale from -1 to 1); the search {never}."
    )


def references_text(references: list[tuple[str, float]]) -> str:
    """The other learners' shares, as this browser keeps them."""
    if not references:
        return (
            "Train MENACE or the tabular learner above, or compute MCTS's convergence curve, and their last shares "
            "are drawn here too, as flat lines (over their own positions: MENACE's 304 boxes, the table's, "
            "MCTS's 60 sampled positions)."
        )
    said = ", ".join(f"{name} {percent(share)}" for name, share in references)
    return f"Beside it, the other learners trained in this browser, over their own positions: {said}."


def progress_text(iteration: int, done: int, total: int) -> str:
    return f"Training iteration {iteration}: {done:,} of {total:,} games and learning steps\u2026"


def seconds_text(points: list[Point]) -> str:
    """How long the trained iterations took in the worker."""
    timed = [p.seconds for p in points if p.iteration > 0]
    if not timed:
        return ""
    return f"An iteration took {sum(timed) / len(timed):.1f} s on average in the worker (marking included)."


class CellShown:
    """A cell of the position's board: its mark, and for an empty cell the
    network's share and the search's visits."""

    __slots__ = ("cell", "mark", "prior", "visits", "label", "shade")

    def __init__(self, cell: int, mark: Player | None, prior: float | None, visits: int | None) -> None:
        self.cell, self.prior, self.visits = cell, prior, visits
        self.mark = mark.value if mark else ""
        self.shade = f"{round((prior or 0.0) * 100)}%"
        hint = None if prior is None else f"the network gives it {percent(prior)}, the search {visits} visits"
        self.label = cell_label(cell, mark, hint)  # named as every board of the site names its cells


def position_cells(board: Board, priors: dict[int, float] | None, visits: dict[int, int] | None) -> list[CellShown]:
    """The nine cells as shown: marks, and (when the game is not over) the shares and visits."""
    shown = []
    for cell, mark in enumerate(board):
        if mark or priors is None:
            shown.append(CellShown(cell, mark, None, None))
        else:
            shown.append(CellShown(cell, None, priors.get(cell, 0.0), (visits or {}).get(cell, 0)))
    return shown


def value_text(board: Board, value: float | None, iteration: int) -> str:
    """What the network makes of the position, in words."""
    if value is None:
        return f"The game is over here: {board.result.summary}."
    side = "X" if board.to_move is Player.X else "O"
    return (
        f"After iteration {iteration}, the network values this position at {value:+.2f} for {side}, "
        f"to move (+1 a win, 0 a draw, -1 a loss)."
    )


def view_rows(cells: list[CellShown], chosen: int | None) -> str:
    """The table beside the board: each empty cell's share and visits."""
    rows = "".join(
        f'<tr{" class=az-chosen" if c.cell == chosen else ""}><th scope="row">{cell_name(c.cell)}</th>'
        f"<td>{percent(c.prior or 0.0)}</td><td>{c.visits}</td></tr>"
        for c in cells
        if c.prior is not None
    )
    return rows


def game_text(board: Board, human: Player) -> str:
    """The status of a game against the network's search."""
    if board.is_over:
        winner = board.winner
        if winner is None:
            return "A draw. Press New game to play again."
        return "You won! Press New game to play again." if winner is human else "The machine won. Press New game."
    if board.to_move is human:
        return f"Your move: you play {human.value}."
    return "The machine is thinking\u2026"
