"""``pyengine check``'s sandbox: files written to do harm, each contained, each with a verdict.

The files of tests/cs50/hostile_files.py are each a plausible tictactoe.py with one
attack: writing outside its folder, reading the user's files, connecting to
a local port, killing its parent, writing the checker's lines of its own or
a flood without a newline, an error of terminal escapes, forking hundreds of
processes, filling its disk, and importing the engine three ways. They run
only in bubblewrap: every test that checks them is skipped where ``pyengine
check`` finds no working sandbox (it would refuse them too), the files are
written to a temporary folder and checked from there, and pytest never
imports them (tests/conftest.py). The fork storm is bounded in the file
itself (300 processes at most, each gone in 0.2 s), so that even a sandbox
that failed could not take the machine down.
"""

from __future__ import annotations

import ast
import json
import os
import secrets
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from pyengine.cli import bubblewrap
from pyengine.grading.chooseform import every_position
from pyengine.grading.runner import Board as RunnerBoard
from tests.cs50 import hostile_files
from tests.cs50.mutants import CORRECT
from tests.support import assert_one_line_error

ENGINE = Path(__file__).resolve().parents[1]
SANDBOX = bubblewrap.find()
needs_sandbox = pytest.mark.skipif(isinstance(SANDBOX, str), reason=f"no sandbox here: {SANDBOX}")
PORTS = range(47100, 47200)  # the ports tests/cs50/hostile/connects.py knocks on
NOTE = "pyengine-hostile-was-here.txt"  # what tests/cs50/hostile/writes_outside.py writes
MARK = "PYENGINE_HOSTILE_RUN"  # in the environment of the check and of bubblewrap, not of the code
FORKS = 300  # tests/cs50/hostile/fork_storm.py's bound
HARMLESS = "def winner(board):\n    return None\n"


def check(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyengine", "check", *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=cwd,
        env={**os.environ, **(env or {})},
    )


def marked(mark: str) -> list[int]:
    """The processes whose environment holds ``MARK=mark``: the check's, bubblewrap's and their init's."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                environ = (entry / "environ").read_bytes()
            except OSError:
                continue
            if f"{MARK}={mark}".encode() in environ.split(b"\0"):
                found.append(int(entry.name))
    return found


class Run(NamedTuple):
    done: subprocess.CompletedProcess[str]
    folder: Path
    secret: str
    connected: bool
    """Whether any connection reached the port the test listened on."""
    left: list[int]
    """Processes of the run still alive after it ended."""

    def line(self, name: str) -> dict[str, object]:
        (found,) = [line for line in self.lines() if line["file"] == f"{name}.py"]
        return found

    def lines(self) -> list[dict[str, object]]:
        return [json.loads(line) for line in self.done.stdout.splitlines()]

    def reasons(self, name: str) -> str:
        return " ".join(str(check["reason"]) for check in self.line(name)["checks"])  # type: ignore[attr-defined]


def _listener() -> socket.socket:
    for port in PORTS:
        listener = socket.socket()
        try:
            listener.bind(("127.0.0.1", port))
        except OSError:
            listener.close()
            continue
        listener.listen(16)
        return listener
    pytest.skip(f"no free port from {PORTS.start} to {PORTS.stop - 1}")


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Run]:
    """Every hostile file and the correct one checked at once (-j 2), from a
    temporary folder, with a secret in a temporary HOME and a port listening."""
    folder = tmp_path_factory.mktemp("hostile")
    home = folder / "home"
    home.mkdir()
    secret = f"secret-{secrets.token_hex(8)}"
    (home / "secret.txt").write_text(secret)
    names = [path.name for path in hostile_files.write_all(folder)]
    shutil.copy(CORRECT, folder / "correct.py")
    mark = secrets.token_hex(8)
    listener = _listener()
    try:
        done = check("--json", "-j", "2", *names, "correct.py", cwd=folder, env={"HOME": str(home), MARK: mark})
        connected = bool(select.select([listener], [], [], 0)[0])  # a connection waits to be accepted
    finally:
        listener.close()
    left = marked(mark)
    waited = time.monotonic() + 10
    while left and time.monotonic() < waited:  # a killed namespace's init goes a moment after bubblewrap
        time.sleep(0.1)
        left = marked(mark)
    yield Run(done, folder, secret, connected, left)


@needs_sandbox
def test_every_file_gets_a_verdict_the_honest_one_passes_and_the_check_exits_1(run: Run) -> None:
    assert run.done.returncode == 1 and "Traceback" not in run.done.stderr, run.done.stderr
    files = {str(line["file"]) for line in run.lines()}
    assert files == {f"{name}.py" for name in hostile_files.names()} | {"correct.py"}
    assert run.line("correct")["passed"] is True
    for line in run.lines():
        assert set(line) == {"file", "form", "passed", "checks", "seconds"} and line["checks"]


@needs_sandbox
def test_no_process_of_the_run_is_left(run: Run) -> None:
    assert run.left == []


@needs_sandbox
def test_writing_outside_its_folder_reaches_nothing(run: Run) -> None:
    for folder in ("/root", "/home", "/work", "/var/tmp", "/usr/local", "/", str(run.folder), str(run.folder.parent)):
        assert not (Path(folder) / NOTE).exists(), folder
    assert run.line("writes_outside")["passed"] is False
    assert "could not write in /root (Read-only file system)" in run.reasons("writes_outside")


@needs_sandbox
def test_reading_the_home_folder_finds_nothing_to_show(run: Run) -> None:
    assert run.secret not in run.done.stdout + run.done.stderr
    player = next(c for c in run.line("reads_home")["checks"] if c["name"] == "player")  # type: ignore[attr-defined]
    assert player["passed"] is False and "secret.txt: No such file or directory" in player["got"]


@needs_sandbox
def test_connecting_to_a_local_port_reaches_nothing(run: Run) -> None:
    assert run.connected is False
    assert "no port from 47100 to 47199 answered" in run.reasons("connects")


@needs_sandbox
def test_killing_its_parent_leaves_the_check_running(run: Run) -> None:
    """Its parent in the sandbox is bubblewrap's init, which its signals cannot
    end; the check went on to every function, and ended on its own."""
    line = run.line("kills_parent")
    assert {str(c["name"]) for c in line["checks"]} >= {"winner", "terminal", "utility"}  # type: ignore[attr-defined]
    assert all(c["passed"] for c in line["checks"] if c["name"] != "player")  # type: ignore[attr-defined]


@needs_sandbox
def test_lines_written_on_every_descriptor_fail_the_file(run: Run) -> None:
    assert run.line("forges_verdicts")["passed"] is False
    assert "wrote on the checker's channel" in run.reasons("forges_verdicts")


@needs_sandbox
def test_a_flood_on_every_descriptor_fails_the_file(run: Run) -> None:
    assert run.line("floods_channel")["passed"] is False
    assert "wrote on the checker's channel" in run.reasons("floods_channel")


@needs_sandbox
def test_the_check_keeps_no_more_of_a_flood_than_a_line(tmp_path: Path) -> None:
    """floods_channel.py writes 64 MB without a newline on the runner's
    channel: the check reads 8 MB of it, no more, and stops there. Its
    largest memory (the check's own process, measured by a Python that
    waits for it) stays below the flood's size."""
    (tmp_path / "floods_channel.py").write_text(hostile_files.source("floods_channel"))
    measure = (
        "import resource, subprocess, sys; "
        "done = subprocess.run([sys.executable, '-m', 'pyengine', 'check', 'floods_channel.py'], capture_output=True); "
        "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    done = subprocess.run([sys.executable, "-c", measure], capture_output=True, text=True, cwd=tmp_path, timeout=600)
    status, kilobytes = map(int, done.stdout.split())
    assert status == 1 and kilobytes < 64 * 1024, kilobytes


@needs_sandbox
def test_a_fork_storm_ends_at_its_first_fork(run: Run) -> None:
    assert "PermissionError on line" in run.reasons("fork_storm")
    assert "Operation not permitted" in run.reasons("fork_storm")


@needs_sandbox
def test_filling_the_disk_stops_at_the_folders_size(run: Run) -> None:
    reasons = run.reasons("fills_disk")
    assert "File too large" in reasons or "No space left on device" in reasons


@needs_sandbox
@pytest.mark.parametrize("name", ["imports_engine", "imports_engine_by_string", "imports_engine_from_disk"])
def test_importing_the_engine_fails_in_one_line_that_says_so(run: Run, name: str) -> None:
    (code,) = run.line(name)["checks"]  # type: ignore[misc]
    assert code["name"] == "code" and code["passed"] is False
    assert "No module named 'pyengine' (a checked file cannot use the engine that checks it)" in code["reason"]
    assert "\n" not in code["reason"]


@needs_sandbox
def test_the_folder_of_hostile_files_gets_a_line_each_and_exit_1(tmp_path: Path) -> None:
    hostile_files.write_all(tmp_path)
    names = sorted(path.name for path in tmp_path.glob("*.py"))
    done = check("-j", "2", *names, cwd=tmp_path)
    assert done.returncode == 1 and done.stderr == ""
    assert [line.split(":")[0] for line in done.stdout.splitlines()] == names
    # escapes_terminal.py's error is escapes: written out, never acted on by the terminal
    assert all(char.isprintable() for line in done.stdout.split("\n") for char in line)
    (escapes,) = [line for line in done.stdout.splitlines() if line.startswith("escapes_terminal.py")]
    assert "RuntimeError on line 21: \\x1b]0;owned\\x07\\x1b[2J" in escapes


# -- no sandbox --------------------------------------------------------------------


def _fake_bwrap(folder: Path) -> dict[str, str]:
    """A PATH whose bwrap fails, as one does where namespaces are not allowed."""
    fake = folder / "bin" / "bwrap"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
    fake.chmod(0o755)
    return {"PATH": str(fake.parent)}


def test_without_bubblewrap_the_check_refuses_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "tictactoe.py").write_text(HARMLESS)
    done = check("tictactoe.py", cwd=tmp_path, env={"PATH": str(tmp_path / "empty")})
    assert_one_line_error(done, "no sandbox", "bubblewrap (bwrap) is not installed", "--no-sandbox")


def test_a_bubblewrap_that_fails_its_trial_run_is_no_sandbox(tmp_path: Path) -> None:
    (tmp_path / "tictactoe.py").write_text(HARMLESS)
    done = check("tictactoe.py", cwd=tmp_path, env=_fake_bwrap(tmp_path))
    assert_one_line_error(done, "bubblewrap fails a trial run", "No permissions to create new namespace")


def test_no_sandbox_runs_the_code_and_says_so_once(tmp_path: Path) -> None:
    """Only with a file written here, harmless: never a hostile one."""
    (tmp_path / "a.py").write_text(HARMLESS)
    (tmp_path / "b.py").write_text(HARMLESS)
    done = check("--no-sandbox", "--json", "a.py", "b.py", cwd=tmp_path, env=_fake_bwrap(tmp_path))
    assert done.returncode == 1  # winner() alone: the other functions are missing
    assert [json.loads(line)["file"] for line in done.stdout.splitlines()] == ["a.py", "b.py"]
    (said,) = done.stderr.splitlines()
    assert "--no-sandbox" in said and "outside any sandbox" in said


# -- the runner --------------------------------------------------------------------


def test_the_runner_imports_nothing_of_the_engine() -> None:
    """It runs as ``python -I -S -c`` with its own text, where no engine is."""
    tree = ast.parse(bubblewrap.runner_source())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0 and not str(node.module).startswith("pyengine"), ast.unparse(node)
        elif isinstance(node, ast.Import):
            assert not any(alias.name.startswith("pyengine") for alias in node.names), ast.unparse(node)


def test_the_runners_own_board_answers_as_the_engines_on_every_position() -> None:
    """What a choose() file is given where the engine is out of reach: the
    five members the page documents, the same on all 5,478 positions."""

    def side(player: object) -> str | None:
        return None if player is None else str(player)

    for board in every_position():
        own = RunnerBoard.parse(str(board))
        assert str(own) == str(board) and own.legal_moves == board.legal_moves and own.is_over == board.is_over
        assert side(own.winner) == side(board.winner) and side(own.to_move) == side(board.to_move)
        assert [str(own.play(cell)) for cell in own.legal_moves] == [str(board.play(c)) for c in board.legal_moves]
        assert own == RunnerBoard.parse(str(board)) and hash(own) == hash(RunnerBoard.parse(str(board)))
    with pytest.raises(ValueError, match="not a legal move"):
        RunnerBoard.parse("X........").play(0)


def test_only_the_system_and_the_interpreter_are_mounted_and_every_site_packages_is_covered() -> None:
    options = bubblewrap.bwrap_options()
    bound = {options[i + 1] for i, option in enumerate(options) if option in ("--ro-bind", "--bind", "--dev-bind")}
    prefix = os.path.realpath(sys.base_prefix)
    links = {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}  # bound where they are folders, not links
    assert bound <= {"/usr", prefix, os.path.dirname(bubblewrap.interpreter()), *links}
    covered = {options[i + 1] for i, option in enumerate(options) if option == "--tmpfs"}
    for tree in bound:
        for packages in Path(tree).glob("lib*/python3*/*-packages"):
            assert str(packages.resolve()) in covered, packages
    assert options[options.index("--chdir") + 1] == bubblewrap.FOLDER and "--unshare-all" in options


def test_the_filter_refuses_processes_on_known_machines_only() -> None:
    program = bubblewrap.no_processes("x86_64")
    assert program is not None and len(program) % 8 == 0  # struct sock_filter records
    assert bubblewrap.no_processes("aarch64") is not None and bubblewrap.no_processes("riscv64") is None


def _nobody_can_run_the_engine() -> str | None:
    """Why the check cannot be run as ``nobody`` here, or None."""
    if os.geteuid() != 0 or shutil.which("runuser") is None or isinstance(SANDBOX, str):
        return "needs root, runuser and a sandbox"
    python = shutil.which("python3", path="/usr/bin:/bin")
    if python is None:
        return "no system python3"
    done = subprocess.run(
        ["runuser", "-u", "nobody", "--", python, "-c", "import sys, pyengine; print(sys.version_info >= (3, 11))"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ENGINE)},
    )
    return None if done.stdout.strip() == "True" else "nobody cannot run the engine with the system's Python"


@needs_sandbox
def test_as_an_unprivileged_user_the_storm_and_the_writes_are_contained_too() -> None:
    """As ``nobody`` bubblewrap makes a user namespace of its own; the same files, the same verdicts."""
    why = _nobody_can_run_the_engine()
    if why is not None:
        pytest.skip(why)
    folder = Path(tempfile.mkdtemp(prefix="pyengine-hostile-"))  # a folder nobody can read, unlike pytest's
    try:
        folder.chmod(0o755)
        for name, text in [(name, hostile_files.source(name)) for name in ("fork_storm", "writes_outside")] + [
            ("correct", CORRECT.read_text())
        ]:
            (folder / f"{name}.py").write_text(text)
            (folder / f"{name}.py").chmod(0o644)
        python = str(shutil.which("python3", path="/usr/bin:/bin"))
        files = ["fork_storm.py", "writes_outside.py", "correct.py"]
        done = subprocess.run(
            ["runuser", "-u", "nobody", "--", python, "-m", "pyengine", "check", "--json", *files],
            capture_output=True,
            text=True,
            timeout=600,
            cwd=folder,
            env={**os.environ, "PYTHONPATH": str(ENGINE)},
        )
        assert done.returncode == 1, done.stderr
        storm, outside, correct = (json.loads(line) for line in done.stdout.splitlines())
        assert "Operation not permitted" in storm["checks"][0]["reason"]
        assert "could not write in /root" in outside["checks"][0]["reason"]
        assert not (folder.parent / NOTE).exists() and not (Path("/") / NOTE).exists()
        assert correct["passed"] is True
    finally:
        shutil.rmtree(folder)
