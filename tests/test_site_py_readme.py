"""site/py/README.md lists every module of the page's Python, once, and its DOM
column says, for each, what the module's source shows (the rule the README
states: an import of pyscript or js, or a call of a DOM method by name); the
names say where a module lives, and no class grows past 300 lines."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE_PY = ROOT / "site" / "py"
README = PAGE_PY / "README.md"
ROW = re.compile(r"^\| `(?P<module>[\w.]+\.py)` \| (?P<job>[^|]+) \| (?P<dom>yes|no)\b[^|]*\|$")
DOM_PACKAGES = frozenset({"pyscript", "js"})
DOM_METHODS = frozenset(
    {
        "querySelector",
        "querySelectorAll",
        "getElementById",
        "createElement",
        "createElementNS",
        "addEventListener",
        "setAttribute",
        "removeAttribute",
        "appendChild",
        "replaceChildren",
    }
)


def rows() -> dict[str, bool]:
    """Each module the README's table lists, and whether it says the module touches the DOM."""
    found: dict[str, bool] = {}
    for line in README.read_text().splitlines():
        match = ROW.match(line)
        if match:
            assert match["module"] not in found, f"{match['module']} is listed twice"
            found[match["module"]] = match["dom"] == "yes"
    return found


def touches_dom(path: Path) -> bool:
    """The README's rule, read from the source: an import of pyscript or js (or a
    module of theirs), or a call of one of DOM_METHODS on anything."""
    for node in ast.walk(ast.parse(path.read_text(), path.name)):
        if isinstance(node, ast.Import) and any(alias.name.split(".")[0] in DOM_PACKAGES for alias in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in DOM_PACKAGES:
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in DOM_METHODS:
            return True
    return False


def test_the_readme_lists_every_module_once_and_no_other() -> None:
    listed = set(rows())
    present = {path.name for path in PAGE_PY.glob("*.py")}
    assert sorted(present - listed) == [], "modules the README does not list"
    assert sorted(listed - present) == [], "the README lists modules that are not there"


@pytest.mark.parametrize("module", sorted(path.name for path in PAGE_PY.glob("*.py")))
def test_the_dom_column_is_true(module: str) -> None:
    said = rows().get(module)
    assert said is not None, f"{module} is not in the README"
    assert said == touches_dom(PAGE_PY / module), f"{module}: the README says DOM {'yes' if said else 'no'}"


def test_the_rule_reads_both_ways(tmp_path: Path) -> None:
    """The rule itself: an import, a DOM call on a handed-in object, and neither."""
    cases = {
        "from pyscript import document\n": True,
        "import js\n": True,
        "from pyscript.ffi import create_proxy\n": True,
        "def f(root):\n    root.querySelector('p')\n": True,
        "def f(window):\n    return window.localStorage.getItem('k')\n": False,
        "import json\nx = json.dumps({'querySelector': 1})\n": False,
    }
    for number, (source, expected) in enumerate(cases.items()):
        path = tmp_path / f"m{number}.py"
        path.write_text(source)
        assert touches_dom(path) is expected, source


def test_no_module_shares_a_name_with_the_engines_or_the_tools() -> None:
    """The page's modules are imported by bare name beside the engine: one name, one file
    (packages' __init__.py and __main__.py aside)."""
    page = {path.name for path in PAGE_PY.glob("*.py")}
    others = {
        path.name
        for folder in ("pyengine", "tools")
        for path in (ROOT / folder).rglob("*.py")
        if path.name not in ("__init__.py", "__main__.py")
    }
    assert sorted(page & others) == []


def test_view_means_no_dom() -> None:
    """A module named ..._view.py works out what a page shows; it never touches the DOM."""
    for path in PAGE_PY.glob("*_view.py"):
        assert not touches_dom(path), path.name


def test_no_class_is_over_300_lines() -> None:
    """The page's Python in rooms of one job: no class here holds a page's every concern."""
    long = []
    for path in sorted(PAGE_PY.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), path.name)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > 300:
                    long.append(f"{path.name}: {node.name} ({lines} lines)")
    assert long == []
