"""The browser's global scope, as Pyodide shows it to Python."""

from pyodide.ffi import JsProxy

document: JsProxy
window: JsProxy
localStorage: JsProxy
Object: JsProxy
JSON: JsProxy

def __getattr__(name: str) -> JsProxy: ...
