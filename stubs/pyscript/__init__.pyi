"""PyScript's names for the page the script runs in (the main thread's)."""

from pyodide.ffi import JsProxy

document: JsProxy
window: JsProxy
