"""The API page as a programmer reads it: a Griffe extension for mkdocstrings.

mkdocs.yml loads this file by its path (the python handler's ``extensions``);
it changes what the page shows, never the engine:

- every doctest example (``>>>`` lines and their output, up to the blank line
  that ends them, as doctest reads them) becomes a ``pycon`` code block. In
  Markdown a line that starts with ``>`` is a quotation, so the examples came
  out as quotations nested three deep, their lines run into one paragraph.
  The docstrings themselves keep the plain doctest form, which pytest's
  ``--doctest-modules`` runs; the ``# doctest:`` directives, which are for
  that runner, are left out of the page;
- reStructuredText's ``text::`` before an indented block (which Markdown
  already shows as code) reads ``text:``;
- an attribute shows its type and, when its value is a short literal
  (``= 0.3``, ``= 'random'``), its value. Griffe reads the value from the
  source, so ``self.noun = noun`` came out as ``noun = noun`` and a
  conditional or a comprehension as the whole expression: those values go,
  and an instance attribute without an annotation takes its type from the
  ``__init__`` parameter it is set from, or from its literal.
"""

from __future__ import annotations

import ast
import re
import textwrap
from typing import Any

from griffe import Attribute, Class, Extension, Function, GriffeLoader, Object, ParameterKind

# A value longer than this, even a literal, is a table better described in words.
LONGEST_VALUE = 40
# A literal an instance attribute starts from gives its type for these alone.
SIMPLE_TYPES = (bool, int, float, str)

DIRECTIVE = re.compile(r"\s*#\s*doctest:.*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def fence_examples(text: str) -> str:
    """``text`` with each run of doctest lines in a ``pycon`` block, at its indentation."""
    out: list[str] = []
    lines = text.split("\n")
    fenced = False
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if FENCE.match(line):
            fenced = not fenced
        if fenced or not stripped.startswith(">>>"):
            out.append(line)
            i += 1
            continue
        indent = line[: len(line) - len(stripped)]
        block = []
        # doctest: an example's output runs to the first blank line or the next prompt.
        while i < len(lines) and lines[i].strip() and lines[i].startswith(indent):
            code = lines[i][len(indent) :]
            if code.startswith((">>>", "...")):
                code = DIRECTIVE.sub("", code)
            block.append(indent + code)
            i += 1
        if out and out[-1].strip():
            out.append("")
        out += [f"{indent}```pycon", *block, f"{indent}```"]
        if i < len(lines) and lines[i].strip():
            out.append("")
    return "\n".join(out)


def plain_literal_blocks(text: str) -> str:
    """reStructuredText's ``text::`` before an indented block as ``text:``."""
    return re.sub(r"(?m)(\S)::$(?=\n\n[ \t])", r"\1:", text)


def literal(source: str) -> object:
    """The value of ``source`` if it is a Python literal; ``NotImplemented`` if not."""
    try:
        return ast.literal_eval(source)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return NotImplemented


def shown_value(source: str) -> bool:
    """Whether an attribute's value reads well in its signature: a short literal."""
    return len(source) <= LONGEST_VALUE and literal(source) is not NotImplemented


def parameter_type(attr: Attribute) -> str | None:
    """The annotation of the ``__init__`` parameter an instance attribute is
    set from unchanged (``self.noun = noun``), as the attribute holds it."""
    cls, name = attr.parent, str(attr.value)
    if not isinstance(cls, Class) or not name.isidentifier():
        return None
    init = cls.members.get("__init__")
    if not isinstance(init, Function) or name not in init.parameters:
        return None
    parameter = init.parameters[name]
    if parameter.annotation is None:
        return None
    if parameter.kind is ParameterKind.var_positional:
        return f"tuple[{parameter.annotation}, ...]"
    if parameter.kind is ParameterKind.var_keyword:
        return f"dict[str, {parameter.annotation}]"
    return str(parameter.annotation)


def inferred_type(attr: Attribute) -> str | None:
    """An instance attribute's type when the source gives it no annotation."""
    # Griffe labels an unannotated name in a class body both class and instance attribute.
    if "instance-attribute" not in attr.labels or "class-attribute" in attr.labels or attr.value is None:
        return None
    from_parameter = parameter_type(attr)
    if from_parameter is not None:
        return from_parameter
    value = literal(str(attr.value))
    return type(value).__name__ if type(value) in SIMPLE_TYPES else None


def is_enum_member(attr: Attribute) -> bool:
    """Whether ``attr`` is a member of an enum: a name in the class body of an ``Enum``."""
    cls = attr.parent
    return (
        isinstance(cls, Class)
        and "class-attribute" in attr.labels
        and any(str(base).rpartition(".")[2] == "Enum" for base in cls.bases)
    )


def refuses_instances(init: Function) -> bool:
    """Whether ``__init__`` only raises: the class is built by its class methods."""
    try:
        body = ast.parse(textwrap.dedent(init.source)).body
    except (SyntaxError, OSError, ValueError):
        return False
    return (
        len(body) == 1
        and isinstance(body[0], ast.FunctionDef)
        and [type(statement) for statement in body[0].body] == [ast.Raise]
    )


class ApiReference(Extension):
    """Examples as code blocks, attributes by their type (module docstring)."""

    def on_object(self, *, obj: Object, loader: GriffeLoader, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain_literal_blocks(fence_examples(obj.docstring.value))

    def on_class(self, *, cls: Class, loader: GriffeLoader, **kwargs: Any) -> None:
        # merge_init_into_class would show ``Board()``, which raises: no signature is better.
        init = cls.members.get("__init__")
        if isinstance(init, Function) and refuses_instances(init):
            del cls.members["__init__"]

    def on_attribute(self, *, attr: Attribute, loader: GriffeLoader, **kwargs: Any) -> None:
        if is_enum_member(attr):
            attr.labels.discard("instance-attribute")
            return
        if attr.annotation is None:
            attr.annotation = inferred_type(attr)
        if attr.value is not None and not shown_value(str(attr.value)):
            attr.value = None
