"""Records: small immutable values with named fields, at no import cost (and the protocols' stand-in).

Every record of the engine is written as a ``typing.NamedTuple`` would be::

    class MoveAnalysis(Record):
        cell: Cell
        value: Value
        plies: int

The type checker sees exactly ``typing.NamedTuple``. At run time a record is a
tuple subclass made here, so equality, hashing, ordering and ``repr`` all come
from the one tuple of fields and cannot drift apart as hand-written ones did.

Why not the usual tools, measured side by side by ``bench/imports.py`` in
fresh CPython 3.11 interpreters that have imported the engine (figures in
bench/README.md): ``import typing`` would add three quarters of the engine's
own cold import again (7 ms to 9 ms), ``import dataclasses`` more than twice
it (22 ms); ``collections`` is already loaded (by enum), but each
``collections.namedtuple`` class evaluates source text for its constructor:
six take 1.0 ms where six of these take 0.3 ms. Pyodide's start-up has imported typing
and dataclasses before ours runs, so in the browser only that last
difference remains (1.6 ms against 0.3 ms).
"""

from __future__ import annotations

TYPE_CHECKING = False  # see geometry.py
if TYPE_CHECKING:
    from typing import NamedTuple as Record
    from typing import Protocol as Protocol
    from typing import runtime_checkable as runtime_checkable
else:
    # The engine's protocols (Bot, Backend, Learner) are typing's to the type
    # checker and plain classes at run time, for the same reason as records:
    # no ``import typing`` at run time. Said once, here.
    Protocol = object

    def runtime_checkable(cls):
        return cls

    from operator import itemgetter

    def _field_names(namespace):
        # With ``from __future__ import annotations`` (every engine module has it)
        # the class body holds its annotations as a dict of strings on CPython
        # 3.11; Python 3.14 (Pyodide) keeps them behind ``__annotate__``.
        annotations = namespace.get("__annotations__")
        if annotations is None and "__annotate__" in namespace:
            annotations = namespace["__annotate__"](1)
        return tuple(annotations or ())

    def _new(cls, *args, **named):
        if not named:  # the common call: positional, perhaps leaving trailing defaults out
            if len(args) == len(cls._fields):
                return tuple.__new__(cls, args)
            tail = cls._default_tails.get(len(args))
            if tail is not None:
                return tuple.__new__(cls, args + tail)
        fields = cls._fields
        if named or len(args) != len(fields):
            given = dict(zip(fields, args, strict=False))  # args may stop short
            if len(args) > len(fields) or given.keys() & named.keys() or named.keys() - set(fields):
                raise TypeError(f"{cls.__name__}() takes the fields {', '.join(fields)}, each once")
            given.update(named)
            missing = [name for name in fields if name not in given and name not in cls._field_defaults]
            if missing:
                raise TypeError(f"{cls.__name__}() is missing {', '.join(missing)}")
            args = tuple(given[name] if name in given else cls._field_defaults[name] for name in fields)
        return tuple.__new__(cls, args)

    def _repr(self):
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True))
        return f"{type(self).__name__}({shown})"

    def _asdict(self):
        return dict(zip(self._fields, self, strict=True))

    def _replace(self, **changes):
        return type(self)(**{**self._asdict(), **changes})

    def _getnewargs(self):
        return tuple(self)

    class _RecordType(type):
        """Turns ``class Name(Record)`` into a tuple subclass with named fields."""

        def __new__(cls, name, bases, namespace):
            if not bases:  # Record itself
                return super().__new__(cls, name, bases, namespace)
            fields = _field_names(namespace)
            defaults = {field: namespace[field] for field in fields if field in namespace}
            # The defaults that complete n positional arguments, for every n that can be completed:
            # made once here, so that the search's millions of records skip the general path.
            tails = {}
            for n in range(len(fields), -1, -1):
                if n < len(fields) and fields[n] not in defaults:
                    break
                tails[n] = tuple(defaults[field] for field in fields[n:])
            body = {
                "__slots__": (),
                "__new__": _new,
                "__repr__": _repr,
                "__getnewargs__": _getnewargs,
                "__match_args__": fields,
                "_fields": fields,
                "_field_defaults": defaults,
                "_default_tails": tails,
                "_asdict": _asdict,
                "_replace": _replace,
            }
            body.update({key: value for key, value in namespace.items() if key not in fields})
            for index, field in enumerate(fields):
                body[field] = property(itemgetter(index), doc=f"Field {index}: {field}.")
            return type(name, (tuple,), body)

    class Record(metaclass=_RecordType):
        """The base of every record: subclass it with annotated fields."""


__all__ = ["Protocol", "Record", "runtime_checkable"]
