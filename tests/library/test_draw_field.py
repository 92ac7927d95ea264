"""A kind's `draw` field: read into elements, every bad declaration reported at its line and
column with what was expected; the bundled kinds' declarations all read."""

from __future__ import annotations

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.library import load_library, std_root
from sapphire.library.drawing import DrawElement
from sapphire.library.reader import parse_definition

KIND = """\
---
kind: dotted
title: A dotted pair
scope: cells
cells: path
parameters:
  gap:
    type: integer
    default: 1
{draw}
---
Two cells whose digits are `gap` apart.

```sapphire
|⦗value (S 0)⦘ − ⦗value (S 1)⦘| = gap
```
"""


def read(draw: str):
    return parse_definition(KIND.format(draw=draw), "dotted.md")


def errors(draw: str) -> list[tuple[int, int, str]]:
    with pytest.raises(SapphireError) as exc:
        read(draw)
    return [(d.span.line, d.span.col, d.message) for d in exc.value.diagnostics
            if d.kind == "bad-draw"]


def test_elements_with_options_and_when_are_read() -> None:
    d = read("draw: [{when: {gap: 1}, dot: {fill: white}}, {dot: {fill: black, label: gap}}]")
    assert d.draw == (DrawElement("dot", (("fill", "white"),), (("gap", 1),)),
                      DrawElement("dot", (("fill", "black"), ("label", "gap"))))


def test_no_field_is_none_and_an_empty_list_draws_nothing() -> None:
    assert read("").draw is None
    assert read("draw: []").draw == ()


@pytest.mark.parametrize(("draw", "col", "says"), [
    ("draw: [{dott: {}}]", 9, "no drawn element is called 'dott'"),
    ("draw: [{dot: {fil: white}}]", 15, "'dot' has no option 'fil'"),
    ("draw: [{dot: {fill: red}}]", 21, "'fill' of 'dot' is one of white, black, grey"),
    ("draw: [{dot: {label: size}}]", 22, "a label names one of the kind's parameters"),
    ("draw: [{when: {shape: round}, dot: {}}]", 23, "'shape' is one of"),
    ("draw: [{when: {size: 2}, dot: {}}]", 16, "'when' reads 'shape' or a parameter"),
    ("draw: [{dot: {}, line: {}}]", 8, "each drawn element names exactly one of"),
    ("draw: {dot: {}}", 7, "'draw' is a list of elements"),
    ("draw: [{circle: {at: middle}}]", 22, "'at' of 'circle' is one of each, first, corner"),
])
def test_a_bad_declaration_is_placed(draw: str, col: int, says: str) -> None:
    (found,) = errors(draw)
    assert found[:2] == (10, col)
    assert found[2].startswith(says)


def test_every_bundled_declaration_reads() -> None:
    lib = load_library("std", std_root())
    drawn = {d.kind for d in lib.definitions() if d.draw is not None}
    assert len(drawn) >= 40
    assert {e.element for d in lib.definitions() for e in d.draw or ()} >= {
        "boxes", "border", "outline", "line", "dot", "circle", "square", "text", "outside",
        "wall", "given-shading", "cell-clues"}
