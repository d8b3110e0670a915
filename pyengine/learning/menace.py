"""MENACE: Donald Michie's 1961 machine of matchboxes and coloured beads.

One box for every position, up to turns and mirrors, where the machine is to
move and has a choice (``marking.choice_positions``): 304 as X, 289 as O. A
box holds beads for each move that differs up to the position's own symmetries
(three in the empty board's box: corner, edge, centre). To move, the machine
draws a bead at random from the box of the position; a box left empty means
it resigns. After the game each bead drawn goes back with more beads after a
win or a draw, and is kept out after a loss.

The two presets differ in the beads a box starts with, by the machine's move
number: Michie's 4, 3, 2, 1 per move; Matthew Scroggs' 8, 4, 2, 1. Both pay
+3 for a win, +1 for a draw and -1 for a loss.

>>> from random import Random
>>> machine = Menace(MICHIE, Player.X, Random(1))
>>> len(machine.boxes), machine.boxes[Board.empty()]
(304, {0: 4, 1: 4, 4: 4})
"""

from __future__ import annotations

from ..analysis import Value
from ..board import Board, Player
from ..errors import EngineError, UnknownChoiceError
from ..geometry import Cell
from ..records import Record
from .learner import Learner, LearnerKind, outcome, restore
from .marking import Mark, canonical, choice_positions, distinct_moves, favourites_of, mark, notation

TYPE_CHECKING = False  # see board.py
if TYPE_CHECKING:
    from random import Random
    from typing import Any


class MenaceRules(Record):
    """How a MENACE fills its boxes and pays its beads."""

    name: str
    start: tuple[int, ...]
    """Beads per move in the boxes before the machine's 1st, 2nd, 3rd and 4th move."""
    win: int
    """Beads added to each bead drawn, after a win."""
    draw: int
    """... after a draw."""
    loss: int
    """... after a loss (negative: beads taken away)."""

    def change(self, value: Value) -> int:
        """The beads added (or taken, when negative) for each bead drawn in a game of this outcome."""
        return (self.loss, self.draw, self.win)[value.rank]


MICHIE = MenaceRules("michie", (4, 3, 2, 1), 3, 1, -1)
"""Michie's matchboxes (1961)."""
SCROGGS = MenaceRules("scroggs", (8, 4, 2, 1), 3, 1, -1)
"""Matthew Scroggs' MENACE (mscroggs/MENACE)."""
PRESETS = {rules.name: rules for rules in (MICHIE, SCROGGS)}


def menace_rules(name: str) -> MenaceRules:
    """A preset by name, ``michie`` or ``scroggs``, in any case; UnknownChoiceError,
    listing them, for any other name."""
    rules = PRESETS.get(name.strip().lower()) if isinstance(name, str) else None
    if rules is None:
        raise UnknownChoiceError("MENACE rules", name, tuple(PRESETS))
    return rules


class Menace(Learner):
    """A MENACE for one side (or both, to play against itself)."""

    kind = LearnerKind.MENACE

    def __init__(self, rules: MenaceRules, sides: Player | tuple[Player, ...], rng: Random) -> None:
        self.rules = rules
        self.sides = (sides,) if isinstance(sides, Player) else tuple(sides)
        self._rng = rng
        self.games = 0
        self.boxes: dict[Board, dict[Cell, int]] = {
            box: dict.fromkeys(distinct_moves(box), rules.start[box.ply // 2])
            for side in self.sides
            for box in choice_positions(side)
        }
        """Each box (a canonical position) and its beads: a count per move of that position."""
        self.drawn: list[tuple[Player, Board, Cell]] = []
        """The beads drawn in the game being played: the side, the box, the move."""
        self.resigned_streak = 0
        """How many of its last games in a row it resigned (0: it played the last one to the end)."""

    # -- playing -----------------------------------------------------------

    def draw(self, board: Board) -> tuple[Board, Cell, Cell] | None:
        """A bead drawn at random from ``board``'s box: the box, the bead's move
        in the box's own cells, and that move on ``board``; None when the box
        is empty (the machine resigns)."""
        box, turn = canonical(board)
        beads = self.boxes.get(box)
        if beads is None:
            if len(board.legal_moves) == 1:  # X's 5th move: no box, no choice
                return box, box.legal_moves[0], board.legal_moves[0]
            raise EngineError(f"this MENACE has no box for {board} ({board.to_move} to move)")
        total = sum(beads.values())
        if not total:
            return None
        ball = self._rng.randrange(total)
        for cell, count in beads.items():
            if ball < count:
                return box, cell, turn.inverse.map_cell(cell)
            ball -= count
        raise AssertionError("a bead is drawn from below the total")

    def pick(self, board: Board) -> Cell | None:
        drawn = self.draw(board)
        if drawn is None:
            return None
        box, cell, move = drawn
        if box in self.boxes:
            self.drawn.append((board.to_move or Player.X, box, cell))
        return move

    def choose(self, board: Board) -> Cell:
        """A bead's move, learning nothing; from an empty box (where it would
        resign) any move at random, so that it can finish a match."""
        if board.is_over:
            raise EngineError(f"no move to choose: the game is over ({board.result.value})")
        drawn = self.draw(board)
        return self._rng.choice(board.legal_moves) if drawn is None else drawn[2]

    # -- learning ----------------------------------------------------------

    def finish(self, final: Board, resigned: Player | None) -> None:
        for side, box, cell in self.drawn:
            beads = self.boxes[box]
            beads[cell] = max(0, beads[cell] + self.rules.change(outcome(final, resigned, side)))
        self.drawn = []
        self.games += 1
        self.resigned_streak = self.resigned_streak + 1 if resigned in self.sides else 0

    def favourites(self, box: Board) -> tuple[Cell, ...]:
        """The moves holding the box's largest count of beads (none in an empty box)."""
        beads = self.boxes[box]
        return favourites_of(dict(beads)) if any(beads.values()) else ()

    def marks(self, side: Player | None = None) -> list[Mark]:
        return [mark(box, self.favourites(box)) for box in self.boxes if side in (None, box.to_move)]

    def empty_boxes(self, side: Player | None = None) -> tuple[Board, ...]:
        """The boxes (as ``side``, or any side it plays) that have run out of beads:
        a game that reaches one is a game it resigns. A resignation draws no bead,
        so nothing it learns refills a box; the empty board's box empty means it
        resigns every game from then on."""
        return tuple(
            box for box, beads in self.boxes.items() if side in (None, box.to_move) and not any(beads.values())
        )

    # -- saving ------------------------------------------------------------

    def saved(self) -> dict[str, Any]:
        return {"rules": list(self.rules), "boxes": boxes_json(self), "resigned_streak": self.resigned_streak}

    @classmethod
    def from_json(cls, data: Any, rng: Random) -> Menace:
        """The machine ``to_json`` wrote; EngineError, saying why, for anything else."""

        def build(data: Any, sides: tuple[Player, ...]) -> Menace:
            name, start, win, draw, loss = data["rules"]
            rules = MenaceRules(str(name), tuple(int(n) for n in start), int(win), int(draw), int(loss))
            machine = cls(rules, sides, rng)
            boxes = data["boxes"]
            if len(boxes) != len(machine.boxes):
                raise EngineError(f"{len(boxes)} boxes where it has {len(machine.boxes)}")
            for entry in boxes:
                box = Board.parse(entry["position"])
                beads = {int(cell): count for cell, count in entry["beads"].items()}
                if box not in machine.boxes or beads.keys() != machine.boxes[box].keys():
                    raise EngineError(f"no box {box} with those moves")
                if any(type(count) is not int or count < 0 for count in beads.values()):
                    raise EngineError(f"bead counts in box {box} are not whole numbers")
                machine.boxes[box] = beads
            streak = data.get("resigned_streak", 0)  # machines saved before it was kept played their last game
            if type(streak) is not int or not 0 <= streak <= data["games"]:
                raise EngineError(f"{streak!r} is not a number of games resigned")
            machine.resigned_streak = streak
            return machine

        return restore(data, "MENACE", build)


def boxes_json(machine: Menace) -> list[dict[str, Any]]:
    """Every box as ``{"position": notation, "beads": {"cell": count}}``."""
    return [
        {"position": notation(box), "beads": {str(cell): count for cell, count in beads.items()}}
        for box, beads in machine.boxes.items()
    ]
