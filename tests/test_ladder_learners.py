"""The learners on the ladder: built from a name and a seed, played in
``pyengine match``, and seated in the Bots page's round robin."""

from __future__ import annotations

import json
import random
import re

import pytest

from pyengine import Level, bot, play_match
from pyengine.learning.learner import LearnerKind
from pyengine.learning.mcts import MctsBot
from pyengine.learning.menace import Menace
from pyengine.learning.tabular import TdLearner
from pyengine.learning.training import ENTRANT_SEED, ENTRANT_TRAINING, ENTRANTS, Entrant, entrant, train
from tests.conftest import Cli
from tools.pages.bots_table import bot_table, pairing_games, pairing_seeds


class TestEntrants:
    def test_the_ladder_names_the_levels_then_the_four_learners(self) -> None:
        levels = tuple(level.value for level in Level)
        assert (*levels, "menace", "tabular", "mcts-10", "mcts-100") == ENTRANTS

    def test_each_entrant_is_one_thing_and_plays_as_it(self) -> None:
        """An entrant is a level, a learner or a search, never two; what plays is that."""
        for chosen in Entrant:
            level, kind, iterations = chosen.level, chosen.learner, chosen.iterations
            assert [level, kind, iterations].count(None) == 2, chosen
            player = entrant(chosen, seed=1)
            if level is not None:
                assert level.value == chosen.value and type(player) is type(bot(level))
            elif kind is not None:
                assert isinstance(player, Menace if kind is LearnerKind.MENACE else TdLearner)
            else:
                assert isinstance(player, MctsBot) and player.iterations == iterations
                assert chosen.value == f"mcts-{iterations}"
        named = entrant(" MCTS-10 ", seed=1)  # a name works as well as the member
        assert isinstance(named, MctsBot) and named.iterations == 10

    @pytest.mark.parametrize(("name", "kind"), [("menace", Menace), ("tabular", TdLearner)])
    def test_a_trained_entrant_is_the_stated_training_run(self, name: str, kind: type) -> None:
        """What the page says: trained ENTRANT_TRAINING games against itself with ENTRANT_SEED."""
        player = entrant(name, seed=4)
        stated = train(name, ENTRANT_TRAINING, "self", ENTRANT_SEED).learner
        assert isinstance(player, kind)
        assert player.games == stated.games == ENTRANT_TRAINING
        assert player.sides == stated.sides and len(player.sides) == 2
        assert player.saved() == stated.saved()

    @pytest.mark.parametrize("name", ["menace", "tabular"])
    def test_playing_on_the_ladder_teaches_it_nothing(self, name: str) -> None:
        """A match leaves the machine as trained, so every pairing meets the same one."""
        player = entrant(name, seed=1)
        before = player.saved()
        play_match(player, entrant("random", seed=2), 50)
        play_match(entrant("random", seed=3), player, 50)
        assert player.saved() == before

    def test_each_entrant_copies_the_trained_machine(self) -> None:
        """Two entrants of one name share no beads: one cannot change the other."""
        first, second = entrant("menace", seed=1), entrant("menace", seed=1)
        assert isinstance(first, Menace) and isinstance(second, Menace)
        box = next(iter(first.boxes))
        beads = dict(second.boxes[box])
        for cell in first.boxes[box]:
            first.boxes[box][cell] += 5
        assert second.boxes[box] == beads != first.boxes[box]


class TestMatchCommand:
    @pytest.mark.parametrize(("x", "o"), [("menace", "tabular"), ("mcts-10", "menace"), ("perfect", "mcts-100")])
    def test_a_seeded_match_with_learners_repeats_and_adds_up(self, cli: Cli, x: str, o: str) -> None:
        """Seeded: the same tally twice, and the one play_match gives with the seeds the command draws."""
        args = ["--x", x, "--o", o, "--games", "20", "--seed", "7", "--json"]
        first, second = cli("match", *args), cli("match", *args)
        assert first.returncode == 0, first.stderr
        assert first.stdout == second.stdout
        tally = json.loads(first.stdout)
        assert tally["games"] == 20 == tally["x_wins"] + tally["o_wins"] + tally["draws"]
        seeds = random.Random(7)
        expected = play_match(entrant(x, seeds.getrandbits(64)), entrant(o, seeds.getrandbits(64)), 20)
        assert tally == expected.as_dict()

    def test_the_text_names_the_learners(self, cli: Cli) -> None:
        done = cli("match", "--x", "tabular", "--o", "mcts-10", "--games", "3", "--seed", "1")
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("tabular (X) vs mcts-10 (O), 3 games:")

    @pytest.mark.parametrize("side", ["--x", "--o"])
    def test_an_unknown_name_is_one_line_listing_every_entrant(self, cli: Cli, side: str) -> None:
        other = "--o" if side == "--x" else "--x"
        done = cli("match", side, "mcts-1000", other, "menace", "--games", "1")
        assert done.returncode == 2, done
        assert done.stdout == ""
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
        assert "'mcts-1000'" in lines[0]
        listed = lines[0].split("choose one of ", 1)[1]
        for name in ENTRANTS:
            assert re.search(rf"\b{re.escape(name)}\b", listed), (name, lines[0])

    @pytest.mark.parametrize("name", ["menace", "tabular"])
    def test_a_learner_of_3x3_refuses_4x4_in_one_line(self, cli: Cli, name: str) -> None:
        done = cli("match", "--x", "random", "--o", name, "--size", "4", "--games", "1")
        assert done.returncode == 2, done
        assert done.stdout == ""
        assert done.stderr.count("\n") == 1 and name in done.stderr and "4x4" in done.stderr
        assert "Traceback" not in done.stderr

    def test_mcts_plays_4x4(self, cli: Cli) -> None:
        done = cli("match", "--x", "mcts-10", "--o", "random", "--size", "4", "--games", "2", "--seed", "1", "--json")
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["games"] == 2


@pytest.fixture(scope="module")
def table() -> dict[tuple[str, str], tuple[int, int, int]]:
    """The round robin as the Bots page shows it, read back from its markup."""
    markup = bot_table()
    cells: dict[tuple[str, str], tuple[int, int, int]] = {}
    found = re.findall(r'<td data-x="([^"]+)" data-o="([^"]+)" data-tally="([^"]+)">([^<]*)</td>', markup)
    for x, o, tally, text in found:
        x_wins, o_wins, draws = map(int, tally.split())
        assert text == f"X {x_wins} · O {o_wins} · draw {draws}"
        cells[x, o] = (x_wins, o_wins, draws)
    assert markup.count("<td") == len(cells)
    return cells


class TestTable:
    def test_every_entrant_meets_every_entrant(self, table: dict[tuple[str, str], tuple[int, int, int]]) -> None:
        assert set(table) == {(x, o) for x in ENTRANTS for o in ENTRANTS}

    def test_each_tally_adds_up_to_its_pairings_games(self, table: dict[tuple[str, str], tuple[int, int, int]]) -> None:
        for (x, o), tally in table.items():
            assert sum(tally) == pairing_games(x, o), (x, o)
        assert pairing_games("menace", "random") < pairing_games("random", "easy")

    def test_the_numbers_are_play_match_run_again(self, table: dict[tuple[str, str], tuple[int, int, int]]) -> None:
        """Every pairing but the slow ones of mcts-100 (one of those is enough),
        played again here with the table's seeds."""
        again = [(x, o) for x in ENTRANTS for o in ENTRANTS if "mcts-100" not in (x, o)]
        again.append(("mcts-100", "menace"))
        for x, o in again:
            i, j = ENTRANTS.index(x), ENTRANTS.index(o)
            x_seed, o_seed = pairing_seeds(i, j)
            result = play_match(entrant(x, x_seed), entrant(o, o_seed), pairing_games(x, o))
            assert table[x, o] == (result.x_wins, result.o_wins, result.draws), (x, o)

    def test_learning_shows_in_the_table(self, table: dict[tuple[str, str], tuple[int, int, int]]) -> None:
        """Computed facts, not pinned numbers: the trained tabular learner never
        loses to the random bot on either side, and more search loses less to perfect play."""
        assert table["tabular", "random"][1] == 0 and table["random", "tabular"][0] == 0
        assert table["mcts-100", "perfect"][1] <= table["mcts-10", "perfect"][1]
