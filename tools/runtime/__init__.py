"""The browser runtime and its packaging: Pyodide and PyScript from npm, the trimmed
standard library, the engine zip, the page files, offline play."""
