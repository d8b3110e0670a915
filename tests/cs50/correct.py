"""
Tic Tac Toe Player

The project's own CS50 AI "tictactoe.py", written from the course's
specification: every function right, and minimax fast because it remembers
the value of every board it has scored. tests/cs50/mutants.py makes the
one-bug files from this one.
"""

# The course's own names and a student's habits, kept as students write them.
# ruff: noqa: E741

import math

X = "X"
O = "O"
EMPTY = None

# The eight lines of three, as (i, j) cells: rows, columns, diagonals.
LINES = [
    [(0, 0), (0, 1), (0, 2)],
    [(1, 0), (1, 1), (1, 2)],
    [(2, 0), (2, 1), (2, 2)],
    [(0, 0), (1, 0), (2, 0)],
    [(0, 1), (1, 1), (2, 1)],
    [(0, 2), (1, 2), (2, 2)],
    [(0, 0), (1, 1), (2, 2)],
    [(0, 2), (1, 1), (2, 0)],
]


def initial_state():
    """
    Returns starting state of the board.
    """
    return [[EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY]]


def player(board):
    """
    Returns player who has the next turn on a board.
    """
    xs = sum(row.count(X) for row in board)
    os_ = sum(row.count(O) for row in board)
    return X if xs == os_ else O


def actions(board):
    """
    Returns set of all possible actions (i, j) available on the board.
    """
    return {(i, j) for i in range(3) for j in range(3) if board[i][j] == EMPTY}


def result(board, action):
    """
    Returns the board that results from making move (i, j) on the board.
    """
    if type(action) is not tuple or len(action) != 2:
        raise ValueError(f"not an action (i, j): {action!r}")
    i, j = action
    if not (0 <= i < 3 and 0 <= j < 3) or board[i][j] != EMPTY:
        raise ValueError(f"invalid action {action}")
    new = [row[:] for row in board]
    new[i][j] = player(board)
    return new


def winner(board):
    """
    Returns the winner of the game, if there is one.
    """
    for line in LINES:
        a, b, c = (board[i][j] for i, j in line)
        if a is not EMPTY and a == b == c:
            return a
    return None


def terminal(board):
    """
    Returns True if game is over, False otherwise.
    """
    if winner(board) is not None:
        return True
    return all(cell is not EMPTY for row in board for cell in row)


def utility(board):
    """
    Returns 1 if X has won the game, -1 if O has won, 0 otherwise.
    """
    w = winner(board)
    if w == X:
        return 1
    if w == O:
        return -1
    return 0


scores = {}  # board (as a tuple of tuples) -> its utility under perfect play


def value(board):
    """
    The utility of the board when both players play perfectly.
    """
    key = tuple(tuple(row) for row in board)
    if key not in scores:
        if terminal(board):
            scores[key] = utility(board)
        else:
            values = [value(result(board, action)) for action in actions(board)]
            scores[key] = max(values) if player(board) == X else min(values)
    return scores[key]


def minimax(board):
    """
    Returns the optimal action for the current player on the board.
    """
    if terminal(board):
        return None
    turn = player(board)
    best_action, best_score = None, -math.inf if turn == X else math.inf
    for action in sorted(actions(board)):
        score = value(result(board, action))
        if best_action is None or (score > best_score if turn == X else score < best_score):
            best_action, best_score = action, score
    return best_action
