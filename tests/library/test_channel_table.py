"""The prelude's `channels` table (`sapphire.library.channels`): the bundled entries agree with
the bundled blocks, a wrong entry is reported at its place, a library's own entries go over the
bundled ones, and the shapes name and place their points."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.library import load_library, parse_prelude
from sapphire.library.channel_reader import prelude_problems
from sapphire.library.channels import RENDERERS, Channel, merged
from sapphire.library.shapes import SHAPES

TERMS = "```sapphire\nterm negateRule(base:boolean):boolean = ¬base;\n```\n"


def prelude(channels: str, blocks: str = "") -> str:
    """A prelude whose front matter's `channels` field is `channels` (its line 4 onwards)."""
    return f"---\nkind: prelude\nchannels:\n{channels}---\n\nText.\n\n{TERMS}{blocks}"


def errors(text: str) -> list[tuple[str, int, str]]:
    with pytest.raises(SapphireError) as exc:
        parse_prelude(text, "prelude.md")
    return [(d.kind, d.span.line if d.span else 0, d.message) for d in exc.value.diagnostics]


def test_the_bundled_table_agrees_with_the_bundled_blocks() -> None:
    std = load_library("std", Path("."))
    channels = std.channels()
    assert [c.name for c in channels] == ["digits", "shading", "loop", "regions", "links",
                                          "diagonals"]
    assert prelude_problems(std.prelude, channels, ()) == []
    blocks = {situation for situation, _, _ in std.prelude.channels}
    assert {c.name for c in channels if c.block} <= blocks


def test_an_entry_reads_its_fields() -> None:
    (c,) = parse_prelude(prelude(
        "  marks:\n    maps: {mark: cell, seen: corner}\n    shows: mark\n"
        "    symbols: {0: '.', 2: x}\n    draw: {as: symbols, layer: under}\n"),
        "prelude.md").answer_channels
    assert c == Channel("marks", (("mark", "cell"), ("seen", "corner")), (("", "mark"),),
                        symbols=((0, "."), (2, "x")), draw=("symbols", (("layer", "under"),)))
    assert (c.symbol(2), c.symbol(1), c.called, c.shown) == ("x", "1", "marks", ("mark",))


@pytest.mark.parametrize(("entry", "line", "message"), [
    ("    maps: {m: celll}\n", 5, "'m' has no shape 'celll'"),
    ("    maps: {a: cell, b: cell}\n", 5, "channel 'x' binds several maps and shows none"),
    ("    maps: {a: cell}\n    shows: b\n", 6, "'x' shows 'b', which it does not bind"),
    ("    maps: {a: cell}\n    symbols: {1: '##'}\n", 6,
     "'symbols' maps values to one character each, such as {0: '.', 1: '#'}"),
    ("    maps: {a: cell}\n    symbols: {1: '7'}\n", 6,
     "'symbols' maps values to one character each, such as {0: '.', 1: '#'}"),
    ("    maps: {a: cell}\n    draw: paint\n", 6,
     "channel 'x' is drawn as one of digits, fill, borders, lines, grid-lines, diagonal, "
     "symbols, not 'paint'"),
    ("    maps: {a: cell}\n    draw: {as: fill, class: c}\n", 6, "'fill' takes no option 'class'"),
    ("    maps: {a: cell}\n    colour: red\n", 6, "unknown field 'colour' in channel 'x'"),
    ("    maps: {a: cell-across}\n    extra: more\n", 6,
     "only a channel showing one map of cells has extra cells"),
    ("    maps: {a: cell}\n    given: marks\n", 6, "no front-matter grid is called 'marks'"),
    ("    maps: {a: cell}\n    plain: yes please\n", 6, "'plain' is true or false"),
])
def test_a_wrong_entry_is_reported_at_its_place(entry: str, line: int, message: str) -> None:
    assert errors(prelude("  x:\n" + entry)) == [("bad-channel", line, message)]


def test_two_channels_may_not_bind_one_map() -> None:
    found = errors(prelude("  x:\n    maps: {a: cell}\n  y:\n    maps: {a: corner}\n"))
    assert found == [("bad-channel", 7, "map 'a' of 'y' is bound by 'x' too")]


def test_a_library_prelude_adds_and_replaces_channels(tmp_path: Path) -> None:
    (tmp_path / "prelude.md").write_text(prelude(
        "  loop:\n    maps: {across: cell-across, down: cell-down}\n"
        "    shows: {across: across, down: down}\n  marks:\n    maps: {mark: cell}\n",
        "```sapphire channel marks\n∀⟨r c⟩∈board ⦗mark r c⦘∈{0 1}\n```\n"), encoding="utf-8")
    lib = load_library(str(tmp_path), tmp_path)
    names = [c.name for c in lib.channels()]
    assert names == ["digits", "shading", "loop", "regions", "links", "diagonals", "marks"]
    loop = lib.channels()[2]
    assert loop.maps == (("across", "cell-across"), ("down", "cell-down"))  # the library's
    assert lib.channel("loop") is not None  # its block is the bundled prelude's


def test_a_library_channel_needs_a_block(tmp_path: Path) -> None:
    (tmp_path / "prelude.md").write_text(prelude("  marks:\n    maps: {mark: cell}\n"),
                                         encoding="utf-8")
    with pytest.raises(SapphireError) as exc:
        load_library(str(tmp_path), tmp_path).channels()
    (d,) = exc.value.diagnostics
    assert (d.kind, d.message) == ("missing-channel", "channel 'marks' has no block")


def test_merged_keeps_the_bundled_order() -> None:
    a, b, c = (Channel(n, ((n[0], "cell"),), (("", n[0]),)) for n in ("a", "b", "c"))
    b2 = Channel("b", (("z", "corner"),), (("", "z"),))
    assert merged((a, b), (c, b2)) == (a, b2, c)


@pytest.mark.parametrize(("shape", "index", "name", "on_board"), [
    ("cell", (2, 3), "r2c3", True),
    ("cell-across", (2, 3), "r2c3–r2c4", True),
    ("cell-across", (2, 4), "r2c4–r2c5", False),  # in the grid, past the last column
    ("cell-down", (3, 1), "r3c1–r4c1", False),
    ("edges-across", (0, 0), "r1c1 top", True),
    ("edges-across", (3, 3), "r3c4 bottom", True),
    ("edges-down", (2, 4), "r3c4 right", True),
    ("edges-down", (0, 0), "r1c1 left", True),
    ("corner", (3, 4), "corner r3c4", True),
])
def test_a_shape_names_its_points(shape: str, index: tuple[int, int], name: str,
                                  on_board: bool) -> None:
    s = SHAPES[shape]
    assert s.point(index, 3, 4) == name and s.on_board(index, 3, 4) is on_board


def test_a_shape_counts_the_points_of_a_board() -> None:
    """A 3×4 board: 12 cells, 9 and 8 lines between neighbours, 16 and 15 grid lines, 20
    corners; each shape's grid holds them (and the lines past the edge, always 0)."""
    counts = {name: len(s.points(3, 4)) for name, s in SHAPES.items()}
    assert counts == {"cell": 12, "cell-across": 9, "cell-down": 8, "edges-across": 16,
                      "edges-down": 15, "corner": 20}
    assert SHAPES["edges-across"].size(3, 4) == (4, 4)
    assert SHAPES["edges-down"].board_of(3, 5) == (3, 4)
    assert not SHAPES["edges-across"].in_grid((0, -1), 3, 4)  # a Slitherlink's padding



def test_every_way_of_drawing_has_its_renderer() -> None:
    """The library's vocabulary of `draw` and the renderers of `sapphire.render.parts` are
    the same words (the digits are written by the panel itself)."""
    from sapphire.render.parts import RENDER

    assert set(RENDER) == set(RENDERERS) - {"digits"}
