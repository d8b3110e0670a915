"""The engine from the site: the wheel and sdist the build serves under download/
(tools/runtime/downloads.py), read from the built site; and, with the package index at
hand, the served wheel installed by pip from its address into a fresh environment."""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import pyengine

from .conftest import ROOT

DISTRIBUTION = "pyengine_tictactoe"
WHEEL = f"{DISTRIBUTION}-{pyengine.__version__}-py3-none-any.whl"
SDIST = f"{DISTRIBUTION}-{pyengine.__version__}.tar.gz"


def engine_files() -> set[str]:
    """Every module of the engine and its type marker, by path from the tree's root;
    subpackages included, at any depth."""
    package = ROOT / "pyengine"
    found = {path.relative_to(ROOT).as_posix() for path in package.rglob("*.py") if "__pycache__" not in path.parts}
    return found | {"pyengine/py.typed"}


def test_the_site_serves_this_versions_wheel_and_sdist_alone(site_dir: Path) -> None:
    """download/ holds the two files, named by ``pyengine.__version__``."""
    assert sorted(path.name for path in (site_dir / "download").iterdir()) == sorted([WHEEL, SDIST])


def test_the_wheel_and_the_sdist_hold_every_module_of_the_engine(site_dir: Path) -> None:
    modules = engine_files()
    assert len(modules) > 20 and "pyengine/__init__.py" in modules
    with zipfile.ZipFile(site_dir / "download" / WHEEL) as wheel:
        in_wheel = set(wheel.namelist())
        (entry_points,) = (name for name in in_wheel if name.endswith(".dist-info/entry_points.txt"))
        assert "pyengine = pyengine.cli:main" in wheel.read(entry_points).decode()
    assert modules - in_wheel == set()
    with tarfile.open(site_dir / "download" / SDIST) as sdist:
        in_sdist = {name.partition("/")[2] for name in sdist.getnames()}
    assert modules - in_sdist == set()


def test_the_pages_link_to_the_files_and_give_pips_line(site_dir: Path) -> None:
    """A relative link to each file, by its address with its digest, and the
    pip line with the wheel's address."""
    for page in ("cli/index.html", "about/index.html"):
        text = (site_dir / page).read_text()
        for name in (WHEEL, SDIST):
            digest = hashlib.sha256((site_dir / "download" / name).read_bytes()).hexdigest()[:16]
            assert f'href="../download/{name}?v={digest}"' in text, (page, name)
        assert re.search(rf"pip install http://[^\s<]+/download/{re.escape(WHEEL)}\b", html.unescape(text)), page


def test_the_service_worker_does_not_keep_them(site_dir: Path) -> None:
    """Offline play never needs them: the worker's list of files leaves them out."""
    source = (site_dir / "sw.js").read_text()
    files = re.search(r"^const FILES = (\{.*?^\});", source, re.M | re.S)
    assert files
    kept = json.loads(files[1])
    assert len(kept) > 50
    assert [address for address in kept if "download/" in address] == []


@pytest.mark.network
def test_pip_installs_the_served_wheel_and_the_command_runs(base_url: str, tmp_path: Path) -> None:
    """A user's steps: a fresh environment, pip given the wheel's address on
    the served site (tqdm comes from the package index), then the command."""
    venv = tmp_path / "venv"
    env = {key: value for key, value in os.environ.items() if key not in {"PYTHONPATH", "MYPYPATH"}}

    def run(*command: str | Path) -> str:
        done = subprocess.run([str(part) for part in command], cwd=tmp_path, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
        return done.stdout

    run(sys.executable, "-m", "venv", venv)
    run(venv / "bin" / "python", "-I", "-m", "pip", "install", "--quiet", f"{base_url}download/{WHEEL}")
    assert "usage: pyengine" in run(venv / "bin" / "pyengine", "--help")
    assert run(venv / "bin" / "pyengine", "move", "X.O/.X./...") == "8\n"
    where = run(venv / "bin" / "python", "-I", "-c", "import pyengine; print(pyengine.__file__)")
    assert Path(where.strip()).is_relative_to(venv)
