"""The meaning of a case: its rules instantiated into one Sapphire program.

This stage stops at the program; `sapphire.pipeline` grounds and solves it, and hands each
answer back to `case_answer` to be shown in the case's terms.

The answer of a case is its digits, plus the shading and the region map where a rule declares
them (and a loop's edge maps for a Slitherlink); `status` and counts are over that answer.
Extra cells (`extra-cells:`) are part of it: their digits come as `extra`, in reading order.
A case whose rules declare a loop through the cell centres (`loop`, Masyu) answers `loop`:
`across` rows (1 where the loop joins a cell to the one on its right) and `down` rows (1 where
it joins it to the one below).
"""

from __future__ import annotations

from typing import Any

from sapphire.meaning.instantiate import (
    Instantiated,
    instantiate,
    instantiate_checked,
    load_case,
)

__all__ = ["Instantiated", "case_answer", "differing_cells", "instantiate", "instantiate_checked",
           "load_case"]


def case_answer(inst: Instantiated, decoded: dict[str, Any]) -> dict[str, Any]:
    """Digits (and shading, regions) as rows of the board; a rule's own answer maps as `values`.
    `decoded` is the answer as the program's maps (`sapphire.pipeline.decode`). Every answer
    holds `digits`, the contract's one field every case has."""
    out: dict[str, Any] = {}

    def grid(name: str) -> list[list[int | None]]:
        g: list[list[int | None]] = [[None] * inst.cols for _ in range(inst.rows)]
        for r, c, v in decoded.get(name, []):
            if 1 <= r <= inst.rows and 1 <= c <= inst.cols:
                g[r - 1][c - 1] = v
        return g

    out["digits"] = grid("face")  # all null where no rule reads digits (a Slitherlink)
    if inst.digits:
        if inst.extra:
            faces = {(r, c): v for r, c, v in decoded.get("face", [])}
            out["extra"] = [faces.get(cell) for cell in inst.extra]
    if inst.shading:
        out["shading"] = grid("shade")
    if inst.regions:
        out["regions"] = grid("region")
    if "across" in inst.instance.answer:  # a rule declares the loop through cell centres
        out["loop"] = {"across": grid("across"), "down": grid("down")}
    if "link_across" in inst.instance.answer:  # a rule declares the links between neighbours
        out["links"] = {"across": grid("link_across"), "down": grid("link_down")}
    if "slant" in inst.instance.answer:  # a rule declares a diagonal per cell
        out["diagonals"] = grid("slant")
    if inst.answer_maps:
        out["values"] = {k: decoded[k] for k, _ in inst.answer_maps if k in decoded}
    return out


def differing_cells(first: dict[str, Any], second: dict[str, Any]) -> list[tuple[int, int]]:
    """The cells (row, column from 1) whose digit, shade or region differs between two answers
    of a case, in reading order: where a clue is missing when a case has several."""
    out: set[tuple[int, int]] = set()
    for key in ("digits", "shading", "regions"):
        a, b = first.get(key), second.get(key)
        if a is None or b is None:
            continue
        for r, (row_a, row_b) in enumerate(zip(a, b, strict=True), start=1):
            out.update((r, c) for c, (x, y) in enumerate(zip(row_a, row_b, strict=True), start=1)
                       if x != y)
    return sorted(out)
