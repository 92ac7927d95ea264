"""A kind's `draw` field: how its rule lines are drawn, in a small vocabulary the renderer knows.

The field is a list of elements. Each element is a mapping with one element name (`cage`,
`line`, `dot`, …) holding its options, and an optional `when` that says for which rule lines
it holds (the shape of the cells, or a parameter's value). A rule line is drawn with the first
element whose `when` holds; a line none holds is named in the picture's legend, as is every
line of a kind without a `draw` field. `draw: []` says the kind has nothing of its own to draw
(its cells are shown by another line, or it states the genre's rules).

The renderer (`sapphire.render`) reads these declarations and the rule lines' parameters; no
kind is named in Python, so a user's own kinds draw the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from sapphire.diagnostics import did_you_mean

ELEMENTS: dict[str, tuple[str, ...]] = {
    "boxes": (),
    "border": ("label",),
    "outline": ("label", "suffix"),
    "line": ("color", "width", "start", "end", "pill"),
    "dot": ("fill", "label", "labels"),
    "circle": ("at", "fill", "label", "labels", "size", "corner"),
    "square": ("at", "fill"),
    "text": ("at", "label", "labels"),
    "outside": ("label", "labels", "as"),
    "wall": ("at", "label"),
    "given-shading": ("answer",),
    "answer-shading": ("as",),
    "answer-regions": (),
    "cell-clues": ("grid",),
    "diagonal": ("at",),
    "inequality": (),
    "shade": ("at", "color"),
    "inset-boxes": (),
    "rule": ("label",),
    "candidates": ("label",),
}
"""Each element the renderer draws, with the options it reads:

* `boxes`: thick borders between the boxes of the rule's box size (`sudoku 9x9`, `boxes 2x3`).
* `border`: a thick border around the rule's cells (a jigsaw piece), with `label` in the
  top-left corner of its first cell in reading order (a Heyawake room's number).
* `outline`: a dashed outline inset in the cells, with `label` in its top-left corner (a
  killer cage), followed by `suffix`, a short text (a KenKen cage's operator).
* `line`: a line through the cells' centres; `color`, `width` (`thin`, `medium`, `thick`),
  `start` and `end` (`bulb`, a filled circle; `circle`, an open one the line starts from, as
  an arrow's; `pill`, a rounded outline around the first cells, as many as the parameter
  `pill` names (2 without it), the line leaving from the one next to the rest; `arrowhead`; or
  `none`). A path that comes back to its first cell starts a new arm there (an arrow with
  several arms), each arm ending in its own `end`.
* `dot`: a small dot on the edge between the first two cells, `fill` white or black, with its
  `label`.
* `circle`, `square`: a shape `at` each cell, the first, or the corner the cells share
  (`corner`, a quadruple), `fill`ed, holding its `label`; `size` `small` or `large`. Where
  the cells meet at several corners (a board one cell tall or wide), the parameter that the
  option `corner` names says which corner of the first cell (1 top-left, 2 top-right, 3
  bottom-right, 4 bottom-left; 0 the first that fits).
* `text`: the `label` in a cell (`at` first or each).
* `outside`: the `label` outside the grid, beside the first cell on the side away from the
  second (a skyscraper beside its row, a little killer at its diagonal's start). A list is
  written one number a cell, outwards from the grid (the grid's margin grows to hold the
  longest); `as: runs` reads the label as a pattern over 0 and 1 (`0*1{2}0+1{1}0*`) and
  writes the lengths of the runs of 1 it spells, a Nonogram's clue (0 for a pattern with
  none). When that place is a cell drawn as a wall, the label is written in the wall, in its
  half towards the run (a Kakuro's totals: below the wall's diagonal for a run going down,
  above it for one going right).
* `wall`: a black cell, `at` each cell or at the `centre` (the one cell whose neighbours the
  cells are), holding its `label` in white.
* `given-shading`: the case's `shading:` givens as black and white circles; `answer: circles`
  draws the answer's shading the same way (a yin-yang's), where `cells` (the default) fills
  shaded cells dark as janko.at does, and `bulbs` draws a bulb in each shaded cell.
* `answer-shading`: no mark of its own; the answer's shading is drawn `as` `cells`, `circles`
  or `bulbs` (an Akari's lamps, which its light rules count). `cells` is the plain style: any
  line of the case asking for another wins over it.
* `answer-regions`: no mark of its own; a thick border is drawn between two side neighbours
  whose answer digits differ, so that the digits' groups read as regions (a Fillomino's).
* `cell-clues`: the case's `clues:` grid, a number in each clued cell; `grid: dots` draws the
  grid as a lattice of dots with faint lines and no frame (a Slitherlink's, whose loop runs
  along the edges).
* `diagonal`: a thin line along the board's `main` diagonal (top left to bottom right) or its
  `anti` diagonal.
* `inequality`: a `>` sign on the edge between each two consecutive cells, its point towards
  the later cell (the earlier digit is the greater).
* `shade`: the cells tinted with `color` (light grey without it), `at` each cell or the first.
* `inset-boxes`: tinted boxes of the rule's box size (3×3 when it has none), one row and one
  column in from the board's edges and one apart, as long as they fit (Windoku's windows).
* `rule`: no mark on the grid; the kind's title (and its `label`) is written under the
  picture among the rules (a global rule such as anti-knight, whose setter states it in
  words).
* `candidates`: the digits the case allows, less those the `label` lists, small in the cell
  where no digit stands (given pencil marks).

A `label` is a parameter's name: its value is written, unless it is the parameter's default
(a white dot's difference 1); a list's numbers are written one after another (a look-and-say
cage's `[[1,6],[1,7]]` as 1617). `labels` maps values to text (`{10: X, 5: V}`). `pill` and
`corner` name a parameter too."""

OPTION_VALUES: dict[str, tuple[str, ...]] = {
    "width": ("thin", "medium", "thick"),
    "start": ("bulb", "circle", "pill", "arrowhead", "none"),
    "end": ("bulb", "circle", "arrowhead", "none"),
    "fill": ("white", "black", "grey"),
    "size": ("small", "large"),
    "answer": ("cells", "circles", "bulbs"),
    "grid": ("lines", "dots"),
}
AS: dict[str, tuple[str, ...]] = {"outside": ("runs",),
                                  "answer-shading": ("cells", "circles", "bulbs")}
AT: dict[str, tuple[str, ...]] = {
    "circle": ("each", "first", "corner"), "square": ("each", "first", "corner"),
    "text": ("each", "first"), "wall": ("each", "centre"), "diagonal": ("main", "anti"),
    "shade": ("each", "first"),
}
SHAPES: tuple[str, ...] = ("whole-line", "neighbours", "straight", "path", "after-wall",
                           "single")
"""What `when: {shape: …}` may ask of a rule's cells: `whole-line`, a whole row or column;
`neighbours`, exactly the on-board orthogonal neighbours of one cell outside them (an Akari
wall's number); `straight`, a run along one row or column; `path`, cells each a king's move
from the one before (a line, not a scattered group); `after-wall`, a run along a row or column
whose cell before the first (away from the second) is drawn as a wall (a Kakuro's run, whose
total stands in that wall); `single`, one cell."""
COLOR_CHARS = frozenset("#0123456789abcdefABCDEFghijklmnopqrstuvwxyz")


@dataclass(frozen=True)
class DrawElement:
    """One element of a kind's `draw` field."""

    element: str
    """The element's name, a key of `ELEMENTS`."""
    options: tuple[tuple[str, Any], ...] = ()
    """The options as written (`labels` as a tuple of (value, text) pairs)."""
    when: tuple[tuple[str, Any], ...] = ()
    """`shape` and parameter values that a rule line must have for the element to draw it."""

    def option(self, name: str, default: Any = None) -> Any:
        return dict(self.options).get(name, default)


def read_draw(r: Any, node: yaml.Node, params: list[Any]) -> tuple[DrawElement, ...]:
    """The `draw` field read from its YAML node, each problem reported at its place through
    the reader `r` (a `sapphire.library.document.Reader`); `params` are the kind's
    parameters, which labels and `when` may name."""
    names = [p.name for p in params]
    if not isinstance(node, yaml.SequenceNode):
        r.add("bad-draw", "'draw' is a list of elements such as [{outline: {label: sum}}]",
              r.node_span(node), hint="elements: " + ", ".join(ELEMENTS))
        return ()
    out: list[DrawElement] = []
    for item in node.value:
        element = _element(r, item, names)
        if element is not None:
            out.append(element)
    return tuple(out)


def _element(r: Any, item: yaml.Node, names: list[str]) -> DrawElement | None:
    if not isinstance(item, yaml.MappingNode):
        r.add("bad-draw", "a drawn element is a mapping such as {line: {start: bulb}}",
              r.node_span(item))
        return None
    found: list[tuple[str, yaml.Node, yaml.Node]] = []
    when: list[tuple[str, Any]] = []
    ok = True
    for k, v in item.value:
        key = str(k.value)
        if key == "when":
            when, good = _when(r, v, names)
            ok = ok and good
        elif key in ELEMENTS:
            found.append((key, k, v))
        else:
            r.add("bad-draw", f"no drawn element is called {key!r}", r.node_span(k),
                  hint=did_you_mean(key, ELEMENTS) or "elements: " + ", ".join(ELEMENTS))
            ok = False
    if len(found) != 1:
        if ok:
            r.add("bad-draw", "each drawn element names exactly one of "
                  + ", ".join(ELEMENTS) + (f", not {len(found)}" if found else ""),
                  r.node_span(item))
        return None
    name, key_node, body = found[0]
    options: list[tuple[str, Any]] = []
    if not (isinstance(body, yaml.ScalarNode) and body.value in ("", "null", "~")):
        if not isinstance(body, yaml.MappingNode):
            r.add("bad-draw", f"the options of {name!r} are a mapping such as {{fill: white}}",
                  r.node_span(body))
            return None
        for ok_node, ov in body.value:
            option = _option(r, name, str(ok_node.value), ok_node, ov, names)
            if option is None:
                ok = False
            else:
                options.append(option)
    return DrawElement(name, tuple(options), tuple(when)) if ok else None


def _option(r: Any, element: str, key: str, key_node: yaml.Node, node: yaml.Node,
            names: list[str]) -> tuple[str, Any] | None:
    allowed = ELEMENTS[element]
    if key not in allowed:
        r.add("bad-draw", f"{element!r} has no option {key!r}", r.node_span(key_node),
              hint=did_you_mean(key, allowed) or ("options: " + ", ".join(allowed)
                                                  if allowed else f"{element!r} takes none"))
        return None
    value = r.value(node)
    if key in ("label", "pill", "corner"):
        if value not in names:
            r.add("bad-draw", f"a {key} names one of the kind's parameters, not {value!r}",
                  r.node_span(node), hint=did_you_mean(str(value), names)
                  or ("parameters: " + ", ".join(names) if names else "the kind has none"))
            return None
        return key, str(value)
    if key == "suffix":
        if not isinstance(value, str | int) or not 0 < len(str(value)) <= 3:
            r.add("bad-draw", "'suffix' is a short text written after the label, such as ×",
                  r.node_span(node))
            return None
        return key, str(value)
    if key == "labels":
        if not isinstance(value, dict) or not all(isinstance(t, str | int) for t in
                                                  value.values()):
            r.add("bad-draw", "'labels' maps values to short text, such as {10: X, 5: V}",
                  r.node_span(node))
            return None
        return key, tuple((v, str(t)) for v, t in value.items())
    if key == "color":
        if not isinstance(value, str) or not value or not set(value) <= COLOR_CHARS:
            r.add("bad-draw", f"a colour is a name or #rrggbb, not {value!r}",
                  r.node_span(node), hint="such as grey or #a0a0a0")
            return None
        return key, value
    choices = AT[element] if key == "at" else AS[element] if key == "as" else OPTION_VALUES[key]
    if value not in choices:
        r.add("bad-draw", f"{key!r} of {element!r} is one of {', '.join(choices)}, "
              f"not {value!r}", r.node_span(node), hint=did_you_mean(str(value), choices))
        return None
    return key, str(value)


def _when(r: Any, node: yaml.Node, names: list[str]) -> tuple[list[tuple[str, Any]], bool]:
    if not isinstance(node, yaml.MappingNode):
        r.add("bad-draw", "'when' is a mapping such as {shape: whole-line} or {count: 0}",
              r.node_span(node))
        return [], False
    out: list[tuple[str, Any]] = []
    ok = True
    for k, v in node.value:
        key, value = str(k.value), r.value(v)
        if key == "shape":
            if value not in SHAPES:
                r.add("bad-draw", f"'shape' is one of {', '.join(SHAPES)}, not {value!r}",
                      r.node_span(v), hint=did_you_mean(str(value), SHAPES))
                ok = False
                continue
        elif key not in names:
            r.add("bad-draw", f"'when' reads 'shape' or a parameter, not {key!r}",
                  r.node_span(k), hint=did_you_mean(key, [*names, "shape"]))
            ok = False
            continue
        out.append((key, value))
    return out, ok
