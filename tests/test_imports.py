"""No import cycles in the engine, the page's Python or the build tools.

Every import statement counts, at the top of a module or inside a function:
an import deferred to first use still closes a loop once it runs. The graph
is read from the source with ``ast``, nothing is imported.

The three trees name their modules differently: ``pyengine.board`` and
``tools.pages.boards`` are packages' modules, while the page's modules (site/py)
sit side by side in the browser and import one another by bare name
(``import game_view``, ``from live_board import BoardView``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# (folder, the prefix its modules' names carry): "" for the page's bare names.
TREES = (("pyengine", "pyengine."), ("tools", "tools."), ("site/py", ""))


def modules() -> dict[str, Path]:
    """Every module of the three trees, their subpackages' too, by its import name."""
    found = {}
    for folder, prefix in TREES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[(prefix + ".".join(parts)).rstrip(".")] = path
    return found


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The known modules that ``name`` imports anywhere in its source.

    ``from pkg import mod`` imports the module ``pkg.mod``; ``from mod import
    name`` the module ``mod``. Importing ``a.b.c`` also runs ``a`` and
    ``a.b``, except the packages ``name`` itself is in: those are already
    being imported when it runs.
    """
    package = name if path.stem == "__init__" else name.rpartition(".")[0]
    ancestors = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
    targets: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolved against the importing module's package
                parts = package.split(".")
                origin = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                submodule = f"{origin}.{alias.name}"
                targets.append(submodule if submodule in known else origin)
    out = set()
    for target in targets:
        parts = target.split(".")
        parents = {".".join(parts[:i]) for i in range(1, len(parts))} - ancestors
        out.update(module for module in (*parents, target) if module in known)
    out.discard(name)
    return out


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imported(name, path, known) for name, path in found.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as the modules along it (the first repeated at
    the end), or None when it has none: a depth-first search in name order."""
    state: dict[str, int] = {}  # 1 on the current path, 2 finished
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for following in sorted(edges.get(node, ())):
            if state.get(following) == 1:
                return [*path[path.index(following) :], following]
            if following not in state:
                found = visit(following)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


class TestTheCycleFinder:
    """The finder itself, on graphs whose answer is known."""

    def test_a_loop_of_three_is_named_in_order(self) -> None:
        assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]

    def test_a_diamond_is_not_a_cycle(self) -> None:
        assert find_cycle({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": set()}) is None

    def test_imports_inside_functions_and_relative_ones_count(self, tmp_path: Path) -> None:
        source = "from . import b\ndef f():\n    from .c import thing\n"
        path = tmp_path / "a.py"
        path.write_text(source)
        assert imported("pkg.a", path, {"pkg", "pkg.a", "pkg.b", "pkg.c"}) == {"pkg.b", "pkg.c"}

    def test_a_name_from_the_package_itself_imports_the_package(self, tmp_path: Path) -> None:
        path = tmp_path / "cli.py"
        path.write_text("from . import __version__\nfrom tools.x import y\n")
        assert imported("pkg.cli", path, {"pkg", "pkg.cli", "tools", "tools.x"}) == {"pkg", "tools", "tools.x"}

    def test_bare_names_of_the_page(self, tmp_path: Path) -> None:
        path = tmp_path / "main.py"
        path.write_text("import game_view\nfrom live_board import BoardView\nimport json\n")
        assert imported("main", path, {"main", "game_view", "live_board"}) == {"game_view", "live_board"}


def test_the_graph_sees_every_tree() -> None:
    """The walk reads all three trees and finds the imports known to be there."""
    edges = graph()
    assert "pyengine.board" in edges["pyengine.solver"]
    assert "game_view" in edges["main"]
    assert "pyengine" in edges["tools.pages.boards"]


@pytest.mark.parametrize("folder", [folder for folder, _ in TREES])
def test_no_import_cycle(folder: str) -> None:
    edges, paths = graph(), modules()
    inside = {name for name, path in paths.items() if path.is_relative_to(ROOT / folder)}
    cycle = find_cycle({name: edges[name] & inside for name in inside})
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_import_cycle_across_the_trees() -> None:
    cycle = find_cycle(graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def engine_map() -> tuple[list[str], dict[str, set[str]]]:
    """The package docstring's two maps: the core's modules in their order,
    and each product with the products it may import (the names in brackets)."""
    import pyengine

    core: list[str] = []
    products: dict[str, set[str]] = {}
    for line in (pyengine.__doc__ or "").splitlines():
        words = line.split()
        if not line.startswith("    ") or not words:
            continue
        if (ROOT / "pyengine" / words[0] / "__init__.py").exists() and "[" in line:
            allowed = line[line.index("[") + 1 : line.index("]")]
            products[words[0]] = {name.strip() for name in allowed.split(",") if name.strip()}
        elif (ROOT / "pyengine" / f"{words[0]}.py").exists():
            core.append(f"pyengine.{words[0]}")
    return core, products


def product_of(name: str) -> str | None:
    """The product a module of the engine belongs to, None for the core's."""
    parts = name.split(".")
    if name == "pyengine.__main__":
        return "cli"  # the command line's entry point
    if len(parts) > 1 and (ROOT / "pyengine" / parts[1] / "__init__.py").exists():
        return parts[1]
    return None


def test_the_engines_map_lists_each_core_module_below_those_it_imports() -> None:
    """The core's map is in import order: each core module imports only core
    modules listed above it, and every core module is listed."""
    core, _ = engine_map()
    edges = graph()
    engine = {name for name in edges if name.startswith("pyengine.") and product_of(name) is None}
    assert set(core) == engine
    for index, name in enumerate(core):
        below = edges[name] - {"pyengine"} - set(core[:index])
        assert not below, f"{name} imports {sorted(below)}, listed after it"


def test_every_product_is_on_the_map() -> None:
    """Each subpackage of the engine is a product the map names."""
    _, products = engine_map()
    found = {path.parent.name for path in (ROOT / "pyengine").glob("*/__init__.py")}
    assert set(products) == found
    assert found >= {"teaching", "grading", "learning", "editions", "cli"}


def crossings(edges: dict[str, set[str]], products: dict[str, set[str]]) -> list[str]:
    """The imports that break the engine's rule: the core importing a
    product, or a product importing a product its map line does not name."""
    broken = []
    for name, imports in sorted(edges.items()):
        if not name.startswith("pyengine"):
            continue
        mine = product_of(name)
        for target in sorted(imports):
            theirs = product_of(target)
            if theirs is None or theirs == mine or not target.startswith("pyengine"):
                continue
            if mine is None or theirs not in products.get(mine, set()):
                broken.append(f"{name} imports {target}")
    return broken


def test_the_core_imports_no_product_and_products_only_what_the_map_allows() -> None:
    _, products = engine_map()
    assert crossings(graph(), products) == []


def test_the_rule_catches_a_core_module_that_imports_a_product() -> None:
    """The check itself: the import words.py once had (the search's names, to
    say a step in words) breaks the rule, and so does grading reaching into
    learning."""
    _, products = engine_map()
    edges = {
        "pyengine.words": {"pyengine.teaching.search", "pyengine.board"},
        "pyengine.grading.cs50": {"pyengine.learning.marking"},
        "pyengine.cli.commands": {"pyengine.grading.cs50"},
    }
    assert crossings(edges, products) == [
        "pyengine.grading.cs50 imports pyengine.learning.marking",
        "pyengine.words imports pyengine.teaching.search",
    ]


def test_each_products_map_lists_its_modules_below_those_they_import() -> None:
    """A product's docstring maps its modules in import order, as the core's does."""
    import importlib

    edges = graph()
    for init in sorted((ROOT / "pyengine").glob("*/__init__.py")):
        product = init.parent.name
        package = importlib.import_module(f"pyengine.{product}")
        listed = []
        for line in (package.__doc__ or "").splitlines():
            words = line.split()
            if line.startswith("    ") and words and (init.parent / f"{words[0]}.py").exists():
                listed.append(f"pyengine.{product}.{words[0]}")
        mine = {name for name in edges if name.startswith(f"pyengine.{product}.")}
        assert set(listed) == mine, product
        for index, name in enumerate(listed):
            below = (edges[name] & mine) - set(listed[:index])
            assert not below, f"{name} imports {sorted(below)}, listed after it"
