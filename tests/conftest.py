"""Fixtures the engine's test modules share (the browser tests have their own, in tests/browser)."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Callable

import pytest

from pyengine.cli import main

Cli = Callable[..., "subprocess.CompletedProcess[str]"]

# Files written to do harm, run only inside the sandbox by tests/test_check_sandbox.py:
# the doctest collector (--doctest-modules) would import them, and run them, here.
collect_ignore_glob = ["cs50/hostile/*.py"]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    """The command line run in this process: ``cli("move", "X.O/.X./...", stdin="")``
    is ``main([...])`` with that standard input, its status and output returned as
    a finished process's would be. A fresh interpreter proves more only at the
    entry point itself, which tests/test_cli.py keeps."""

    def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        capsys.readouterr()  # what came before is not this command's
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = main(list(args))
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(list(args), status, out, err)

    return run
