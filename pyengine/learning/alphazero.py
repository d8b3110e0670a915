"""AlphaZero in miniature: a policy-value network that teaches itself by self-play.

The network reads the board from the side to move's view (two planes of nine
cells: its own marks, the other side's) through one hidden layer of ReLUs and
gives two heads: a *policy*, a softmax over the empty cells (the taken ones
masked out), and a *value*, tanh of a single unit, what the position is worth
to the side to move from -1 (a loss) to +1 (a win).

A search guided by it (PUCT, as in AlphaZero) replaces the random playouts of
``mcts``: from the root, each simulation follows the move of the highest

    Q + c_puct * P * sqrt(N) / (1 + n)

(Q the move's mean value so far, 0 before any visit; P the network's prior;
N the node's visits, n the move's) to a position not yet in the tree, which
is added with the network's priors, and whose value from the network (the
game's result at the end of a game) is backed up the path, negated at each
ply. The search's move is the most visited (then the better mean, then the
lowest cell): a fresh search without noise, so the machine plays the same
move in the same position.

Training repeats an *iteration*: games of self-play (each opening with 0 to
``opening`` uniformly random moves, which are not learned from, so that the
positions after a blunder are played out too; then a search of
``simulations`` a move, with Dirichlet noise mixed into the root's priors,
and the move drawn in proportion to the visits for the first
``temperature_plies`` plies, then the most visited), then steps of Adam on
(position, the search's visit shares, the game's outcome) in each of the
board's eight symmetries, minimising the policy's cross-entropy plus the
value's squared error. One ``random.Random(seed)`` draws everything, so a
seed repeats a run exactly.

Everything here is marked against the exact values (``marking``): over the
4,298 positions with a choice (not over, two or more empty cells) the share
where the network's favourite move keeps the exact value, the same for the
search's move, the value head's mean error against the exact values (+1, 0,
-1), and how the network and the search fare against the perfect bot and
the random one, as X and as O, computed exactly by walking every reply.

>>> machine = AlphaZero.seeded(1)                   # untrained
>>> sorted(machine.evaluate(Board.parse("XX./OO./...")).priors)
[2, 5, 6, 7, 8]
>>> def uniform(board):                             # no knowledge at all: even priors, every value 0
...     return [1 / len(board.legal_moves)] * len(board.legal_moves), 0.0
>>> most_visited(search(Board.parse("XX./OO./..."), uniform, simulations=24, c_puct=1.5))
2
>>> len(marked_positions())
4298

Sizes, chosen by learning speed per second of CPython on this machine (two
cores shared by six sessions; ``bench/alphazero.py``, figures in
bench/README.md): see ``Settings``.
"""

from __future__ import annotations

from math import exp, log, sqrt, tanh
from operator import mul
from random import Random

from ..analysis import Value
from ..board import Board, Player
from ..bots import Bot
from ..errors import EngineError
from ..geometry import SYMMETRIES, Cell
from ..records import Record
from ..solver import analyze
from .marking import Mark, mark, notation, perfect_share

TYPE_CHECKING = False  # see board.py
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from typing import Any

VERSION = 1
"""The version of ``AlphaZero.to_json``'s data; ``from_json`` reads only this one."""

INPUTS = 18
"""The network's inputs: the side to move's nine cells, then the other side's."""


class Settings(Record):
    """How the machine is built and trained: the defaults learn fastest per second here.

    Measured on seed 1 with ``bench/alphazero.py`` on this 2-core machine shared
    by six sessions (CPU seconds from its ``--speed``, the learning curves from
    training runs, one at a time; the figures over ten seeds are in
    bench/README.md). What the time goes on decides it: with the network's
    evaluations remembered between weight changes, a search simulation costs
    6 us and 40 self-play games of 48 simulations a move 0.03 s of CPU,
    while a learning step costs 76 us an example (width 64) and marking the
    4,298 positions 0.5 s. So games are nearly free and learning is what costs:

    - *games*: 40 an iteration left the network at 0.974 after 16 iterations
      (its failures were positions self-play rarely reaches); 300 reach 0.98
      after 6 iterations (17 s wall), for 0.3 s more CPU an iteration; 600
      with 300 steps were no better per second;
    - *opening*: without random opening moves, self-play never shows the
      network the positions after a blunder (with 40 games of 24 simulations
      an iteration, 48 wide: 0.88 after 15 iterations; with them 0.94 after 10);
    - *simulations*: 48 rather than 24 gives better visit counts to learn
      from (0.963 against 0.948 after 3 iterations, 0.978 against 0.975
      after 5), for little: self-play is cheap;
    - *width*: 64 reaches 0.98 at the 6th iteration, 48 had not by the 10th
      (0.9795), for 75 us a step's example against 63 (128: 163 us); one
      hidden layer is enough (trained on the exact moves directly, 48 wide
      reaches 0.988);
    - *learning rate*: 0.01 and 0.005 learned alike (0.975 after 18
      iterations each, at 40 games); the decay of 0.92 an iteration made no
      difference on seed 1 (a constant 0.01: 0.983 after 6 iterations and
      0.986 after 9, against 0.982 and 0.986), and is kept to settle the
      late iterations, where a run stops.

    OpenSpiel's tic-tac-toe example (a residual net 128 wide, 20 simulations a
    move, c_puct 1, temperature for 4 moves, Adam at 0.01, batches of 128)
    runs on a GPU or C++; here its width alone would cost twice the time a
    step (163 us an example against 75), and its settings are compared in
    bench/README.md.
    """

    width: int = 64
    """Hidden units (one hidden layer of ReLUs)."""
    simulations: int = 48
    """Search simulations a move, in self-play and when playing or marked."""
    c_puct: float = 1.5
    """The weight of the prior in PUCT (OpenSpiel's tic-tac-toe example uses 1, its defaults 2)."""
    dirichlet_alpha: float = 1.0
    """The root noise's concentration: about 10 / the legal moves, as AlphaZero scaled it (0.3 for chess)."""
    noise: float = 0.25
    """The share of the root's priors that is noise in self-play (AlphaZero's and OpenSpiel's 0.25)."""
    temperature_plies: int = 4
    """Plies of a self-play game whose move is drawn in proportion to the visits (OpenSpiel's example: 4)."""
    opening: int = 6
    """Each self-play game opens with 0 to this many uniformly random moves, not learned from."""
    games: int = 300
    """Self-play games an iteration."""
    steps: int = 400
    """Adam steps an iteration."""
    batch: int = 64
    """Examples a step."""
    learning_rate: float = 0.01
    """Adam's step size in the first iteration..."""
    decay: float = 0.92
    """... multiplied by this after each iteration."""
    window: int = 4
    """The iterations whose games are trained on (the replay buffer)."""
    iterations: int = 12
    """Iterations a run trains unless told otherwise."""


def _number(value: Any, low: float, high: float, whole: bool, name: str) -> Any:
    """``value`` if it is a number from ``low`` to ``high`` (a whole one when ``whole``); EngineError otherwise."""
    kinds = (int,) if whole else (int, float)
    if type(value) not in kinds or not low <= value <= high:
        raise EngineError(f"{name} is {value!r}, not a {'whole ' if whole else ''}number from {low:g} to {high:g}")
    return value if whole else float(value)


_LIMITS: dict[str, tuple[float, float, bool]] = {
    "width": (1, 1024, True),
    "simulations": (1, 10_000, True),
    "c_puct": (0.0, 100.0, False),
    "dirichlet_alpha": (1e-6, 100.0, False),
    "noise": (0.0, 1.0, False),
    "temperature_plies": (0, 9, True),
    "opening": (0, 8, True),
    "games": (0, 100_000, True),
    "steps": (0, 1_000_000, True),
    "batch": (1, 100_000, True),
    "learning_rate": (0.0, 10.0, False),
    "decay": (0.0, 1.0, False),
    "window": (1, 1000, True),
    "iterations": (0, 100_000, True),
}


def settings(**given: Any) -> Settings:
    """``Settings`` with ``given`` in place of the defaults, each checked; EngineError naming a bad one."""
    unknown = sorted(set(given) - set(Settings._fields))
    if unknown:
        raise EngineError(f"no setting {unknown[0]!r}: the settings are {', '.join(Settings._fields)}")
    checked = {name: _number(value, *_LIMITS[name], name) for name, value in given.items()}
    return Settings(**checked)


# -- the network ---------------------------------------------------------------


class Network:
    """The policy-value network: weights as plain lists of floats.

    ``w1`` is input-major (a row of ``width`` weights per input) because the
    inputs are 0 or 1: the hidden layer is the bias plus the rows of the
    marks on the board, summed column by column, with no multiplication.
    The heads are output-major, each output a ``sum(map(mul, row, hidden))``:
    in CPython 3.11 (CPU time, best of five) that dot product of 64 takes
    1.5 us, where a generator over ``zip(row, hidden)`` takes 2.7 us and an
    indexed loop 2.3 us.
    """

    __slots__ = ("width", "w1", "b1", "wp", "bp", "wv", "bv")

    def __init__(self, width: int, rng: Random | None = None) -> None:
        self.width = width
        if rng is None:
            zeros = [0.0] * width
            self.w1 = [list(zeros) for _ in range(INPUTS)]
            self.wp = [list(zeros) for _ in range(9)]
            self.wv = list(zeros)
        else:  # He's initialisation for the ReLUs (about 3 inputs are on), small heads
            spread = sqrt(2.0 / 3.0)
            self.w1 = [[rng.gauss(0.0, spread) for _ in range(width)] for _ in range(INPUTS)]
            head = 1.0 / sqrt(width)
            self.wp = [[rng.gauss(0.0, head) for _ in range(width)] for _ in range(9)]
            self.wv = [rng.gauss(0.0, head) for _ in range(width)]
        self.b1 = [0.0] * width
        self.bp = [0.0] * 9
        self.bv = [0.0]

    def parameters(self) -> list[list[float]]:
        """Every weight, as the lists that hold them (updated in place by training)."""
        return [*self.w1, self.b1, *self.wp, self.bp, self.wv, self.bv]

    def hidden(self, inputs: Sequence[int]) -> list[float]:
        """The hidden layer's activations for the inputs that are on."""
        # One pass down the columns: half the time of adding the rows one by one
        # (five marks, 48 wide: 16-20 us against 32-34 us, best of three, CPython 3.11).
        w1 = self.w1
        return [a if a > 0.0 else 0.0 for a in map(sum, zip(self.b1, *[w1[i] for i in inputs], strict=True))]

    def forward(self, inputs: Sequence[int], legal: Sequence[Cell]) -> tuple[list[float], list[float], float]:
        """The hidden layer, the policy over ``legal`` (in its order) and the value."""
        h = self.hidden(inputs)
        wp, bp = self.wp, self.bp
        logits = [sum(map(mul, wp[c], h)) + bp[c] for c in legal]
        top = max(logits)
        weights = [exp(x - top) for x in logits]
        total = sum(weights)
        value = tanh(sum(map(mul, self.wv, h)) + self.bv[0])
        return h, [w / total for w in weights], value

    def to_json(self) -> dict[str, Any]:
        """The weights as plain data."""
        return {"w1": self.w1, "b1": self.b1, "wp": self.wp, "bp": self.bp, "wv": self.wv, "bv": self.bv[0]}

    @classmethod
    def from_json(cls, data: Any, width: int) -> Network:
        """The network ``to_json`` wrote, ``width`` hidden units; EngineError for anything else."""

        def floats(values: Any, length: int, name: str) -> list[float]:
            if not isinstance(values, list) or len(values) != length:
                raise EngineError(f"{name} is not a list of {length} numbers")
            if not all(type(v) in (int, float) and abs(v) < 1e12 for v in values):
                raise EngineError(f"{name} holds something that is not a finite number")
            return [float(v) for v in values]

        def rows(values: Any, count: int, name: str) -> list[list[float]]:
            if not isinstance(values, list) or len(values) != count:
                raise EngineError(f"{name} is not a list of {count} rows")
            return [floats(row, width, f"{name}[{i}]") for i, row in enumerate(values)]

        if not isinstance(data, dict):
            raise EngineError("the network is not an object")
        net = cls(width)
        net.w1 = rows(data.get("w1"), INPUTS, "w1")
        net.b1 = floats(data.get("b1"), width, "b1")
        net.wp = rows(data.get("wp"), 9, "wp")
        net.bp = floats(data.get("bp"), 9, "bp")
        net.wv = floats(data.get("wv"), width, "wv")
        net.bv = floats([data.get("bv")], 1, "bv")
        return net


def inputs_of(board: Board) -> list[int]:
    """The inputs that are on: the side to move's cells (0-8), the other side's (9-17)."""
    mine, theirs = (board.x_mask, board.o_mask) if board.to_move is not Player.O else (board.o_mask, board.x_mask)
    return [c for c in range(9) if mine >> c & 1] + [9 + c for c in range(9) if theirs >> c & 1]


class Example(Record):
    """One position to learn from: what the search made of it and how the game ended."""

    inputs: tuple[int, ...]
    legal: tuple[Cell, ...]
    target: tuple[float, ...]
    """The search's visit shares over ``legal``, in its order."""
    outcome: float
    """The game's result for the side to move: +1, 0 or -1."""


def examples(board: Board, shares: dict[Cell, float], outcome: float) -> list[Example]:
    """The position and its visit shares in each of the board's eight symmetries."""
    found = []
    for symmetry in SYMMETRIES:
        turned = board.transform(symmetry)
        perm = symmetry.perm
        moved = {perm[cell]: share for cell, share in shares.items()}
        legal = turned.legal_moves
        found.append(Example(tuple(inputs_of(turned)), legal, tuple(moved.get(c, 0.0) for c in legal), outcome))
    return found


def gradient(net: Network, batch: Sequence[Example]) -> tuple[list[list[float]], float]:
    """The gradient of the batch's summed loss (the policy's cross-entropy plus
    the value's squared error), shaped as ``net.parameters()``, and that loss.

    Each example's forward pass and the error it sends back to the hidden
    layer are its own; the weights' gradients are then sums over the batch,
    taken column by column (``sum(map(mul, ...))`` over the batch's errors and
    activations) rather than added into every row example by example: 64 us
    an example against 69 (64 wide, CPU time, the two alternating in one
    process), for the same sums in the same order.
    """
    wp, wv = net.wp, net.wv
    hiddens: list[list[float]] = []
    errors: list[list[float]] = []  # per example: the 9 logits' errors (0 off the legal moves), the value's
    backs: list[list[float]] = []  # per example: the error at the hidden layer's inputs
    loss = 0.0
    for example in batch:
        h, policy, value = net.forward(example.inputs, example.legal)
        error = value - example.outcome
        loss += error * error
        dv = 2.0 * error * (1.0 - value * value)
        out = [0.0] * 10
        out[9] = dv
        dh = [dv * w for w in wv]
        for cell, p, t in zip(example.legal, policy, example.target, strict=True):
            if t > 0.0:
                loss -= t * log_of(p)
            d = out[cell] = p - t
            dh = [x + d * w for x, w in zip(dh, wp[cell], strict=True)]
        hiddens.append(h)
        errors.append(out)
        backs.append([d if a > 0.0 else 0.0 for d, a in zip(dh, h, strict=True)])
    columns = list(zip(*hiddens, strict=True))
    heads = [[sum(map(mul, column, errs)) for column in columns] for errs in zip(*errors, strict=True)]
    by_input: list[list[list[float]]] = [[] for _ in range(INPUTS)]
    for example, back in zip(batch, backs, strict=True):
        for i in example.inputs:
            by_input[i].append(back)
    width = net.width
    gw1 = [_sums(zip(*rows, strict=True)) if rows else [0.0] * width for rows in by_input]
    gb1 = _sums(zip(*backs, strict=True))
    bias = [sum(column) for column in zip(*errors, strict=True)]
    return [*gw1, gb1, *heads[:9], bias[:9], heads[9], [bias[9]]], loss


def _sums(columns: Iterable[tuple[float, ...]]) -> list[float]:
    """Each column's sum."""
    return list(map(sum, columns))


def log_of(p: float) -> float:
    """The natural log, floored so a zero share costs a large finite loss."""
    return log(p) if p > 1e-12 else log(1e-12)


class Adam:
    """Adam (Kingma and Ba), its moments shaped as the network's parameters."""

    def __init__(self, net: Network, rate: float, beta1: float = 0.9, beta2: float = 0.999) -> None:
        self.rate, self.beta1, self.beta2 = rate, beta1, beta2
        self.m = [[0.0] * len(p) for p in net.parameters()]
        self.v = [[0.0] * len(p) for p in net.parameters()]
        self.steps = 0

    def step(self, net: Network, gradient: Sequence[Sequence[float]], scale: float) -> None:
        """Move the weights one step down ``gradient`` (times ``scale``: 1 / the batch)."""
        self.steps += 1
        b1, b2 = self.beta1, self.beta2
        c1, c2 = 1.0 - b1, 1.0 - b2
        rate = self.rate * sqrt(1.0 - b2**self.steps) / (1.0 - b1**self.steps)
        for p, g, m, v in zip(net.parameters(), gradient, self.m, self.v, strict=True):
            m[:] = [b1 * mi + c1 * gi * scale for mi, gi in zip(m, g, strict=True)]
            v[:] = [b2 * vi + c2 * (gi * scale) ** 2 for vi, gi in zip(v, g, strict=True)]
            p[:] = [pi - rate * mi / (sqrt(vi) + 1e-8) for pi, mi, vi in zip(p, m, v, strict=True)]


# -- the search ----------------------------------------------------------------


class Evaluation(Record):
    """The network's reading of a position."""

    priors: dict[Cell, float]
    """The policy over the legal moves."""
    value: float
    """What the position is worth to the side to move, -1 to 1."""


class Node:
    """A position in a search tree, each of its moves' statistics in lists."""

    __slots__ = ("board", "moves", "priors", "visits", "totals", "children", "count", "value")

    def __init__(self, board: Board, priors: Sequence[float], value: float) -> None:
        self.board = board
        self.moves = board.legal_moves
        self.priors = list(priors)
        self.visits = [0] * len(self.moves)
        self.totals = [0.0] * len(self.moves)
        self.children: list[Node | float | None] = [None] * len(self.moves)
        """Each move's position once visited: a Node, or the result for the mover when the game ends there."""
        self.count = 0
        self.value = value
        """The evaluator's value of the position for the side to move."""


if TYPE_CHECKING:
    Evaluator = Callable[[Board], tuple[Sequence[float], float]]
    """A position's priors over its legal moves (in their order) and its value for the side to move."""


def search(board: Board, evaluate: Evaluator, simulations: int, c_puct: float) -> Node:
    """A PUCT search of ``simulations`` simulations from ``board`` (not over), guided by ``evaluate``."""
    if board.is_over:
        raise EngineError(f"no move to search: the game is over ({board.result.summary})")
    root = Node(board, *evaluate(board))
    run(root, evaluate, simulations, c_puct)
    return root


def run(root: Node, evaluate: Evaluator, simulations: int, c_puct: float) -> None:
    """Add ``simulations`` simulations to the tree at ``root``."""
    for _ in range(simulations):
        node = root
        path: list[tuple[Node, int]] = []
        while True:
            visits, totals, priors = node.visits, node.totals, node.priors
            scale = c_puct * sqrt(node.count or 1)
            best, chosen = -1e9, 0
            for i, n in enumerate(visits):
                score = (totals[i] / n if n else 0.0) + scale * priors[i] / (1 + n)
                if score > best:
                    best, chosen = score, i
            path.append((node, chosen))
            child = node.children[chosen]
            if child is None:
                after = node.board.play(node.moves[chosen])
                if after.is_over:  # only the mover can have won
                    result = 1.0 if after.winner is not None else 0.0
                    node.children[chosen] = result
                else:
                    grown = Node(after, *evaluate(after))
                    node.children[chosen] = grown
                    result = -grown.value
                break
            if isinstance(child, float):
                result = child
                break
            node = child
        for node, i in reversed(path):  # result: for the side that moved at ``node``
            node.visits[i] += 1
            node.totals[i] += result
            node.count += 1
            result = -result


def most_visited(root: Node) -> Cell:
    """The search's move: the most visited, then the better mean, then the lowest cell."""
    best = max(
        range(len(root.moves)),
        key=lambda i: (root.visits[i], root.totals[i] / root.visits[i] if root.visits[i] else -2.0, -root.moves[i]),
    )
    return root.moves[best]


# -- the machine ---------------------------------------------------------------


_POSITIONS: list[tuple[Board, ...]] = []


def marked_positions() -> tuple[Board, ...]:
    """The 4,298 positions with a choice (not over, two or more empty cells), every
    one, not up to symmetry: by plies, then key."""
    if not _POSITIONS:
        layer = {Board.empty()}
        found: set[Board] = set()
        while layer:
            found.update(board for board in layer if len(board.legal_moves) > 1)
            layer = {board.play(cell) for board in layer for cell in board.legal_moves}
        _POSITIONS.append(tuple(sorted(found, key=lambda board: (board.ply, board.key))))
    return _POSITIONS[0]


_EXACT: dict[Board, float] = {}


def exact_value(board: Board) -> float:
    """The position's exact value for the side to move: +1 a win, 0 a draw, -1 a loss."""
    value = _EXACT.get(board)
    if value is None:
        solved = analyze(board).value
        value = _EXACT[board] = 1.0 if solved is Value.WIN else -1.0 if solved is Value.LOSS else 0.0
    return value


class Results(Record):
    """A player's expected results in one pairing, as shares of its games."""

    win: float
    draw: float
    loss: float


def results(moves: Callable[[Board], Cell], side: Player, opponent: str) -> Results:
    """Exactly how a player that plays ``moves`` (one move a position) does as
    ``side`` against the ``opponent`` ("perfect": any of the best moves, or
    "random": any move, each equally likely), walking every reply."""
    memo: dict[Board, tuple[float, float, float]] = {}

    def walk(board: Board) -> tuple[float, float, float]:
        if board.is_over:
            winner = board.winner
            return (0.0, 1.0, 0.0) if winner is None else (1.0, 0.0, 0.0) if winner is side else (0.0, 0.0, 1.0)
        known = memo.get(board)
        if known is not None:
            return known
        if board.to_move is side:
            replies: Sequence[Cell] = (moves(board),)
        else:
            replies = analyze(board).best if opponent == "perfect" else board.legal_moves
        shares = [walk(board.play(cell)) for cell in replies]
        found = memo[board] = (
            sum(s[0] for s in shares) / len(shares),
            sum(s[1] for s in shares) / len(shares),
            sum(s[2] for s in shares) / len(shares),
        )
        return found

    return Results(*walk(Board.empty()))


class Marks(Record):
    """The machine marked against the exact values after an iteration."""

    iteration: int
    games: int
    """Self-play games played so far."""
    perfect_share: float
    """Of the 4,298 positions with a choice, the share where the network's favourite move keeps the exact value."""
    search_share: float
    """The same for the guided search's move."""
    value_error: float
    """The value head's mean absolute error against the exact values, over the same positions."""
    network: dict[str, Results]
    """The network's favourite moves' results: "x_perfect", "x_random", "o_perfect", "o_random"."""
    search: dict[str, Results]
    """The same for the guided search."""

    @property
    def search_never_loses(self) -> bool:
        """Whether the search loses no game as X or as O, whatever the replies
        (a random opponent plays every line, so a loss share of 0 against it says so)."""
        return self.search["x_random"].loss == 0.0 and self.search["o_random"].loss == 0.0


class AlphaZero(Bot):
    """The network and its search: ``choose`` plays the search's move."""

    def __init__(self, config: Settings, rng: Random, net: Network | None = None) -> None:
        self.settings = config
        self.rng = rng
        self.net = net if net is not None else Network(config.width, rng)
        self.adam = Adam(self.net, config.learning_rate)
        self.games = 0
        self.iterations = 0
        self.history: list[Marks] = []
        self.replay: list[list[Example]] = []
        self._cache: dict[Board, tuple[list[float], float]] = {}
        self._moves: tuple[dict[Board, Cell], dict[Board, Cell]] | None = None

    @classmethod
    def seeded(cls, seed: int | None, config: Settings | None = None) -> AlphaZero:
        """A fresh machine, its weights and training drawn from ``seed``."""
        return cls(config or Settings(), Random(seed))

    # -- playing -----------------------------------------------------------

    def evaluator(self, board: Board) -> tuple[list[float], float]:
        """The network's priors over ``board``'s legal moves and its value,
        remembered until the weights change (as OpenSpiel's evaluator caches:
        self-play and marking ask for the same few thousand positions again and again)."""
        found = self._cache.get(board)
        if found is None:
            _, priors, value = self.net.forward(inputs_of(board), board.legal_moves)
            found = self._cache[board] = (priors, value)
        return found

    def evaluate(self, board: Board) -> Evaluation:
        """The network's policy and value for ``board`` (3x3, not over)."""
        if board.size != 3:
            raise EngineError(f"alphazero learned 3x3 only: it has no moves for {board.size}x{board.size}")
        if board.is_over:
            raise EngineError(f"no move to weigh: the game is over ({board.result.summary})")
        priors, value = self.evaluator(board)
        return Evaluation(dict(zip(board.legal_moves, priors, strict=True)), value)

    def favourite(self, board: Board) -> Cell:
        """The network's favourite move: the highest prior (the lowest cell among equals)."""
        priors, _ = self.evaluator(board)
        return board.legal_moves[max(range(len(priors)), key=lambda i: (priors[i], -i))]

    def search(self, board: Board) -> Node:
        """A fresh search from ``board`` with no noise: what the machine plays."""
        return search(board, self.evaluator, self.settings.simulations, self.settings.c_puct)

    def choose(self, board: Board) -> Cell:
        if board.size != 3:
            raise EngineError(f"alphazero learned 3x3 only: it has no moves for {board.size}x{board.size}")
        moves = board.legal_moves
        if not moves:
            raise EngineError(f"no move to choose: the game is over ({board.result.summary})")
        if len(moves) == 1:
            return moves[0]
        return most_visited(self.search(board))

    # -- training ----------------------------------------------------------

    def self_play(self) -> list[Example]:
        """One game against itself; every position's examples, in all eight symmetries."""
        config, rng = self.settings, self.rng
        board = Board.empty()
        for _ in range(rng.randint(0, config.opening)):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves))
        seen: list[tuple[Board, dict[Cell, float]]] = []
        while not board.is_over:
            moves = board.legal_moves
            if len(moves) == 1:
                seen.append((board, {moves[0]: 1.0}))
                board = board.play(moves[0])
                continue
            priors, value = self.evaluator(board)
            root = Node(board, priors, value)
            if config.noise > 0.0:
                noise = [rng.gammavariate(config.dirichlet_alpha, 1.0) for _ in moves]
                total = sum(noise) or 1.0
                keep = 1.0 - config.noise
                root.priors = [keep * p + config.noise * n / total for p, n in zip(priors, noise, strict=True)]
            run(root, self.evaluator, config.simulations, config.c_puct)
            visits = sum(root.visits)
            seen.append((board, {cell: n / visits for cell, n in zip(moves, root.visits, strict=True) if n}))
            if board.ply < config.temperature_plies:
                cell = rng.choices(moves, weights=root.visits)[0]
            else:
                cell = most_visited(root)
            board = board.play(cell)
        winner = board.winner
        found: list[Example] = []
        for position, shares in seen:
            result = 0.0 if winner is None else 1.0 if winner is position.to_move else -1.0
            found.extend(examples(position, shares, result))
        self.games += 1
        return found

    def learn(self, batch: Sequence[Example]) -> float:
        """One Adam step on ``batch``; the batch's mean loss before the step."""
        parts, loss = gradient(self.net, batch)
        self.adam.step(self.net, parts, 1.0 / len(batch))
        self._cache.clear()
        self._moves = None
        return loss / len(batch)

    def iterate(self) -> Iterator[None]:
        """One iteration, a game or a step at a time: self-play, then learning, then the marks."""
        config, rng = self.settings, self.rng
        fresh: list[Example] = []
        for _ in range(config.games):
            fresh.extend(self.self_play())
            yield
        self.replay.append(fresh)
        del self.replay[: -config.window]
        pool = [example for games in self.replay for example in games]
        if pool:
            for _ in range(config.steps):
                self.learn([pool[rng.randrange(len(pool))] for _ in range(config.batch)])
                yield
        self.iterations += 1
        self.adam.rate = config.learning_rate * config.decay**self.iterations
        self.history.append(self.marks())

    def train(self, iterations: int | None = None) -> Iterator[int]:
        """Mark the machine as it is, then train ``iterations`` iterations (the
        settings' unless given); yields the units of work done (games + steps)
        as it goes, for a progress bar."""
        if iterations is None:
            iterations = self.settings.iterations
        if type(iterations) is not int or iterations < 0:
            raise EngineError(f"the number of iterations is a whole number, not {iterations!r}")
        if not self.history:
            self.history.append(self.marks())
        for _ in range(iterations):
            for _ in self.iterate():
                yield 1

    # -- marking -----------------------------------------------------------

    def moves(self) -> tuple[dict[Board, Cell], dict[Board, Cell]]:
        """The network's favourite move and the search's move on each of the
        4,298 positions with a choice (remembered until the weights change)."""
        if self._moves is None:
            positions = marked_positions()
            self._moves = (
                {board: self.favourite(board) for board in positions},
                {board: self.choose(board) for board in positions},
            )
        return self._moves

    def network_marks(self) -> list[Mark]:
        """The network's favourite move on each of the 4,298 positions, marked."""
        return [mark(board, (cell,)) for board, cell in self.moves()[0].items()]

    def search_marks(self) -> list[Mark]:
        """The search's move on each of the 4,298 positions, marked."""
        return [mark(board, (cell,)) for board, cell in self.moves()[1].items()]

    def marks(self) -> Marks:
        """Every mark of the machine as it is now."""
        positions = marked_positions()
        favourite, searched = self.moves()
        error = sum(abs(self.evaluator(board)[1] - exact_value(board)) for board in positions) / len(positions)

        def pairings(chosen: dict[Board, Cell]) -> dict[str, Results]:
            def moves(board: Board) -> Cell:  # the positions not in ``chosen`` have one move
                return chosen[board] if board in chosen else board.legal_moves[0]

            return {
                f"{side.value.lower()}_{opponent}": results(moves, side, opponent)
                for side in (Player.X, Player.O)
                for opponent in ("perfect", "random")
            }

        return Marks(
            self.iterations,
            self.games,
            perfect_share(self.network_marks()),
            perfect_share(self.search_marks()),
            error,
            pairings(favourite),
            pairings(searched),
        )

    # -- saving ------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The machine as plain data: its settings, what it has done, its weights."""
        return {
            "kind": "alphazero",
            "version": VERSION,
            "settings": self.settings._asdict(),
            "iterations": self.iterations,
            "games": self.games,
            "network": self.net.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any, rng: Random) -> AlphaZero:
        """The machine ``to_json`` wrote (ready to play; its history of marks is
        not saved); EngineError, saying why, for anything else."""
        try:
            if not isinstance(data, dict) or data.get("kind") != "alphazero":
                raise EngineError("no kind 'alphazero'")
            if data.get("version") != VERSION:
                raise EngineError(f"version {data.get('version')!r}, not {VERSION}")
            given = data.get("settings")
            if not isinstance(given, dict):
                raise EngineError("no settings")
            config = settings(**given)
            net = Network.from_json(data.get("network"), config.width)
            machine = cls(config, rng, net)
            machine.iterations = _number(data.get("iterations"), 0, 1e9, True, "iterations")
            machine.adam.rate = config.learning_rate * config.decay**machine.iterations
            machine.games = _number(data.get("games"), 0, 1e12, True, "games")
        except EngineError as error:
            raise EngineError(f"not a saved alphazero: {error}") from None
        return machine


def moves_json(machine: AlphaZero) -> tuple[dict[str, Cell], dict[str, Cell]]:
    """The network's favourite and the search's move on each of the 4,298 positions, by notation."""
    favourite, searched = machine.moves()
    return {notation(b): c for b, c in favourite.items()}, {notation(b): c for b, c in searched.items()}


def marks_json(marks: Marks) -> dict[str, Any]:
    """An iteration's marks as plain data."""
    return {
        "iteration": marks.iteration,
        "games": marks.games,
        "perfect_share": marks.perfect_share,
        "search_share": marks.search_share,
        "value_error": marks.value_error,
        "search_never_loses": marks.search_never_loses,
        "network": {name: result._asdict() for name, result in marks.network.items()},
        "search": {name: result._asdict() for name, result in marks.search.items()},
    }
