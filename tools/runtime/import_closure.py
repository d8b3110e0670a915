"""The modules imported when some entry scripts run: their import-time closure.

Runs inside Pyodide's own Python (tools/runtime/derive_stdlib.mjs), because the
standard library it reads is Pyodide's, written for a newer Python than the
one running the build. Static, by reading the source (``ast``), never by
running it:

- the site's own files: every import anywhere in the file, since any of its
  functions may run once the page is up;
- the standard library: only the imports that run when the module is
  imported (module and class bodies, with their if/try blocks); an import
  inside one of its functions runs only if that function is called, and the
  on-demand finder (tools/runtime/stdlib_ondemand.py) serves it then;
- both skip ``if TYPE_CHECKING:`` and ``if __name__ == "__main__":`` blocks;
- ``from package import name`` counts ``package.name`` when it is a module.
"""

import ast
import os


def _never_runs(node: ast.If) -> bool:
    """Whether an if block's body is for type checkers or for running as a script."""
    test = node.test
    if isinstance(test, ast.Name | ast.Attribute):
        return (test.id if isinstance(test, ast.Name) else test.attr) == "TYPE_CHECKING"
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in test.comparators)
    )


def _imports(tree: ast.AST, *, in_functions: bool) -> list[tuple[str, tuple[str, ...], int]]:
    """(module, names, level) for each import statement that runs."""
    found: list[tuple[str, tuple[str, ...], int]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _never_runs(child):
                for statement in child.orelse:
                    visit_statement(statement)
            elif in_functions or not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                visit_statement(child)

    def visit_statement(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.extend((alias.name, (), 0) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", tuple(alias.name for alias in node.names), node.level))
        visit(node)

    visit(tree)
    return found


def closure(entries: list[str], path: list[str], stdlib: str | None = None) -> dict[str, str | None]:
    """Map each module reached from the entry scripts to its file (None: not a
    file on ``path``, such as a built-in or a JavaScript module). ``stdlib``:
    the standard library's folder, whose files count only the imports that run
    when they are imported (None: every file on ``path`` is the site's own, as
    for the page's modules alone, tools/runtime/page_files.py)."""
    found: dict[str, str | None] = {}

    def locate(name: str) -> str | None:
        relative = name.replace(".", "/")
        for folder in path:
            for candidate in (f"{folder}/{relative}/__init__.py", f"{folder}/{relative}.py"):
                if os.path.exists(candidate):
                    return candidate
        return None

    def add(name: str) -> None:
        if name in found:
            return
        parts = name.split(".")
        for i in range(1, len(parts)):  # a module's parents are imported first
            add(".".join(parts[:i]))
        file = found[name] = locate(name)
        if file:
            scan(file, name if file.endswith("/__init__.py") else name.rpartition(".")[0])

    def scan(file: str, package: str) -> None:
        with open(file, encoding="utf-8") as source:
            tree = ast.parse(source.read(), file)
        for module, names, level in _imports(tree, in_functions=stdlib is None or not file.startswith(stdlib)):
            if level:
                base = package.split(".")[: len(package.split(".")) - level + 1]
                module = ".".join([*base, module] if module else base)
            if not module:
                continue
            add(module)
            for name in names:
                if name != "*" and locate(f"{module}.{name}"):
                    add(f"{module}.{name}")

    for entry in entries:
        scan(entry, "")
    return found
