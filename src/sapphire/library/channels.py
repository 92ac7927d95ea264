"""The answer's channels as the prelude declares them: the `channels` table of its front matter.

A channel is a part of the answer that some rule declares (`declares: [shading]`) and the
prelude binds once for the whole case (its ```sapphire channel NAME block): the shading, the
region map, a loop. Its entry says which maps the block binds and the shape of each
(`sapphire.library.shapes`), which of them the answer shows and under which JSON keys, how its
values are written in text, which front-matter grid gives some of its points, and how it is
drawn. The value range is the block's, which binds it. The digits are the first entry: the case
binds them from its alphabet, not from a block, and only their entry shows extra cells.

Everything that shows or reads an answer (the answer's JSON and text, `verify`, `--why`,
`--candidates`, the pictures) reads this table, never a channel's name, so that a new channel
of a known shape is one entry and one block in a prelude. A library's own prelude adds entries
to the bundled table, or replaces one of the same name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sapphire.library.shapes import SHAPES, Shape

RENDERERS: dict[str, tuple[str, ...]] = {
    "digits": (),
    "fill": (),
    "borders": (),
    "lines": ("class", "layer"),
    "grid-lines": ("class", "layer"),
    "diagonal": (),
    "symbols": ("class", "layer"),
}
"""How a channel may be drawn (`draw`), with the options each reads; `sapphire.render` holds
one renderer for each:

* `digits`: the digits themselves, the givens black and the digits found blue.
* `fill`: a point of value 1 filled dark, or drawn in the style a kind asks for (circles,
  bulbs: a kind's `answer-shading` element).
* `borders`: a thick border between side neighbours of different values.
* `lines`: lines between the centres of side-by-side cells (`cell-across`, `cell-down`), a
  value n drawn as n parallel lines; `class` names them in the SVG (default the channel's
  name), and `layer` is `under` (beneath the clues) or `over` (above them, the default).
* `grid-lines`: lines along the grid's lines (`edges-across`, `edges-down`), drawn where the
  value is not 0 (walls, a Slitherlink's loop); `class` and `layer` as for `lines`.
* `diagonal`: a diagonal across the cell, `\\` for 1 and `/` for 2.
* `symbols`: each point's text symbol (or its number) written where the point lies: in the
  cell, on the edge's middle or at the corner (nothing for 0 unless 0 has a symbol); `class`
  and `layer` as for `lines`.
"""
LAYERS = ("under", "over")


@dataclass(frozen=True)
class Channel:
    """One entry of the prelude's `channels` table."""

    name: str
    """What kinds declare (`declares: [NAME]`) and the answer's JSON key."""
    maps: tuple[tuple[str, str], ...]
    """Every map the channel binds, with its shape's name, in the order written."""
    shows: tuple[tuple[str, str], ...]
    """The maps the answer shows, each under its key in the channel's JSON object; one map
    shown under the key "" is the channel's value itself (a grid)."""
    block: bool = True
    """Whether a ```sapphire channel NAME block binds it (the digits are bound by the case)."""
    symbols: tuple[tuple[int, str], ...] = ()
    """How values are written in text (`#` for a shaded cell); other values as numbers."""
    plain: bool = False
    """Whether the answer's text may start with it without its heading line (a shading alone):
    an answer file's first grid without a heading is the first such channel the case has."""
    noun: str = ""
    """What a message calls it ("the region map"); its name when empty."""
    given: str | None = None
    """The case's front-matter grid that gives some of its points (`shading:`)."""
    extra: str | None = None
    """The JSON key of its points on the case's extra cells, in reading order."""
    bare: bool = False
    """Whether a point is named by its place alone (`r2c3`), not followed by the channel."""
    draw: tuple[str, tuple[tuple[str, str], ...]] | None = None
    """The renderer (`RENDERERS`) and its options; None: not drawn."""

    @property
    def called(self) -> str:
        return self.noun or self.name

    def shape(self, map_name: str) -> Shape:
        return SHAPES[dict(self.maps)[map_name]]

    @property
    def shown(self) -> tuple[str, ...]:
        """The maps the answer shows, in the order of `shows`."""
        return tuple(m for _, m in self.shows)

    def symbol(self, value: int) -> str:
        return dict(self.symbols).get(value, str(value))

    def draw_option(self, name: str, default: str) -> str:
        return dict(self.draw[1]).get(name, default) if self.draw is not None else default


def merged(below: tuple[Channel, ...], above: tuple[Channel, ...]) -> tuple[Channel, ...]:
    """The channels of a library: the bundled table, each entry of its own prelude's replacing
    the one of the same name in place, and its new ones after them."""
    own = {c.name: c for c in above}
    out = [own.pop(c.name, c) for c in below]
    return (*out, *(c for c in above if c.name in own))


def needed(reads: Iterable[str], channels: tuple[Channel, ...]) -> frozenset[str]:
    """The channels whose maps a meaning reads (`region` needs `regions`): a case using it
    needs a rule declaring each. The digits, which the case binds, are needed by none."""
    by_map = {m: c.name for c in channels if c.block for m, _ in c.maps}
    return frozenset(by_map[n] for n in reads if n in by_map)
