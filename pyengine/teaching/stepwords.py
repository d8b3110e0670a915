"""A search's steps in words: the algorithms' names, values and windows from
either side's point of view, a step of a search in one sentence.

The explorer, the drills and the command line say these the same way, so
they are written here once.
"""

from __future__ import annotations

from enum import Enum

from ..board import Board, Player, Result
from ..choices import Choice
from ..geometry import Cell
from ..words import cell_name
from .search import INFINITY, Algorithm, Event, Kind, Order, Rule
from .searchtree import Bound

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from typing import Final


ALGORITHM_NAMES: Final = {
    Algorithm.MINIMAX: "Minimax",
    Algorithm.ALPHABETA: "Alpha-beta",
    Algorithm.MEMO: "Memoised minimax",
}
"""What each algorithm is called on the page (its choice and its race row)."""

ORDER_NAMES: Final = {
    Order.CELLS: "cell order",
    Order.CCE: "centre, corners, edges",
    Order.ENGINE: "the engine's order",
}
"""What each move order is called on the page."""


RULE_NAMES: Final = {
    Rule.AIMA: "AIMA's: \u03b1 \u2265 \u03b2",
    Rule.STRICT: "strict: \u03b1 > \u03b2 (CS188)",
}
"""What each pruning rule is called on the page (the explorer's choice)."""


class Convention(Choice, Enum, noun="convention"):
    """Whose point of view a search's values are stated from.

    The search computes every value for the side to move (negamax: one rule
    for both sides, the sign flipped on the way up). Classrooms and most
    textbooks state the same values from X's side instead: X is MAX and wants
    them high, O is MIN and wants them low, and alpha is MAX's best so far,
    beta MIN's. The numbers are the same up to a sign at O's positions.
    """

    NEGAMAX = "negamax"
    """Each value for the side to move at its position; the window is that side's."""
    MAXMIN = "maxmin"
    """Each value from X's side; alpha is MAX's (X's) bound, beta MIN's (O's)."""


CONVENTION_NAMES: Final = {
    Convention.NEGAMAX: "negamax: for the side to move",
    Convention.MAXMIN: "MAX/MIN: from X's side",
}
"""What each convention is called on the page (the explorer's choice)."""


def stated(value: int, side: Player, convention: Convention) -> int:
    """A value the search gives for ``side``, as ``convention`` states it.

    >>> stated(1, Player.O, Convention.MAXMIN), stated(1, Player.O, Convention.NEGAMAX)
    (-1, 1)
    """
    return -value if convention is Convention.MAXMIN and side is Player.O else value


def stated_window(alpha: int, beta: int, side: Player, convention: Convention) -> tuple[int, int]:
    """The alpha-beta window ``(alpha, beta)`` the search keeps for ``side``, as
    ``convention`` states it. From X's side, O's window ``(a, b)`` is
    ``(-b, -a)``: O's lower bound on its own value is an upper bound on X's.

    >>> stated_window(-1, 2, Player.O, Convention.MAXMIN)
    (-2, 1)
    """
    if convention is Convention.MAXMIN and side is Player.O:
        return -beta, -alpha
    return alpha, beta


def signed(value: int) -> str:
    """A value or a window's end as the page shows it: +1, 0, or -1 and the
    infinities with a true minus sign (U+2212) and the infinity sign."""
    if value >= INFINITY:
        return "+\u221e"
    if value <= -INFINITY:
        return "\u2212\u221e"
    return f"+{value}" if value > 0 else "0" if value == 0 else f"\u2212{-value}"


BOUND_MARKS: Final = {
    Bound.AT_LEAST: ("\u2265 ", "at least "),
    Bound.AT_MOST: ("\u2264 ", "at most "),
    Bound.EXACT: ("", ""),
}
"""How a bound is marked, on a label and in a sentence."""


def bounded(value: int, bound: Bound = Bound.EXACT, *, spoken: bool = False) -> str:
    """A value as a label shows it, marked when it is only a bound (``bound``
    as in BOUND_MARKS): ``'\u2265 +1'``, ``'\u2264 0'``; in a sentence
    (``spoken``), ``'at least +1'``.

    >>> bounded(1), bounded(0, Bound.AT_MOST), bounded(-1, Bound.AT_LEAST, spoken=True)
    ('+1', '\u2264 0', 'at least \u22121')
    """
    return BOUND_MARKS[bound][spoken] + signed(value)


def stated_bound(bound: Bound, side: Player, convention: Convention) -> Bound:
    """A bound on a value the search gives for ``side``, as ``convention``
    states the value: turned round where the value's sign is (O's, from X's side).

    >>> stated_bound(Bound.AT_LEAST, Player.O, Convention.MAXMIN).name
    'AT_MOST'
    """
    return bound.flipped if convention is Convention.MAXMIN and side is Player.O else bound


def path_words(board: Board, path: tuple[Cell, ...]) -> str:
    """The moves from the root, as a person reads them: ``'X centre, O top left'``."""
    if not path:
        return "the root (the position searched)"
    # Who played the first move: count back from the position's own side to move.
    sides = []
    side = Player.X if (board.ply - len(path)) % 2 == 0 else Player.O
    for _ in path:
        sides.append(side)
        side = side.other
    return ", ".join(f"{who} {cell_name(cell, board.size)}" for who, cell in zip(sides, path, strict=True))


def board_words(board: Board) -> str:
    """A position in words, for a screen reader: the marks, and who moves."""
    parts = []
    for player in (Player.X, Player.O):
        cells = [cell_name(c, board.size) for c in range(board.geometry.cells) if board[c] is player]
        parts.append(f"{player} on {', '.join(cells)}" if cells else f"no {player}")
    if board.is_over:
        end = board.result.summary
        return f"{'; '.join(parts)}. The game is over: {end}."
    return f"{'; '.join(parts)}. {board.to_move} to move."


def valued_side(board: Board) -> Player:
    """The side a search's value (and window) at ``board`` is for: the side
    to move; at a finished game, the side that would move next (the loser,
    after a win: a finished game is worth -1 to it).

    >>> valued_side(Board.parse("XXX/OO./...")), valued_side(Board.parse("XX./OO./..."))
    (<Player.O: 'O'>, <Player.X: 'X'>)
    """
    return board.to_move or (Player.X if board.ply % 2 == 0 else Player.O)


def viewpoint(side: Player, convention: Convention) -> Player:
    """Whose point of view ``convention`` states ``side``'s values from:
    ``side``'s own (negamax), or X's (MAX/MIN)."""
    return Player.X if convention is Convention.MAXMIN else side


def role(side: Player, convention: Convention) -> str:
    """``side``'s part in MAX/MIN, to follow its name: ``' (MAX)'`` for X,
    ``' (MIN)'`` for O; nothing under negamax, where both play the same part."""
    if convention is Convention.NEGAMAX:
        return ""
    return " (MAX)" if side is Player.X else " (MIN)"


def worth(
    value: int,
    side: Player,
    convention: Convention,
    word: str = "to",
    *,
    bound: Bound = Bound.EXACT,
    spoken: bool = False,
) -> str:
    """A value the search gives for ``side``, in words, as ``convention``
    states it: ``'+1 to O'`` under negamax, ``'\u22121 to X'`` under MAX/MIN;
    marked as a bound when it is one (``bound``, as ``value`` is seen: stating
    a value from the other side turns "at least" into "at most").

    >>> worth(1, Player.O, Convention.NEGAMAX), worth(1, Player.O, Convention.MAXMIN, "for")
    ('+1 to O', '\u22121 for X')
    >>> worth(1, Player.O, Convention.MAXMIN, "for", bound=Bound.AT_LEAST)
    '\u2264 \u22121 for X'
    """
    shown = bounded(stated(value, side, convention), stated_bound(bound, side, convention), spoken=spoken)
    return f"{shown} {word} {viewpoint(side, convention)}"


def window_pair(alpha: int, beta: int, side: Player, convention: Convention) -> str:
    """The alpha-beta window the search keeps for ``side``, as ``convention``
    states it: ``'(\u22121, +\u221e)'``.

    >>> window_pair(-1, 2, Player.O, Convention.NEGAMAX), window_pair(-1, 2, Player.O, Convention.MAXMIN)
    ('(\u22121, +\u221e)', '(\u2212\u221e, +1)')
    """
    low, high = stated_window(alpha, beta, side, convention)
    return f"({signed(low)}, {signed(high)})"


CUTOFF_RELATIONS: Final = {Rule.AIMA: ("\u2265", "\u2264"), Rule.STRICT: (">", "<")}
# The same comparisons in words, for sentences: "\u03b1 +1 \u2265 \u03b2 -1" read aloud, or
# by a student, looks like arithmetic; "\u03b1 = +1 is at least \u03b2 = -1" does not.
CUTOFF_WORDS: Final = {Rule.AIMA: ("is at least", "is at most"), Rule.STRICT: ("is greater than", "is less than")}
"""How a cut-off compares the bounds under each pruning rule: alpha against
beta, and beta against alpha (AIMA's cuts off on a tie; the strict rule only
once the bound is passed)."""


def cutoff_rule(event: Event, convention: Convention, rule: Rule = Rule.AIMA) -> str:
    """Why a cut-off skips the moves it skips, in ``convention``'s words,
    under ``rule``, the comparison in words (CUTOFF_WORDS).

    Negamax has one rule for both sides. MAX/MIN words it for each (AIMA's
    MAX-VALUE returns once v \u2265 \u03b2, MIN-VALUE once v \u2264 \u03b1): at X's turn
    the bound that closed the window is MIN's, at O's turn MAX's.
    """
    side = valued_side(event.board)
    above, below = CUTOFF_WORDS[rule]
    strict = rule is Rule.STRICT
    if convention is Convention.NEGAMAX:
        choice = "a better choice" if strict else "a choice at least as good"
        return (
            f"\u03b1 = {signed(event.alpha)} {above} \u03b2 = {signed(event.beta)}: cut off. The opponent, "
            f"one move up, already has {choice}, so it will never let the game reach this position"
        )
    alpha, beta = (signed(end) for end in stated_window(event.alpha, event.beta, side, convention))
    if side is Player.X:
        return (
            f"At MAX's turn, \u03b2 = {beta} {below} \u03b1 = {alpha}: a \u03b2 cut-off. Here X (MAX) can "
            f"already get at least {alpha}, but MIN (O), one move up or higher on the path, already has a reply "
            f"that holds X to {beta}, so O will never let the game reach this position"
        )
    return (
        f"At MIN's turn, \u03b2 = {beta} {below} \u03b1 = {alpha}: an \u03b1 cut-off. Here O (MIN) can "
        f"already hold X to {beta}, but MAX (X), one move up or higher on the path, already has a move "
        f"that gets X at least {alpha}, so X will never let the game reach this position"
    )


def describe(
    event: Event,
    algorithm: Algorithm,
    *,
    convention: Convention = Convention.NEGAMAX,
    bound: Bound = Bound.EXACT,
    rule: Rule = Rule.AIMA,
) -> str:
    """One step in a sentence: what happened, and why it matters; values as
    ``convention`` states them. ``bound``: an UP event's value is only a bound
    (``trace.Step.value_bound``), said "at least" or "at most"; ``rule``: the
    pruning rule that made a cut-off."""
    board, kind = event.board, event.kind
    side = valued_side(board)
    window = (
        f", window {window_pair(event.alpha, event.beta, side, convention)}" if algorithm is Algorithm.ALPHABETA else ""
    )
    if kind is Kind.ENTER:
        where = "the root" if not event.path else f"after {path_words(board, event.path)}"
        if board.is_over:
            return f"Enter {where}: the game is over."
        return f"Enter {where}: {side} to move{role(side, convention)}{window}."
    if kind is Kind.LEAF:
        if board.result is Result.DRAW:
            return "A finished game: a draw, worth 0."
        if convention is Convention.MAXMIN:
            return f"A finished game: {board.result.summary}, worth {worth(event.value or 0, side, convention)}."
        loser = board.winner.other if board.winner else None
        return (
            f"A finished game: {board.result.summary}, worth {signed(event.value or 0)} to {loser}, "
            f"who would move next."
        )
    size = board.size
    best = f"{cell_name(event.best, size)}" if event.best is not None else "none"
    if kind is Kind.UP:
        assert event.move is not None and event.value is not None
        return (
            f"Back at {side}'s turn{role(side, convention)}: {cell_name(event.move, size)} is worth "
            f"{worth(event.value, side, convention, bound=bound, spoken=True)}; best so far: {best}{window}."
        )
    if kind is Kind.CUTOFF:
        skipped = ", ".join(cell_name(c, size) for c in event.skipped)
        verb = "is" if len(event.skipped) == 1 else "are"
        return f"{cutoff_rule(event, convention, rule)}: {skipped} {verb} not searched."
    if kind is Kind.HIT:
        return f"Seen before: the table says this position is worth {worth(event.value or 0, side, convention)}."
    return f"Done: the position is worth {worth(event.value or 0, side, convention)}" + (
        f"; best move {best}." if event.best is not None else "."
    )
