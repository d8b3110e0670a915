"""The script PyScript runs on every page with boards: it imports main.py,
the page's Python, as a module. Imported, main.py comes as the bytecode the
build compiled (checked against its source: tools/runtime/runtime.py, engine_zip);
run as PyScript's script, its source would be parsed into Python's ast and
compiled at every visit, the longest piece of the page's start
(bench/HISTORY.md)."""

import main  # noqa: F401  (importing it brings the page's boards to life)
