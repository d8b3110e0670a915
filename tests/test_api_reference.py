"""The API page's Griffe extension (tools/pages/api_reference.py), on text and on the engine as Griffe loads it."""

from __future__ import annotations

from pathlib import Path

import griffe
import pytest

from tools.pages.api_reference import ApiReference, fence_examples, plain_literal_blocks, shown_value

ROOT = Path(__file__).resolve().parent.parent

DOCSTRING = """\
What it does.

>>> 1 + 1
2
>>> print("a")  # doctest: +ELLIPSIS
a

Between.

- a list item, its example indented:

  >>> [1,
  ...  2]
  [1, 2]

```python
>>> already = "a code block"
```"""

FENCED = """\
What it does.

```pycon
>>> 1 + 1
2
>>> print("a")
a
```

Between.

- a list item, its example indented:

  ```pycon
  >>> [1,
  ...  2]
  [1, 2]
  ```

```python
>>> already = "a code block"
```"""


def test_examples_become_pycon_blocks_without_the_runners_directives() -> None:
    assert fence_examples(DOCSTRING) == FENCED


def test_an_example_right_after_text_and_before_text_gets_its_blank_lines() -> None:
    assert fence_examples("Say:\n>>> 1\n1\n") == "Say:\n\n```pycon\n>>> 1\n1\n```\n"


def test_text_without_examples_is_unchanged() -> None:
    text = "No example here: > a quote stays a quote.\n\n    indented code"
    assert fence_examples(text) == text


def test_rest_literal_markers_read_as_a_colon() -> None:
    assert plain_literal_blocks("Cells::\n\n    0 | 1") == "Cells:\n\n    0 | 1"
    assert plain_literal_blocks("Not before a block::\nnext") == "Not before a block::\nnext"


# A long literal is a table better said in words: the engine's FACT_LABELS.
LONG_LITERAL = "{" + ", ".join(f"'{n}': {n}" for n in range(20)) + "}"


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        ("'random'", True),
        ("(3, 4)", True),
        ("0.3", True),
        ("None", True),
        ("noun", False),
        ("Rule.parse(rule) if x else Rule.AIMA", False),
        (LONG_LITERAL, False),
    ],
)
def test_only_short_literals_are_shown(source: str, shown: bool) -> None:
    assert shown_value(source) is shown


@pytest.fixture(scope="module")
def engine() -> griffe.Module:
    loader = griffe.GriffeLoader(extensions=griffe.load_extensions(ApiReference), search_paths=[str(ROOT)])
    module = loader.load("pyengine")
    assert isinstance(module, griffe.Module)
    return module


def test_an_attribute_set_from_a_parameter_takes_its_type(engine: griffe.Module) -> None:
    error = engine["errors.UnknownChoiceError"]
    assert (str(error["noun"].annotation), error["noun"].value) == ("str", None)
    assert str(engine["errors.InvalidPositionError.problems"].annotation) == "tuple[str, ...]"


def test_an_instance_attributes_literal_gives_its_type_and_stays(engine: griffe.Module) -> None:
    made = engine["teaching.searchtree.Fold.made"]
    assert (str(made.annotation), str(made.value)) == ("int", "0")


def test_an_expression_value_goes_the_annotation_stays(engine: griffe.Module) -> None:
    rule = engine["teaching.trace.Trace.rule"]
    assert (str(rule.annotation), rule.value) == ("Rule", None)


def test_enum_members_keep_their_value_and_are_class_attributes_only(engine: griffe.Module) -> None:
    member = engine["bots.Level.RANDOM"]
    assert (member.annotation, str(member.value)) == (None, "'random'")
    assert "instance-attribute" not in member.labels


def test_a_constructor_that_only_raises_is_not_shown(engine: griffe.Module) -> None:
    assert "__init__" not in engine["board.Board"].members
    assert "__init__" in engine["game.Game"].members
