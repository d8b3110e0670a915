"""site/py/saved.py in CPython: what the page keeps in localStorage, read and
written whatever the browser does (keeps, refuses, is full, holds a stranger's value)."""

from __future__ import annotations

import json

import game_view as view
import pytest
from saved import Kept, Unreadable


class Storage:
    """localStorage's two calls over a dict; ``full`` refuses every write, as a full quota does."""

    def __init__(self, items: dict[str, str] | None = None, *, full: bool = False) -> None:
        self.items = dict(items or {})
        self.full = full

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = value


class Window:
    def __init__(self, storage: Storage) -> None:
        self.localStorage = storage


class NoStorage:
    """A browser that refuses storage: even reaching localStorage raises, as Chrome's SecurityError does."""

    @property
    def localStorage(self) -> Storage:
        raise RuntimeError("SecurityError: access is denied for this document")


def kept(items: dict[str, str] | None = None, *, full: bool = False) -> tuple[Kept, Storage]:
    storage = Storage(items, full=full)
    return Kept(Window(storage)), storage


def test_a_value_written_is_read_back() -> None:
    store, storage = kept()
    assert store.write_json("k", {"bot:win": 3})
    assert json.loads(storage.items["k"]) == {"bot:win": 3}
    assert store.read_json("k", view.tally_from_json) == {"bot:win": 3}
    assert store.write("t", "maxmin") and store.read("t") == "maxmin"


def test_nothing_kept_reads_as_none() -> None:
    store, _ = kept()
    assert store.read("k") is None
    assert store.read_json("k", view.tally_from_json) is None
    assert kept({"k": ""})[0].read("k") is None  # an empty value is no value


def test_a_browser_that_refuses_storage_keeps_nothing_and_raises_nothing() -> None:
    store = Kept(NoStorage())
    assert store.read("k") is None
    assert store.read_json("k", view.tally_from_json) is None
    assert store.write("k", "x") is False
    assert store.write_json("k", {}) is False


def test_a_full_storage_says_the_value_was_not_kept() -> None:
    store, storage = kept({"k": "old"}, full=True)
    assert store.write_json("k", [1]) is False
    assert storage.items == {"k": "old"}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "it is not JSON"),
        ("[1, 2]", "a score is a table of counts, not a list"),
        ('"a string"', "a score is a table of counts, not a str"),
    ],
)
def test_a_value_not_ours_is_unreadable_with_the_reason(text: str, reason: str) -> None:
    store, _ = kept({"k": text})
    got = store.read_json("k", view.tally_from_json)
    assert isinstance(got, Unreadable)
    assert got.reason == reason


def test_the_parsers_key_and_value_errors_are_reasons_too() -> None:
    store, _ = kept({"k": '{"version": 1}'})

    def machine(value: dict[str, object]) -> object:
        return value["machine"]

    def version_two(value: dict[str, object]) -> object:
        if value.get("version") != 2:
            raise ValueError("it was saved in another format")
        return value

    assert isinstance(missing := store.read_json("k", machine), Unreadable) and "machine" in missing.reason
    assert isinstance(old := store.read_json("k", version_two), Unreadable)
    assert old.reason == "it was saved in another format"


def test_a_score_keeps_only_the_pages_counts() -> None:
    """Counts of the page's scores survive; other keys, negative or non-whole counts are dropped."""
    stored = {"bot:win": 2, "bot:loss": -1, "two:x": 1.5, "two:o": 4, "elsewhere": 9}
    assert view.tally_from_json(stored) == {"bot:win": 2, "two:o": 4}
