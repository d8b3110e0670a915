"""Which of the page's Python modules (site/py) each page downloads: only
those its Python can import, not every module of the folder.

Why: PyScript's ``files`` setting (overrides/partials/boards-run.html) and the
page's preloads (boards-head.html) fetch each listed module on every cold
visit, on the connection the 3.5 MB wasm is still arriving on, so every byte
before it delays Python's start. The home page's game never
imports the explorer, the checker or the learning page's modules: with every
module listed, it downloaded about 57 kB (gzip) it never ran.

What a page can import, read from the built page and the source (``ast``,
nothing is run):

- start.py, the script PyScript runs, imports main.py;
- main.py brings each board to life by its ``data-board`` kind: the kinds it
  names (``kind == "game"``) it handles itself; any other is the module its
  ``PAGE_MODULE`` template names, ``explorer`` -> site/py/explorer_page.py, so
  a page needs the modules of the kinds it holds, and only those;
- each of these with every site/py module it imports, anywhere in its source
  (tools/runtime/import_closure.py: a function's import runs once it is called);
- and a module a listed one names by its place beside it, ``"./sandbox.py"``:
  the checker finds the URL of sandbox.py in the page's ``files`` and hands it
  to its worker (site/py/checker_worker.py, ``app_urls``), which never imports it in
  the page.

Every module stays in the site and in the service worker's list (it keeps
every file of the build: tools/runtime/offline.py), so each page offline finds what
it lists, whichever page was visited first.
"""

from __future__ import annotations

import ast
import functools
from html.parser import HTMLParser
from pathlib import Path

from tools.runtime.import_closure import closure

ROOT = Path(__file__).resolve().parents[2]
PAGE_PY = ROOT / "site" / "py"


class UnknownBoardError(ValueError):
    """A page holds a board whose kind neither main.py nor a module of site/py brings to life."""


class _Boards(HTMLParser):
    """The ``data-board`` kinds of a page's elements, in order of appearance."""

    def __init__(self) -> None:
        super().__init__()
        self.kinds: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.kinds += [value for name, value in attrs if name == "data-board" and value]


def board_kinds(html: str) -> list[str]:
    """The kinds of the boards in a page's HTML, each once (markup, not text:
    a ``data-board`` shown in a code block is escaped, and not a board)."""
    parser = _Boards()
    parser.feed(html)
    parser.close()
    return list(dict.fromkeys(parser.kinds))


@functools.cache
def main_kinds() -> frozenset[str]:
    """The kinds main.py handles itself: the strings its code compares ``kind`` with."""
    tree = ast.parse((PAGE_PY / "main.py").read_text(), "main.py")
    return frozenset(
        node.comparators[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        and isinstance(node.left, ast.Name)
        and node.left.id == "kind"
        and isinstance(node.comparators[0], ast.Constant)
        and isinstance(node.comparators[0].value, str)
    )


@functools.cache
def page_module(kind: str) -> str:
    """The module (``explorer_page``) of a kind main.py does not handle itself:
    main.py's ``PAGE_MODULE`` template, filled with the kind."""
    tree = ast.parse((PAGE_PY / "main.py").read_text(), "main.py")
    template = next(
        node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(target, ast.Name) and target.id == "PAGE_MODULE" for target in node.targets)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )
    return str(template).format(kind)


def _named_beside(path: Path) -> set[str]:
    """The site/py modules a module names by their place beside it (``"./sandbox.py"``)."""
    tree = ast.parse(path.read_text(), path.name)
    return {
        node.value[2:-3]
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.startswith("./")
        and node.value.endswith(".py")
        and (PAGE_PY / node.value[2:]).is_file()
    }


@functools.cache
def _modules_for(kinds: frozenset[str]) -> tuple[str, ...]:
    entries = {"main", *(page_module(kind) for kind in kinds)}
    while True:
        found = closure([str(PAGE_PY / f"{name}.py") for name in sorted(entries)], [str(PAGE_PY)])
        reached = entries | {name for name, file in found.items() if file}
        named = set().union(*(_named_beside(PAGE_PY / f"{name}.py") for name in reached))
        if named <= reached:
            return tuple(sorted(f"{name}.py" for name in reached))
        entries |= named


def page_modules(html: str, where: str = "a page") -> list[str]:
    """The site/py files (``game_view.py``) the page of this HTML can import, for
    its ``files``: main.py's closure, and each of its module kinds' closures."""
    kinds = set(board_kinds(html)) - main_kinds()
    unknown = sorted(kind for kind in kinds if not (PAGE_PY / f"{page_module(kind)}.py").is_file())
    if unknown:
        raise UnknownBoardError(
            f"{where} has a board of kind {unknown[0]!r}: main.py does not handle it and"
            f" site/py/{page_module(unknown[0])}.py does not exist"
        )
    return list(_modules_for(frozenset(kinds)))
