"""The perfect bot made deterministic, and its every move as a table.

Exports for other programs (the policy table, the boards compiled to HTML
and CSS) need the bot to play the same move every time, so they use
``fixed_move``: the lowest-numbered of the cells perfect play chooses among.
"""

from __future__ import annotations

from .board import Board, Player, moves_to_choose, reachable_positions
from .bots import Level, LevelBot, bot
from .geometry import Cell
from .records import Record
from .solver import best_moves

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator


def fixed_move(board: Board) -> Cell:
    """The perfect bot's deterministic move: the lowest-numbered best cell.

    Raises IllegalMoveError once the game is over.

    >>> fixed_move(Board.empty()), fixed_move(Board.parse("X.O/.X./..."))
    (0, 8)
    """
    return min(best_moves(board) or moves_to_choose(board))


class FixedBot(LevelBot):
    """The perfect bot that always plays ``fixed_move``: the bot the compiled
    boards and the strategy map play, so a game against it stays on the map.

    >>> from pyengine import Game
    >>> game = Game(human=Player.O, bot=FixedBot())
    >>> game.play_bot(), game.level
    (0, <Level.PERFECT: 'perfect'>)
    """

    level = Level.PERFECT

    def choose(self, board: Board) -> Cell:
        return fixed_move(board)


def against_fixed_bot(human: Player | str, human_moves: Iterable[Cell]) -> tuple[Cell, ...]:
    """Every move of the game in which the person playing ``human`` made
    ``human_moves`` and the deterministic bot answered each with ``fixed_move``
    (opening the game when the person plays O): the game a compiled board
    has played. IllegalMoveError for a move the rules forbid at that point.

    >>> against_fixed_bot(Player.O, [4, 8])
    (0, 4, 1, 8, 2)
    """
    person = Player.parse(human)
    board = Board.empty()
    moves: list[Cell] = []
    if board.to_move is not person:
        moves.append(fixed_move(board))
        board = board.play(moves[-1])
    for cell in human_moves:
        board = board.play(cell)
        moves.append(cell)
        if not board.is_over:
            moves.append(fixed_move(board))
            board = board.play(moves[-1])
    return tuple(moves)


class PersonMoves(Record):
    """One sequence of a person's moves against the deterministic bot, and where it leads."""

    moves: tuple[Cell, ...]
    """The person's moves, in order."""
    game: tuple[Cell, ...]
    """Every move of the game so far, the bot's included (its opening, when the person plays O)."""
    reply: Cell | None
    """The bot's answer to the last move, None when that move ended the game."""
    final: Board
    """The position after the reply (or after the person's last move)."""


def person_sequences(human: Player | str) -> Iterator[PersonMoves]:
    """Every sequence of moves a person playing ``human`` can make against
    the bot that answers each with ``fixed_move`` (and opens the game when the
    person plays O), from one move to a finished game: shorter sequences
    first, then in cell order. What the compiled boards play, the strategy
    map draws and the funnel counts.

    >>> [s.moves for s in person_sequences(Player.O)][:3]
    [(1,), (2,), (3,)]
    >>> sum(1 for _ in person_sequences(Player.X))
    951
    """
    side = Player.parse(human)
    start = Board.empty()
    opening: tuple[Cell, ...] = () if start.to_move is side else (fixed_move(start),)
    start = start.play(opening[0]) if opening else start
    layer: list[PersonMoves] = [PersonMoves((), opening, None, start)]
    while layer:
        following = []
        for before in layer:
            for cell in before.final.legal_moves:
                after = before.final.play(cell)
                moves, game = (*before.moves, cell), (*before.game, cell)
                if after.is_over:
                    yield PersonMoves(moves, game, None, after)
                    continue
                reply = fixed_move(after)
                sequence = PersonMoves(moves, (*game, reply), reply, after.play(reply))
                yield sequence
                if not sequence.final.is_over:
                    following.append(sequence)
        layer = following


class PolicyEntry(Record):
    """The perfect bot's move in one live position."""

    board: Board
    to_move: Player
    move: Cell
    """The deterministic choice, ``fixed_move(board)``."""
    best: tuple[Cell, ...]
    """Every cell perfect play chooses among, in increasing order."""

    @property
    def position(self) -> str:
        """The position in the engine's notation, ``X.O/.X./...``."""
        return str(self.board)


def policy_table() -> list[PolicyEntry]:
    """One entry per live reachable position (4,520), in the order of
    ``reachable_positions``: by the number of marks, then by ``Board.key``.

    >>> table = policy_table()
    >>> len(table), table[0].position, table[0].move, table[0].best
    (4520, '.../.../...', 0, (0, 1, 2, 3, 4, 5, 6, 7, 8))
    """
    entries = []
    for board in reachable_positions():
        side = board.to_move
        if side is not None:
            best = tuple(sorted(best_moves(board)))
            entries.append(PolicyEntry(board=board, to_move=side, move=fixed_move(board), best=best))
    return entries


def perfect_policy_digest(seed: int = 0) -> str:
    """A fingerprint of the perfect bot's play: SHA-256 over its seeded choice
    in every live position, in the order of ``reachable_positions``.

    Two interpreters that print the same digest made the same choice in all
    4,520 positions where there is a move to make.
    """
    from hashlib import sha256  # only this fingerprint needs it

    chooser = bot(Level.PERFECT, seed=seed)
    digest = sha256()
    for board in reachable_positions():
        if not board.is_over:
            digest.update(f"{board} {chooser.choose(board)}\n".encode())
    return digest.hexdigest()
