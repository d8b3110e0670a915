"""One file's verdicts, decided answer by answer.

A ``Judge`` holds what is known of each function of one file: its probes'
span, its first failure, where else it failed, its slower wins; it takes
each answer (pyengine.grading.answers) as it comes, and gives the verdicts.
What drives it (which probes to send, the budgets, a fresh runner after a
stop) is pyengine.grading.session's.
"""

from __future__ import annotations

from bisect import bisect_right

from ..board import Board
from ..records import Record
from .answers import Ended, Refused, TimedOut
from .chooseform import Grade, grade, tree_size, value_words
from .judges import judge_call, played_cell, valid_pair
from .probes import CS50_FUNCTIONS, REQUIRED, Form, Function, Probe, probes
from .verdicts import (
    CAUSES,
    PASSES,
    Failure,
    Verdict,
    analyze_best,
    board_words,
    cause_words,
    cell_words,
    counts,
    move_words,
)

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from .answers import Answer


class Track:
    """What is known of one function so far."""

    def __init__(self, function: Function, span: range, defined: bool) -> None:
        self.function = function
        self.span = span
        """Its probes' indices: each function's stand together."""
        self.defined = defined
        self.searches = function.searches  # read on every answer: an attribute, not the enum's property
        self.first: tuple[Probe, Failure, Answer | None] | None = None
        self.failing: dict[Board, Answer | None] = {}  # every position where it failed, and its first answer there
        self.slower: tuple[Board, int] | None = None  # the first slower win (minimax, choose)
        self.slower_count = 0
        self.stopped = False  # ran past a budget, or ended its process: its other calls are not made
        self.skipped = False  # not checked at all (Judge.skip): no verdict
        self.unfinished = False  # not reached before the whole check's budget ran out: no verdict

    @property
    def name(self) -> str:
        """The function's name in the course."""
        return self.function.value

    @property
    def failed(self) -> bool:
        return self.first is not None


class Judge:
    """One file's check, judged call by call as answers come in.

    pyengine.grading.session drives it: for each index of ``probes`` that is
    ``wanted``, the runner's answer goes to ``take``. A call that gets no
    answer (``TimedOut``, ``Ended``, ``Refused``) fails its function and
    stops it: ``take`` then returns the index to go on from, with a fresh
    runner.
    """

    def __init__(
        self,
        form: Form | None,
        names: Iterable[str],
        load_error: str | None = None,
        calls: Sequence[Probe] | None = None,
    ) -> None:
        """``calls``: ``probes(form)`` made beforehand (a page builds them in
        slices); made here when not given."""
        self.form = form
        self.load_error = load_error
        defined = set(names)
        if form is None or load_error is not None:
            calls = ()
        self.probes: Sequence[Probe] = probes(form) if calls is None and form is not None else calls or ()
        # Each function's probes stand together, in the order of its checks:
        # its span is found by bisection, not by a walk over 71,642 probes.
        order = {function: rank for rank, function in enumerate(Function)}
        self.tracks: dict[Function, Track] = {}
        start = 0
        while start < len(self.probes):
            function = self.probes[start].function
            stop = bisect_right(self.probes, order[function], lo=start, key=lambda probe: order[probe.function])
            self.tracks[function] = Track(function, range(start, stop), function.value in defined)
            start = stop
        self.done = 0
        """How many probes are judged or skipped: the check's progress."""
        self.version = 0
        """Bumped whenever a function stops being wanted: what ``wanted`` said holds until then."""

    def track(self, index: int) -> Track:
        """The track of the function the probe at ``index`` calls."""
        return self.tracks[self.probes[index].function]

    def wanted(self, index: int) -> bool:
        """Whether the probe at ``index`` is to be called: not when its
        function is missing or was stopped, nor once a search has failed."""
        track = self.tracks[self.probes[index].function]
        if track.stopped or track.skipped or not track.defined or (track.searches and track.first is not None):
            self.done = max(self.done, index + 1)
            return False
        return True

    def skip(self, function: Function) -> None:
        """Leave ``function`` unchecked: no call, no verdict (a check of a
        few functions only, as the project's tests make of its one-bug files)."""
        self.tracks[function].skipped = True
        self.version += 1

    def take(self, index: int, answer: Answer) -> int | None:
        """Judge the answer to the probe at ``index``; when no answer came
        (the function is stopped), the index to go on from with a fresh runner."""
        kind = type(answer)
        if kind is TimedOut:
            return self.timed_out(index, answer.budget_s)  # type: ignore[union-attr]
        if kind is Ended or kind is Refused:
            return self.ended(index, answer.words)  # type: ignore[union-attr]
        probe = self.probes[index]
        track = self.tracks[probe.function]
        if index >= self.done:
            self.done = index + 1
        failure = judge_call(probe, answer)  # type: ignore[arg-type]
        if failure is not None:
            self._fail(track, probe, failure, answer)
        elif track.searches and not probe.board.is_over:
            self._note_slower(track, probe, answer)
        return None

    def _fail(self, track: Track, probe: Probe, failure: Failure, answer: Answer | None) -> None:
        track.failing.setdefault(probe.board, answer)
        if track.first is None:
            failure = failure._replace(reason=failure.reason + self._cause(track.function, probe.board))
            track.first = (probe, failure, answer)
            self.version += track.searches  # a search that failed is checked no further

    def _note_slower(self, track: Track, probe: Probe, answer: Answer) -> None:
        cell = played_cell(probe.function, answer)
        if cell is not None and grade(probe.board, cell) is Grade.SLOWER:
            track.slower_count += 1
            if track.slower is None:
                track.slower = (probe.board, cell)

    def _cause(self, function: Function, board: Board) -> str:
        """Why ``function`` went wrong at ``board``, when a function it
        stands on (``CAUSES``) is wrong there too, or, for a search, on a
        position it looks at from there: a clause to end its reason with."""
        for cause in CAUSES.get(function, ()):
            track = self.tracks.get(cause.helper)
            if track is None or not track.failed:
                continue
            found = board if board in track.failing else None
            if found is None and cause.below:
                found = next((p for p in track.failing if _reaches(board, p)), None)
            if found is not None:
                return cause_words(function, cause.helper, board, found, track.failing[found])
        return ""

    def timed_out(self, index: int, budget_s: float) -> int:
        """The call at ``index`` ran past its budget of ``budget_s`` seconds."""
        probe = self.probes[index]
        reason = f"{probe.call_text()} ran past its time budget of {budget_s:.0f} s on this position"
        if probe.function.searches:
            nodes = tree_size(probe.board)
            reason += (
                f", whose whole game tree has {nodes:,} {'node' if nodes == 1 else 'nodes'}: even a minimax "
                "that remembers nothing and copies the board at every node is done long before that"
            )
        return self._stop(index, Failure("an answer", "no answer in time", reason + ". A loop that never ends?"))

    def ended(self, index: int, words: str) -> int:
        """The call at ``index`` ended the process it ran in (``words`` says how)."""
        call = self.probes[index].call_text()
        return self._stop(index, Failure("an answer", "the program ended", f"{call} ended the program: {words}"))

    def ran_out(self, index: int, budget_s: float) -> int:
        """The whole check ran past its budget of ``budget_s`` seconds while
        the call at ``index`` was under way: that function fails, and the
        functions after it are left without a verdict."""
        call = self.probes[index].call_text()
        reason = f"the whole check ran past its budget of {budget_s:.0f} s while {call} was under way"
        self._stop(index, Failure("an answer", "no answer in time", reason))
        for track in self.tracks.values():
            if track.span.start > index:
                track.unfinished = True
        self.done = len(self.probes)
        return len(self.probes)

    def _stop(self, index: int, failure: Failure) -> int:
        track = self.track(index)
        self._fail(track, self.probes[index], failure, None)
        track.stopped = True
        self.version += 1
        self.done = max(self.done, track.span.stop)
        return track.span.stop

    def verdicts(self) -> list[Verdict]:
        """The verdict of each function decided so far, in checking order:
        failed, missing, or called on all its probes."""
        if self.load_error is not None or self.form is None:
            reason = self.load_error or (
                "Your code defines neither choose(board) nor the CS50 functions (" + ", ".join(CS50_FUNCTIONS[1:]) + ")"
            )
            return [Verdict("code", False, None, None, None, reason)]
        return [v for v in map(self._verdict, self.tracks.values()) if v is not None]

    def _verdict(self, track: Track) -> Verdict | None:
        name = track.name
        if track.skipped or (track.unfinished and track.defined):
            return None
        if not track.defined:
            if track.function is Function.CHOOSE:
                return Verdict(name, False, None, None, None, "Your code has no function choose(board)")
            if name not in REQUIRED:
                return None
            return Verdict(
                name,
                False,
                None,
                None,
                None,
                f"Your code has no function {name}(): the CS50 form needs "
                f"{', '.join(REQUIRED[:-1])} and {REQUIRED[-1]}",
            )
        if track.first is not None:
            probe, failure, answer = track.first
            played = best = None
            if track.function.searches and not probe.board.is_over:
                cell = played_cell(track.function, answer)
                if cell is not None and cell in probe.board.legal_moves:
                    played, best = cell, analyze_best(probe.board)
            action = probe.action if valid_pair(probe.action) else None
            return Verdict(
                name,
                False,
                str(probe.board),
                failure.expected,
                failure.got,
                f"{failure.reason}. {board_words(probe)}",
                action,  # type: ignore[arg-type]
                played,
                best,
            )
        if self.done < track.span.stop:
            return None
        reason = PASSES[track.function].format(**counts())
        return self._with_slower(Verdict(name, True, None, None, None, reason), track)

    @staticmethod
    def _with_slower(verdict: Verdict, track: Track) -> Verdict:
        if not track.function.searches:
            return verdict
        if track.slower is None:
            return verdict._replace(reason=verdict.reason + ", always by the fastest win or the slowest loss")
        board, cell = track.slower
        best = analyze_best(board)
        shown = move_words if track.function is Function.MINIMAX else cell_words
        reason = (
            f"{verdict.reason}; on {track.slower_count:,} of them it wins more slowly (or loses sooner) than it "
            f"could; the first: {board} ({board.to_move} to move, {value_words(board)}), where it played "
            f"{shown(board, cell)} and a best move is {shown(board, best)}"
        )
        return verdict._replace(reason=reason, played=cell, best=best)

    @property
    def passed(self) -> bool:
        """Whether every function is decided and passed."""
        verdicts = self.verdicts()
        checked = [
            t for t in self.tracks.values() if not t.skipped and (t.defined or t.function is not Function.INITIAL_STATE)
        ]
        return len(verdicts) == len(checked) > 0 and all(verdict.passed for verdict in verdicts)


def _reaches(board: Board, later: Board) -> bool:
    """Whether ``later`` holds every mark of ``board`` (a position play from ``board`` may reach)."""
    return board.x_mask & later.x_mask == board.x_mask and board.o_mask & later.o_mask == board.o_mask


class Report(Record):
    """A whole file's check."""

    form: Form | None
    verdicts: tuple[Verdict, ...]
    passed: bool
    seconds: float


def report_of(judge: Judge, seconds: float) -> Report:
    """The report of a finished check."""
    return Report(judge.form, tuple(judge.verdicts()), judge.passed, seconds)


def report_json(file: str, report: Report) -> dict[str, object]:
    """A report as ``pyengine check --json`` prints it (one object a line)."""
    keys = ("name", "passed", "position", "expected", "got", "reason")
    return {
        "file": file,
        "form": report.form.value if report.form else None,
        "passed": report.passed,
        "checks": [{key: getattr(verdict, key) for key in keys} for verdict in report.verdicts],
        "seconds": round(report.seconds, 3),
    }
