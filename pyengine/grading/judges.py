"""The judges: one call's answer against the specification, in the student's terms.

``judge_call(probe, answer)`` is None when the answer is what the
specification asks for (pyengine.grading.cs50's docstring says it function by
function), otherwise a ``Failure``: what was expected, what came back, and
why, in words. A judge reads only the typed answer (pyengine.grading.answers)
and the position; it keeps nothing between calls (pyengine.grading.judge does).
"""

from __future__ import annotations

from ..board import Board, Player
from ..errors import IllegalMoveError
from .answers import Opaque, Raised, Returned
from .chooseform import Grade, grade, value_words
from .probes import Function, Given, Probe, action_of, cell_of
from .verdicts import (
    MARK_TEXT,
    Failure,
    analyze_best,
    cell_words,
    ending_words,
    grid_of,
    move_words,
    returned_words,
    rows_of,
    said,
)

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final, TypeAlias

    from .probes import Tried

    Judged: TypeAlias = Returned | Raised


def judge_call(probe: Probe, answer: Judged) -> Failure | None:
    """None when the call's answer is what the specification asks for;
    otherwise what is wrong with it."""
    return _JUDGES[probe.function](probe, answer)


def _raised(answer: Judged) -> bool:
    """Whether the call raised an exception, one a program may raise on purpose."""
    return type(answer) is Raised and not answer.exits


def _judge_initial_state(probe: Probe, answer: Judged) -> Failure | None:
    expected = grid_of(Board.empty())
    returned = answer if type(answer) is Returned else None
    if returned is not None and returned.value == expected and not returned.shared and not returned.repeated:
        return None
    if returned is not None and returned.shared:
        reason = (
            "initial_state() returned the same list for two rows ([[EMPTY] * 3] * 3?): a mark put in one "
            "row shows in the other"
        )
    elif returned is not None and returned.repeated:
        reason = (
            "initial_state() called a second time returned the same board as the first call, or one of its "
            "rows: each call must make three new lists, or one game's moves show in the next game's board"
        )
    else:
        reason = f"{returned_words('initial_state()', answer)}; expected three rows of three EMPTY"
    return Failure(repr(expected), said(answer), reason)


def _plain(answer: Judged, expected: object, call: str, why: str) -> Failure | None:
    """The answer must equal ``expected`` (with Python's ``==``, as a test of the student's own would)."""
    if type(answer) is Returned and answer.value == expected:
        return None
    return Failure(repr(expected), said(answer), f"{returned_words(call, answer)}; {why}")


def _judge_player(probe: Probe, answer: Judged) -> Failure | None:
    board = probe.board
    side = board.to_move
    x, o = board.x_mask.bit_count(), board.o_mask.bit_count()
    counts = f"X has played {x} {'time' if x == 1 else 'times'} and O {o}"
    why = f"{side} is to move: {counts}, and X moves first"
    return _plain(answer, str(side), "player(board)", why)


def _judge_actions(probe: Probe, answer: Judged) -> Failure | None:
    board = probe.board
    expected = {action_of(cell) for cell in board.legal_moves}
    shown = "{" + ", ".join(map(repr, sorted(expected))) + "}"
    call = "actions(board)"
    if not isinstance(answer, Returned):
        return Failure(shown, said(answer), returned_words(call, answer))
    got = answer.value
    if got == expected:
        return None
    if not isinstance(got, (set, frozenset)):
        kind = type(got).__name__ if not isinstance(got, Opaque) else got.kind
        reason = f"{call} returned a {kind} ({answer.shown}); the specification asks for a set of (i, j) tuples"
        if got is None:
            reason = f"{call} returned None; expected the set of empty cells {shown}"
        return Failure(shown, said(answer), reason)
    missing = sorted(expected - got)
    extra = sorted((item for item in got - expected), key=repr)
    if missing:
        reason = f"{call} is missing {missing[0]!r}, an empty cell"
    elif any(_is_taken_action(item, board) for item in extra):
        taken = next(item for item in extra if _is_taken_action(item, board))
        reason = f"{call} holds {taken!r}, a cell that is taken"
    else:
        reason = f"{call} holds {extra[0]!r}, which is not an action (i, j) of this board"
    return Failure(shown, said(answer), reason)


def _is_taken_action(item: object, board: Board) -> bool:
    return isinstance(item, tuple) and item in {action_of(cell) for cell in range(9) if board[cell] is not None}


def valid_pair(action: object) -> bool:
    """Whether ``action`` is a tuple ``(i, j)`` of a row and a column, 0 to 2."""
    if isinstance(action, Given) or not isinstance(action, tuple) or len(action) != 2:
        return False
    return all(type(n) is int and 0 <= n < 3 for n in action)


def _not_valid_words(action: Tried) -> str:
    """Why an action is not valid, in a clause."""
    if isinstance(action, Given):
        kind = "a list" if action.kind == "list" else "a string" if action.kind == "str" else "None"
        return f"{action.value!r} is {kind}, not a tuple (i, j)"
    if len(action) != 2:
        return f"{action!r} is a tuple of {len(action)}, not a pair (i, j)"
    where = action_of(cell_of((action[0] % 3, action[1] % 3)))
    if min(action) < 0 and max(action) < 3:
        return (
            f"{action!r} is off the board (rows and columns go from 0 to 2); Python's negative indices "
            f"read it as {where!r}, an empty cell"
        )
    return f"{action!r} is off the board (rows and columns go from 0 to 2)"


def _an_exception_asked(call: str, answer: Judged, but: str) -> Failure | None:
    """An exception was asked for: None when one was raised, else what is wrong."""
    if _raised(answer):
        return None
    if isinstance(answer, Raised):  # exits: raised, but as a program's end
        reason = f"{call} raised {answer.type}, which ends the program; raise an exception such as ValueError"
    else:
        reason = f"{call} returned {answer.shown}, but {but}"
    return Failure("an exception", said(answer), reason)


def _judge_not_valid(probe: Probe, answer: Judged, action: Tried) -> Failure | None:
    but = f"{_not_valid_words(action)}: the specification asks for an exception for an action that is not valid"
    return _an_exception_asked(probe.call_text(), answer, but)


_CELL_OF_ACTION: Final = {(i, j): i * 3 + j for i in range(3) for j in range(3)}


def _judge_result(probe: Probe, answer: Judged) -> Failure | None:
    # 45,000 calls a check: the passing answers are told apart first, without
    # the engine's checked Board calls (1.1x the judging of a correct file).
    board, action = probe.board, probe.action
    cell = _CELL_OF_ACTION.get(action) if type(action) is tuple else None  # type: ignore[arg-type]  # type() tells a Given apart
    if cell is None:
        assert action is not None
        return _judge_not_valid(probe, answer, action)
    if (board.x_mask | board.o_mask) >> cell & 1:
        if _raised(answer):
            return None
    elif type(answer) is Returned and not answer.changed and answer.value == _marked(board, cell):
        return None
    return _result_failure(probe, answer, cell)


def _marked(board: Board, cell: int) -> list[list[str | None]]:
    """The course's board after the side to move marks ``cell`` (empty), as lists."""
    rows = [list(row) for row in rows_of(board)]
    rows[cell // 3][cell % 3] = MARK_TEXT[board.to_move]
    return rows


def _result_failure(probe: Probe, answer: Judged, cell: int) -> Failure | None:
    """What is wrong with result's answer on a valid action (i, j)."""
    board, action = probe.board, action_of(cell)
    i, j = action
    call = f"result(board, {action!r})"
    if board[cell] is not None:
        but = f"{action!r} is taken (by {board[cell]}): the specification asks for an exception"
        return _an_exception_asked(call, answer, but)
    expected = grid_of(board.play(cell))
    mover = board.to_move
    if not isinstance(answer, Returned):
        return Failure(repr(expected), said(answer), f"{returned_words(call, answer)}, but {action!r} is empty")
    if answer.changed:
        return Failure(repr(expected), said(answer), f"{call} changed the board it was given")
    # A returned board that shares rows it did not change with the given one
    # passes: the specification asks only that the given board be left as it
    # was, which "changed" above checks (a shallow copy fails there).
    got = answer.value
    if got == expected:
        return None
    other = grid_of(board)
    other[i][j] = str(mover.other) if mover else None
    if got == other:
        reason = f"{call} put {str(mover.other) if mover else ''!r} at {action!r}, but {mover} is to move"
    else:
        reason = f"{call} returned {answer.shown}; expected the board with {str(mover)!r} at {action!r}"
    return Failure(repr(expected), said(answer), reason)


def _judge_winner(probe: Probe, answer: Judged) -> Failure | None:
    board = probe.board
    winner = board.winner
    why = ending_words(board) if winner is not None else "no one has three in a row"
    return _plain(answer, None if winner is None else str(winner), "winner(board)", why)


def _judge_terminal(probe: Probe, answer: Judged) -> Failure | None:
    board = probe.board
    why = f"the game is {'over' if board.is_over else 'not over'}: {ending_words(board)}"
    return _plain(answer, board.is_over, "terminal(board)", why)


def _judge_utility(probe: Probe, answer: Judged) -> Failure | None:
    board = probe.board
    expected = 1 if board.winner is Player.X else -1 if board.winner is Player.O else 0
    return _plain(answer, expected, "utility(board)", f"{ending_words(board)}, so X's utility is {expected}")


def _judge_minimax(probe: Probe, answer: Judged) -> Failure | None:
    board = probe.board
    call = "minimax(board)"
    if board.is_over:
        return _plain(answer, None, call, f"the game is over ({ending_words(board)}): no move is left")
    best = analyze_best(board)
    expected = f"{action_of(best)!r} or another move that keeps the value"
    if not isinstance(answer, Returned):
        return Failure(expected, said(answer), returned_words(call, answer))
    got = answer.value
    cell = move_of(got)
    if cell is None or cell not in board.legal_moves:
        what = "not an action (i, j)" if cell is None else "a cell that is taken"
        if got is None:
            reason = f"{call} returned None, but the game is not over: {board.to_move} has a move to make"
        else:
            reason = f"{call} returned {answer.shown}, {what}"
        return Failure(expected, said(answer), reason)
    if grade(board, cell) is not Grade.WORSE:
        return None
    reason = (
        f"{call} returned {move_words(board, cell)}; a best move is {move_words(board, best)} "
        f"({board.to_move} to move, {value_words(board)})"
    )
    return Failure(expected, said(answer), reason)


def move_of(got: object) -> int | None:
    """The cell of a returned action, when it is a tuple ``(i, j)`` on the board."""
    if not isinstance(got, tuple) or len(got) != 2:
        return None
    i, j = got
    if type(i) is not int or type(j) is not int or not (0 <= i < 3 and 0 <= j < 3):  # a bool is no row
        return None
    return i * 3 + j


def played_cell(function: Function, answer: object) -> int | None:
    """The cell a search's answer plays: choose's number, minimax's action; None for anything else."""
    if not isinstance(answer, Returned):
        return None
    got = answer.value
    if function is Function.CHOOSE:
        return got if type(got) is int else None
    return move_of(got)


def _judge_choose(probe: Probe, answer: Judged) -> Failure | None:
    board = probe.board
    best = analyze_best(board)
    expected = f"{best} or another move that keeps the value"
    if not isinstance(answer, Returned):
        return Failure(expected, said(answer), returned_words("choose(board)", answer))
    try:
        if grade(board, answer.value) is not Grade.WORSE:
            return None
    except IllegalMoveError as error:
        return Failure(expected, said(answer), str(error))
    played = answer.value
    assert isinstance(played, int)
    reason = (
        f"choose(board) returned {cell_words(board, played)}; a best move is {cell_words(board, best)} "
        f"({board.to_move} to move, {value_words(board)})"
    )
    return Failure(expected, said(answer), reason)


_JUDGES: Final[dict[Function, Callable[[Probe, Judged], Failure | None]]] = {
    Function.INITIAL_STATE: _judge_initial_state,
    Function.PLAYER: _judge_player,
    Function.ACTIONS: _judge_actions,
    Function.RESULT: _judge_result,
    Function.WINNER: _judge_winner,
    Function.TERMINAL: _judge_terminal,
    Function.UTILITY: _judge_utility,
    Function.MINIMAX: _judge_minimax,
    Function.CHOOSE: _judge_choose,
}
