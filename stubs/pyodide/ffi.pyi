"""Pyodide's bridge to JavaScript, as far as the page uses it."""

from collections.abc import Callable
from typing import Any

class JsProxy:
    """A JavaScript object seen from Python (an element, an event, ``window``):
    its properties and methods are looked up by name when the code runs."""

    def __getattr__(self, name: str) -> Any: ...
    def __setattr__(self, name: str, value: object) -> None: ...
    def __getitem__(self, key: object) -> Any: ...
    def __iter__(self) -> Any: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...

def create_proxy(obj: Callable[..., object], /, *, capture_this: bool = False, roundtrip: bool = True) -> JsProxy:
    """A JavaScript function calling ``obj`` that lives until it is destroyed (an event handler)."""

def to_js(
    obj: object,
    /,
    *,
    depth: int = -1,
    pyproxies: JsProxy | None = None,
    create_pyproxies: bool = True,
    dict_converter: Callable[[Any], JsProxy] | None = None,
    default_converter: Callable[[Any, Any, Any], JsProxy] | None = None,
) -> Any:
    """``obj`` converted to a JavaScript value (lists to Arrays, dicts to Maps or ``dict_converter``'s)."""
