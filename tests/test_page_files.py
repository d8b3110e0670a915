"""Which of site/py's modules a page lists for PyScript to download (tools/runtime/page_files.py),
from the page's HTML; the built pages themselves are checked in tests/browser/test_built_page_files.py."""

from __future__ import annotations

import ast

import pytest

from tools.runtime import page_files
from tools.runtime.page_files import PAGE_PY, UnknownBoardError, board_kinds, page_modules


def imports(module: str) -> set[str]:
    """The site/py modules one module imports anywhere in its source, by file name."""
    tree = ast.parse((PAGE_PY / module).read_text())
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    return {f"{name}.py" for name in names if (PAGE_PY / f"{name}.py").is_file()}


def reached(module: str) -> set[str]:
    """``module`` and the site/py modules it imports, and those they import, and so on."""
    found, todo = set(), [module]
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo += imports(name)
    return found


def test_board_kinds_are_read_from_markup_not_from_text() -> None:
    html = (
        '<div class="a" data-board="game"></div><pre><code>&lt;div data-board="explorer"&gt;</code></pre>'
        "<div data-board='race'></div><div data-board=\"game\"></div>"
    )
    assert board_kinds(html) == ["game", "race"]


def test_main_handles_its_own_kinds_and_they_have_no_module() -> None:
    kinds = page_files.main_kinds()
    assert "game" in kinds and "embed" in kinds
    assert not any((PAGE_PY / f"{page_files.page_module(kind)}.py").exists() for kind in kinds)


def test_a_kind_is_brought_to_life_by_its_page_module() -> None:
    """main.py's template names the module: a kind's wiring is site/py/<kind>_page.py."""
    assert page_files.page_module("explorer") == "explorer_page"
    assert (PAGE_PY / "explorer_page.py").is_file() and not (PAGE_PY / "explorer.py").exists()


def test_a_page_lists_main_and_what_it_imports_and_a_kinds_module_with_its_own() -> None:
    game = set(page_modules('<div data-board="game"></div>'))
    assert {"main.py", *imports("main.py")} <= game
    assert all(imports(module) <= game for module in game)  # closed under import
    explorer = set(page_modules('<div data-board="explorer"></div>'))
    assert explorer - game == reached("explorer_page.py") - game != set()
    assert "explorer_page.py" not in game and "start.py" not in game


def test_a_module_named_by_its_place_beside_the_page_is_listed() -> None:
    """The checker reads sandbox.py's URL from the page's files, for its worker; it never imports it."""
    worker = "checker_worker.py"
    assert "sandbox.py" not in imports(worker) and '"./sandbox.py"' in (PAGE_PY / worker).read_text()
    assert "sandbox.py" in page_modules('<div data-board="checker"></div>')
    assert "sandbox.py" not in page_modules('<div data-board="game"></div>')


def test_a_board_no_module_brings_to_life_fails_the_build() -> None:
    with pytest.raises(UnknownBoardError, match=r"index\.md has a board of kind 'gmae'"):
        page_modules('<div data-board="gmae"></div>', "index.md")
