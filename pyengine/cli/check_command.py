"""The command line's ``check``: students' files graded on every position.

``pyengine check FILE...`` checks each file as the checker page does (the
CS50 AI form or the ``choose(board)`` form, found from the names the file
defines), each in a Python process of its own (pyengine.grading.runner), started in
an empty temporary folder, with a time budget per call and per file, a cap
on its memory where the system has one, and its printing kept from the
terminal. The judging happens here, in this process (pyengine.grading.cs50).

The code runs with the rights of whoever runs the command: the process is a
guard against mistakes (a loop that never ends, ``sys.exit``, a file that
deletes what is in its folder, an endless print), not a sandbox against a
file written to do harm. The checker page runs code in a Web Worker, which
is one.

Exit status 0 when every file passes, 1 when any fails, 2 for bad usage (a
file missing or unreadable), with one line on standard error.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any

from ..grading.cs50 import (
    FILE_BUDGET_S,
    LOAD_BUDGET_S,
    Form,
    Judge,
    Report,
    call_budget,
    detect_form,
    report_json,
    report_of,
)
from .arguments import UsageError, choice

STARTUP_S = 10.0  # a fresh Python and the runner's imports, on a busy machine, before the code's own budget
MEMORY_MB = 1024  # the child's address space where the system caps it (RLIMIT_AS)
ROOT = Path(__file__).resolve().parents[2]  # where the pyengine package is found, for the child
# The child: isolated from the environment and the folder it runs in (-I),
# so a file named copy.py or math.py beside the student's cannot stand in for
# the standard library; the engine from where this one was imported.
CHILD = (
    "import sys; sys.path.insert(0, sys.argv[1]); sys.argv[1:] = []; from pyengine.grading.runner import main; main()"
)

AUTOGRADE = "pyengine check tictactoe.py"
HELP = (
    "Check students' tic-tac-toe files on every position: the CS50 AI form (tictactoe.py: player, actions, "
    "result, winner, terminal, utility, minimax on lists of lists) or the choose(board) form of "
    "'Check your own minimax'. Each file runs in a Python process of its own, in an empty temporary folder, "
    "with a time budget per call and per file and a memory cap where the system has one. The code runs with "
    "YOUR rights on this machine: these are guards against mistakes, not a sandbox against a file written to "
    "do harm (the checker page's Web Worker is that sandbox). Exit status 0 when every file passes, 1 when any "
    f"fails, 2 for bad usage. In a course's automatic grading, one line: {AUTOGRADE}"
)


def add_check_command(commands: argparse._SubParsersAction[Any]) -> None:
    """Register ``check`` with the command line's parser."""
    check = commands.add_parser(
        "check", help="grade students' files on every position (CS50 AI or choose)", description=HELP
    )
    check.add_argument("files", metavar="FILE", nargs="+", help="a student's .py file")
    check.add_argument(
        "--form",
        type=choice(Form),
        help="check every file as this form: cs50 or choose (default: found from the names each file defines)",
    )
    check.add_argument("--json", action="store_true", help="one JSON object per file, one per line")
    check.add_argument("-j", "--jobs", type=_jobs, default=1, metavar="N", help="check N files at once (default 1)")
    check.add_argument(
        "--file-budget",
        type=_seconds,
        default=FILE_BUDGET_S,
        metavar="SECONDS",
        help=f"the most one file's check may take (default {FILE_BUDGET_S:.0f})",
    )
    check.set_defaults(run=cmd_check)


def _jobs(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"-j wants a whole number of at least 1, not {text!r}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not seconds > 0:
        raise argparse.ArgumentTypeError(f"the budget wants a number of seconds above 0, not {text!r}")
    return seconds


def cmd_check(args: argparse.Namespace, out: IO[str]) -> int:
    """Check every file; a line (or a JSON object) per file, in the order given."""
    codes = []
    for name in args.files:
        try:
            codes.append(Path(name).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else "not UTF-8 text"
            raise UsageError(f"cannot read {name}: {reason}") from None
    checks = [FileCheck(code, args.form, args.file_budget) for code in codes]
    passed = True
    pool = ThreadPoolExecutor(max_workers=args.jobs)
    try:
        for name, report in zip(args.files, pool.map(FileCheck.run, checks), strict=True):
            passed &= report.passed
            print(json.dumps(report_json(name, report)) if args.json else report_line(name, report), file=out)
            out.flush()
    except BaseException:  # Ctrl-C, a closed pipe: the children run in sessions of their own, so end them here
        for check in checks:
            check.cancel()
        raise
    finally:
        pool.shutdown(cancel_futures=True)
    return 0 if passed else 1


def report_line(name: str, report: Report) -> str:
    """A file's verdict in one line: passed, or the failing functions and the first failure's position."""
    form = report.form.value if report.form else "no form"
    if report.passed:
        return f"{name}: passed ({form}, {report.seconds:.1f} s)"
    failed = [verdict for verdict in report.verdicts if not verdict.passed]
    first = failed[0]
    if first.name == "code":
        return f"{name}: failed ({form}): {first.reason}"
    names = ", ".join(verdict.name for verdict in failed)
    where = f" on {first.position}" if first.position else ""
    return f"{name}: failed ({form}: {names}); {first.name}(){where}: {first.reason}"


class _Child:
    """One process running the student's code: its answers as they come."""

    def __init__(self, code: str, folder: str) -> None:
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "-I", "-c", CHILD, str(ROOT)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=folder,
            text=True,
            encoding="utf-8",
            start_new_session=os.name == "posix",
        )
        self.answers: queue.Queue[dict[str, object] | None] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self._send({"code": code, "memory": MEMORY_MB * 2**20})

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        try:
            for line in stream:
                self.answers.put(json.loads(line))
        except ValueError:
            pass  # not the runner's line: the code wrote over its channel; taken as the end
        finally:
            self.answers.put(None)

    def _send(self, message: object) -> None:
        stream = self.process.stdin
        assert stream is not None
        try:
            stream.write(json.dumps(message) + "\n")
            stream.flush()
        except (BrokenPipeError, OSError):
            pass  # the child has ended; its reader says so

    def ask(self, wires: list[list[object]]) -> None:
        """Send probes to call, in order, from a thread of their own (a pipe holds only so much)."""
        threading.Thread(target=self._send, args=(wires,), daemon=True).start()

    def answer(self, timeout: float) -> dict[str, object] | None:
        """The next answer; None when the child ended; TimeoutError after ``timeout`` seconds."""
        try:
            # Answers come in bursts: one already there costs no timed wait
            # (a timed get is a condition's wait, paid 67,000 times a check).
            return self.answers.get_nowait()
        except queue.Empty:
            pass
        try:
            return self.answers.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            raise TimeoutError from None

    def how_it_ended(self) -> str:
        code = self.process.wait()
        if code < 0:
            try:
                return f"Python was stopped by signal {signal.Signals(-code).name}"
            except ValueError:
                return f"Python was stopped by signal {-code}"
        return f"Python exited with status {code} (sys.exit in a thread? os._exit?)"

    def stop(self) -> None:
        """End the child and whatever it started."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                if os.name == "posix":
                    os.killpg(self.process.pid, signal.SIGKILL)
                else:
                    self.process.kill()
        self.process.wait()
        self.reader.join(timeout=5)  # the pipe's end, now that the process group is gone
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.close()


class FileCheck:
    """One file's check: children started, probes sent, answers judged."""

    def __init__(self, code: str, form: Form | None, file_budget: float) -> None:
        self.code = code
        self.form = form
        self.file_budget = file_budget
        self.child: _Child | None = None
        self.cancelled = False

    def cancel(self) -> None:
        """Stop the check: its process ends now, and no other starts."""
        self.cancelled = True
        if self.child is not None:
            self.child.stop()

    def run(self) -> Report:
        started = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="pyengine-check-") as folder:
            judge = self._check(folder, started + self.file_budget)
        return report_of(judge, time.monotonic() - started)

    def _check(self, folder: str, deadline: float) -> Judge:
        start = 0
        judge: Judge | None = None
        while judge is None or start < len(judge.probes):
            if self.cancelled:
                raise KeyboardInterrupt
            child = self.child = _Child(self.code, folder)
            try:
                judge, start = self._serve(child, judge, start, deadline)
            finally:
                child.stop()
        return judge

    def _load(self, child: _Child) -> tuple[list[str], str | None]:
        """The names the code defines and the error that stopped it, if any."""
        try:
            ready = child.answer(STARTUP_S)
        except TimeoutError:
            return [], f"Python did not start within {STARTUP_S:.0f} s: is the machine very busy?"
        try:
            loaded = None if ready is None else child.answer(LOAD_BUDGET_S)
        except TimeoutError:
            return [], (
                f"Your code ran past its time budget of {LOAD_BUDGET_S:.0f} s before any function was called: "
                "a loop that never ends, at the top of your code?"
            )
        if loaded is None:
            return [], f"Your code ended the program as it ran: {child.how_it_ended()}"
        names = [str(name) for name in loaded.get("names", [])]  # type: ignore[attr-defined]
        error = loaded.get("error")
        return names, None if error is None else str(error)

    def _serve(self, child: _Child, judge: Judge | None, start: int, deadline: float) -> tuple[Judge, int]:
        """Load the code in ``child``, then call and judge the probes from
        ``start`` on; the judge and the index to go on from with a fresh
        child (the end of the probes when all went)."""
        names, error = self._load(child)
        if judge is None:
            judge = Judge(self.form or detect_form(names), names, error)
            if error is not None:
                return judge, len(judge.probes)
        elif error is not None:  # it loaded before: a second run failing is the code's doing
            return judge, judge.ended(start, f"your code failed when it was run again: {error}")
        wanted = [index for index in range(start, len(judge.probes)) if judge.wanted(index)]
        child.ask([judge.probes[index].wire() for index in wanted])
        heard = time.monotonic()
        for index in wanted:
            if not judge.wanted(index):  # minimax (or choose) failed; it is the last function: nothing is left
                return judge, len(judge.probes)
            budget = call_budget(judge.probes[index])
            try:
                answer = child.answer(min(heard + budget, deadline) - time.monotonic())
            except TimeoutError:
                if time.monotonic() >= deadline:
                    return judge, judge.ran_out(index, self.file_budget)
                return judge, judge.timed_out(index, budget)
            if answer is None:
                return judge, judge.ended(index, child.how_it_ended())
            heard = time.monotonic()
            judge.take(index, answer)
        return judge, len(judge.probes)
