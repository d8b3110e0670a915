"""Monte Carlo tree search: UCT with random playouts, on 3x3 and 4x4.

Each iteration has four steps, and ``Tree.step`` returns them for a page to
show one at a time:

1. *selection*: from the root, while a node has tried all its moves, go to the
   child with the highest mean value plus ``exploration * sqrt(ln N / n)``
   (N the node's visits, n the child's);
2. *expansion*: add one untried move of the node reached, chosen at random;
3. *playout*: from there, random moves to the end of the game;
4. *back-propagation*: every node on the path counts a visit and adds the
   result, +1 a win, 0 a draw, -1 a loss for the side that moved into it.

Every iteration visits exactly one of the root's moves, so their visits sum
to the iterations.

>>> from random import Random
>>> tree = Tree(Board.parse("XX./OO./..."), Random(1))
>>> tree.run(200)
>>> max(tree.root.children.values(), key=lambda node: node.visits).move
2
"""

from __future__ import annotations

from math import log, sqrt

from ..analysis import Analysis, MoveAnalysis, Value
from ..board import Board, Player
from ..bots import Bot
from ..errors import EngineError
from ..geometry import Cell
from ..records import Record
from ..solver import analyze
from .marking import good_moves

TYPE_CHECKING = False  # see board.py
if TYPE_CHECKING:
    from random import Random

    from ..geometry import Geometry

EXPLORATION = sqrt(2)
"""The weight of exploring in UCT: the square root of two, the textbook choice for results in [-1, 1]
(Kocsis and Szepesvári's bound; larger explores more)."""


class Node:
    """A position in the tree, with what the search has seen below it."""

    __slots__ = ("board", "move", "mover", "children", "untried", "visits", "total")

    def __init__(self, board: Board, move: Cell | None, mover: Player | None, untried: list[Cell]) -> None:
        self.board = board
        self.move = move
        """The move that made this position from its parent (None at the root)."""
        self.mover = mover
        """The side that made that move."""
        self.children: dict[Cell, Node] = {}
        self.untried = untried
        self.visits = 0
        self.total = 0.0
        """The sum of the results seen through this node, for ``mover``."""

    @property
    def mean(self) -> float:
        """The mean result for the side that moved into this node (0.0 unvisited)."""
        return self.total / self.visits if self.visits else 0.0


class Iteration(Record):
    """What one iteration did."""

    path: tuple[Cell, ...]
    """The moves selection followed from the root, the expanded one included."""
    expanded: Cell | None
    """The move added to the tree; None when selection reached a finished game."""
    playout: tuple[Cell, ...]
    """The random moves played after that, to the end."""
    winner: Player | None
    """Who won the simulated game (None: a draw)."""


class Tree:
    """A UCT search from ``board``, grown one iteration at a time."""

    def __init__(self, board: Board, rng: Random, exploration: float = EXPLORATION) -> None:
        if board.is_over:
            raise EngineError(f"no move to search: the game is over ({board.result.summary})")
        self._rng = rng
        self.exploration = exploration
        self.root = Node(board, None, None, list(board.legal_moves))
        self.iterations = 0

    def step(self) -> Iteration:
        """Run one iteration and say what it did."""
        node, path = self.root, [self.root]
        while not node.untried and node.children:  # selection
            node = self._select(node)
            path.append(node)
        expanded: Cell | None = None
        if node.untried:  # expansion
            expanded = node.untried.pop(self._rng.randrange(len(node.untried)))
            child = node.board.play(expanded)
            node.children[expanded] = Node(child, expanded, node.board.to_move, list(child.legal_moves))
            node = node.children[expanded]
            path.append(node)
        playout, winner = random_playout(node.board, self._rng)  # playout
        for visited in path:  # back-propagation
            visited.visits += 1
            if winner is not None:
                visited.total += 1.0 if visited.mover is winner else -1.0
        self.iterations += 1
        return Iteration(tuple(n.move for n in path[1:] if n.move is not None), expanded, playout, winner)

    def _select(self, node: Node) -> Node:
        # Every child has been visited here (selection goes on only past nodes
        # with no untried move), so its mean is total / visits, written out:
        # no property call for each child at each step of every iteration.
        scale = self.exploration * sqrt(log(node.visits))
        return max(node.children.values(), key=lambda child: child.total / child.visits + scale / sqrt(child.visits))

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations."""
        for _ in range(iterations):
            self.step()

    def most_visited(self) -> tuple[Cell, ...]:
        """The root's moves with the most visits (none before any iteration:
        a move nobody visited is not "most visited", however many tie at 0)."""
        top = max((c.visits for c in self.root.children.values()), default=0)
        if not top:
            return ()
        return tuple(sorted(cell for cell, child in self.root.children.items() if child.visits == top))

    def best_valued(self) -> tuple[Cell, ...]:
        """The root's tried moves with the highest mean value (none before any)."""
        tried = self.root.children
        top = max((c.mean for c in tried.values()), default=0.0)
        return tuple(sorted(cell for cell, c in tried.items() if c.mean == top))


_THROUGH: dict[int, tuple[tuple[int, ...], ...]] = {}


def _lines_through(shape: Geometry) -> tuple[tuple[int, ...], ...]:
    """For each cell, the masks of the winning lines through it."""
    through = _THROUGH.get(shape.side)
    if through is None:
        through = _THROUGH[shape.side] = tuple(
            tuple(m for m in shape.line_masks if m >> cell & 1) for cell in range(shape.cells)
        )
    return through


def random_playout(board: Board, rng: Random) -> tuple[tuple[Cell, ...], Player | None]:
    """Random moves from ``board`` to the end: the moves and the winner (None: a draw).

    Played on the masks, not on Boards: a random game is the free cells
    shuffled and taken in turn, and only the lines through each new mark can
    have been completed by it (4x4 boards are built, not looked up, so this
    is where a 4x4 search spends its time).
    """
    if board.is_over:
        return (), board.winner
    through = _lines_through(board.geometry)
    free = list(board.legal_moves)
    rng.shuffle(free)
    # Each side's mask in a list, the mover by parity: no Player is hashed
    # or flipped per move (playouts are the largest part of an iteration).
    masks = [board.x_mask, board.o_mask]
    first = 0 if (board.to_move or Player.X) is Player.X else 1
    for played, cell in enumerate(free, 1):
        side = (first + played - 1) % 2
        mine = masks[side] = masks[side] | 1 << cell
        for line in through[cell]:
            if mine & line == line:
                return tuple(free[:played]), Player.O if side else Player.X
    return tuple(free), None


class MoveReport(Record):
    """One of the root's moves: what the search thinks beside the truth."""

    cell: Cell
    visits: int
    mean: float
    """The search's mean result for the mover, -1 to 1."""
    exact: MoveAnalysis
    """The move's exact value and plies to the end."""
    good: bool
    """Whether it keeps the position's exact value."""


class Report(Record):
    """A search marked against the exact values."""

    iterations: int
    moves: tuple[MoveReport, ...]
    value: Value
    """The position's exact value for the side to move."""
    best: tuple[Cell, ...]
    """The exact best moves (fastest win, slowest loss)."""
    most_visited: tuple[Cell, ...]
    best_valued: tuple[Cell, ...]

    @property
    def most_visited_good(self) -> bool:
        """Whether every most-visited move keeps the exact value."""
        good = {m.cell for m in self.moves if m.good}
        return bool(self.most_visited) and set(self.most_visited) <= good

    @property
    def best_valued_good(self) -> bool:
        """Whether every move of the highest mean value keeps the exact value."""
        good = {m.cell for m in self.moves if m.good}
        return bool(self.best_valued) and set(self.best_valued) <= good


def report(tree: Tree, analysis: Analysis | None = None) -> Report:
    """``tree``'s root moves beside their exact values: ``analysis`` of the root
    position when given (a page solves a 4x4 one move at a time), else solved here."""
    board = tree.root.board
    if analysis is None:
        analysis = analyze(board)
    elif analysis.board != board:
        raise EngineError(f"the analysis is of {analysis.board}, the search of {board}")
    good = set(good_moves(board))
    children = tree.root.children
    moves = tuple(
        MoveReport(
            move.cell,
            children[move.cell].visits if move.cell in children else 0,
            children[move.cell].mean if move.cell in children else 0.0,
            move,
            move.cell in good,
        )
        for move in analysis.moves
    )
    assert analysis.value is not None  # a tree's root is a live position
    return Report(tree.iterations, moves, analysis.value, analysis.best, tree.most_visited(), tree.best_valued())


class MctsBot(Bot):
    """Plays the most-visited move of a fresh search of ``iterations`` iterations
    (the lowest cell among equals)."""

    def __init__(self, iterations: int, rng: Random) -> None:
        if type(iterations) is not int or iterations < 1:
            raise EngineError(f"a search needs at least one iteration, not {iterations!r}")
        self.iterations = iterations
        self._rng = rng

    def choose(self, board: Board) -> Cell:
        tree = Tree(board, self._rng)
        tree.run(self.iterations)
        return tree.most_visited()[0]
