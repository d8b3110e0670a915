"""The numbers of tic-tac-toe: compute_facts() and reachable_positions()."""

from __future__ import annotations

import pytest

from pyengine import Board, Facts, compute_facts, reachable_positions
from tests import reference as ref

# The lines through each cell: a win can only be on a line through the mark just made.
LINES_THROUGH = [[line for line in ref.LINES if cell in line] for cell in range(9)]


@pytest.fixture(scope="module")
def facts() -> Facts:
    """The engine's facts, computed once for the module."""
    return compute_facts()


def test_published_figures(facts: Facts) -> None:
    """compute_facts() gives the well-known counts of tic-tac-toe."""
    assert facts.games == 255_168
    assert (facts.x_wins, facts.o_wins, facts.draws) == (131_184, 77_904, 46_080)
    assert facts.positions == 5_478
    assert facts.terminal_positions == 958
    assert facts.positions_up_to_symmetry == 765
    assert facts.terminal_positions_up_to_symmetry == 138
    assert facts.tree_nodes == 549_946


def test_as_dict_lists_every_figure(facts: Facts) -> None:
    """as_dict() has every figure under its attribute name, and the games add up."""
    counts = facts.as_dict()
    assert list(counts) == [
        "games", "x_wins", "o_wins", "draws", "positions", "terminal_positions",
        "positions_up_to_symmetry", "terminal_positions_up_to_symmetry", "tree_nodes",
    ]
    assert all(counts[name] == getattr(facts, name) for name in counts)
    assert counts["games"] == counts["x_wins"] + counts["o_wins"] + counts["draws"]


def brute_force_tree() -> dict[str, int]:
    """Walk the whole game tree, one node at a time, on a plain list board."""
    board = ["."] * 9
    tally = {"nodes": 1, "X": 0, "O": 0, "draw": 0}  # the root is a node

    def walk(mark: str, empty: int) -> None:
        """Count every move ``mark`` can make on ``board`` (with ``empty`` free cells) and below."""
        following = "O" if mark == "X" else "X"
        for cell in range(9):
            if board[cell] != ".":
                continue
            board[cell] = mark
            tally["nodes"] += 1
            if any(all(board[c] == mark for c in line) for line in LINES_THROUGH[cell]):
                tally[mark] += 1
            elif empty == 1:
                tally["draw"] += 1
            else:
                walk(following, empty - 1)
            board[cell] = "."

    walk("X", 9)
    return tally


def test_tree_counts_by_brute_force(facts: Facts) -> None:
    """Counting every node of the tree by plain recursion gives the same games, wins,
    draws and nodes as the engine."""
    tally = brute_force_tree()
    assert tally["nodes"] == facts.tree_nodes
    assert (tally["X"], tally["O"], tally["draw"]) == (facts.x_wins, facts.o_wins, facts.draws)


def test_position_counts_independently(facts: Facts) -> None:
    """The test's own search and symmetry classes give the engine's position counts."""
    positions = list(ref.reachable())
    terminal = [cells for cells in positions if ref.is_over(cells)]
    assert facts.positions == len(positions)
    assert facts.terminal_positions == len(terminal)
    assert facts.positions_up_to_symmetry == len({ref.symmetry_class(cells) for cells in positions})
    assert facts.terminal_positions_up_to_symmetry == len({ref.symmetry_class(cells) for cells in terminal})


def test_reachable_positions() -> None:
    """reachable_positions() lists each reachable position once, from the empty board, by plies."""
    boards = reachable_positions()
    assert boards[0] == Board.empty()
    assert len(boards) == len(set(boards))
    assert {str(board).replace("/", "") for board in boards} == set(ref.reachable())
    plies = [board.ply for board in boards]
    assert plies == sorted(plies)


class TestPolicyDigest:
    """The fingerprint the Game facts page computes in the browser, here in CPython."""

    def test_it_hashes_every_live_position_with_the_seeded_choice(self) -> None:
        """The digest is SHA-256 over "position cell" lines for all 4,520 live positions."""
        import hashlib

        from pyengine import bot, reachable_positions
        from pyengine.facts import perfect_policy_digest

        chooser = bot("perfect", seed=0)
        live = [board for board in reachable_positions() if not board.is_over]
        assert len(live) == 4520
        lines = "".join(f"{board} {chooser.choose(board)}\n" for board in live)
        assert perfect_policy_digest() == hashlib.sha256(lines.encode()).hexdigest()

    def test_the_seed_matters_and_repeats(self) -> None:
        """Same seed, same digest; another seed picks other moves among equals."""
        from pyengine.facts import perfect_policy_digest

        assert perfect_policy_digest(0) == perfect_policy_digest(0)
        assert perfect_policy_digest(0) != perfect_policy_digest(1)
