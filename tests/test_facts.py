"""The numbers of tic-tac-toe: compute_facts() and reachable_positions()."""

from __future__ import annotations

import pytest

from pyengine import Board, Facts, compute_facts, reachable_positions
from tests import reference as ref
from tests.support import FACT_KEYS, cells_of

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
    assert list(counts) == FACT_KEYS
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
    assert {cells_of(board) for board in boards} == set(ref.reachable())
    plies = [board.ply for board in boards]
    assert plies == sorted(plies)


def reference_digest(seed: int) -> str:
    """The documented recipe, followed from the reference solver (tests/reference.py)
    rather than the engine: for every live position, by plies and then by the
    position's key, one line "position cell", where cell is the only best move or
    a seeded Random's choice among the best in cell order; SHA-256 over the lines."""
    import hashlib
    import random

    def key(cells: str) -> int:  # X's cells as bits 0-8, O's as bits 9-17
        return sum(1 << c for c, mark in enumerate(cells) if mark == "X") | sum(
            1 << (9 + c) for c, mark in enumerate(cells) if mark == "O"
        )

    live = sorted(ref.live_positions(), key=lambda cells: (9 - cells.count("."), key(cells)))
    assert len(live) == 4520
    rng = random.Random(seed)
    lines = []
    for cells in live:
        best = sorted(ref.best_cells(cells))
        cell = best[0] if len(best) == 1 else rng.choice(best)
        lines.append(f"{ref.slashed(cells)} {cell}\n")
    return hashlib.sha256("".join(lines).encode()).hexdigest()


class TestPolicyDigest:
    """The fingerprint the Game facts page computes in the browser, here in CPython."""

    @pytest.mark.parametrize("seed", [0, 1])
    def test_it_matches_the_reference_solver_choosing_with_the_same_seed(self, seed: int) -> None:
        from pyengine.policy import perfect_policy_digest

        assert perfect_policy_digest(seed) == reference_digest(seed)

    def test_the_seed_matters(self) -> None:
        """Another seed picks other moves among equals: another fingerprint."""
        from pyengine.policy import perfect_policy_digest

        assert perfect_policy_digest(0) != perfect_policy_digest(1)
