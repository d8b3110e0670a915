"""Each built page downloads the page's Python it can import, and no more.

Read from the built pages, no browser: a page's ``<script type="py">`` config
lists its ``files`` and its head preloads them; what the page's Python can
import is worked out here on its own, by CPython's ``modulefinder`` (which
reads the compiled code of every function, as an import anywhere may run)
from start.py and the module of each board kind main.py imports by name
(``explorer`` -> explorer_page.py, main.py's ``PAGE_MODULE``), not by the
build's helper (tools/runtime/page_files.py). The browser tests of each page
show that what is listed is enough to run it.
"""

from __future__ import annotations

import json
import modulefinder
import re
from pathlib import Path

from .conftest import ROOT

PAGE_PY = ROOT / "site" / "py"
ALL = {path.name for path in PAGE_PY.glob("*.py")} - {"start.py"}  # start.py is the script, not a file
CONFIG = re.compile(r"""<script type="py" src="[^"]*" [^>]*config='(?P<config>[^']*)'""")
PRELOADED = re.compile(r'<link rel="preload" href="(?:\.\./)*py/(?P<name>\w+\.py)\?v=[0-9a-f]+"')
KIND = re.compile(r'\bdata-board="(?P<kind>[\w-]+)"')
BESIDE = re.compile(r"""["']\./(?P<name>\w+\.py)["']""")


def pages_with_python(site: Path) -> dict[str, str]:
    """Each built page that runs the page's Python: its path, its HTML."""
    pages = {path.relative_to(site).as_posix(): path.read_text() for path in sorted(site.rglob("*.html"))}
    return {name: html for name, html in pages.items() if CONFIG.search(html)}


def listed(html: str) -> set[str]:
    """The site/py modules the page's PyScript config places beside the script."""
    match = CONFIG.search(html)
    assert match
    places = json.loads(match["config"])["files"].values()
    return {place.removeprefix("./") for place in places if place != "./*"}


def importable(html: str) -> set[str]:
    """What start.py imports and main.py's ``import_module(PAGE_MODULE.format(kind))``
    can reach on this page, with whatever they import, and any module one of
    them hands on by its place beside them (the checker's ``"./sandbox.py"``)."""
    kinds = KIND.findall(html)
    scripts = ["start.py", *(f"{kind}_page.py" for kind in kinds if (PAGE_PY / f"{kind}_page.py").is_file())]
    found: set[str] = set()
    while scripts:
        finder = modulefinder.ModuleFinder(path=[str(PAGE_PY)])
        for script in scripts:
            finder.run_script(str(PAGE_PY / script))
        # Each script runs as __main__, the next replacing the last: named here.
        reached = {
            *scripts,
            *(
                Path(module.__file__).name
                for module in finder.modules.values()
                if module.__file__ and Path(module.__file__).parent == PAGE_PY
            ),
        }
        found |= reached
        scripts = sorted(
            {name for module in reached for name in BESIDE.findall((PAGE_PY / module).read_text())} - found
        )
    return found - {"start.py"}


def test_each_page_lists_every_module_its_python_can_import(site_dir: Path) -> None:
    pages = pages_with_python(site_dir)
    assert {"index.html", "embed/index.html", "search/index.html", "check-your-minimax/index.html"} <= pages.keys()
    for name, html in pages.items():
        needed, files = importable(html), listed(html)
        assert "main.py" in needed, name
        assert needed <= files, (name, sorted(needed - files))
        assert files <= ALL, (name, sorted(files - ALL))


def test_no_page_preloads_a_module_it_does_not_list(site_dir: Path) -> None:
    """A preload of a module the page does not list would download it all the same."""
    for name, html in pages_with_python(site_dir).items():
        assert set(PRELOADED.findall(html)) - {"start.py"} <= listed(html), name


def test_the_home_page_lists_fewer_than_all_modules(site_dir: Path) -> None:
    """The game's page downloads none of the teaching pages' modules; the search page's do come with it."""
    home, search = (pages_with_python(site_dir)[name] for name in ("index.html", "search/index.html"))
    assert listed(home) < ALL
    assert listed(search) - listed(home) >= {"explorer_page.py", "race_page.py"}
