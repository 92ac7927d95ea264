"""Warnings of `sapphire check`: what a case may say but likely does not mean.

A warning never stops a solve; it names a line that the library reads without complaint and
that a setter most likely wrote by slip:

* a shading (or another channel of the answer) that one kind declares and no other rule of the
  case reads, while other rules go on without it: `thermometer` (a shading puzzle's clue)
  written for `thermo`, whose answers then differ only in a shading nothing asks for. The kinds
  the setter may have meant are found by their names, as an unknown kind's are;
* cells that do not join as the kind says they must (its `adjacent` field): `cage r1c1-r1c3`
  is two cells, since `-` joins cells and does not make a range. Cells of extra rows stand
  nowhere on the board, and a line holding one is left alone.
"""

from __future__ import annotations

from typing import Any

from sapphire.case.givens import board_size
from sapphire.case.model import Case, Cell, RuleLine
from sapphire.diagnostics import Diagnostic, SapphireError, Span
from sapphire.library.channels import needed
from sapphire.library.definition import RuleDefinition
from sapphire.library.search import suggestions

RANGE_RULE = ("the case-file syntax: '-' joins cells and does not make a range; r1c1-r1c3 "
              "names two cells, not three")
"""The rule of the case-file syntax a warning about cells apart quotes."""


def case_warnings(lib: Any, case: Case) -> list[Diagnostic]:
    """Every warning of `case` against its library, in line order; none for a line whose kind
    the library lacks (an error says so)."""
    lines = case.source.split("\n")
    defs = [(rule, _resolve(lib, rule)) for rule in case.rules]
    known = [(rule, d) for rule, d in defs if d is not None]
    size = board_size(case, lib.declares_board)
    rows = size[0] if size is not None else 0
    out = [*_unread_channels(lib, case, known), *(
        w for rule, d in known if all(ref.cell.row <= rows for ref in rule.cells)
        for w in _apart(rule, d))]  # extra cells stand nowhere: no two are side by side
    out = [Diagnostic(d.kind, d.message, d.span, d.hint, _line(lines, d.span), d.notes,
                      "warning") for d in out]
    return sorted(out, key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))


def _resolve(lib: Any, rule: RuleLine) -> RuleDefinition | None:
    try:
        return lib.resolve(rule.reference)
    except (SapphireError, LookupError):
        return None


def _line(lines: list[str], span: Span | None) -> str | None:
    return lines[span.line - 1] if span is not None and 0 < span.line <= len(lines) else None


def _unread_channels(lib: Any, case: Case, known: list[tuple[RuleLine, RuleDefinition]]
                     ) -> list[Diagnostic]:
    """A channel declared by the lines of one kind and read by no other rule, while some rule
    reads none of it: the shading of a `thermometer` beside a sudoku."""
    try:
        channels = lib.channels()
    except SapphireError:
        return []
    out = []
    for c in channels:
        if not c.block or (c.given and case.front.fields.get(c.given) is not None):
            continue
        declaring = [(rule, d) for rule, d in known if c.name in d.declares]
        kinds = {d.kind for _, d in declaring}
        if len(kinds) != 1:
            continue
        readers = {d.kind for rule, d in known
                   if c.name in needed(d.applied, channels) or _condition_reads(lib, rule, c.name)}
        if readers - kinds or all(c.name in d.declares for _, d in known):
            continue
        rule, d = declaring[0]
        others = [f.kind for f in suggestions(
            (x for x in lib.definitions() if c.name not in x.declares), d.kind)]
        meant = (f"did you mean {' or '.join(repr(k) for k in others[:2])}? " if others else "")
        out.append(Diagnostic(
            f"unread-{c.name}", f"'{d.kind}' declares the {c.called}, and no other rule of the "
            "case reads it: the answers may differ in it alone", rule.reference_span or rule.span,
            f"{meant}'{d.kind}' is {d.title or d.kind}; a clue that reads the {c.called} "
            "makes it part of the puzzle"))
    return out


def _condition_reads(lib: Any, rule: RuleLine, channel: str) -> bool:
    if rule.condition is None:
        return False
    try:
        pred = lib.predicate(rule.condition.predicate)
    except SapphireError:
        return False
    return pred is not None and channel in pred.needs


def _apart(rule: RuleLine, d: RuleDefinition) -> list[Diagnostic]:
    """The cells of a line that do not join as the kind's `adjacent` field says."""
    refs = list(rule.cells)
    if d.adjacent is None or len(refs) < 2:
        return []
    if d.adjacent == "group":
        apart = _outside_group([ref.cell for ref in refs])
        if apart is None:
            return []
        at = next(i for i, r in enumerate(refs) if r.cell == apart)
        ref = refs[at]
        between = _between(refs[at - 1].cell, apart, True) if at else None
        return [Diagnostic(
            "cells-apart", f"{apart} is apart from the cells before it on this '{d.kind}': "
            "the cells are not one group, each touching another by a side or a corner",
            ref.span or rule.span,
            f"list every cell of the group: {between}" if between
            else "list every cell of the group", notes=(RANGE_RULE,))]
    king = d.adjacent == "side-or-corner"
    out = []
    for before, ref in zip(refs, refs[1:], strict=False):
        dr, dc = abs(ref.cell.row - before.cell.row), abs(ref.cell.col - before.cell.col)
        if (max(dr, dc) == 1) if king else (dr + dc == 1):
            continue
        step = "beside or diagonal to" if king else "beside"
        between = _between(before.cell, ref.cell, king)
        out.append(Diagnostic(
            "cells-apart", f"{ref.cell} is not {step} {before.cell}, the cell before it on this "
            f"'{d.kind}'", ref.span or rule.span,
            f"to list the cells between them, write {between}" if between else
            f"each cell of a '{d.kind}' is {step} the one before it", notes=(RANGE_RULE,)))
    return out


def _between(a: Cell, b: Cell, king: bool) -> str | None:
    """`a-…-b` with every cell on the straight line between them (a row, a column, or for a
    king's move a diagonal); None when they are on no such line."""
    dr, dc = b.row - a.row, b.col - a.col
    if (dr and dc and not (king and abs(dr) == abs(dc))) or (dr == dc == 0):
        return None
    n = max(abs(dr), abs(dc))
    sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    return "-".join(str(Cell(a.row + i * sr, a.col + i * sc)) for i in range(n + 1))


def _outside_group(cells: list[Cell]) -> Cell | None:
    """The first cell, in the order written, not joined to the first one's group by sides or
    corners: published killers have cages whose cells touch only at a corner (the Interactive
    Sudoku Solver's hard killers have dozens), and a slip of the pen (`r1c1-r1c3`) leaves a
    cell touching none."""
    todo, seen = [cells[0]], {cells[0]}
    present = set(cells)
    while todo:
        c = todo.pop()
        for n in (Cell(c.row + dr, c.col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
            if n in present and n not in seen:
                seen.add(n)
                todo.append(n)
    return next((c for c in cells if c not in seen), None)
