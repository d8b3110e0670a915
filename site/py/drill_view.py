"""What "Practise alpha-beta" says and keeps, without the DOM: the drill's
address, the score kept in the browser, and the page's sentences.

drill_page.py only translates events and draws; everything here is checked in
CPython (tests/test_drill_view.py). The drills, their answer keys and the
grading are the engine's (pyengine.teaching.drill).
"""

from __future__ import annotations

import json

from explorer_address import search_query
from game_view import read_params

from pyengine import Board, EngineError
from pyengine.records import Record
from pyengine.teaching.drill import (
    CLAIMS,
    MAX_NODES,
    Difficulty,
    Drill,
    Key,
    Status,
    difficulty,
    drawn_tree,
    rules_differ,
)
from pyengine.teaching.search import Algorithm, Order, Rule
from pyengine.teaching.stepwords import (
    ORDER_NAMES,
    RULE_NAMES,
    Convention,
    path_words,
    signed,
    stated_window,
    valued_side,
)
from pyengine.words import cell_name

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from typing import Final, TypeVar

    T = TypeVar("T")

ADDRESS_KEYS: Final = ("pos", "order", "conv", "rule", "level")
LEVEL_NAMES: Final = {
    Difficulty.SHORT: "3\u00d73, three empty cells",
    Difficulty.LONG: "3\u00d73, four empty cells",
    Difficulty.FOUR: "4\u00d74, near the end (harder)",
}
CONVENTION_WORDS: Final = {
    Convention.NEGAMAX: "negamax: each node shows the value of the move into it for the side that played it "
    "(the root: for the side to move)",
    Convention.MAXMIN: "MAX/MIN: every value from X's side (X is MAX, O is MIN)",
}
ORDER_WORDS: Final = {
    Order.CELLS: "cell order: each position's moves from the top left, row by row",
    Order.ENGINE: "the engine's order: a move that wins at once first, then one that blocks, then the rest in "
    "cell order",
}
STORAGE_KEY: Final = "pyengine.teaching.drill.score"
RECENT: Final = 20
"""How many drills the score remembers, so that "Next drill" never repeats one of them."""


class Settings(Record):
    """What the address and the form choose: a drill's settings, and its level."""

    order: Order
    convention: Convention
    rule: Rule
    level: Difficulty


DEFAULT: Final = Settings(Order.CELLS, Convention.MAXMIN, Rule.AIMA, Difficulty.SHORT)


def drill_query(drill: Drill) -> str:
    """A drill's link: its position, order, convention and rule (letters, digits, dots, slashes)."""
    return f"?pos={drill.board}&order={drill.order.value}&conv={drill.convention.value}&rule={drill.rule.value}"


def explorer_href(drill: Drill) -> str:
    """The explorer stepping through the same search: the drill's order, convention and rule."""
    return "../search/" + search_query(
        drill.board, Algorithm.ALPHABETA, drill.order, convention=drill.convention, rule=drill.rule
    )


class NoDrillError(ValueError):
    """A position that cannot be drilled: finished, or its tree too big to draw."""


def drillable(board: Board) -> Board:
    """``board`` if its whole tree fits the drawing; NoDrillError saying why not."""
    if board.is_over:
        raise NoDrillError("the game is over")
    nodes = len(drawn_tree(board, Order.CELLS))
    if nodes > MAX_NODES:
        raise NoDrillError(f"its tree has {nodes:,} positions, more than the {MAX_NODES} a drill draws")
    return board


_ADDRESS_FIELDS: Final = {
    "order": (
        "order",
        lambda text: _drill_order(Order.parse(text)),
        "The move order {} is not one a drill uses (cells or engine); using cell order.",
    ),
    "conv": ("convention", Convention.parse, "The convention {} is unknown (use negamax or maxmin); using MAX/MIN."),
    "rule": ("rule", Rule.parse, "The rule {} is unknown (use aima or strict); using AIMA's."),
    "level": ("level", Difficulty.parse, "The level {} is unknown (use short, long or 4x4); using short."),
    "pos": (
        "board",
        lambda text: drillable(Board.parse(text)),
        "The position {} cannot be drilled ({}); here is another drill.",
    ),
}
"""What the address may say: ``{key: (field, parse, problem)}``, read as the
game page's and the explorer's addresses are (view.read_params)."""


def settings_from_params(given: dict[str, str]) -> tuple[Settings, Board | None, list[str]]:
    """The settings and position in the address (``given``: ADDRESS_KEYS
    present, as text): each bad one replaced by the default with a sentence
    saying so; no position (None) when none is given or it cannot be drilled."""
    read, problems = read_params(given, _ADDRESS_FIELDS)
    board = read.pop("board", None)
    return DEFAULT._replace(**read), board, problems


def _drill_order(order: Order) -> Order:
    if order not in (Order.CELLS, Order.ENGINE):
        raise EngineError(f"not a drill's order: {order.value}")
    return order


# -- the score kept in this browser ----------------------------------------------------


class Score(Record):
    """The drills checked in this browser: how many, how many all right, the streak, the recent ones."""

    done: int = 0
    right: int = 0
    streak: int = 0
    best: int = 0
    recent: tuple[str, ...] = ()
    """The recent drills' links (drill_query), the newest last."""
    checked: tuple[str, ...] = ()
    """The links of the recent drills already counted, the newest last: a drill
    counts once, at its first Check (or its answer shown first), whatever
    Clear, Show the answer or a reload do after."""


def read_score(stored: str | None) -> tuple[Score, str | None]:
    """The score kept (localStorage's text, or None); a fresh one and a
    sentence saying so when what was kept cannot be read."""
    if stored is None:
        return Score(), None
    try:
        data = json.loads(stored)
        numbers = [data[name] for name in ("done", "right", "streak", "best")]
        recent = data["recent"]
        checked = data.get("checked", [])  # a score kept before drills were remembered as counted
        if not (
            all(type(n) is int and n >= 0 for n in numbers)
            and numbers[1] <= numbers[0]
            and all(isinstance(links, list) and all(isinstance(r, str) for r in links) for links in (recent, checked))
        ):
            raise ValueError("out of range")
    except (ValueError, TypeError, KeyError):
        return Score(), (
            "The score kept in this browser could not be read, so it starts again from zero (the old one is replaced)."
        )
    done, right, streak, best = numbers
    return Score(done, right, streak, best, tuple(recent[-RECENT:]), tuple(checked[-RECENT:])), None


def write_score(score: Score) -> str:
    return json.dumps(score._asdict())


def counted(score: Score, drill: Drill) -> bool:
    """Whether ``drill`` has been counted already (among the recent ones)."""
    return drill_query(drill) in score.checked


def scored(score: Score, drill: Drill, all_right: bool) -> Score:
    """The score after a check of ``drill``: counted at its first check only
    (``all_right``: whether that check was all right); later checks, after
    Clear, Show the answer or a reload, leave it as it is."""
    if counted(score, drill):
        return score
    streak = score.streak + 1 if all_right else 0
    return score._replace(
        done=score.done + 1,
        right=score.right + all_right,
        streak=streak,
        best=max(score.best, streak),
        checked=(*score.checked, drill_query(drill))[-RECENT:],
    )


def seen(score: Score, drill: Drill) -> Score:
    """The score with ``drill`` among the recent ones."""
    link = drill_query(drill)
    recent = (*(r for r in score.recent if r != link), link)
    return score._replace(recent=recent[-RECENT:])


def recent_positions(score: Score) -> list[str]:
    """The positions of the recent drills, for "Next drill" to avoid."""
    return [part[4:] for link in score.recent for part in link.lstrip("?").split("&") if part.startswith("pos=")]


def score_text(score: Score) -> str:
    if not score.done:
        return "No drill checked yet in this browser."
    drills = "drill" if score.done == 1 else "drills"
    return (
        f"Score: {score.right} of {score.done} {drills} all right at the first check; streak {score.streak}"
        f" (best {score.best})."
    )


# -- the drill in words -------------------------------------------------------------------


def node_label(key: Key, path: tuple[int, ...]) -> str:
    """A node's name for a screen reader and on the drawing: its moves from the root."""
    if not path:
        return "The root"
    return path_words(key.node(path).board, path)


def move_label(key: Key, path: tuple[int, ...]) -> str:
    """What the drawing writes on a node: the move into it (``'O top right'``), or ``'Root'``."""
    if not path:
        return "Root"
    board = key.node(path).board
    mover = valued_side(board).other
    return f"{mover} {cell_name(path[-1], board.size)}"


def claim_options() -> list[tuple[str, str]]:
    """The value list's options: (value, text), the blank first."""
    return [("", "\u2014"), *((claim.text, claim.text) for claim in CLAIMS)]


def level_of(board: Board) -> Difficulty:
    """The level a position belongs to (a linked one of no level: the nearest by its size)."""
    return difficulty(board) or (Difficulty.FOUR if board.size == 4 else Difficulty.LONG)


def conventions_text(drill: Drill) -> str:
    """The drill's conventions, stated."""
    return (
        f"Values: {CONVENTION_WORDS[drill.convention]}. Pruning rule: {RULE_NAMES[drill.rule]}. "
        f"Move order: {ORDER_WORDS[drill.order]}."
    )


def drill_summary(key: Key) -> str:
    """The drill's setting in one sentence: who moves, and the order, convention and rule."""
    drill = key.drill
    side = valued_side(drill.board)
    searched = sum(1 for n in key.nodes if n.status is Status.SEARCHED)
    return (
        f"{side} to move. Moves tried in {ORDER_NAMES[drill.order]}. {len(key.nodes)} positions drawn; the "
        f"search enters {searched} of them and cuts off {len(key.cutoffs)} "
        f"{'time' if len(key.cutoffs) == 1 else 'times'}."
    )


def difference_text(drill: Drill) -> str:
    """Whether the two rules prune differently on this drill, and where."""
    ties = rules_differ(drill)
    if not ties:
        return "On this drill the two pruning rules cut off in the same places."
    first = ties[0]
    side = valued_side(first.board)
    low, high = stated_window(first.alpha, first.beta, side, drill.convention)
    where = "at the root" if not first.path else f"after {path_words(first.board, first.path)}"
    follows = "AIMA's" if drill.rule is Rule.AIMA else "the strict"
    return (
        f"This is a drill where the two rules differ: {where}, \u03b1 = {signed(low)} and \u03b2 = "
        f"{signed(high)} are equal, so AIMA's rule cuts off and the strict rule searches on"
        f"{f' ({len(ties)} such ties)' if len(ties) > 1 else ''}. The answer follows {follows} rule, "
        f"as chosen."
    )
