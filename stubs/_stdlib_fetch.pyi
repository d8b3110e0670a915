"""The loader's module (tools/loader.mjs, registered into Pyodide): the full standard library on demand."""

def full_stdlib() -> str:
    """Download the full standard library's zip once, write it into Pyodide's file system; its path."""
