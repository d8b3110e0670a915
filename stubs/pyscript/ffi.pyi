"""PyScript's bridge to JavaScript: Pyodide's, under a name that also fits MicroPython."""

from pyodide.ffi import create_proxy as create_proxy
from pyodide.ffi import to_js as to_js
