"""Where "Watch the search" stands in its address, and its ready lessons,
without the DOM: the explorer's query string read and written, each bad
value said and replaced, the convention this browser keeps, and the ready
positions a lesson opens with. Checked in CPython (tests/test_search_view.py).
"""

from __future__ import annotations

from game_view import quoted, read_params

from pyengine import Board, EngineError, InvalidPositionError
from pyengine.records import Record
from pyengine.teaching.search import Algorithm, Order, Rule
from pyengine.teaching.stepwords import Convention

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    T = TypeVar("T")

ADDRESS_KEYS = ("alg", "order", "rule", "pos", "step", "conv")
# A 4x4 position is searched here only near its end: plain minimax from one
# with 10 empty cells enters at most a few million nodes (seconds, in slices);
# from the empty 4x4 board it would take years (the race says how many).
FOUR_BY_FOUR_EMPTY_CELLS = 10


# -- ready positions for a lesson -------------------------------------------------


class Lesson(Record):
    """A ready teaching position: what it shows, and the search that shows it
    (tests/test_search_view.py checks each claim against the engine)."""

    key: str
    """Its name in the page's hooks (data-lesson)."""
    title: str
    line: str
    """One sentence: what to watch for."""
    algorithm: Algorithm
    order: Order
    board: Board


LESSONS = (
    Lesson(
        "quick-cutoff",
        "A quick cut-off",
        "X wins at once at top right; then, after X left, O's first reply wins, so alpha-beta skips O's "
        "other replies: press Next cut-off.",
        Algorithm.ALPHABETA,
        Order.CELLS,
        Board.parse("OO./.X./X.."),
    ),
    Lesson(
        "deep-cutoff",
        "A deep cut-off",
        "Three moves down, O finds a win and the search stops there: the bound that closes the window "
        "was set at the root (X already wins with top), not by the position just above.",
        Algorithm.ALPHABETA,
        Order.CELLS,
        Board.parse("O../OX./.X."),
    ),
    Lesson(
        "forced-win",
        "A forced win",
        "X must block at top right, and the block threatens two lines at once: X wins whatever O does "
        "(the root is worth +1).",
        Algorithm.ALPHABETA,
        Order.CCE,
        Board.parse("OO./..X/X.."),
    ),
    Lesson(
        "draw",
        "A draw",
        "O must block at top right; after that, best play on both sides fills the board: the root is worth 0.",
        Algorithm.ALPHABETA,
        Order.CCE,
        Board.parse("XX./.O./..."),
    ),
    Lesson(
        "seen-before",
        "Seen before",
        "The same marks reached by the same moves in another order: memoised minimax takes the value "
        "from its table instead of searching again (press Next cache hit).",
        Algorithm.MEMO,
        Order.CELLS,
        Board.parse("X.O/.X./..."),
    ),
)
"""The explorer's ready positions, one click each; the first is where it opens."""
DEFAULT = LESSONS[0]
"""What the explorer searches when the address says nothing: alpha-beta on a
position with a few empty cells (not minimax on the empty board's 1,355,060 steps)."""


# -- the address -----------------------------------------------------------------


def search_query(
    board: Board,
    algorithm: Algorithm | None = None,
    order: Order | None = None,
    step: int | None = None,
    *,
    convention: Convention = Convention.NEGAMAX,
    rule: Rule = Rule.AIMA,
) -> str:
    """The explorer's query string. Every value is letters, digits, dots and
    slashes, which a query carries as they are: nothing needs escaping. The
    convention (negamax by default) and alpha-beta's pruning rule (AIMA's by
    default) are written only when they are not the default, so links made
    before they existed stay as they were."""
    params = []
    if algorithm is not None:
        params.append(f"alg={algorithm.value}")
        if algorithm is Algorithm.ALPHABETA and order is not None:
            params.append(f"order={order.value}")
        if algorithm is Algorithm.ALPHABETA and rule is not Rule.AIMA:
            params.append(f"rule={rule.value}")
    params.append(f"pos={board}")
    if step is not None:
        params.append(f"step={step}")
    if convention is not Convention.NEGAMAX:
        params.append(f"conv={convention.value}")
    return "?" + "&".join(params)


def settings_from_params(
    given: dict[str, str],
) -> tuple[Algorithm, Order, Board, int, Convention, Rule, list[str]]:
    """The settings in the address (``given``: ADDRESS_KEYS present, as text),
    each missing one DEFAULT's, each bad one replaced by DEFAULT's with a
    sentence saying so (address text is quoted, cut short), read as the game
    page reads its own (view.read_params)."""
    fields: dict[str, tuple[str, Callable[[str], object], str]] = {
        "alg": (
            "algorithm",
            Algorithm.parse,
            "The algorithm {} is unknown (use minimax, alphabeta or memo); showing alpha-beta.",
        ),
        "order": ("order", Order.parse, "The move order {} is unknown (use cells, cce or engine); using cell order."),
        "pos": (
            "board",
            lambda text: searchable(Board.parse(text)),
            f"The position {{}} cannot be searched ({{}}); showing {DEFAULT.board}.",
        ),
        "step": ("step", step_number, "The step {} is not a step number (1 or more); showing step 1."),
        "conv": (
            "convention",
            Convention.parse,
            "The convention {} is unknown (use negamax or maxmin); showing negamax.",
        ),
        "rule": (
            "rule",
            Rule.parse,
            "The pruning rule {} is unknown (use aima or strict); cutting off by AIMA's rule.",
        ),
    }
    read, problems = read_params(given, fields)

    def pick(field: str, default: T) -> T:
        value = read.get(field, default)
        assert isinstance(value, type(default))  # what that field's parser returns
        return value

    return (
        pick("algorithm", DEFAULT.algorithm),
        pick("order", DEFAULT.order),
        pick("board", DEFAULT.board),
        pick("step", 1),
        pick("convention", Convention.NEGAMAX),
        pick("rule", Rule.AIMA),
        problems,
    )


CONVENTION_KEY = "pyengine.explorer.convention"
"""Where this browser keeps the convention last chosen (localStorage): a
teacher who teaches MAX/MIN chooses it once, and every explorer link opens in it."""


def remembered_convention(stored: str | None) -> tuple[Convention, str | None]:
    """The convention this browser kept (``stored``, localStorage's text or
    None), for an address that names none; negamax and a sentence saying so
    if what was kept cannot be read."""
    if not stored:
        return Convention.NEGAMAX, None
    try:
        return Convention.parse(stored), None
    except EngineError:
        return Convention.NEGAMAX, (
            f"The convention kept in this browser, {quoted(stored)}, cannot be read; showing negamax."
        )


class StepNumberError(ValueError):
    """The address's step is not a step number."""


def step_number(text: str) -> int:
    """A step number from the address: 1 or more, at most nine digits."""
    stripped = text.strip()
    if not (stripped.isdigit() and int(stripped) >= 1 and len(stripped) <= 9):
        raise StepNumberError(f"not a step number: {text!r}")
    return int(stripped)


def searchable(board: Board) -> Board:
    """A board this page can search to the end: any 3x3 position, and 4x4
    endgames."""
    empty = board.geometry.cells - board.ply
    if board.size != 3 and empty > FOUR_BY_FOUR_EMPTY_CELLS:
        raise InvalidPositionError(
            f"it is {board.size}x{board.size} with {empty} empty cells; this page searches 4x4 positions "
            f"with {FOUR_BY_FOUR_EMPTY_CELLS} or fewer"
        )
    return board


def watch_query(board: Board) -> str:
    """ "Watch the search from here" on a page with no algorithm of its own:
    the explorer's default search (DEFAULT's algorithm and order) at ``board``."""
    return search_query(board, DEFAULT.algorithm, DEFAULT.order)


def lesson_of(algorithm: Algorithm, board: Board, order: Order, rule: Rule = Rule.AIMA) -> Lesson | None:
    """The ready position these settings are, if any (order and rule count for
    alpha-beta only: each lesson's words are true of AIMA's rule)."""
    return next(
        (
            lesson
            for lesson in LESSONS
            if (lesson.algorithm, lesson.board) == (algorithm, board)
            and (algorithm is not Algorithm.ALPHABETA or (lesson.order, rule) == (order, Rule.AIMA))
        ),
        None,
    )


def lesson_query(lesson: Lesson) -> str:
    """The address of a ready position, at its first step."""
    return search_query(lesson.board, lesson.algorithm, lesson.order)


PRESENT_KEY = "present"
"""The address key of presentation mode (``present=1``)."""


def presenting_query(query: str, present: bool) -> str:
    """``query`` (search_query's), saying presentation mode when ``present``."""
    return f"{query}&{PRESENT_KEY}=1" if present else query
