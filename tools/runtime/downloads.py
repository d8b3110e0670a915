"""The engine from the site: its wheel and sdist, under ``download/``.

Every site build makes them from this tree's sources with ``python -m build
--no-isolation`` (the site's environment has ``build`` and a setuptools as new
as ``[build-system]`` asks), the sdist first and the wheel from the unpacked
sdist, as a user's pip would, so a file the sdist leaves out is missing from
the wheel too. They are named by the version in ``pyengine/__init__.py``; the
Command line and About pages link to them (``{{ engine_wheel }}``).

The build runs on a copy of what the sdist holds (SOURCES), in a folder of
its own: setuptools writes its ``.egg-info`` beside the sources, and a site
build leaves the tree as it was, even while another build of the tree
(tests/test_packaging.py) writes there.

The build runs beside mkdocs' own work: ``Build()`` at ``on_config`` and
``write`` at ``on_post_build``, which waits for it and copies the files into
the site. ``build`` would check ``[build-system]``'s requirements in two more
interpreters, each importing setuptools: they are checked here instead, by the
installed versions, which takes the build from 1.3-1.5 s of CPU to 0.85
(measured side by side, twice, on a busy machine). The service worker does not keep the
files (tools/offline.py): a visitor who plays offline never needs them.

The files are the same bytes for the same source, as every file of the site
must be: the pages link to them by an address with their digest (offline.py),
so a build that changed them each time would change the pages that link to
them and the service worker's build id, and every visitor would download the
whole site again after a deploy that changed nothing. setuptools dates the
wheel's entries by ``SOURCE_DATE_EPOCH``; the sdist, a tar file of files
dated by the checkout and the build, is written again with every date at that
time (EPOCH unless the caller sets ``SOURCE_DATE_EPOCH``).
"""

from __future__ import annotations

import gzip
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from importlib import metadata
from pathlib import Path
from typing import NamedTuple

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
FOLDER = "download"
"""Where the site serves them, from its root."""
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "pyengine")
"""What the sdist holds: the project's files, and the package with its subpackages."""
EPOCH = 315_532_800
"""1980-01-01 00:00 UTC, the earliest date a zip file holds: the files' date."""


class Names(NamedTuple):
    """The files' names, as pip and PyPI spell them (PEP 427, PEP 625)."""

    wheel: str
    sdist: str


def version(tree: Path = ROOT) -> str:
    """``pyengine.__version__`` as the source says it (the build reads it there too)."""
    found = re.search(r'^__version__ = "([^"]+)"$', (tree / "pyengine" / "__init__.py").read_text(), re.M)
    if found is None:
        raise RuntimeError("pyengine/__init__.py says no __version__")
    return found[1]


def names(tree: Path = ROOT) -> Names:
    """The wheel's and the sdist's names for this tree's distribution and version."""
    project = tomllib.loads((tree / "pyproject.toml").read_text())["project"]["name"]
    stem = f"{re.sub(r'[-_.]+', '_', project).lower()}-{version(tree)}"
    return Names(f"{stem}-py3-none-any.whl", f"{stem}.tar.gz")


def page_values(tree: Path = ROOT) -> dict[str, str]:
    """The pages' placeholders: the files' names and the version."""
    wheel, sdist = names(tree)
    return {"engine_wheel": wheel, "engine_sdist": sdist, "engine_version": version(tree)}


def check_build_requirements(tree: Path = ROOT) -> None:
    """RuntimeError, saying what to do, unless this environment has what
    ``[build-system]`` requires (``python -m build``'s own check, in-process)."""
    for line in tomllib.loads((tree / "pyproject.toml").read_text())["build-system"]["requires"]:
        wanted = Requirement(line)
        try:
            have = metadata.version(wanted.name)
        except metadata.PackageNotFoundError:
            have = None
        if have is None or not wanted.specifier.contains(have, prereleases=True):
            raise RuntimeError(
                f"the engine's wheel needs {wanted} in this environment, which has "
                f"{have or 'none'}: `make .venv/.installed` installs the site's extra"
            )


def source_date() -> int:
    """The date the files carry: ``SOURCE_DATE_EPOCH`` if set, else EPOCH."""
    return int(os.environ.get("SOURCE_DATE_EPOCH", EPOCH))


def clamp_dates(sdist: Path, date: int) -> None:
    """Write the gzipped tar ``sdist`` again with no date after ``date``, its gzip header's included."""
    with tarfile.open(sdist) as source:
        members = [(member, source.extractfile(member)) for member in source.getmembers()]
        data = io.BytesIO()
        with tarfile.open(fileobj=data, mode="w", format=tarfile.PAX_FORMAT) as target:
            for member, content in members:
                member.mtime = min(member.mtime, date)
                # A finer date in the PAX header would win over mtime.
                member.pax_headers = {key: value for key, value in member.pax_headers.items() if key != "mtime"}
                target.addfile(member, content)
    with open(sdist, "wb") as file, gzip.GzipFile(fileobj=file, mode="wb", mtime=date, filename="") as zipped:
        zipped.write(data.getvalue())


# --skip-dependency-check: check_build_requirements has checked them.
BUILD = (sys.executable, "-m", "build", "--no-isolation", "--skip-dependency-check")


def copy_sources(tree: Path, folder: Path) -> Path:
    """SOURCES of ``tree`` copied into ``folder``, which is made; ``folder``."""
    folder.mkdir()
    for name in SOURCES:
        if (tree / name).is_dir():
            shutil.copytree(tree / name, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(tree / name, folder / name)
    return folder


class Build:
    """``python -m build`` of ``tree`` under way, into a folder of its own."""

    def __init__(self, tree: Path = ROOT) -> None:
        check_build_requirements(tree)
        self.tree = tree
        self.work = Path(tempfile.mkdtemp(prefix="pyengine-dist-"))
        self.out = self.work / "dist"
        try:
            sources = copy_sources(tree, self.work / "sources")
            self.process = subprocess.Popen(
                [*BUILD, "--outdir", str(self.out), str(sources)],
                cwd=self.work,
                env={**os.environ, "SOURCE_DATE_EPOCH": str(source_date())},
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
        except BaseException:
            shutil.rmtree(self.work, ignore_errors=True)
            raise

    def write(self, site: Path) -> list[Path]:
        """Wait for the build and put its two files in ``site``'s FOLDER; what was written."""
        try:
            output, _ = self.process.communicate()
            expected = names(self.tree)
            built = sorted(path.name for path in self.out.iterdir())
            if self.process.returncode or built != sorted(expected):
                raise RuntimeError(
                    f"python -m build made {built}, not {sorted(expected)} "
                    f"(exit status {self.process.returncode}):\n{output[-3000:]}"
                )
            clamp_dates(self.out / expected.sdist, source_date())
            folder = site / FOLDER
            folder.mkdir(parents=True, exist_ok=True)
            return [Path(shutil.copy2(self.out / name, folder / name)) for name in expected]
        finally:
            shutil.rmtree(self.work, ignore_errors=True)

    def stop(self) -> None:
        """Give the build up (mkdocs stopped before writing the site)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()
        shutil.rmtree(self.work, ignore_errors=True)
