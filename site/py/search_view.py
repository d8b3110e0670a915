"""What "Watch the search" says and where it stands, without the DOM: the
explorer's address, its labels and sentences, the race's words, and the
stepping through a search (which step each control asks for, kept between 1
and the search's last step).

explorer.py and race.py only translate events and draw; everything here is
checked in CPython (tests/test_search_view.py), the way view.py is for the
game. Searching, counting and the sentence for each event are the engine's
(pyengine.search).
"""

from __future__ import annotations

import math

from pyengine import Board, EngineError, InvalidPositionError, Player
from pyengine.records import Record
from pyengine.search import Algorithm, Event, Kind, Order
from pyengine.trace import BranchState, PathNode, Step, Trace, TreeNode
from pyengine.words import (
    ALGORITHM_NAMES,
    ORDER_NAMES,
    Convention,
    bounded,
    cell_name,
    describe,
    role,
    signed,
    stated,
    valued_side,
    window_pair,
    worth,
)

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import TypeVar

    T = TypeVar("T")

ADDRESS_KEYS = ("alg", "order", "pos", "step", "conv")
KEYS = {
    "ArrowRight": "+1", "ArrowDown": "+1", "ArrowLeft": "-1", "ArrowUp": "-1",
    "PageDown": "+10", "PageUp": "-10", "Home": "first", "End": "last", "n": "next", "N": "next",
    "p": "previous", "P": "previous",
}
"""The explorer's keys and the jump each asks for (Shift makes 10 a 100)."""
PAGE_KEYS = frozenset({"n", "N", "p", "P", ".", ","})
"""The site theme's keys for the next and previous page (mkdocs-material binds
n, p, '.' and ',' on the window): while the explorer has the keys, none of
them leaves the lesson."""
JUMPS = ("first", "-100", "-10", "-1", "+1", "+10", "+100", "next", "last")
"""Every jump a step button can ask for: their data-jump values (the keys
also ask for "previous")."""
NEXT = {
    Algorithm.ALPHABETA: (Kind.CUTOFF, "Next cut-off"),
    Algorithm.MEMO: (Kind.HIT, "Next cache hit"),
    Algorithm.MINIMAX: (Kind.LEAF, "Next finished game"),
}
"""What "Next" looks for: the event that sets each algorithm apart."""
RACERS = (  # quickest first, so rows appear at once; plain minimax last
    (Algorithm.ALPHABETA, Order.ENGINE),
    (Algorithm.ALPHABETA, Order.CCE),
    (Algorithm.ALPHABETA, Order.CELLS),
    (Algorithm.MEMO, Order.CELLS),
    (Algorithm.MINIMAX, Order.CELLS),
)
# A 4x4 position is searched here only near its end: plain minimax from one
# with 10 empty cells enters at most a few million nodes (seconds, in slices);
# from the empty 4x4 board it would take years (the race says how many).
FOUR_BY_FOUR_EMPTY_CELLS = 10
WORK_EVENTS = 100  # events per look at the clock while stepping (the last ones each copy the path: ~0.1 ms)


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
    Lesson("quick-cutoff", "A quick cut-off",
           "X wins at once at top right; then, after X left, O's first reply wins, so alpha-beta skips O's "
           "other replies: press Next cut-off.",
           Algorithm.ALPHABETA, Order.CELLS, Board.parse("OO./.X./X..")),
    Lesson("deep-cutoff", "A deep cut-off",
           "Three moves down, O finds a win and the search stops there: the bound that closes the window "
           "was set at the root (X already wins with top), not by the position just above.",
           Algorithm.ALPHABETA, Order.CELLS, Board.parse("O../OX./.X.")),
    Lesson("forced-win", "A forced win",
           "X must block at top right, and the block threatens two lines at once: X wins whatever O does "
           "(the root is worth +1).",
           Algorithm.ALPHABETA, Order.CCE, Board.parse("OO./..X/X..")),
    Lesson("draw", "A draw",
           "O must block at top right; after that, best play on both sides fills the board: the root is worth 0.",
           Algorithm.ALPHABETA, Order.CCE, Board.parse("XX./.O./...")),
    Lesson("seen-before", "Seen before",
           "The same marks reached by the same moves in another order: memoised minimax takes the value "
           "from its table instead of searching again (press Next cache hit).",
           Algorithm.MEMO, Order.CELLS, Board.parse("X.O/.X./...")),
)
"""The explorer's ready positions, one click each; the first is where it opens."""
DEFAULT = LESSONS[0]
"""What the explorer searches when the address says nothing: alpha-beta on a
position with a few empty cells (not minimax on the empty board's 1,355,060 steps)."""


# -- the address -----------------------------------------------------------------


def search_query(board: Board, algorithm: Algorithm | None = None, order: Order | None = None,
                 step: int | None = None, *, convention: Convention = Convention.NEGAMAX) -> str:
    """The explorer's query string. Every value is letters, digits, dots and
    slashes, which a query carries as they are: nothing needs escaping. The
    convention is written only when it is not the default (MAX/MIN), so
    links made before it existed stay as they were."""
    params = []
    if algorithm is not None:
        params.append(f"alg={algorithm.value}")
        if algorithm is Algorithm.ALPHABETA and order is not None:
            params.append(f"order={order.value}")
    params.append(f"pos={board}")
    if step is not None:
        params.append(f"step={step}")
    if convention is not Convention.NEGAMAX:
        params.append(f"conv={convention.value}")
    return "?" + "&".join(params)


def settings_from_params(given: dict[str, str]) -> tuple[Algorithm, Order, Board, int, Convention, list[str]]:
    """The settings in the address (``given``: ADDRESS_KEYS present, as text),
    each missing one DEFAULT's, each bad one replaced by DEFAULT's with a
    sentence saying so (address text is quoted, cut short)."""
    problems: list[str] = []

    def read(key: str, parse: Callable[[str], T], default: T, problem: str) -> T:
        """``given[key]`` parsed; the default, and the problem said, if it is bad."""
        text = given.get(key)
        if text is None:
            return default
        try:
            return parse(text)
        except (EngineError, StepNumberError) as error:  # UnknownChoiceError, InvalidPositionError or step_number's
            problems.append(problem.format(text=quoted(text), error=error))
            return default

    algorithm = read("alg", Algorithm.parse, DEFAULT.algorithm,
                     "The algorithm {text} is unknown (use minimax, alphabeta or memo); showing alpha-beta.")
    order = read("order", Order.parse, DEFAULT.order,
                 "The move order {text} is unknown (use cells, cce or engine); using cell order.")
    board = read("pos", lambda text: searchable(Board.parse(text)), DEFAULT.board,
                 f"The position {{text}} cannot be searched ({{error}}); showing {DEFAULT.board}.")
    step = read("step", step_number, 1, "The step {text} is not a step number (1 or more); showing step 1.")
    convention = read("conv", Convention.parse, Convention.NEGAMAX,
                      "The convention {text} is unknown (use negamax or maxmin); showing negamax.")
    return algorithm, order, board, step, convention, problems


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
        return Convention.NEGAMAX, (f"The convention kept in this browser, {quoted(stored)}, cannot be read; "
                                    "showing negamax.")


class StepNumberError(ValueError):
    """The address's step is not a step number."""


def step_number(text: str) -> int:
    """A step number from the address: 1 or more, at most nine digits."""
    stripped = text.strip()
    if not (stripped.isdigit() and int(stripped) >= 1 and len(stripped) <= 9):
        raise StepNumberError(f"not a step number: {text!r}")
    return int(stripped)


def quoted(text: str) -> str:
    """Address text quoted back to the reader, cut short."""
    shown = text if len(text) <= 40 else text[:40] + "\u2026"
    return f"\u201c{shown}\u201d"


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
    """"Watch the search from here" on a page with no algorithm of its own:
    the explorer's default search (DEFAULT's algorithm and order) at ``board``."""
    return search_query(board, DEFAULT.algorithm, DEFAULT.order)


def lesson_of(algorithm: Algorithm, board: Board, order: Order) -> Lesson | None:
    """The ready position these settings are, if any (order counts for alpha-beta only)."""
    return next((lesson for lesson in LESSONS if (lesson.algorithm, lesson.board) == (algorithm, board)
                 and (algorithm is not Algorithm.ALPHABETA or lesson.order is order)), None)


def lesson_query(lesson: Lesson) -> str:
    """The address of a ready position, at its first step."""
    return search_query(lesson.board, lesson.algorithm, lesson.order)


PRESENT_KEY = "present"
"""The address key of presentation mode (``present=1``)."""


def presenting_query(query: str, present: bool) -> str:
    """``query`` (search_query's), saying presentation mode when ``present``."""
    return f"{query}&{PRESENT_KEY}=1" if present else query


# -- the position editor (cells clicked in the form) ------------------------------------

MARK_CYCLE = {"": "X", "X": "O", "O": ""}
"""What a click on one of the form's cells makes of its mark: empty, X, O, empty."""


def notation_marks(text: str) -> list[str] | None:
    """The marks ("X", "O" or "") the notation names, cell by cell, read as
    Board.parse reads them; None when it names no 9 or 16 cells. Impossible
    positions are read too: the editor shows what was typed, the search says why."""
    cells = text.strip().replace("/", "")
    if len(cells) not in (9, 16) or any(char.upper() not in "XO.-_" for char in cells):
        return None
    return [char.upper() if char.upper() in "XO" else "" for char in cells]


def notation(marks: list[str]) -> str:
    """The notation of the editor's marks, rows separated by '/'."""
    size = math.isqrt(len(marks))
    chars = [mark or "." for mark in marks]
    return "/".join("".join(chars[row * size:(row + 1) * size]) for row in range(size))


EDITOR_MOVES = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}
"""The arrow keys among the form's cells: (rows, columns) to move."""


def editor_neighbour(cell: int, size: int, key: str) -> int | None:
    """The cell an arrow key moves to from ``cell`` (it stops at the edges);
    None for any other key."""
    move = EDITOR_MOVES.get(key)
    if move is None:
        return None
    row = min(size - 1, max(0, cell // size + move[0]))
    column = min(size - 1, max(0, cell % size + move[1]))
    return row * size + column


def editor_cell_label(cell: int, size: int, mark: str) -> str:
    """An editor cell's accessible name: where it is, what it holds, what a click does."""
    return f"{cell_name(cell, size)}: {mark or 'empty'}; click for {MARK_CYCLE[mark] or 'empty'}"


# -- stepping --------------------------------------------------------------------


def steps_bound(board: Board) -> int:
    """More steps than any search of ``board`` makes: a node is entered once
    and adds at most three more events (a finished game or a table hit, the
    value backed up, a cut-off), and there are no more nodes than sequences
    of moves into the empty cells; one more for the last event."""
    empty = board.geometry.cells - board.ply
    sequences = sum(math.perm(empty, depth) for depth in range(empty + 1))
    return 4 * sequences + 1


class Stepper:
    """The explorer's walk through one search: the Trace behind it, the step
    each control asks for, and the search's length once known.

    Every step asked for is kept between 1 and the last step, and every
    control works whatever the trace is doing (the Trace itself seeks any
    step soundly, in any order: issue 19's End, then Back).
    """

    def __init__(self, algorithm: Algorithm, board: Board, order: Order) -> None:
        self.trace = Trace(algorithm, board, order)
        self.total: int | None = None
        """How many steps the search has, once a trace of it has reached its end."""
        self.at = self.trace.current.number
        """The step the explorer stands at: the one it shows."""
        self.asked: int | None = None
        """The step number asked for, when asked by number (past the end is said)."""
        self._then: tuple[Kind, bool] | None = None  # once at the step asked for, look on (True) or back for this kind

    @property
    def algorithm(self) -> Algorithm:
        return self.trace.algorithm

    @property
    def board(self) -> Board:
        return self.trace.board

    @property
    def order(self) -> Order:
        return self.trace.order

    @property
    def step(self) -> Step:
        """The step the explorer stands at, once ``work`` has ended or ``halt``."""
        return self.trace.current

    def jump(self, how: str) -> None:
        """Ask for the step a control names (one of JUMPS)."""
        if how == "first":
            self.seek(1)
        elif how == "last":
            self.seek_last()
        elif how == "next":
            self.seek_next()
        elif how == "previous":
            self.seek_previous()
        else:
            self.seek(self.trace.target + int(how))

    def seek(self, number: int) -> None:
        """Ask for step ``number``, kept between 1 and the last step."""
        self.asked = number
        number = max(1, number)
        if self.total is not None:
            number = min(number, self.total)
        self._then = None
        self.trace.seek(number)

    def seek_last(self) -> None:
        """Ask for the last step (past every step the search could have, when
        its length is not known yet: a trace stops at its end)."""
        self.asked = None
        number = self.total if self.total is not None else steps_bound(self.board)
        self._then = None
        self.trace.seek(number)

    def seek_next(self) -> None:
        """Ask for the next step after the one shown of the kind that sets
        the algorithm apart (NEXT)."""
        self._look(True)

    def seek_previous(self) -> None:
        """Ask for the last step before the one shown of the kind that sets
        the algorithm apart (NEXT); the first step if there is none."""
        self._look(False)

    def _look(self, on: bool) -> None:
        kind = NEXT[self.algorithm][0]
        if not self.trace.arrived:
            # Mid-way to another step: come back to the step shown first,
            # then look from there.
            self.seek(self.at)
            self.asked = None
            self._then = (kind, on)
        else:
            self._then = None
            self._look_from_here(kind, on)

    def _look_from_here(self, kind: Kind, on: bool) -> None:
        if on:
            self.trace.seek_next(kind)
        else:
            self.trace.seek_previous(kind)

    def work(self) -> Iterator[int]:
        """Make the steps toward the one asked for, WORK_EVENTS at a time,
        yielding how many are made; ends standing at it."""
        trace = self.trace
        while not trace.work(WORK_EVENTS):
            yield trace.made
        if self._then is not None:
            self._look_from_here(*self._then)
            self._then = None
            while not trace.work(WORK_EVENTS):
                yield trace.made
        self._arrived()

    def halt(self) -> None:
        """Give up a long seek: stand at the last step made so far."""
        self._then = None
        self.trace.halt()
        self._arrived()

    def take_past_end(self) -> int | None:
        """The step number last asked for, if it lies past the search's end
        (once: the question is then answered)."""
        asked, self.asked = self.asked, None
        if asked is not None and self.total is not None and asked > self.total:
            return asked
        return None

    def _arrived(self) -> None:
        """Stand at the trace's step; learn the length."""
        trace = self.trace
        if trace.total is not None:
            self.total = trace.total
        self.at = trace.current.number


# -- the explorer's words ------------------------------------------------------------


def cells_text(cells: tuple[int, ...] | list[int], size: int) -> str:
    """Cells by name and number: "top left (0), centre (4)"."""
    return ", ".join(f"{cell_name(cell, size)} ({cell})" for cell in cells)


def tree_label(node: TreeNode, valued: bool, cut: bool, *, convention: Convention = Convention.NEGAMAX) -> str:
    """A line of the whole tree (small positions): the move, and its value
    once the search has backed it up, as ``convention`` states it; the moves
    a cut-off skipped."""
    board = node.board
    if node.move is None:
        side = valued_side(board)
        text = (f"Root: {side} to move{role(side, convention)}" if not board.is_over
                else f"Root: {board.result.summary}")
        if valued and node.value is not None:
            # Negamax's root value is its side to move's, as the line says already.
            text += (f", worth {worth(node.value, side, convention)}" if convention is Convention.MAXMIN
                     else f", worth {signed(node.value)}")
    else:
        mover = board[node.move]
        text = f"{mover} {cell_name(node.move, board.size)} ({node.move})"
        if board.is_over:
            text += f", {board.result.summary}"
        if valued and node.value is not None:
            text += f": {worth(node.value, mover, convention, 'for', bound=node.bound)}"
            if node.hit:
                text += " (from the table)"
        else:
            text += " \u2026"
    if cut and node.skipped:
        text += " \u2014 cut off: " + cells_text(node.skipped, board.size)
    return text


def node_heading(node: PathNode, depth: int, algorithm: Algorithm, *,
                 convention: Convention = Convention.NEGAMAX) -> str:
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
        best_value = bounded(stated(node.best_value, side, convention), stated(node.best_bound, side, convention))
        text += f", best so far {cell_name(node.best, board.size)} ({best_value})"
    return text + "."


def branch_text(move: int, size: int, state: BranchState, value: int | None, nodes: int, *,
                side: Player | None = None, convention: Convention = Convention.NEGAMAX, bound: int = 0) -> str:
    """One move of a position on the current path, as far as it is searched;
    a finished move's value (``value``, for ``side``, the side to move at the
    position) as ``convention`` states it, marked when it is only a bound
    (``bound``: the branch's)."""
    where = f"{cell_name(move, size)} ({move})"
    if state is BranchState.DONE and value is not None:
        if side is None and convention is not Convention.NEGAMAX:
            raise ValueError("a value is stated from X's side only knowing whose it is: pass side")
        whose = side or Player.X
        shown = bounded(stated(value, whose, convention), stated(bound, whose, convention))
        return f"{where}: {shown}, {nodes:,} node{'s' if nodes != 1 else ''}"
    if state is BranchState.SEARCHING:
        return f"{where}: searching, {nodes:,} node{'s' if nodes != 1 else ''} so far"
    if state is BranchState.SKIPPED:
        return f"{where}: cut off"
    return f"{where}: not yet"


def path_text(event: Event, size: int) -> str:
    """The moves from the root to this step's position, and its depth."""
    return (cells_text(event.path, size) if event.path else "the root") + f" \u2014 depth {len(event.path)}"


def window_text(event: Event, algorithm: Algorithm, *, convention: Convention = Convention.NEGAMAX) -> str:
    """The window at this step's position, as ``convention`` states it."""
    if algorithm is not Algorithm.ALPHABETA:
        return "none: minimax searches every move"
    pair = window_pair(event.alpha, event.beta, valued_side(event.board), convention)
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


def announcement(step: Step, algorithm: Algorithm, *, convention: Convention = Convention.NEGAMAX) -> str:
    """What the live region says once stepping pauses."""
    return f"Step {step.number}: {describe(step.event, algorithm, convention=convention, bound=step.value_bound)}"


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


def race_done(board: Board) -> str:
    return f"Done: {len(RACERS)} searches of {board}, counted in this browser just now."


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
