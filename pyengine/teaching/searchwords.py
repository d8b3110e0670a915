"""What a page says about a search it steps through: the explorer's labels,
headings, facts, status lines and messages, and the race's words.

The words every interface shares (a cell's name, a step of a search in a
sentence, the conventions) are in words.py; these are the explorer page's
own, here in the engine so that every one is checked in CPython
(tests/test_search_view.py, tests/test_bounds.py) and the page's Python only
puts them where they go.
"""

from __future__ import annotations

from ..board import Board
from ..errors import InvalidPositionError
from ..words import cell_name
from .search import Algorithm, Event, Order, Rule
from .searchtree import Branch, BranchState, PathNode, SearchNode
from .stepwords import (
    ALGORITHM_NAMES,
    ORDER_NAMES,
    Convention,
    bounded,
    describe,
    role,
    signed,
    stated,
    stated_bound,
    valued_side,
    window_pair,
    worth,
)
from .trace import Step

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from typing import Final

NEXT_NAMES: Final = {
    Algorithm.ALPHABETA: "Next cut-off",
    Algorithm.MEMO: "Next cache hit",
    Algorithm.MINIMAX: "Next finished game",
}
"""What the "Next" button is called: the landmark it looks for (trace.LANDMARKS)."""


# -- the explorer ---------------------------------------------------------------------


def cells_text(cells: tuple[int, ...] | list[int], size: int) -> str:
    """Cells by name and number: "top left (0), centre (4)"."""
    return ", ".join(f"{cell_name(cell, size)} ({cell})" for cell in cells)


def tree_label(node: SearchNode, valued: bool, cut: bool, *, convention: Convention = Convention.NEGAMAX) -> str:
    """A line of the whole tree (small positions): the move, and its value
    once the search has backed it up, as ``convention`` states it; the moves
    a cut-off skipped."""
    board = node.board
    if node.move is None:
        side = valued_side(board)
        text = f"Root: {side} to move{role(side, convention)}" if not board.is_over else f"Root: {board.result.summary}"
        if valued and node.value is not None:
            # Negamax's root value is its side to move's, as the line says already.
            text += (
                f", worth {worth(node.value, side, convention)}"
                if convention is Convention.MAXMIN
                else f", worth {signed(node.value)}"
            )
    else:
        mover = board[node.move]
        assert mover is not None  # the move's cell holds the mark of who played it
        text = f"{mover} {cell_name(node.move, board.size)} ({node.move})"
        if board.is_over:
            text += f", {board.result.summary}"
        value = node.mover_value
        if valued and value is not None:
            text += f": {worth(value, mover, convention, 'for', bound=node.mover_bound)}"
            if node.hit:
                text += " (from the table)"
        else:
            text += " \u2026"
    if cut and node.skipped:
        text += " \u2014 cut off: " + cells_text(node.skipped, board.size)
    return text


def node_heading(
    node: PathNode, depth: int, algorithm: Algorithm, *, convention: Convention = Convention.NEGAMAX
) -> str:
    """The heading of one position on the current path (large positions),
    its window and best value as ``convention`` states them."""
    board = node.board
    if board.is_over:
        return f"Depth {depth}: the game is over ({board.result.summary})."
    side = valued_side(board)
    text = f"Depth {depth}: {side} to move{role(side, convention)}"
    if algorithm is Algorithm.ALPHABETA:
        text += f", window {window_pair(node.alpha, node.beta, side, convention)}"
    if node.best is not None and node.best_value is not None:
        best_value = bounded(stated(node.best_value, side, convention), stated_bound(node.best_bound, side, convention))
        text += f", best so far {cell_name(node.best, board.size)} ({best_value})"
    return text + "."


def branch_text(branch: Branch, node: PathNode, *, convention: Convention = Convention.NEGAMAX) -> str:
    """One move of a position on the current path (``node``), as far as it
    is searched; a finished move's value (for the side to move at ``node``)
    as ``convention`` states it, marked when it is only a bound."""
    move, nodes = branch.move, branch.nodes
    where = f"{cell_name(move, node.board.size)} ({move})"
    if branch.state is BranchState.DONE and branch.value is not None:
        side = valued_side(node.board)
        shown = bounded(stated(branch.value, side, convention), stated_bound(branch.bound, side, convention))
        return f"{where}: {shown}, {nodes:,} node{'s' if nodes != 1 else ''}"
    if branch.state is BranchState.SEARCHING:
        return f"{where}: searching, {nodes:,} node{'s' if nodes != 1 else ''} so far"
    if branch.state is BranchState.SKIPPED:
        return f"{where}: cut off"
    return f"{where}: not yet"


def path_text(event: Event, size: int) -> str:
    """The moves from the root to this step's position, and its depth."""
    return (cells_text(event.path, size) if event.path else "the root") + f" \u2014 depth {len(event.path)}"


def window_text(step: Step, algorithm: Algorithm, *, convention: Convention = Convention.NEGAMAX) -> str:
    """The window at this step's position (``Step.window``: at the end, the
    root's final one), as ``convention`` states it."""
    if algorithm is not Algorithm.ALPHABETA:
        return "none: minimax searches every move"
    pair = window_pair(*step.window, valued_side(step.event.board), convention)
    if convention is Convention.MAXMIN:
        return f"{pair}: \u03b1 is MAX's best so far, \u03b2 MIN's"
    return pair


def best_text(step: Step, *, convention: Convention = Convention.NEGAMAX) -> str:
    """The best move so far at the position being searched, its value as
    ``convention`` states it."""
    node = step.path[-1] if step.path else None
    if node is None or node.best is None or node.best_value is None:
        return "none yet"
    value = worth(node.best_value, valued_side(node.board), convention, bound=node.best_bound, spoken=True)
    return f"{cell_name(node.best, node.board.size)} ({node.best}), worth {value}"


def cutoffs_text(step: Step, *, convention: Convention = Convention.NEGAMAX) -> str:
    """The cut-offs so far; under MAX/MIN, split as the classroom names them:
    at MAX's turn (beta cut-offs) and at MIN's (alpha cut-offs)."""
    total = step.counts.cutoffs
    if convention is Convention.NEGAMAX or not total:
        return f"{total:,}"
    at_max = step.cutoffs_at_x
    return f"{total:,} ({at_max:,} at MAX's turn, {total - at_max:,} at MIN's)"


def tree_heading(drawn_whole: bool, small: bool, *, convention: Convention = Convention.NEGAMAX) -> str:
    """The heading over the drawing and the outline: which view is drawn (the
    whole tree only when ``drawn_whole``), and that the outline below is the
    whole tree when the search is ``small`` but drawn as its path."""
    if drawn_whole:
        heading = "The whole tree so far"
    elif small:
        heading = "The path so far, drawn with each position's moves; below, the whole tree so far as text"
    else:
        heading = "The path so far, with each position's moves"
    return f"{heading}, values from X's side" if convention is Convention.MAXMIN else heading


def total_text(total: int | None) -> str:
    return f"of {total:,}" if total is not None else ""


def step_status(number: int, total: int | None) -> str:
    return f"Step {number:,}" + (f" of {total:,}." if total is not None else ".")


def working_status(target: int, made: int) -> str:
    return f"Searching to step {target:,}: {made:,} steps made\u2026"


def stopped_status(number: int) -> str:
    return f"Stopped at step {number:,}."


def past_end_message(total: int, asked: int) -> str:
    return f"The search has {total:,} steps, not {asked:,}: here is the last one."


def bad_position_message(error: InvalidPositionError) -> str:
    return f"That position cannot be searched: {error}."


def announcement(
    step: Step, algorithm: Algorithm, *, convention: Convention = Convention.NEGAMAX, rule: Rule = Rule.AIMA
) -> str:
    """What the live region says once stepping pauses (cut-offs under ``rule``)."""
    said = describe(step.event, algorithm, convention=convention, bound=step.value_bound, rule=rule)
    return f"Step {step.number}: {said}"


def failure_message(error: BaseException) -> str:
    """A search that raised, said in one line: never a traceback."""
    return f"Something went wrong in the search ({error or type(error).__name__}); choose a step to carry on."


def present_label(on: bool) -> str:
    """The presentation button's words: what it does now."""
    return "Leave presentation (Esc)" if on else "Present"


COPIED = "Copied."
COPY_BY_HAND = "Copying was refused: the link is selected below, copy it by hand."


def editing_message(error: InvalidPositionError) -> str:
    """A position clicked in the form that cannot be searched: every reason
    the engine gives, and what stays."""
    problems = "; ".join(error.problems)
    return f"That position cannot be searched: {problems}. The search stays on the last one that can be."


# -- the race's words ---------------------------------------------------------------


def racer_name(algorithm: Algorithm, order: Order) -> str:
    name = ALGORITHM_NAMES[algorithm]
    if algorithm is Algorithm.ALPHABETA:
        name += f" ({ORDER_NAMES[order]})"
    return name


def racer_status(algorithm: Algorithm, order: Order) -> str:
    return f"Running {racer_name(algorithm, order)}\u2026"


def race_time(seconds: float) -> str:
    ms = seconds * 1000
    return f"{ms:.1f} ms" if ms < 100 else f"{ms:,.0f} ms"


def race_value(value: int, board: Board) -> str:
    """A race row's value: the root's, named with whose it is (``'\u22121 for
    O'``), which reads the same whichever convention the explorer states its
    values in, so the table need not follow the switch."""
    return worth(value, valued_side(board), Convention.NEGAMAX, "for")


def race_done(board: Board, searches: int) -> str:
    return f"Done: {searches} searches of {board}, counted in this browser just now."


RACE_READY = "Ready: press Run the race."
RACE_STOPPED = "Stopped. Rows with a count finished; press Run the race to start again."
RACE_AGAIN = "Press Run the race to start again."


def duration(seconds: float) -> str:
    """A long time in the largest unit that reads well."""
    for unit, length in (("years", 365.25 * 86_400), ("days", 86_400), ("hours", 3_600), ("minutes", 60)):
        if seconds >= 2 * length:
            return f"{seconds / length:,.0f} {unit}"
    return f"{seconds:,.0f} seconds"


def four_estimate(nodes: int, positions: int, rate: float) -> str:
    """What plain minimax would take on 4x4 at ``rate`` nodes a second: the
    tree was counted at build time (pyengine/census.py); running it is out
    of the question."""
    return (
        f"On 4\u00d74, plain minimax from the empty board would enter {nodes:,} nodes: the whole game "
        f"tree, counted when this site was built by walking 4\u00d74's {positions:,} positions. At the "
        f"{rate:,.0f} nodes a second this browser's minimax just managed, that is about "
        f"{duration(nodes / rate)}."
    )
