"""Records: small immutable values with named fields, at no import cost.

Every record of the engine is written as a ``typing.NamedTuple`` would be::

    class MoveAnalysis(Record):
        cell: Cell
        value: Value
        plies: int

The type checker sees exactly ``typing.NamedTuple``. At run time the class is
built on ``collections.namedtuple``, which the engine has loaded anyway (enum
imports functools, which imports collections). Importing ``typing`` costs a
cold start about 4 ms in CPython and ``dataclasses`` (which imports ``inspect``)
about 7 ms, more again in Pyodide, so neither is imported at run time.
Equality, hashing, ordering and ``repr`` all come from the tuple of fields,
so they cannot drift apart as hand-written ones did.
"""

from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False  # see board.py
if TYPE_CHECKING:
    from typing import NamedTuple as Record
else:

    def _field_names(namespace):
        # With ``from __future__ import annotations`` (every engine module has it)
        # the class body holds its annotations as a dict of strings, on CPython
        # 3.11 and on Pyodide's 3.14 alike; only the names are needed.
        annotations = namespace.get("__annotations__")
        if annotations is None and "__annotate__" in namespace:
            annotations = namespace["__annotate__"](1)
        return tuple(annotations or ())

    class _RecordType(type):
        """Turns ``class Name(Record)`` into a subclass of a namedtuple."""

        def __new__(cls, name, bases, namespace):
            if not bases:  # Record itself
                return super().__new__(cls, name, bases, namespace)
            fields = _field_names(namespace)
            defaults = [namespace[field] for field in fields if field in namespace]
            base = namedtuple(name, fields, defaults=defaults, module=namespace.get("__module__"))
            body = {
                key: value
                for key, value in namespace.items()
                if key not in fields and key not in ("__annotations__", "__annotate__")
            }
            body.setdefault("__slots__", ())
            return type(name, (base,), body)

    class Record(metaclass=_RecordType):
        """The base of every record: subclass it with annotated fields."""


__all__ = ["Record"]
