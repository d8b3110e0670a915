"""pyengine: tic-tac-toe rules, a perfect-play solver, bots and a game session.

Pure Python and standard library only, so the same code runs in CPython and
in the browser on Pyodide.

>>> from pyengine import Board, Level, analyze, bot
>>> board = Board.parse("X.O/.X./...")
>>> board.to_move
<Player.O: 'O'>
>>> analysis = analyze(board)
>>> analysis.value, analysis.best      # O must block the diagonal
(<Value.DRAW: 'draw'>, (8,))
>>> analysis.move(1)                   # anything else loses at once
MoveAnalysis(cell=1, value=<Value.LOSS: 'loss'>, plies=2)
>>> bot("perfect", seed=3).choose(board)
8
>>> analyze(Board.empty(4)).value        # 4x4, four in a row: searched, not tabulated
<Value.DRAW: 'draw'>

The engine is a core and its products. The core is this package's own
modules, each importing only those above it (tests/test_imports.py checks
this map and that no import closes a loop)::

    records     Record: small immutable values with named fields, at no import cost
    errors      EngineError and its kinds: what bad input raises
    choices     Choice: enums read from their names, one way
    geometry    Geometry: a board's shape (cells, lines, symmetries, cells completing a line); sizes
    board       Player, Result, Board: the rules and the immutable position
    analysis    Value, MoveAnalysis, Analysis: the solver's answers; Backend
    table       the 3x3 back-end: every position's score, remembered
    alphabeta   the 4x4 back-end: alpha-beta with a transposition table
    solver      analyze, best_moves...: one back-end per shape, chosen in one place
    bots        Bot, Level, LevelBot, bot(): four strengths; matches between bots
    game        Game, Mode: a session with undo, what an interface drives
    policy      the deterministic bot (fixed_move) and every move it makes
    facts       the game tree's numbers, counted by walking it
    census      the same for 4x4, one symmetry class at a time (for the build)
    review      a game played back: the first move that gave value away
    words       what people read: cell names, how a game ended

The products are subpackages; each imports the core and, of the other
products, only those named in brackets after it (the same test keeps this)::

    teaching    the searches step by step, their words, alpha-beta drills  []
    grading     a student's code run and judged on every position          []
    learning    MENACE, TD, MCTS: learners marked against the exact values []
    editions    the bot compiled to pages without Python                   []
    cli         the command line                                           [teaching, grading, learning, editions]

The words, each with one meaning:

- **player**, **side**: X or O (``Player``); a side is what a player plays.
- **person**: someone at an interface; **human** is the side a person plays
  (``Game(human=...)``, ``--as``), the **bot** plays the other.
- **cell**: one square, named by its index (``Cell``, row by row from the top
  left); **mark**: what is on a cell (``Board.marks``); **mask**: a set of
  cells as bits; ``Geometry.cells`` is how many cells a board has.
- **move**: a cell to play; a bot **chooses** one; the deterministic bot's
  is its **fixed move** (``policy.fixed_move``).
- **choice**: an option a person picks by name: a side, level, mode,
  algorithm or move order (``Choice.parse``).
- **result**: where a game stands (``Result``: ongoing, won, drawn); its
  **outcome** for one side is a ``Value`` (``words.outcome_for``).
- **value**: win, draw or loss for the side to move under perfect play
  (``Value``, ranked by ``Value.rank``; a learner is paid its ``reward``);
  a **score** folds a value and its distance into one int (analysis.py);
  the searches' values are plain +1, 0, -1.
- **node**: a position a search entered: ``SearchNode`` in a whole tree,
  ``PathNode`` on the current path; the strategy map's boards are ``MapBoard``.
"""

from .analysis import Analysis, MoveAnalysis, Value, summarize
from .board import Board, Player, Result, reachable_positions
from .bots import Bot, Level, MatchResult, bot, play_game, play_match
from .errors import EngineError, IllegalMoveError, InvalidPositionError, InvalidSizeError, UnknownChoiceError
from .facts import Facts, compute_facts
from .game import Game, Mode
from .geometry import CELLS, LINES, SIZES, SYMMETRIES, Cell, Geometry, Line, Symmetry, geometry, parse_size
from .solver import analyze, analyze_move, best_moves, clear_caches, value_of

__version__ = "0.2.0"
"""The version of the engine and of its distribution, pyengine-tictactoe."""

__all__ = [
    "__version__",
    "CELLS",
    "LINES",
    "SIZES",
    "SYMMETRIES",
    "Analysis",
    "Board",
    "Bot",
    "Cell",
    "EngineError",
    "Facts",
    "Game",
    "Geometry",
    "IllegalMoveError",
    "InvalidPositionError",
    "InvalidSizeError",
    "Level",
    "Line",
    "MatchResult",
    "Mode",
    "MoveAnalysis",
    "Player",
    "Result",
    "Symmetry",
    "UnknownChoiceError",
    "Value",
    "analyze",
    "analyze_move",
    "best_moves",
    "bot",
    "clear_caches",
    "compute_facts",
    "geometry",
    "parse_size",
    "play_game",
    "play_match",
    "reachable_positions",
    "summarize",
    "value_of",
]
