"""A point the user's data gives and the program never reads (a clue off the board) is an error
at that value in the data file, not dropped without a word."""

from __future__ import annotations

import json

import pytest

from sapphire.diagnostics import SapphireError, Span
from sapphire.ground.grounder import Instance, data_to_instance, ground
from sapphire.lang.instance import UNREAD_SHOWN, DataText, key_places
from sapphire.lang.parser import parse_program
from sapphire.model import GroundModel

BOARD = "∀⟨r c⟩∈{0⋯n⨫1}×{0⋯m⨫1} ⦗pim r c⦘∈{0⋯4}"
"""Reads `pim` on the n×m board only, as the Slitherlink seed does."""


def g(text: str, program: str = BOARD) -> GroundModel:
    """Ground `program` on the data file `d.json` holding `text`, as `sapphire solve` does."""
    place = key_places("d.json", text)
    inst = data_to_instance(json.loads(text), place, text, "d.json")
    return ground(parse_program(program, "t.sapphire"), inst)


def errors(text: str, program: str = BOARD) -> SapphireError:
    with pytest.raises(SapphireError) as ei:
        g(text, program)
    return ei.value


def test_an_off_board_point_is_an_error_at_its_value() -> None:
    e = errors('{"n": 2, "m": 2,\n "pim": [[2, null, 3], [null, 1]]}')
    assert e.kinds == ["bad-data"]
    (d,) = e.diagnostics
    assert d.span == Span("d.json", 2, 20, 2, 21)
    assert d.message == "'pim' at [0, 2] is 3, and the program never reads that point"
    assert d.hint == ("it reads 'pim' within {0⋯1}×{0⋯1}; leave the point out, or check the "
                      "sizes (n=2, m=2)")
    assert d.source_line == ' "pim": [[2, null, 3], [null, 1]]}'
    assert str(e).splitlines()[:3] == [
        "d.json:2:20: error: 'pim' at [0, 2] is 3, and the program never reads that point",
        '   "pim": [[2, null, 3], [null, 1]]}',
        "                     ^"]


def test_points_on_the_board_are_read() -> None:
    gm = g('{"n": 2, "m": 3, "pim": [[2, null, 3], [null, 1]]}')
    assert gm.constants["pim"] == {(0, 0): 2, (0, 2): 3, (1, 1): 1}


def test_null_points_off_the_board_are_no_values() -> None:
    gm = g('{"n": 2, "m": 2, "pim": [[2, null, null], [null, 1, null], [null]]}')
    assert gm.constants["pim"] == {(0, 0): 2, (1, 1): 1}


def test_each_value_of_a_ragged_longer_row_or_extra_row_is_reported() -> None:
    text = '{"n": 2, "m": 2, "pim": [\n  [2, null],\n  [null, 1, 0,\n   4],\n  [1]\n]}'
    e = errors(text)
    assert e.kinds == ["bad-data"] * 3
    assert [(d.span.line, d.span.col) for d in e.diagnostics if d.span] == [
        (3, 13), (4, 4), (5, 4)]
    assert [d.message[:16] for d in e.diagnostics] == [
        "'pim' at [1, 2] ", "'pim' at [1, 3] ", "'pim' at [2, 0] "]
    assert "is 4, and the program never reads" in e.diagnostics[1].message


def test_many_unread_points_show_the_first_few_and_count_the_rest() -> None:
    row = ", ".join(["1"] * (UNREAD_SHOWN + 5))
    e = errors(f'{{"n": 1, "m": 1, "pim": [[null, {row}]]}}')
    assert len(e.diagnostics) == UNREAD_SHOWN
    assert e.diagnostics[-1].notes == ("and 5 more points the program never reads",)


def test_a_point_inside_what_is_read_says_only_some_are_read() -> None:
    program = "∀r∈{0⋯2} ⦗pim r r⦘∈{0⋯4}"
    e = errors('{"pim": [[1, 2], [null, 1]]}', program)
    (d,) = e.diagnostics
    assert d.message.startswith("'pim' at [0, 1] is 2,")
    assert d.hint is not None
    assert d.hint.startswith("it reads only some points of 'pim' within {0⋯2}×{0⋯2};")


def test_a_read_at_a_variable_index_reads_each_point_it_can_take() -> None:
    gm = g('{"pim": [[2, 3]]}', "i∈{0 1}\n⦗pim 0 i⦘=3")
    assert gm.constants["pim"] == {(0, 0): 2, (0, 1): 3}


def test_a_point_read_only_under_a_false_guard_is_not_read() -> None:
    e = errors('{"n": 2, "pim": [2, 3, 1]}', "∀c∈{0⋯n}: c<n ⇒ ⦗pim c⦘∈{0⋯4}")
    assert [(d.span.col if d.span else 0, d.message[:13]) for d in e.diagnostics] == [
        (24, "'pim' at [2] ")]


def test_the_last_of_a_repeated_name_is_the_one_placed() -> None:
    """`json.loads` keeps the last value of a repeated name, so the error points there."""
    text = '{"pim": [[9, 9, 9]], "n": 1, "m": 1, "pim": [[1,\t7]]}'
    (d,) = errors(text).diagnostics
    assert d.span == Span("d.json", 1, 50, 1, 51)


def test_data_given_as_a_dict_is_checked_at_its_start() -> None:
    inst = data_to_instance({"n": 1, "m": 1, "pim": [[1, 2]]})
    with pytest.raises(SapphireError) as ei:
        ground(parse_program(BOARD, "t.sapphire"), inst)
    assert [d.span for d in ei.value.diagnostics] == [Span("<data>", 1, 1)]


def test_the_projects_own_instances_are_not_checked() -> None:
    """A case's points come without a data file (`Instance.data` is None): no check."""
    inst = Instance(constants={"n": 1, "m": 1}, points={"pim": {(0, 0): 1, (0, 5): 2}})
    gm = ground(parse_program(BOARD, "t.sapphire"), inst)
    assert gm.constants["pim"] == {(0, 0): 1, (0, 5): 2}


@pytest.mark.parametrize("text", ['{"pim": [[1, 2]]}', "[1]", '{"pim": {"a": 1}}', "{"])
def test_text_that_does_not_show_the_value_places_it_at_the_start(text: str) -> None:
    assert DataText("d.json", text).point("pim", (1, 0)) == Span("d.json", 1, 1)
