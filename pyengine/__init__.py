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
>>> bot(Level.PERFECT, seed=3).choose(board)
8
>>> analyze(Board.empty(4)).value        # 4x4, four in a row: searched, not tabulated
<Value.DRAW: 'draw'>
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
    "CELLS", "LINES", "SIZES", "SYMMETRIES", "Analysis", "Board", "Bot", "Cell", "EngineError",
    "Facts", "Game", "Geometry", "IllegalMoveError", "InvalidPositionError", "InvalidSizeError", "Level",
    "Line", "MatchResult", "Mode", "MoveAnalysis", "Player", "Result", "Symmetry", "UnknownChoiceError",
    "Value", "analyze", "analyze_move", "best_moves", "bot", "clear_caches", "compute_facts", "geometry",
    "parse_size", "play_game", "play_match", "reachable_positions", "summarize", "value_of",
]
