"""The meaning of a case: its rules instantiated into one Sapphire program, then solved.

The answer of a case is its digits, plus the shading and the region map where a rule declares
them (and a loop's edge maps for a Slitherlink); `status` and counts are over that answer.
Extra cells (`extra-cells:`) are part of it: their digits come as `extra`, in reading order.
A case whose rules declare a loop through the cell centres (`loop`, Masyu) answers `loop`:
`across` rows (1 where the loop joins a cell to the one on its right) and `down` rows (1 where
it joins it to the one below).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sapphire.meaning.instantiate import (
    Instantiated,
    instantiate,
    instantiate_checked,
    load_case,
)
from sapphire.model import GroundModel
from sapphire.pipeline import SolveResult, decode, ground_within, search_model

__all__ = ["Instantiated", "case_answer", "instantiate", "load_case", "solve_case"]


def case_answer(inst: Instantiated, gm: GroundModel, values: list[int]) -> dict[str, Any]:
    """Digits (and shading, regions) as rows of the board; a rule's own answer maps as `values`.
    Every answer holds `digits`, the contract's one field every case has."""
    raw = decode(gm, values)
    out: dict[str, Any] = {}

    def grid(name: str) -> list[list[int | None]]:
        g: list[list[int | None]] = [[None] * inst.cols for _ in range(inst.rows)]
        for r, c, v in raw.get(name, []):
            if 1 <= r <= inst.rows and 1 <= c <= inst.cols:
                g[r - 1][c - 1] = v
        return g

    out["digits"] = grid("face")  # all null where no rule reads digits (a Slitherlink)
    if inst.digits:
        if inst.extra:
            faces = {(r, c): v for r, c, v in raw.get("face", [])}
            out["extra"] = [faces.get(cell) for cell in inst.extra]
    if inst.shading:
        out["shading"] = grid("shade")
    if inst.regions:
        out["regions"] = grid("region")
    if "across" in inst.instance.answer:  # a rule declares the loop through cell centres
        out["loop"] = {"across": grid("across"), "down": grid("down")}
    if inst.loop_maps:
        out["values"] = {k: raw[k] for k in inst.loop_maps if k in raw}
    return out


def solve_case(path: str, *, max_solutions: int = 2, time_limit: float | None = None,
               workers: int | None = None, backend: str = "auto",
               count_limit: int | None = None,
               library_roots: Sequence[Path | str] = (),
               fetch: str = "auto") -> SolveResult:
    """Parse, resolve, instantiate, ground, solve and verify a case file; `count_limit`
    counts its answers up to that many (`sapphire.pipeline.search_model`), `library_roots`
    are folders besides the case file's own that its library may be in, and `fetch` how
    fetched definitions use their cache."""
    t0 = time.perf_counter()
    case, lib = load_case(path, library_roots, fetch)
    inst = instantiate_checked(case, lib)
    t1 = time.perf_counter()
    gm, left = ground_within(inst.program, inst.instance, t0, time_limit)
    t2 = time.perf_counter()
    if gm is None:  # the time limit passed before the search could start
        return SolveResult("unknown", [], t2 - t0, {"instantiate": t1 - t0, "ground": t2 - t1,
                                                    "load": 0.0}, None)
    res, counted = search_model(gm, max_solutions=max_solutions, count_limit=count_limit,
                                time_limit=left, workers=workers, backend=backend)
    answers = [case_answer(inst, gm, s) for s in res.solutions]
    timings = {"instantiate": t1 - t0, "ground": t2 - t1, **res.timings}
    return SolveResult(res.status, answers, time.perf_counter() - t0 - timings["load"], timings,
                       gm, res.backend, counted)
