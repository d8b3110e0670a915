"""What this browser keeps between visits (localStorage): read and written in one place.

A browser may refuse storage (disabled, a private window, a policy), may be
full, or may hold under our key a value that is not ours (another version, a
hand edit). None of these is the page's error, and none may stop the page:
reading gives nothing, the value, or an ``Unreadable`` that says why in words
(the widget says it and starts afresh, its next write replacing the value);
writing says whether the value was kept.

    kept = Kept(window)                                   # once, with the page's window
    tally = kept.read_json(TALLY_KEY, parse_tally)        # None, a tally, or Unreadable
    if not kept.write_json(TALLY_KEY, tally): ...         # False: the browser would not keep it

``window`` is handed in, so tests/test_saved.py runs this in CPython.
"""

from __future__ import annotations

import json

TYPE_CHECKING = False  # see pyengine/geometry.py: typing only for the type checker
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    from pyodide.ffi import JsProxy

    T = TypeVar("T")


class Unreadable:
    """A kept value that cannot be read, and why (``reason``, words for a sentence:
    "it is not JSON", or what the widget's parser said)."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def __repr__(self) -> str:
        return f"Unreadable({self.reason!r})"


class Kept:
    """One browser's localStorage, reached through the page's ``window``."""

    def __init__(self, window: JsProxy) -> None:
        self._window = window

    def read(self, key: str) -> str | None:
        """The text kept under ``key``; None if there is none or the browser keeps nothing."""
        try:
            stored = self._window.localStorage.getItem(key)
        except Exception:  # storage disabled: even reaching it raises (a SecurityError)
            return None
        return str(stored) if stored else None

    def write(self, key: str, text: str) -> bool:
        """Keep ``text`` under ``key``; False if the browser would not (storage full or disabled)."""
        try:
            self._window.localStorage.setItem(key, text)
        except Exception:  # QuotaExceededError, or storage disabled
            return False
        return True

    def read_json(self, key: str, parse: Callable[[Any], T]) -> T | Unreadable | None:
        """What is kept under ``key``, as ``parse`` makes it from the JSON value:
        None if nothing is kept; ``Unreadable`` if the text is not JSON or
        ``parse`` rejects the value (a ValueError, the engine's errors among
        them, a TypeError or a KeyError, whose message is the reason)."""
        text = self.read(key)
        if text is None:
            return None
        try:
            value = json.loads(text)
        except ValueError:
            return Unreadable("it is not JSON")
        try:
            return parse(value)
        except (ValueError, TypeError, KeyError) as error:
            return Unreadable(str(error) or type(error).__name__)

    def write_json(self, key: str, value: object) -> bool:
        """Keep ``value`` as JSON under ``key``; False if the browser would not."""
        return self.write(key, json.dumps(value))
