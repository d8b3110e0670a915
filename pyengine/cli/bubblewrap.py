"""The sandbox ``pyengine check`` runs each student's file in: bubblewrap.

A file's Python is ``bwrap ... python -I -S -c RUNNER``: the runner
(pyengine/grading/runner.py) handed over as its text, so that no import of
the engine starts it, with neither the environment, the folder it runs in nor
site-packages on its path (``-I -S``). bubblewrap then gives it:

- namespaces of its own (``--unshare-all``): no network but a loopback of its
  own, no process outside its own PID namespace to see or signal;
- a root of its own where only what the interpreter needs is mounted, read-only:
  ``/usr``, the ``/bin``, ``/lib*`` links, the interpreter's prefix; no
  ``/home``, ``/root``, ``/etc``, ``/proc``, no working tree; every
  site-packages and dist-packages in those trees, and the engine's own
  folder if it lies there, covered by an empty read-only folder;
- one writable folder, its working folder ``/tmp``: a fresh tmpfs of
  FOLDER_BYTES for each process, gone with it;
- no environment (``--clearenv``), a session of its own (``--new-session``: no
  terminal to write into), and death with the check's process
  (``--die-with-parent``); stopping the check kills bubblewrap's init in the
  namespace, which takes every process in it down;
- a seccomp filter (:func:`no_processes`) under which ``fork``, ``vfork`` and a
  ``clone`` that is not a thread fail with EPERM: a fork storm ends at its first
  fork, as root too, where the kernel does not apply RLIMIT_NPROC;
- limits the runner sets before the code runs (LIMITS): address space, file
  size, processes and threads (the last where the user is not root).

:func:`find` tries the sandbox once, with a Python that prints a word; a
machine where bubblewrap is missing or fails that trial has none, and
``pyengine check`` refuses to run students' code there unless told
``--no-sandbox``.
"""

from __future__ import annotations

import errno
import glob
import os
import platform
import shutil
import struct
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import IO, Any, NamedTuple

from ..grading import runner as _runner_module

FOLDER = "/tmp"  # the code's working folder in the sandbox, the only one it can write to
FOLDER_BYTES = 16 * 2**20  # the tmpfs's size: a file that fills its disk fills this
MEMORY_MB = 1024  # the child's address space (RLIMIT_AS)
LIMITS = {
    "AS": MEMORY_MB * 2**20,
    "FSIZE": FOLDER_BYTES,  # the largest file it may write (Python ignores SIGXFSZ: a write fails instead)
    "NPROC": 64,  # processes and threads of its user, in its own user namespace; root is exempt (the filter is not)
    "CORE": 0,
}
TRIAL_S = 30.0  # the trial run's Python, on a busy machine
ENGINE_ROOT = Path(__file__).resolve().parents[2]  # the folder that holds the pyengine package


@cache
def runner_source() -> str:
    """The runner's text, the child's ``-c`` program (read once a process)."""
    return Path(_runner_module.__file__).read_text(encoding="utf-8")


def interpreter() -> str:
    """The Python the child runs: this one's, outside any virtual environment."""
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


# -- seccomp: no new processes -------------------------------------------------

# (AUDIT_ARCH_*, the system calls that start a process) for the machines known here.
_ARCHES = {
    "x86_64": (0xC000003E, {"fork": 57, "vfork": 58, "clone": 56, "clone3": 435}),
    "aarch64": (0xC00000B7, {"clone": 220, "clone3": 435}),
}
_LD_W_ABS, _JEQ, _JGE, _JSET, _RET = 0x20, 0x15, 0x35, 0x45, 0x06  # classic BPF opcodes with constant operands
_ALLOW, _ERRNO = 0x7FFF0000, 0x00050000
_CLONE_THREAD = 0x00010000
_X32_BIT = 0x40000000  # x86_64's x32 system calls: refused, as every call of another ABI is


def no_processes(machine: str | None = None) -> bytes | None:
    """A seccomp program (``struct sock_filter`` records, what ``bwrap
    --seccomp`` reads) that refuses a new process and lets threads start:
    ``fork``/``vfork`` fail with EPERM, ``clone`` too unless it makes a thread
    (CLONE_THREAD), and ``clone3`` with ENOSYS, whose arguments a filter cannot
    read, so that the C library starts its threads with ``clone``. None on a
    machine not known here.

    >>> len(no_processes("x86_64") or b"") // 8, no_processes("sparc")  # instructions of 8 bytes
    (13, None)
    """
    known = _ARCHES.get(machine or platform.machine())
    if known is None:
        return None
    arch, calls = known
    starts = [calls[name] for name in ("fork", "vfork") if name in calls]
    # Labels are indexes; a jump's offset is counted from the next instruction.
    code: list[tuple[int, int, int, int]] = []
    deny, enosys, allow = "deny", "enosys", "allow"
    pending: list[tuple[int, str | None, str | None]] = []

    def emit(op: int, k: int, yes: str | None = None, no: str | None = None) -> None:
        pending.append((len(code), yes, no))
        code.append((op, 0, 0, k))

    emit(_LD_W_ABS, 4)  # seccomp_data.arch
    emit(_JEQ, arch, None, deny)
    emit(_LD_W_ABS, 0)  # seccomp_data.nr
    emit(_JGE, _X32_BIT, deny, None)
    for number in starts:
        emit(_JEQ, number, deny, None)
    emit(_JEQ, calls["clone3"], enosys, None)
    emit(_JEQ, calls["clone"], None, allow)
    emit(_LD_W_ABS, 16)  # the low half of seccomp_data.args[0]: clone's flags
    emit(_JSET, _CLONE_THREAD, allow, deny)
    labels = {allow: len(code), deny: len(code) + 1, enosys: len(code) + 2}
    code += [
        (_RET, 0, 0, _ALLOW),
        (_RET, 0, 0, _ERRNO | errno.EPERM),
        (_RET, 0, 0, _ERRNO | errno.ENOSYS),
    ]
    for at, yes, no in pending:
        op, _, _, k = code[at]
        code[at] = (op, 0 if yes is None else labels[yes] - at - 1, 0 if no is None else labels[no] - at - 1, k)
    return b"".join(struct.pack("=HBBI", *instruction) for instruction in code)


# -- the mounts ------------------------------------------------------------------


def _within(path: str, trees: list[str]) -> bool:
    return any(path == tree or path.startswith(tree.rstrip("/") + "/") for tree in trees)


def _hidden(trees: list[str]) -> list[str]:
    """The folders inside ``trees`` the child must not see: every
    site-packages and dist-packages, the engine's folder, and whatever else
    is on this process's path but is not the standard library."""
    import sysconfig

    paths = sysconfig.get_paths(vars={"base": sys.base_prefix})
    keep = {os.path.realpath(paths[key]) for key in ("stdlib", "platstdlib")}
    keep |= {os.path.join(path, "lib-dynload") for path in set(keep)}
    found: set[str] = {str(ENGINE_ROOT), str(ENGINE_ROOT / "pyengine"), *sys.path}
    for tree in trees:
        for pattern in ("lib*/python3*/*-packages", "local/lib*/python3*/*-packages", "lib*/python3/dist-packages"):
            found.update(glob.glob(os.path.join(tree, pattern)))
    hidden = set()
    for path in found:
        real = os.path.realpath(path) if path else ""
        if real and os.path.isdir(real) and real not in keep and real not in trees and _within(real, trees):
            hidden.add(real)
    return sorted(hidden)


def bwrap_options(python: str | None = None) -> list[str]:
    """bubblewrap's options for a child running ``python`` (this interpreter's by default)."""
    python = python or interpreter()
    trees = ["/usr"]
    for tree in (os.path.realpath(sys.base_prefix), os.path.dirname(python)):
        if not _within(tree, trees):
            trees.append(tree)
    options = ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv"]
    for tree in trees:
        options += ["--ro-bind", tree, tree]
    for name in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(name):
            options += ["--symlink", os.readlink(name), name]
        elif os.path.isdir(name) and not _within(name, trees):
            options += ["--ro-bind", name, name]
    for path in _hidden(trees):
        options += ["--tmpfs", path, "--remount-ro", path]
    options += ["--dev", "/dev", "--remount-ro", "/dev"]
    options += ["--size", str(FOLDER_BYTES), "--tmpfs", FOLDER, "--remount-ro", "/", "--chdir", FOLDER]
    return options


class Sandbox(NamedTuple):
    """bubblewrap, ready to start a child."""

    bwrap: str
    """bwrap's path."""
    options: tuple[str, ...]
    """Its options, up to the command."""
    seccomp: bytes | None
    """The filter against new processes, where the machine is known."""

    def popen(self, command: list[str], **popen: Any) -> subprocess.Popen[str]:
        """``command`` started in the sandbox (``popen``: subprocess.Popen's other arguments)."""
        if self.seccomp is None:
            return subprocess.Popen([self.bwrap, *self.options, *command], **popen)
        read, write = os.pipe()  # the filter, handed over on a descriptor of its own as bwrap asks
        try:
            os.write(write, self.seccomp)  # a few hundred bytes: a pipe holds them at once
            os.close(write)
            write = -1
            argv = [self.bwrap, *self.options, "--seccomp", str(read), *command]
            return subprocess.Popen(argv, pass_fds=(read,), **popen)
        finally:
            os.close(read)
            if write >= 0:
                os.close(write)


def find() -> Sandbox | str:
    """The sandbox, tried once; or why there is none, in a few words."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap (bwrap) is not installed"
    python = interpreter()
    sandbox = Sandbox(bwrap, tuple(bwrap_options(python)), no_processes())
    trial = [python, "-I", "-S", "-c", "import os, sys; print(os.getpid() > 0 and sys.flags.isolated and 'ok')"]
    try:
        pipes = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
        process = sandbox.popen(trial, stdin=subprocess.DEVNULL, text=True, **pipes)
        out, err = process.communicate(timeout=TRIAL_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        return f"bubblewrap's trial run did not end within {TRIAL_S:.0f} s"
    except OSError as error:
        return f"bubblewrap could not start ({error.strerror or error})"
    if out.strip() != "ok":
        said = " ".join(err.split())[:200] or f"exit status {process.returncode}"
        return f"bubblewrap fails a trial run ({said})"
    return sandbox


def say_unconfined(stream: IO[str]) -> None:
    """The one line ``--no-sandbox`` prints on standard error."""
    print("pyengine check: --no-sandbox: students' code runs with your rights, outside any sandbox", file=stream)
