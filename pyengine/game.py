"""The game session: what a user interface drives, so that no rules live in it.

A ``Game`` knows the mode, which side the human plays, the bot's level, the
moves so far with undo and redo, and the result. Interfaces translate clicks
or keystrokes into ``play``, ask ``bot_to_move`` whether to schedule the bot's
reply (after whatever delay they like), then call ``play_bot``.
"""

from __future__ import annotations

from enum import Enum

from .board import Board, Player, Result
from .bots import Bot, Level, LevelBot, seeded_random
from .bots import bot as make_bot
from .choices import Choice
from .errors import GAME_OVER, NOT_YOUR_TURN, IllegalMoveError
from .geometry import Cell

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterable


class Mode(Choice, Enum, noun="mode"):
    """Who plays whom; ``Mode.parse("two")`` reads one from text."""

    VS_BOT = "bot"
    """A human against a bot."""
    TWO_PLAYERS = "two"
    """Two humans taking turns on one device."""
    WATCH = "watch"
    """The bot plays both sides."""


class Game:
    """One game in progress, with its history.

    >>> game = Game(human=Player.X, level=Level.PERFECT, seed=7)
    >>> game.play(4)
    >>> game.bot_to_move
    True
    >>> cell = game.play_bot()
    >>> game.moves == (4, cell)
    True
    >>> game.undo()      # takes back the bot's reply and the human's move
    True
    >>> game.moves, game.can_redo
    ((), True)
    """

    def __init__(
        self,
        mode: Mode | str = Mode.VS_BOT,
        *,
        human: Player | str = Player.X,
        level: Level | str = Level.PERFECT,
        seed: int | None = None,
        start: Board | None = None,
        bot: Bot | None = None,
        o_level: Level | str | None = None,
    ) -> None:
        """``mode``, ``human`` and ``level`` are members or their names
        (``"two"``, ``"O"``, ``"easy"``). ``bot``, any bot (a learner, Monte
        Carlo tree search...), when given, plays instead of a bot of ``level``
        until a restart changes the level; a bot of a level (``LevelBot``)
        makes its level the game's. In watch mode ``level`` is X's bot and
        ``o_level`` O's (``level`` when not given)."""
        self.mode = Mode.parse(mode)
        self.human = Player.parse(human)
        self.level = bot.level if isinstance(bot, LevelBot) else Level.parse(level)
        self._o_level = None if o_level is None else Level.parse(o_level)
        self.start = Board.empty() if start is None else start
        self._rng = seeded_random(seed)  # seeds every bot this session makes
        self._bot: Bot = make_bot(self.level, seed=self._rng.getrandbits(64)) if bot is None else bot
        # Made when first needed, so a game with one level draws its bots' seeds as it always has.
        self._o_bot: LevelBot | None = None
        self._moves: list[Cell] = []
        # The position before each move and after the last, so that reading
        # the board or the undo count never replays the game.
        self._boards: list[Board] = [self.start]
        self._undone: list[Cell] = []  # most recently undone last

    # -- reading -------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The position now."""
        return self._boards[-1]

    @property
    def moves(self) -> tuple[Cell, ...]:
        """The cells played since the start position, in order."""
        return tuple(self._moves)

    @property
    def result(self) -> Result:
        """Where the game stands."""
        return self.board.result

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.board.is_over

    @property
    def o_level(self) -> Level:
        """The level of O's bot when the bot plays both sides (watch mode); ``level`` otherwise."""
        return self.level if self._o_level is None or self.mode is not Mode.WATCH else self._o_level

    def is_human(self, player: Player | None) -> bool:
        """Whether ``player``'s moves come from a person."""
        if player is None or self.mode is Mode.WATCH:
            return False
        return self.mode is Mode.TWO_PLAYERS or player is self.human

    @property
    def human_to_move(self) -> bool:
        """True when the next move is a person's to make."""
        return self.is_human(self.board.to_move)

    @property
    def bot_to_move(self) -> bool:
        """True when the game goes on and the bot makes the next move."""
        return not self.board.is_over and not self.human_to_move

    @property
    def can_undo(self) -> bool:
        """Whether ``undo`` would take anything back."""
        return self._undo_count() > 0

    @property
    def can_redo(self) -> bool:
        """Whether ``redo`` would put anything back."""
        return bool(self._undone)

    # -- acting --------------------------------------------------------------

    def play(self, cell: Cell) -> None:
        """The person to move marks ``cell``.

        Raises IllegalMoveError when it is the bot's turn, the cell is taken or
        off the board, or the game is over; the game is then unchanged.
        """
        if not self.board.is_over and not self.human_to_move:
            raise IllegalMoveError(f"cell {cell} cannot be played now: it is the bot's turn", cell, NOT_YOUR_TURN)
        self._push(cell)

    def play_bot(self) -> Cell:
        """The bot makes its move; returns the cell. IllegalMoveError unless
        ``bot_to_move``."""
        if self.board.is_over:
            raise IllegalMoveError("the bot cannot move: the game is over", None, GAME_OVER)
        if not self.bot_to_move:
            raise IllegalMoveError("the bot cannot move: it is a person's turn", None, NOT_YOUR_TURN)
        cell = self._bot_to_move().choose(self.board)
        self._push(cell)
        return cell

    def _bot_to_move(self) -> Bot:
        """The bot whose turn it is: O's own when watching two levels play."""
        if self.board.to_move is not Player.O or self.o_level is self.level:
            return self._bot
        if self._o_bot is None or self._o_bot.level is not self.o_level:
            self._o_bot = make_bot(self.o_level, seed=self._rng.getrandbits(64))
        return self._o_bot

    def _push(self, cell: Cell) -> None:
        self._boards.append(self._boards[-1].play(cell))  # raises, leaving the game as it was
        self._moves.append(cell)
        self._undone.clear()

    def _undo_count(self) -> int:
        """How many moves one undo takes back: back to the previous position in
        which a person was to move (everything, against the bot, if none is)."""
        if self.mode is Mode.WATCH:
            return 0  # the bot would only play again
        if self.mode is Mode.TWO_PLAYERS:
            return min(1, len(self._moves))
        for back in range(1, len(self._moves) + 1):
            if self.is_human(self._boards[-1 - back].to_move):
                return back
        return 0

    def replay(self, moves: Iterable[Cell]) -> None:
        """Play ``moves`` on from the position now, whoever's turn each is: a
        game carried over from elsewhere (the game page's first-paint board).
        All or nothing: IllegalMoveError leaves the game as it was."""
        cells = tuple(moves)
        boards = [self.board]
        for cell in cells:
            boards.append(boards[-1].play(cell))  # raises before anything changed
        self._boards.extend(boards[1:])
        self._moves.extend(cells)
        self._undone.clear()

    def undo(self) -> bool:
        """Take back the last move; against the bot, its reply and the person's
        move before it. Returns whether anything was taken back."""
        count = self._undo_count()
        if not count:
            return False
        for _ in range(count):
            self._undone.append(self._moves.pop())
            self._boards.pop()
        return True

    def redo(self) -> bool:
        """Put back what the last undo took back. Returns whether it did."""
        if not self._undone:
            return False
        while self._undone:
            cell = self._undone.pop()
            self._boards.append(self._boards[-1].play(cell))
            self._moves.append(cell)
            board = self._boards[-1]
            # Against the bot, one redo restores up to the person's next turn.
            if self.mode is not Mode.VS_BOT or self.is_human(board.to_move) or board.is_over:
                break
        return True

    def restart(
        self,
        *,
        mode: Mode | str | None = None,
        human: Player | str | None = None,
        level: Level | str | None = None,
        start: Board | None = None,
        o_level: Level | str | None = None,
    ) -> None:
        """A new game from the start position, changing any setting given
        (members or their names). A seeded session stays repeatable across restarts."""
        if o_level is not None:
            self._o_level = Level.parse(o_level)
        if mode is not None:
            self.mode = Mode.parse(mode)
        if human is not None:
            self.human = Player.parse(human)
        if level is not None and Level.parse(level) is not self.level:
            self.level = Level.parse(level)
            self._bot = make_bot(self.level, seed=self._rng.getrandbits(64))
        if start is not None:
            self.start = start
        self._moves.clear()
        self._undone.clear()
        self._boards[:] = [self.start]

    def __repr__(self) -> str:
        return (
            f"Game(mode={self.mode.value!r}, human={self.human.value!r}, "
            f"level={self.level.value!r}, board={self.board!r})"
        )
