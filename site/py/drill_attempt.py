"""One attempt at a drill, with no DOM: its answer key and the grades standing
since the last Check (tests/test_drill_view.py).

A grade stands until its node's entries change. Whether the drill has been
counted is not the attempt's (Clear starts a new one, a reload another) but
the kept score's: drill_view.scored counts a drill once, at its first Check or
when its answer is shown before any Check (as not right).
"""

from __future__ import annotations

from pyengine.teaching.drill import Status, answer_key, grade

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from pyengine.teaching.drill import Drill, Entry, Grade, Key, Path, Verdict


class Attempt:
    """A drill being answered."""

    def __init__(self, drill: Drill) -> None:
        self.key: Key = answer_key(drill)
        self.grades: dict[Path, Grade] = {}  # as last checked, less the nodes changed since

    def changed(self, path: Path) -> None:
        """The entries of the node at ``path`` changed: its grade no longer holds."""
        self.grades.pop(path, None)

    def check(self, entries: dict[Path, Entry]) -> Verdict:
        """``entries`` graded against the key; the grades stand until changed."""
        verdict = grade(self.key, entries)
        self.grades = dict(verdict.grades)
        return verdict

    def answer(self, path: Path) -> tuple[str, bool]:
        """The key's entries at ``path``: its value's text (blank for none) and
        whether the search never examines it."""
        node = self.key.node(path)
        return (node.answer.text if node.answer else "", node.status is Status.SKIPPED)
