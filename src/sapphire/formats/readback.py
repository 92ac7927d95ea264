"""A case read back into a genre's clues, to be written as a puz.link link (`export puzzlink`).

A genre's `from_case` reads the rule lines its builder wrote and the front matter's grids, and
refuses, in words a setter can act on, whatever its link cannot carry: at the rule line that
holds it (`refuse_rule`) or at the case when the case as a whole lacks something (`refuse`).
Everything here is what those readers share, so that each says only what is its genre's own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sapphire.case import Case, RuleLine
from sapphire.case.givens import DeclaresBoard, clue_grid, digit_grid, shading_grid
from sapphire.diagnostics import SapphireError, Span, error
from sapphire.formats.common import Cell, sightlines

CANNOT = "the case cannot be written as a puzz.link link"
"""How every refusal of an export starts."""


def cells(rule: RuleLine) -> list[Cell]:
    """The cells a rule line lists, in its order, as (row, column) from 1."""
    return [(ref.cell.row, ref.cell.col) for ref in rule.cells]


def param(rule: RuleLine, name: str) -> object:
    """The value of a rule line's parameter `name` as written (None when it has none)."""
    return next((p.value for p in rule.params if p.name == name), None)


def number(rule: RuleLine, *names: str, default: int | None = None) -> int:
    """The whole number a rule line gives under the first of `names` it has; without one,
    `default`, or a refusal at the line naming `names[0]`."""
    for p in rule.params:
        if p.name in names and isinstance(p.value, int):
            return p.value
    if default is None:
        raise refuse_rule(rule, f"it has no {names[0]}")
    return default


def refuse_rule(rule: RuleLine, why: str) -> SapphireError:
    """What one rule line holds that the link cannot, placed at the line."""
    return error("unsupported", f"{CANNOT}: its '{rule.reference}' rule: {why}", rule.span)


def refuse_case(case: Case, why: str, hint: str | None = None) -> SapphireError:
    """What the case as a whole cannot carry, placed at its start."""
    return error("unsupported", f"{CANNOT}: {why}", Span(case.path, 1, 1), hint=hint,
                 source=case.source)


@dataclass(frozen=True)
class Readback:
    """A case being read back into a genre's clues: the case, its board's size, and the name
    of the link it becomes (`genre`, pzprjs's), which refusals name."""

    case: Case
    rows: int
    cols: int
    genre: str
    declares: DeclaresBoard | None = None
    """How the library tells which rule lines declare the board (for the grids' sizes)."""

    def rules(self, *kinds: str) -> list[RuleLine]:
        """The rule lines of `kinds`, in the case's order (every line without `kinds`)."""
        return [r for r in self.case.rules if not kinds or r.reference in kinds]

    def cells(self, rule: RuleLine) -> list[Cell]:
        """The cells a rule line lists, in its order, as (row, column) from 1."""
        return cells(rule)

    def number(self, rule: RuleLine, *names: str, default: int | None = None) -> int:
        """The whole number a rule line gives under the first of `names` it has (see the
        module's `number`)."""
        return number(rule, *names, default=default)

    def param(self, rule: RuleLine, name: str) -> object:
        """The value of a rule line's parameter `name` as written (None when it has none)."""
        return param(rule, name)

    def digits(self) -> list[list[int | None]] | None:
        """The front matter's `givens:` grid (None: no givens)."""
        return digit_grid(self.case, self.declares)

    def clues(self) -> list[list[int | None]] | None:
        """The front matter's `clues:` grid."""
        return clue_grid(self.case, self.declares)

    def shading(self) -> list[list[int | None]] | None:
        """The front matter's `shading:` grid (1 shaded, 0 unshaded)."""
        return shading_grid(self.case, self.declares)

    def line(self, cells_: list[Cell]) -> tuple[str, int] | None:
        """Which whole line `cells_` is: (`column`, k) top down, (`row`, k) left to right, in
        any order of its cells; None for any other cells."""
        if not cells_:
            return None
        ordered = sorted(cells_)
        (r, c) = ordered[0]
        if ordered == [(k, c) for k in range(1, self.rows + 1)]:
            return "column", c
        if ordered == [(r, k) for k in range(1, self.cols + 1)]:
            return "row", r
        return None

    def sightline(self, cells_: list[Cell]) -> int | None:
        """Which outside clue's line `cells_` is, in their order (nearest the clue first): its
        index in `common.sightlines`, above the columns, below them, left of the rows, right
        of them; None for any other cells."""
        lines = sightlines(self.rows, self.cols)
        return lines.index(cells_) if cells_ in lines else None

    def refuse(self, why: str, hint: str | None = None, at: RuleLine | None = None
               ) -> SapphireError:
        """What the case as a whole cannot carry, placed at its start (or at the line `at`)."""
        if at is not None:
            return error("unsupported", f"{CANNOT}: {why}", at.span, hint=hint)
        return refuse_case(self.case, why, hint)

    def refuse_rule(self, rule: RuleLine, why: str) -> SapphireError:
        """What one rule line holds that the link cannot, placed at the line."""
        return refuse_rule(rule, why)

    def within(self, numbers: Iterable[int | None], low: int, high: int) -> None:
        """Refuse a number outside `low`-`high`, which the link cannot write (None is no
        number)."""
        bad = next((v for v in numbers if v is not None and not low <= v <= high), None)
        if bad is not None:
            raise self.refuse(f"a {self.genre} link writes numbers {low}-{high}, not {bad}")
