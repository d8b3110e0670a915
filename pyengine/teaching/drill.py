"""Alpha-beta drills: a real position whose search a student does by hand, its answer key, and the grading.

A drill is a position, a move order, a convention (negamax or MAX/MIN) and a
pruning rule (AIMA's cut-off at alpha >= beta, or the strict one at alpha >
beta). The whole game tree below the position is drawn, so that nothing
drawn gives a cut-off away; the finished games' values are given. The
student writes the value of every position the search reaches (a bound,
``>= 0`` or ``<= 0``, where the search proves only a bound) and marks every
move it never examines.

The answer key is read from the engine's own alpha-beta events
(``search.events``, the ones the explorer steps through), folded into their
tree by ``searchtree.fold`` as the explorer's are, never from a second
search: a position is searched if the search entered it, skipped if a
cut-off skipped it; its value is the one that came back from it, and it is
a bound (``searchtree.bound_of``) when it lies outside the window it was
entered with. The full tree that is drawn is the one plain minimax enters.

>>> drill = Drill(Board.parse("XO./.XO/X.."), Order.CELLS, Convention.MAXMIN, Rule.AIMA)
>>> key = answer_key(drill)
>>> key.node(()).answer.text, [node_key(n.path) for n in key.nodes if n.status is Status.SKIPPED]
('+1', ['2,7,8', '3,7', '3,8', '7,3', '7,8', '8,3', '8,7'])
>>> grade(key, correct_entries(key)).wrong
()
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache

from ..board import Board, Player
from ..choices import Choice
from ..geometry import Cell
from ..records import Record
from ..words import cell_name
from .search import Algorithm, Event, Order, Rule, events, ordered_moves
from .searchtree import Bound, SearchNode, SearchTree, fold
from .stepwords import Convention, bounded, path_words, role, signed, stated_window, valued_side

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from random import Random
    from typing import Final

Path = tuple[Cell, ...]

MAX_NODES: Final = 65
"""The most positions a drill's whole tree may have, so that it fits the drawing
(every 3x3 position with four empty cells fits; none with five does)."""
MIN_CUTOFFS: Final = 2
"""The fewest cut-offs a drill's search makes, under either rule."""
ORDERS: Final = (Order.CELLS, Order.ENGINE)
"""The move orders a drill is set in: the cells' own, and the engine's."""


class Difficulty(Choice, Enum, noun="drill level"):
    """How big a drill is, by its board and the positions in its tree."""

    SHORT = "short"
    """3x3, three empty cells: at most 16 positions."""
    LONG = "long"
    """3x3, four empty cells: up to MAX_NODES positions."""
    FOUR = "4x4"
    """4x4 near its end, three or four empty cells: the harder level."""


_EMPTIES: Final = {Difficulty.SHORT: (3, 3, (3,)), Difficulty.LONG: (3, 4, (4,)), Difficulty.FOUR: (4, 3, (3, 4))}
"""Each level's board size, and how many empty cells its positions have (min, choices)."""


class Claim(Record):
    """A value as a node shows it: ``+1``, ``\u2265 0``, ``\u2264 \u22121``."""

    value: int
    bound: Bound

    @property
    def text(self) -> str:
        return bounded(self.value, self.bound)

    def seen_by(self, side: Player, viewer: Player) -> Claim:
        """This claim, made for ``side``, as ``viewer`` sees it (the other side: sign and bound flipped)."""
        return self if side is viewer else Claim(-self.value, self.bound.flipped)


class BadClaimError(ValueError):
    """An entry that is not a value or a bound."""


def parse_claim(text: str) -> Claim:
    """A value or a bound as a person writes it: ``1``, ``+1``, ``\u22121``, ``>=0``, ``\u2264 -1``.

    >>> parse_claim(" >= -1 ").text, parse_claim("\u2264+1").text
    ('\u2265 \u22121', '\u2264 +1')
    """
    rest = text.strip().replace("\u2212", "-").replace(" ", "")
    bound = Bound.EXACT
    for prefix, meaning in (
        (">=", Bound.AT_LEAST),
        ("\u2265", Bound.AT_LEAST),
        ("<=", Bound.AT_MOST),
        ("\u2264", Bound.AT_MOST),
    ):
        if rest.startswith(prefix):
            bound, rest = meaning, rest[len(prefix) :]
            break
    if rest not in ("1", "+1", "0", "+0", "-0", "-1"):
        raise BadClaimError(f"not a value (-1, 0, +1) or a bound (>= 0, <= 0): {text!r}")
    return Claim(int(rest), bound)


CLAIMS: Final = tuple(Claim(value, bound) for bound in Bound for value in (1, 0, -1))
"""Every claim a node can hold, for a list to choose from."""


class Drill(Record):
    """One drill: what its link names."""

    board: Board
    order: Order
    convention: Convention
    rule: Rule


class Status(Enum):
    """What the search does with a node."""

    SEARCHED = "searched"
    """The search enters it."""
    SKIPPED = "skipped"
    """A cut-off skips this move: the student marks it."""
    BELOW = "below"
    """Below a skipped move: never reached, nothing to mark."""


class Node(Record):
    """One position of the drawn tree, and what the search does there."""

    path: Path
    """The moves from the drill's position (``()`` for the root)."""
    board: Board
    children: tuple[Cell, ...]
    """The moves from it, in the drill's order (none at a finished game)."""
    status: Status
    given: Claim | None
    """A finished game's value, shown on the drawing as the convention states it."""
    answer: Claim | None
    """What the student writes here: a searched position's value (a finished game's is given)."""
    own: Claim | None
    """A searched position's value for its own side to move (valued_side), as the search returns it."""
    window: tuple[int, int] | None
    """A searched position's window on entering, for its side to move."""
    cutoff: Event | None
    """A skipped move: the CUTOFF event that skipped it."""


class Key(Record):
    """A drill's answer key: every node, depth first with the children in the drill's order."""

    drill: Drill
    nodes: tuple[Node, ...]
    cutoffs: tuple[Event, ...]
    """The search's CUTOFF events, in order."""
    by_path: dict[Path, Node]
    """The nodes by their paths."""

    def node(self, path: Path) -> Node:
        """The node reached by ``path`` (KeyError if the tree has none)."""
        return self.by_path[path]

    @property
    def ties(self) -> tuple[Event, ...]:
        """The cut-offs made on a tie (alpha = beta): those the strict rule does not make."""
        return tuple(event for event in self.cutoffs if event.alpha == event.beta)


def node_key(path: Path) -> str:
    """A node's name in the page's hooks (``data-node``): its moves from the root, ``"4,0"``."""
    return ",".join(str(cell) for cell in path)


def viewer(board: Board, path: Path, convention: Convention) -> Player:
    """Whose value a node shows: X's under MAX/MIN; under negamax, as the
    explorer draws its tree, the side that played the move into it (the root:
    its own side to move)."""
    side = valued_side(board)
    if convention is Convention.MAXMIN:
        return Player.X
    return side.other if path else side


@lru_cache(maxsize=64)
def _searched(board: Board, order: Order, rule: Rule) -> SearchTree:
    """Alpha-beta's tree on ``board``, folded once for both conventions (and
    for ``eligible``, which counts the cut-offs)."""
    return fold(events(Algorithm.ALPHABETA, board, order, rule), order, rule)


@lru_cache(maxsize=64)
def whole_tree(board: Board) -> SearchTree:
    """The tree plain minimax enters from ``board``: every position below it."""
    return fold(events(Algorithm.MINIMAX, board))


@lru_cache(maxsize=64)
def drawn_tree(board: Board, order: Order) -> tuple[tuple[Path, Board, tuple[Cell, ...]], ...]:
    """The positions drawn, each with its path and moves: every one plain
    minimax enters, depth first with each position's moves in ``order``."""
    nodes = whole_tree(board).nodes
    drawn = []

    def visit(node: SearchNode) -> None:
        moves = ordered_moves(node.board, order) if not node.board.is_over else ()
        drawn.append((node.path, node.board, moves))
        children = node.children  # minimax enters every move, in cell order
        if order is not Order.CELLS and children:
            by_move = {nodes[child].path[-1]: child for child in children}
            children = tuple(by_move[cell] for cell in moves)
        for child in children:
            visit(nodes[child])

    visit(nodes[0])
    assert len(drawn) == len(nodes)
    return tuple(drawn)


def clear_caches() -> None:
    """Forget the trees and searches kept for the last drills (bench/drill.py times them afresh)."""
    drawn_tree.cache_clear()
    whole_tree.cache_clear()
    _searched.cache_clear()


def answer_key(drill: Drill) -> Key:
    """The drill's answer key, from the engine's own events: the whole tree
    (plain minimax enters every position), and what alpha-beta does in it."""
    board, order, convention, rule = drill
    searched = _searched(board, order, rule)
    skipped = {(*event.path, cell): event for event in searched.cutoffs for cell in event.skipped}
    unsearched: set[Path] = set()  # skipped, or below a skipped move
    nodes: list[Node] = []
    for path, here, children in drawn_tree(board, order):
        side = valued_side(here)
        shown = viewer(here, path, convention)
        status = Status.BELOW if path[:-1] in unsearched else Status.SKIPPED if path in skipped else Status.SEARCHED
        own = answer = given = window = None
        if status is Status.SEARCHED:
            node = searched.node(path)
            window = node.window
            assert node.value is not None  # every position alpha-beta enters has its value come back
            own = Claim(node.value, node.bound)
            answer = own.seen_by(side, shown)
        else:
            unsearched.add(path)
        if here.is_over:
            # A finished game's value is the rules', not the search's: shown even where it is not searched.
            given = Claim(-1 if here.winner else 0, Bound.EXACT).seen_by(side, shown)
            answer = None
        nodes.append(Node(path, here, children, status, given, answer, own, window, skipped.get(path)))
    return Key(drill, tuple(nodes), searched.cutoffs, {node.path: node for node in nodes})


# -- grading --------------------------------------------------------------------


class Entry(Record):
    """What the student put at one node."""

    claim: Claim | None = None
    """The value written (None: left blank)."""
    skipped: bool = False
    """Marked as a move the search never examines."""


class Grade(Enum):
    RIGHT = "right"
    WRONG = "wrong"
    MISSING = "missing"
    """A value the search finds, left blank."""


class Verdict(Record):
    """A drill checked: each node's grade (by its path), and why the first wrong one is wrong."""

    grades: dict[Path, Grade]
    wrong: tuple[Path, ...]
    missing: tuple[Path, ...]
    explanation: str
    """The first wrong node, explained from the rule; or what is missing; or that all is right."""


def correct_entries(key: Key) -> dict[Path, Entry]:
    """The entries of a fully correct answer."""
    return {node.path: Entry(node.answer, node.status is Status.SKIPPED) for node in key.nodes}


def grade_node(node: Node, entry: Entry) -> Grade:
    """One node's grade for the student's entry."""
    if node.status is Status.SKIPPED:
        return Grade.RIGHT if entry.skipped and entry.claim is None else Grade.WRONG
    if node.status is Status.BELOW:
        return Grade.WRONG if entry.claim is not None else Grade.RIGHT
    if entry.skipped:
        return Grade.WRONG
    if node.answer is None:  # a finished game: its value is given
        return Grade.RIGHT if entry.claim is None or entry.claim == node.given else Grade.WRONG
    if entry.claim is None:
        return Grade.MISSING
    return Grade.RIGHT if entry.claim == node.answer else Grade.WRONG


def grade(key: Key, entries: Mapping[Path, Entry]) -> Verdict:
    """Every node graded against the key (a node without an entry was left
    blank), and the first wrong one, in the order drawn, explained."""
    blank = Entry()
    grades = {node.path: grade_node(node, entries.get(node.path, blank)) for node in key.nodes}
    wrong = tuple(path for path, mark in grades.items() if mark is Grade.WRONG)
    missing = tuple(path for path, mark in grades.items() if mark is Grade.MISSING)
    if wrong:
        text = explain(key, key.node(wrong[0]), entries.get(wrong[0], blank))
    elif missing:
        text = (
            f"Nothing is wrong so far, but {_count(len(missing), 'value is', 'values are')} still missing, "
            f"first at {where(key, missing[0])}."
        )
    else:
        text = f"All {len(grades)} nodes are right."
    return Verdict(grades, wrong, missing, text)


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one}" if number == 1 else f"{number} {many}"


def where(key: Key, path: Path) -> str:
    """A node in words: ``'X centre, O top left'``."""
    return path_words(key.node(path).board, path)


def turn(side: Player, convention: Convention) -> str:
    """Whose turn, in the convention's words: ``"MIN's turn (O)"``, or ``"O's turn"``."""
    if convention is Convention.MAXMIN:
        return f"{'MAX' if side is Player.X else 'MIN'}'s turn ({side})"
    return f"{side}'s turn"


def window_words(alpha: int, beta: int, side: Player, convention: Convention) -> str:
    """``'\u03b1 = 0 and \u03b2 = +1'``, for ``side``'s window as the convention states it."""
    low, high = stated_window(alpha, beta, side, convention)
    return f"\u03b1 = {signed(low)} and \u03b2 = {signed(high)}"


def explain(key: Key, node: Node, entry: Entry) -> str:
    """Why ``node`` is wrong for ``entry``, from the rule."""
    convention, rule = key.drill.convention, key.drill.rule
    strict = rule is Rule.STRICT
    place = where(key, node.path)
    if node.status is Status.SKIPPED:
        cut = node.cutoff
        assert cut is not None
        side = valued_side(cut.board)
        closed = "\u03b1 > \u03b2" if strict else "\u03b1 \u2265 \u03b2"
        why = (
            f"At {turn(side, convention)} with {window_words(cut.alpha, cut.beta, side, convention)} this move "
            f"is never searched: {closed}, so the search stops after {cell_name(cut.move or 0, cut.board.size)}."
        )
        extra = " It has no value to write." if entry.skipped else ""
        return f"{place}: {why}{extra}"
    if node.status is Status.BELOW:
        return f"{place}: the search never reaches this position, a move above it is cut off; it has no value to write."
    if entry.skipped:
        parent = key.node(node.path[:-1])
        side = valued_side(parent.board)
        assert node.window is not None
        alpha, beta = -node.window[1], -node.window[0]  # the parent's window when this move's turn came
        open_ = (
            "\u03b1 \u2264 \u03b2: the strict rule cuts off only once \u03b1 > \u03b2"
            if strict
            else "\u03b1 < \u03b2, the window is still open"
        )
        return (
            f"{place}: this move is searched. At {turn(side, convention)} with "
            f"{window_words(alpha, beta, side, convention)} when its turn comes, {open_}."
        )
    if node.answer is None:
        return f"{place}: a finished game; its value is given, {node.given.text if node.given else ''}."
    return (
        f"{place}: the search gives {node.answer.text} here, not {entry.claim.text if entry.claim else ''}. "
        + reason(key, node)
    )


def reason(key: Key, node: Node) -> str:
    """How the search comes to a searched position's value, in the convention's words."""
    convention = key.drill.convention
    board = node.board
    side = valued_side(board)
    assert node.own is not None and node.window is not None and node.answer is not None
    # The moves' values as the drawing shows them: for the side to move here (negamax), or X's.
    moves = []
    for cell in node.children:
        child = key.node((*node.path, cell))
        if child.status is not Status.SEARCHED:
            continue
        claim = child.given or child.answer
        assert claim is not None
        moves.append(f"{cell_name(cell, board.size)} {claim.text}")
    best = "highest" if convention is Convention.NEGAMAX or side is Player.X else "lowest"
    shown = node.own.seen_by(side, Player.X if convention is Convention.MAXMIN else side)
    text = (
        f"{side} to move{role(side, convention)} takes the {best} of its moves searched ({', '.join(moves)}): "
        f"{signed(shown.value)}"
    )
    window = window_words(*node.window, side, convention)
    cut = any(event.path == node.path for event in key.cutoffs)
    if cut:
        text += ", then a cut-off skips its other moves, so that is only a bound"
    elif node.own.bound is Bound.EXACT:
        text += f", inside the window ({window}), so it is exact"
    else:
        text += f", outside the window ({window}), so the search proves only a bound"
    if convention is Convention.NEGAMAX and node.path:
        text += (
            f"; written for {side.other}, who played {cell_name(node.path[-1], board.size)}, it is {node.answer.text}"
        )
    return text + "."


# -- which drills there are -----------------------------------------------------


def difficulty(board: Board) -> Difficulty | None:
    """The level a position's drill belongs to, by its board and empty cells (None: none)."""
    empty = len(board.legal_moves)
    for level, (size, _, counts) in _EMPTIES.items():
        if board.size == size and empty in counts:
            return level
    return None


def eligible(board: Board, order: Order) -> bool:
    """Whether ``board`` in ``order`` makes a drill: a level's position, not
    over, whose whole tree fits the drawing and whose search cuts off at least
    MIN_CUTOFFS times under either rule."""
    if board.is_over or difficulty(board) is None:
        return False
    if len(drawn_tree(board, order)) > MAX_NODES:
        return False
    return all(len(_searched(board, order, rule).cutoffs) >= MIN_CUTOFFS for rule in Rule)


def random_drill(
    level: Difficulty | str, order: Order | str, rng: Random, avoid: Iterable[str] = (), tries: int = 2000
) -> Board:
    """A position of ``level`` that makes a drill in ``order``, by random play
    from the empty board, none whose notation is in ``avoid``."""
    level, order = Difficulty.parse(level), Order.parse(order)
    size, _, counts = _EMPTIES[level]
    shunned = set(avoid)
    for _ in range(tries):
        board = Board.empty(size)
        empty = rng.choice(counts)
        while not board.is_over and len(board.legal_moves) > empty:
            board = board.play(rng.choice(board.legal_moves))
        if str(board) not in shunned and eligible(board, order):
            return board
    raise LookupError(f"no {level.value} drill found in {tries} tries")


def rules_differ(drill: Drill) -> tuple[Event, ...]:
    """Where the two rules prune differently on this drill: the cut-offs
    AIMA's rule makes on a tie, which the strict rule does not (none: they
    prune alike)."""
    return answer_key(drill._replace(rule=Rule.AIMA)).ties
