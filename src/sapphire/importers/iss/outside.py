"""ISS handlers for outside clues on a row or column: skyscrapers, X-sums, full rank."""

from __future__ import annotations

from collections.abc import Callable

from sapphire.formats.common import Cell, Malformed, Unsupported, row_or_column
from sapphire.importers.iss.converter import Converter
from sapphire.importers.iss.reader import Item


def line_cells(cv: Converter, line_id: str, forward: bool) -> list[Cell]:
    """A whole row (`R3`) or column (`C5`) as an outside clue sees it: left to right or top to
    bottom when `forward`, else from the other end."""
    try:
        k = int(line_id[1:], 17) if len(line_id) == 2 else int(line_id[1:])
    except ValueError:
        raise Malformed("cell", f"'{line_id}' is not a row or column") from None
    cells = row_or_column(cv.shape.rows, cv.shape.cols, line_id[:1], k, forward)
    if cells is None:
        raise Malformed("cell", f"'{line_id}' is not a row or column of the grid")
    return cells


def outside_clue(kind: str, param: str) -> Callable[[Converter, Item], None]:
    """A clue at either end of a row or column: `.TYPE~C5~FROM_START~FROM_END`."""
    def handler(cv: Converter, it: Item) -> None:
        cv.need(it.type, kind)
        for value, forward in zip(it.args[1:3], (True, False), strict=False):
            if value:
                cv.b.add(kind, line_cells(cv, it.args[0], forward),
                         **{param: cv.number(it.type, value)})
    return handler


def full_rank(cv: Converter, it: Item) -> None:
    """`.FullRank~C5~FROM_START~FROM_END`; `.FullRankTies~any` lets lines tie, `~none` (no two
    lines of the whole grid tie: `full-rank-no-ties`, written by `full_rank_ties`) and the
    default (`only-unclued`) keep clued lines from tying."""
    cv.need(it.type, "full-rank")
    if cv.shape.rows != cv.shape.cols:
        raise Unsupported(it.type, "a grid that is not square")
    modes = [x.args[0] if x.args else "" for x in cv.flat if x.type == "FullRankTies"]
    mode = modes[-1] if modes else "only-unclued"
    if mode not in ("any", "only-unclued", "none"):
        raise Unsupported("FullRankTies", f"the mode '{mode}'")
    for value, forward in zip(it.args[1:3], (True, False), strict=False):
        if value:
            cells = line_cells(cv, it.args[0], forward)
            cv.b.add("full-rank", cells, rank=cv.number(it.type, value), ties=mode == "any")


def full_rank_ties(cv: Converter, it: Item) -> None:
    """`.FullRankTies~none`: no two lines of the grid read the same number."""
    if it.args[:1] == ["none"]:
        cv.need(it.type, "full-rank-no-ties")
        if cv.shape.rows != cv.shape.cols:
            raise Unsupported(it.type, "a grid that is not square")
        cv.b.add("full-rank-no-ties", early=True)
