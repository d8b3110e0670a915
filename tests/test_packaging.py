"""The engine as a library: what `pip install pyengine-tictactoe` gives a user.

One wheel and one sdist are built with `python -m build`, as a user's pip
would build them, and the wheel is installed into a fresh virtual environment.
Everything then runs from a temporary folder with `python -I`, so the source
tree is never on the path: a file missing from the wheel fails here.

The whole module needs the package index: the build's isolated environment
installs setuptools from it, and pip installs tqdm into the fresh environment.
"""

import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import NamedTuple

import pytest

import pyengine

pytestmark = pytest.mark.network

ROOT = Path(__file__).resolve().parent.parent
DISTRIBUTION = "pyengine-tictactoe"


class Installed(NamedTuple):
    """A built wheel and sdist, and a virtual environment holding the wheel."""

    wheel: Path
    sdist: Path
    python: Path
    """The fresh environment's interpreter."""
    scripts: Path
    """Its bin folder, where the `pyengine` command lands."""
    workdir: Path
    """An empty folder to run from, far from the source tree."""


def _run(*command: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run a command without the caller's Python path; the result, whatever its status."""
    env = {key: value for key, value in os.environ.items() if key not in {"PYTHONPATH", "MYPYPATH"}}
    return subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True)


def _ok(*command: str | Path, cwd: Path) -> str:
    """Run a command that must succeed; its standard output."""
    done = _run(*command, cwd=cwd)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """Build once and install once for the whole module (the slow part)."""
    base = tmp_path_factory.mktemp("packaging")
    dist = base / "dist"
    # Without --sdist/--wheel, build makes the sdist and then the wheel *from
    # the sdist*, so a file the sdist leaves out is missing from the wheel too.
    _ok(sys.executable, "-m", "build", "--outdir", dist, ROOT, cwd=base)
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    venv = base / "venv"
    _ok(sys.executable, "-m", "venv", venv, cwd=base)
    python = venv / "bin" / "python"
    # tqdm comes from the index or pip's cache, as it would for a user.
    _ok(python, "-I", "-m", "pip", "install", "--quiet", wheel, cwd=base)
    workdir = base / "work"
    workdir.mkdir()
    return Installed(wheel, sdist, python, venv / "bin", workdir)


class TestDistribution:
    """What the built files say and hold."""

    def test_names_and_version(self, installed: Installed) -> None:
        """The files carry the index name and the version from pyengine/__init__.py."""
        stem = f"{DISTRIBUTION.replace('-', '_')}-{pyengine.__version__}"
        assert installed.wheel.name == f"{stem}-py3-none-any.whl"
        assert installed.sdist.name == f"{stem}.tar.gz"

    def test_sdist_holds_readme_license_and_marker(self, installed: Installed) -> None:
        """The sdist can rebuild the wheel and its long description."""
        with tarfile.open(installed.sdist) as sdist:
            names = {name.partition("/")[2] for name in sdist.getnames()}
        assert {"README.md", "LICENSE", "pyproject.toml", "pyengine/py.typed"} <= names

    def test_wheel_holds_marker_and_metadata(self, installed: Installed) -> None:
        """py.typed and the license are in the wheel; the README is its long description."""
        with zipfile.ZipFile(installed.wheel) as wheel:
            names = set(wheel.namelist())
            (metadata,) = (name for name in names if name.endswith(".dist-info/METADATA"))
            text = wheel.read(metadata).decode()
        assert "pyengine/py.typed" in names
        tree = {path.relative_to(ROOT).as_posix() for path in (ROOT / "pyengine").rglob("*.py")}
        assert tree <= names, f"missing from the wheel: {sorted(tree - names)}"
        assert {"pyengine/teaching/search.py", "pyengine/cli/commands.py"} <= names  # the subpackages
        assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
        assert "License-Expression: MIT" in text
        assert "Classifier: Typing :: Typed" in text
        assert "Description-Content-Type: text/markdown" in text
        assert (ROOT / "README.md").read_text() in text


class TestInstalledWheel:
    """The installed wheel, used as a user would, with no source tree in reach."""

    def test_runs_from_the_environment_not_the_tree(self, installed: Installed) -> None:
        """Guards the tests below: the package they import is the installed copy."""
        where = _ok(installed.python, "-I", "-c", "import pyengine; print(pyengine.__file__)", cwd=installed.workdir)
        assert Path(where.strip()).is_relative_to(installed.python.parent.parent)

    def test_command_version(self, installed: Installed) -> None:
        """`pyengine --version` says the source's version."""
        out = _ok(installed.scripts / "pyengine", "--version", cwd=installed.workdir)
        assert pyengine.__version__ in out.split()

    def test_command_move(self, installed: Installed) -> None:
        """A real command: O must block the diagonal, in cell 8."""
        assert _ok(installed.scripts / "pyengine", "move", "X.O/.X./...", cwd=installed.workdir) == "8\n"

    def test_api_call(self, installed: Installed) -> None:
        """The library's main call, and the metadata under the index name."""
        code = (
            "from importlib.metadata import version\n"
            "from pyengine import Board, analyze\n"
            "print(analyze(Board.parse('XX./OO./...')).best)\n"
            f"print(version({DISTRIBUTION!r}))\n"
        )
        out = _ok(installed.python, "-I", "-c", code, cwd=installed.workdir)
        assert out.splitlines() == ["(2,)", pyengine.__version__]


USER_CODE = """\
from pyengine import Analysis, Board, analyze


def solve(position: str) -> Analysis:
    return analyze({argument})
"""


class TestTypedForUsers:
    """py.typed at work: mypy --strict checks a user's code against our annotations.

    Without the marker mypy would report the import itself ("missing library
    stubs or py.typed marker") and fail the correct module too, so the pair
    below passes only when the marker is installed.
    """

    def _mypy(self, installed: Installed, argument: str) -> subprocess.CompletedProcess[str]:
        """mypy --strict on a user module, resolving imports in the fresh environment."""
        module = installed.workdir / "user_code.py"
        module.write_text(USER_CODE.format(argument=argument))
        return _run(
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--python-executable",
            installed.python,
            "--config-file",
            os.devnull,
            module,
            cwd=installed.workdir,
        )

    def test_correct_use_passes(self, installed: Installed) -> None:
        done = self._mypy(installed, "Board.parse(position)")
        assert done.returncode == 0, done.stdout

    def test_wrong_argument_type_fails(self, installed: Installed) -> None:
        done = self._mypy(installed, "position")
        assert done.returncode == 1, done.stdout
        assert 'Argument 1 to "analyze" has incompatible type "str"; expected "Board"' in done.stdout
