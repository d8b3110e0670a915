"""The command line's ``check``: students' files graded on every position.

``pyengine check FILE...`` checks each file as the checker page does (the
CS50 AI form or the ``choose(board)`` form, found from the names the file
defines), each in a Python process of its own: ``python -I -S`` running the
runner's text (pyengine/grading/runner.py, which imports nothing of the
engine), with a time budget per call and per file and its printing kept from
the terminal. The check's loop and its judging happen here, in this process
(pyengine.grading.session, the same the checker page drives), out of the
code's reach; the child is only a transport.

What keeps a file's code apart is the sandbox (pyengine.cli.bubblewrap): each
process runs in bubblewrap with no network, no environment, the system
read-only and only what Python needs of it, no user's files, no
site-packages and no engine to import, its own PID namespace, one small empty
writable folder, a seccomp filter under which it can start no process, and
caps on memory and file size. Its answers come back on a pipe, each line
marked with a token made for that process, so that lines the code writes
there itself fail its file rather than pass as answers (a line is read 8 MB
at most), and a verdict's words reach the terminal with their control
characters written out. Where bubblewrap is
missing or fails a trial run, the command refuses to run students' code
(exit status 2) unless told ``--no-sandbox``: the code then runs with the
rights of whoever runs the command, in an empty temporary folder, its memory
capped, a guard against mistakes only.

Exit status 0 when every file passes, 1 when any fails, 2 for bad usage (a
file missing or unreadable, no sandbox), with one line on standard error.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import queue
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any

from ..grading.answers import Ended, Refused
from ..grading.judge import Report, report_json
from ..grading.probes import FILE_BUDGET_S, LOAD_BUDGET_S, Form, call_budget
from ..grading.session import Session
from .arguments import UsageError, choice
from .bubblewrap import LIMITS, MEMORY_MB, Sandbox, interpreter, runner_source, say_unconfined
from .bubblewrap import find as find_sandbox

STARTUP_S = 10.0  # a fresh Python and the runner's imports, on a busy machine, before the code's own budget
FORGED = "forged"  # the reader's word for a line the runner did not write
LINE_LIMIT = 8 * 2**20  # characters of one answer line: more is never the runner's answer to a right call
CHANNEL = "lines that are not the checker's own, or longer than 8 MB, fail the file, whatever they say"

AUTOGRADE = "pyengine check tictactoe.py"
HELP = (
    "Check students' tic-tac-toe files on every position: the CS50 AI form (tictactoe.py: player, actions, "
    "result, winner, terminal, utility, minimax on lists of lists) or the choose(board) form of "
    "'Check your own minimax'. Each file runs in a Python process of its own, in a bubblewrap sandbox: no "
    "network, no environment, the system read-only, none of your files, no engine to import, its own PID "
    "namespace, one small empty writable folder, no new processes, memory and file size capped, and a time "
    "budget per call and per file. Without a working bubblewrap (bwrap) the command refuses to run students' "
    "code, unless given --no-sandbox: the code then runs with YOUR rights on this machine, which guards only "
    "against mistakes. Exit status 0 when every file passes, 1 when any fails, 2 for bad usage or no sandbox. "
    f"In a course's automatic grading, one line: {AUTOGRADE}"
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
    check.add_argument(
        "--no-sandbox",
        action="store_true",
        help="run students' code without bubblewrap, with your rights (only for code you trust)",
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
    sandbox: Sandbox | None = None
    if args.no_sandbox:
        say_unconfined(sys.stderr)
    else:
        found = find_sandbox()
        if isinstance(found, str):
            raise UsageError(f"no sandbox to run students' code in: {found} (--no-sandbox runs it unconfined)")
        sandbox = found
    checks = [FileCheck(code, args.form, args.file_budget, sandbox) for code in codes]
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
    reason = shown_safely(first.reason)  # the code's own words (an error's message) may hold escapes
    if first.name == "code":
        return f"{name}: failed ({form}): {reason}"
    names = ", ".join(verdict.name for verdict in failed)
    where = f" on {first.position}" if first.position else ""
    return f"{name}: failed ({form}: {names}); {first.name}(){where}: {reason}"


def shown_safely(text: str) -> str:
    """``text`` with what a terminal would act on (escape sequences, a carriage
    return, a new line) written out as Python writes it in a string.

    >>> shown_safely("a\\x1b[2Jb\\nc")
    'a\\\\x1b[2Jb\\\\nc'
    """
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


class _Child:
    """One process running the student's code: its answers as they come.

    The child is ``python -I -S -c RUNNER``: the runner's text, not an import
    of the engine, with neither site-packages nor the folder it runs in on its
    path; in the sandbox when there is one, else in ``folder``."""

    def __init__(self, code: str, folder: str | None, sandbox: Sandbox | None) -> None:
        self.started = time.monotonic()
        self.sandboxed = sandbox is not None
        self.token = secrets.token_hex(16)  # marks the runner's lines (runner.serve)
        popen: dict[str, Any] = {
            "stdin": subprocess.PIPE,
            "stdout": subprocess.PIPE,
            "stderr": subprocess.DEVNULL,
            "text": True,
            "encoding": "utf-8",
            "start_new_session": os.name == "posix",
        }
        if sandbox is None:
            command = [sys.executable, "-I", "-S", "-c", runner_source()]
            self.process: subprocess.Popen[str] = subprocess.Popen(command, cwd=folder, **popen)
            limits = {"AS": MEMORY_MB * 2**20}
        else:
            command = [interpreter(), "-I", "-S", "-c", runner_source()]
            self.process = sandbox.popen(command, **popen)
            limits = LIMITS
        self.answers: queue.Queue[dict[str, object] | None] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self._send({"code": code, "token": self.token, "limits": limits})

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        try:
            # Read a line at most LINE_LIMIT long: the code could write without
            # end, never a newline, and this process would keep it all.
            while line := stream.readline(LINE_LIMIT):
                whole = line.endswith("\n")
                answer = json.loads(line[len(self.token) :]) if whole and line.startswith(self.token) else None
                if not isinstance(answer, dict):
                    self.answers.put({"kind": FORGED})  # not the runner's line: the code wrote on its channel
                    break
                self.answers.put(answer)
        except ValueError:
            self.answers.put({"kind": FORGED})
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
        if self.sandboxed and code > 128:  # bubblewrap passes on a signal's end as 128 + its number
            code = 128 - code
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

    def __init__(self, code: str, form: Form | None, file_budget: float, sandbox: Sandbox | None = None) -> None:
        self.code = code
        self.form = form
        self.file_budget = file_budget
        self.sandbox = sandbox
        self.child: _Child | None = None
        self.cancelled = False

    def cancel(self) -> None:
        """Stop the check: its process ends now, and no other starts."""
        self.cancelled = True
        if self.child is not None:
            self.child.stop()

    def run(self) -> Report:
        started = time.monotonic()
        session = Session(self.form, file_budget_s=self.file_budget)
        if self.sandbox is not None:  # each child gets an empty folder of its own in the sandbox
            self._check(session, None, started)
        else:
            with tempfile.TemporaryDirectory(prefix="pyengine-check-") as folder:
                self._check(session, folder, started)
        return session.report(time.monotonic() - started)

    def _check(self, session: Session, folder: str | None, started: float) -> None:
        while not session.over:
            if self.cancelled:
                raise KeyboardInterrupt
            child = self.child = _Child(self.code, folder, self.sandbox)
            try:
                self._serve(child, session, started)
            finally:
                child.stop()

    def _load(self, child: _Child) -> tuple[list[str], str | None]:
        """The names the code defines and the error that stopped it, if any."""
        try:
            ready = child.answer(STARTUP_S)
        except TimeoutError:
            return [], f"Python did not start within {STARTUP_S:.0f} s: is the machine very busy?"
        forged = f"Your code wrote on the checker's channel as it ran: {CHANNEL}"
        if ready is not None and ready.get("kind") == FORGED:
            return [], forged
        try:
            loaded = None if ready is None else child.answer(LOAD_BUDGET_S)
        except TimeoutError:
            return [], (
                f"Your code ran past its time budget of {LOAD_BUDGET_S:.0f} s before any function was called: "
                "a loop that never ends, at the top of your code?"
            )
        if loaded is None:
            return [], f"Your code ended the program as it ran: {child.how_it_ended()}"
        if loaded.get("kind") == FORGED:
            return [], forged
        names = [str(name) for name in loaded.get("names", [])]  # type: ignore[attr-defined]
        error = loaded.get("error")
        return names, None if error is None else str(error)

    def _serve(self, child: _Child, session: Session, started: float) -> None:
        """Load the code in ``child``, then carry the session's probes to it
        and its answers back, until the session needs no more of it."""
        if not session.loaded(*self._load(child)):
            return
        child.ask(session.send())
        heard = time.monotonic()
        probes = session.judge.probes  # type: ignore[union-attr]  # loaded: the judge is made
        while (index := session.awaited_index) is not None:  # 67,000 answers: one look a turn
            now = time.monotonic()
            wait = min(call_budget(probes[index]) - (now - heard), self.file_budget - (now - started))
            try:
                answer = child.answer(wait)
            except TimeoutError:
                now = time.monotonic()
                if session.overdue(now - heard, now - started):
                    return
                continue
            if answer is None:
                return session.take(Ended(child.how_it_ended()))
            if answer.get("kind") == FORGED:
                return session.take(Refused(f"your code wrote on the checker's channel: {CHANNEL}"))
            heard = time.monotonic()
            session.take(answer)
