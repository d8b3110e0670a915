"""The project's one-bug CS50 AI files: tests/cs50/correct.py with one edit each.

Each mutant is the correct file with one fault of the kinds students make
(the faults most found in a survey of 60 students' files): an edit of a few characters to a few
lines, kept here as the edit rather than as thirty-odd near-copies of one
file, so that each bug reads on its own. ``source(mutant)`` makes the file;
``python -m tests.cs50.mutants DIR`` writes them all to DIR, as a teacher
would receive them, for ``pyengine check DIR/*.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
CORRECT = HERE / "correct.py"
SLOW = HERE / "slow_deepcopy.py"


class Mutant(NamedTuple):
    name: str
    """The file's name, without .py."""
    function: str
    """The function the bug is in: the one whose verdict must fail."""
    bug: str
    """The bug in a few words, for people."""
    edits: tuple[tuple[str, str], ...]
    """Each (text of correct.py, what replaces it); each text occurs there once."""


def _edit(old: str, new: str) -> tuple[tuple[str, str], ...]:
    return ((old, new),)


_EMPTY_BOARD = "[[EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY]]"
_PLAYER = "    return X if xs == os_ else O"
_ACTIONS = "    return {(i, j) for i in range(3) for j in range(3) if board[i][j] == EMPTY}"
_COPY = "    new = [row[:] for row in board]"
_CHECK = "    if not (0 <= i < 3 and 0 <= j < 3) or board[i][j] != EMPTY:"
_WIN_TEST = "        if a is not EMPTY and a == b == c:"
_FULL = "    return all(cell is not EMPTY for row in board for cell in row)"
_BETTER = "        if best_action is None or (score > best_score if turn == X else score < best_score):"
_VALUES = "            scores[key] = max(values) if player(board) == X else min(values)"
_UTILITY = """    w = winner(board)
    if w == X:
        return 1
    if w == O:
        return -1
    return 0"""
_VALUE_BODY = """    key = tuple(tuple(row) for row in board)
    if key not in scores:
        if terminal(board):
            scores[key] = utility(board)
        else:
            values = [value(result(board, action)) for action in actions(board)]
            scores[key] = max(values) if player(board) == X else min(values)
    return scores[key]"""

MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "initial_state_one_row_thrice",
        "initial_state",
        "the same row list three times",
        _edit(
            "    return [[EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY]]",
            "    return [[EMPTY] * 3] * 3",
        ),
    ),
    Mutant(
        "initial_state_one_board_for_all",
        "initial_state",
        "the same board, made once, for every call",
        (
            ("def initial_state():", f"START = {_EMPTY_BOARD}\n\n\ndef initial_state():"),
            (f"    return {_EMPTY_BOARD}", "    return START"),
        ),
    ),
    Mutant(
        "player_first_call_flag",
        "player",
        "a global flag: its first call in a run answers X, whatever the board",
        (
            ("def player(board):", "first_call = True\n\n\ndef player(board):"),
            (
                _PLAYER,
                "    global first_call\n    if first_call:\n        first_call = False\n        return X\n" + _PLAYER,
            ),
        ),
    ),
    Mutant("player_o_first", "player", "O moves first", _edit(_PLAYER, "    return O if xs == os_ else X")),
    Mutant(
        "player_parity_of_x",
        "player",
        "the turn from the parity of X's marks alone",
        _edit(_PLAYER, "    return X if xs % 2 == 0 else O"),
    ),
    Mutant(
        "player_counts_lowercase",
        "player",
        "counts 'x' instead of X",
        _edit("    xs = sum(row.count(X) for row in board)", '    xs = sum(row.count("x") for row in board)'),
    ),
    Mutant(
        "actions_list",
        "actions",
        "a list of actions, not a set",
        _edit(_ACTIONS, "    return [(i, j) for i in range(3) for j in range(3) if board[i][j] == EMPTY]"),
    ),
    Mutant(
        "actions_lists_not_tuples",
        "actions",
        "actions as lists [i, j] in a list",
        _edit(_ACTIONS, "    return [[i, j] for i in range(3) for j in range(3) if board[i][j] == EMPTY]"),
    ),
    Mutant(
        "actions_taken_cells",
        "actions",
        "includes cells that are taken",
        _edit(_ACTIONS, "    return {(i, j) for i in range(3) for j in range(3)}"),
    ),
    Mutant(
        "actions_two_rows",
        "actions",
        "misses the bottom row",
        _edit(_ACTIONS, "    return {(i, j) for i in range(2) for j in range(3) if board[i][j] == EMPTY}"),
    ),
    Mutant(
        "actions_swapped",
        "actions",
        "(j, i) instead of (i, j)",
        _edit(_ACTIONS, "    return {(j, i) for i in range(3) for j in range(3) if board[i][j] == EMPTY}"),
    ),
    Mutant(
        "result_edits_board", "result", "marks the board it was given and returns it", _edit(_COPY, "    new = board")
    ),
    Mutant(
        "result_shallow_copy",
        "result",
        "a shallow copy: the rows are the given board's",
        _edit(_COPY, "    new = board.copy()"),
    ),
    Mutant(
        "result_no_raise_on_taken",
        "result",
        "overwrites a taken cell instead of raising",
        _edit(_CHECK, "    if not (0 <= i < 3 and 0 <= j < 3):"),
    ),
    Mutant(
        "result_off_board_accepted",
        "result",
        "no bounds check: (-1, 2) marks (2, 2) through a negative index",
        _edit(_CHECK, "    if board[i][j] != EMPTY:"),
    ),
    Mutant(
        "result_takes_a_list",
        "result",
        "accepts a list [i, j] as an action",
        _edit(
            "    if type(action) is not tuple or len(action) != 2:\n"
            '        raise ValueError(f"not an action (i, j): {action!r}")\n',
            "",
        ),
    ),
    Mutant(
        "result_raises_on_bottom_row",
        "result",
        "raises on a valid action (an off-by-one bound)",
        _edit(_CHECK, "    if not (0 <= i < 2 and 0 <= j < 3) or board[i][j] != EMPTY:"),
    ),
    Mutant(
        "result_always_x", "result", "always puts an X", _edit("    new[i][j] = player(board)", "    new[i][j] = X")
    ),
    Mutant(
        "result_swaps_i_j",
        "result",
        "marks (j, i)",
        _edit("    new[i][j] = player(board)", "    new[j][i] = player(board)"),
    ),
    Mutant(
        "winner_stops_at_empty_line",
        "winner",
        "returns None at the first line of three EMPTY cells",
        _edit(_WIN_TEST, "        if a == b == c:"),
    ),
    Mutant(
        "winner_no_anti_diagonal",
        "winner",
        "forgets the diagonal from the top right",
        _edit("    [(0, 2), (1, 1), (2, 0)],\n", ""),
    ),
    Mutant(
        "winner_rows_only", "winner", "checks rows only", _edit("    for line in LINES:", "    for line in LINES[:3]:")
    ),
    Mutant("winner_x_only", "winner", "sees X's lines only", _edit(_WIN_TEST, "        if a == X and a == b == c:")),
    Mutant(
        "winner_two_in_a_row",
        "winner",
        "a line of two makes a winner",
        _edit(_WIN_TEST, "        if a is not EMPTY and a == b:"),
    ),
    Mutant(
        "terminal_ignores_full_board", "terminal", "a full, drawn board is not over", _edit(_FULL, "    return False")
    ),
    Mutant(
        "terminal_one_cell_early",
        "terminal",
        "over with one cell still empty",
        _edit(_FULL, "    return sum(cell is not EMPTY for row in board for cell in row) >= 8"),
    ),
    Mutant(
        "terminal_ignores_wins",
        "terminal",
        "only a full board is over",
        _edit("    if winner(board) is not None:\n        return True\n", ""),
    ),
    Mutant(
        "terminal_none_not_false",
        "terminal",
        "returns None instead of False",
        _edit(_FULL, "    if all(cell is not EMPTY for row in board for cell in row):\n        return True"),
    ),
    Mutant(
        "utility_from_o",
        "utility",
        "from O's side",
        _edit(
            _UTILITY,
            "    w = winner(board)\n    if w == O:\n        return 1\n    if w == X:\n        return -1\n    return 0",
        ),
    ),
    Mutant(
        "utility_draw_none",
        "utility",
        "None for a draw",
        _edit(_UTILITY, "    w = winner(board)\n    if w == X:\n        return 1\n    if w == O:\n        return -1"),
    ),
    Mutant(
        "utility_last_mover_wins",
        "utility",
        "the player who moved last has won, even in a draw",
        _edit(_UTILITY, "    return 1 if player(board) == O else -1"),
    ),
    Mutant(
        "minimax_maximises_both",
        "minimax",
        "maximises for both players",
        _edit(_BETTER, "        if best_action is None or score > best_score:"),
    ),
    Mutant(
        "minimax_minimises_for_x",
        "minimax",
        "each player takes the other's best",
        _edit(_BETTER, "        if best_action is None or (score > best_score if turn == O else score < best_score):"),
    ),
    Mutant(
        "minimax_values_max_both",
        "minimax",
        "its search maximises on both players' turns",
        _edit(_VALUES, "            scores[key] = max(values)"),
    ),
    Mutant(
        "minimax_returns_in_loop",
        "minimax",
        "returns inside its loop: only the first move is scored",
        _edit(
            "            best_action, best_score = action, score\n    return best_action",
            "            best_action, best_score = action, score\n        return best_action",
        ),
    ),
    Mutant(
        "minimax_none_when_all_lose",
        "minimax",
        "None when every move loses",
        (
            (
                "    best_action, best_score = None, -math.inf if turn == X else math.inf",
                "    best_action, best_score = None, -1 if turn == X else 1",
            ),
            (_BETTER, "        if score > best_score if turn == X else score < best_score:"),
        ),
    ),
    Mutant(
        "minimax_takes_centre",
        "minimax",
        "takes the centre without searching",
        _edit(
            "    turn = player(board)\n",
            "    if board[1][1] == EMPTY:\n        return (1, 1)\n    turn = player(board)\n",
        ),
    ),
    Mutant(
        "minimax_not_none_when_over",
        "minimax",
        "answers a move on a finished board",
        _edit("    if terminal(board):\n        return None\n", ""),
    ),
    Mutant(
        "minimax_prunes_wrong_way",
        "minimax",
        "alpha-beta that cuts on the wrong comparison",
        (
            *_edit("def value(board):", "def value(board, alpha=-2, beta=2):"),
            (
                _VALUE_BODY,
                """    if terminal(board):
        return utility(board)
    best = -2 if player(board) == X else 2
    for action in actions(board):
        score = value(result(board, action), alpha, beta)
        if player(board) == X:
            best = max(best, score)
            alpha = max(alpha, best)
        else:
            best = min(best, score)
            beta = min(beta, best)
        if alpha <= beta:
            break
    return best""",
            ),
        ),
    ),
)
"""Every one-bug file, in the order of the functions' checks."""


def source(mutant: Mutant) -> str:
    """The mutant's file: correct.py with its edits made."""
    return edited(CORRECT.read_text(), mutant.edits, mutant.name)


def edited(text: str, edits: tuple[tuple[str, str], ...], name: str) -> str:
    """``text`` with each (old, new) of ``edits`` made; each old text occurs there once."""
    for old, new in edits:
        assert text.count(old) == 1, f"{name}: {old!r} must occur once in correct.py"
        text = text.replace(old, new)
    return text


def by_name(name: str) -> Mutant:
    return next(mutant for mutant in MUTANTS if mutant.name == name)


def write_all(folder: Path) -> list[Path]:
    """Every mutant as ``folder/<name>.py``; the paths written."""
    return write(folder, ((mutant.name, source(mutant)) for mutant in MUTANTS))


def write(folder: Path, files: Iterable[tuple[str, str]]) -> list[Path]:
    """Each (name, text) of ``files`` as ``folder/<name>.py``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in files:
        path = folder / f"{name}.py"
        path.write_text(text)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_all(Path(sys.argv[1])):
        print(path)
