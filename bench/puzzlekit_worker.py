"""Solve puzzlekit-dataset puzzles with the puzzlekit package's own OR-Tools models, one JSON line
in and one out, so that `bench/sidebyside.py` can time them beside Sapphire in the same run.

This runs in a separate environment that has the PyPI package `puzzlekit` (the bench creates
`bench/.venv-puzzlekit`); puzzlekit is not a dependency of the project, and this script imports
nothing of Sapphire. Input lines: `{"name", "genre", "problem", "solution", "time_limit"}` with
the corpus's genre name (`KillerSudoku`) and texts. Output lines: `{"name", "status", "seconds",
"matched", "error"}`, where `seconds` is the package's parse + model build + solve, timed in this
process (puzzlekit stops at the first solution; it does not prove uniqueness), `status` is
`solved`, `none`, `unknown` (its time limit), `unsupported` (no parser or solver for the genre)
or `error`, and `matched` says whether the package's own verifier accepts its answer against the
recorded solution. The first line printed is `{"ready": true, "version": ...}` once the package
and OR-Tools are loaded and a first search has run, so that no puzzle pays for loading them.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any, TextIO


def warm_up() -> str:
    """Import the package and run one CP-SAT search; returns the package's version."""
    import puzzlekit
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = model.new_int_var(0, 3, "x")
    model.add(x >= 2)
    cp_model.CpSolver().solve(model)
    return str(getattr(puzzlekit, "__version__", "?"))


def puzzle_type(genre: str) -> str:
    """The package's snake_case type for a dataset genre name, by the package's own rule."""
    from puzzlekit.utils.name_utils import infer_puzzle_type

    return str(infer_puzzle_type(genre))


def supported(kind: str) -> str | None:
    """None when the package has both a parser and a solver for `kind`, else why not. Loading
    the solver's module here keeps that import out of the first timed puzzle of a genre."""
    from puzzlekit.parsers.registry import get_parser
    from puzzlekit.solvers import get_solver_class

    try:
        get_parser(kind)
        get_solver_class(kind)
    except (ValueError, KeyError, ImportError) as e:
        return f"puzzlekit has no {kind}: {e}"
    return None


def matches(kind: str, answer: Any, solution: str) -> bool:
    """The package's own verifier for the genre, on its answer grid and the recorded solution
    read as a plain grid (first line `rows cols`, then the rows)."""
    from puzzlekit.core.grid import Grid
    from puzzlekit.parsers.common import standard_grid_parser
    from puzzlekit.verifiers import grid_verifier

    want = Grid(standard_grid_parser(solution)["grid"])
    return bool(grid_verifier(kind, answer, want))


STATUS = {"Optimal": "solved", "Feasible": "solved", "Infeasible": "none"}


def solve_one(req: dict[str, Any], known: dict[str, str | None]) -> dict[str, Any]:
    import puzzlekit

    out: dict[str, Any] = {"name": req.get("name"), "status": "error", "seconds": None,
                           "matched": False, "error": ""}
    kind = puzzle_type(str(req["genre"]))
    if kind not in known:
        known[kind] = supported(kind)
    if known[kind]:
        out["status"], out["error"] = "unsupported", known[kind]
        return out
    options = {"time_limit_sec": float(req.get("time_limit") or 30.0)}
    t0 = time.perf_counter()
    try:
        res = puzzlekit.solve(str(req["problem"]), kind, solver_options=options)
    except Exception as e:  # one puzzle's failure must not end the worker (and has no time)
        out["error"] = f"{type(e).__name__}: {e}"
        return out
    out["seconds"] = time.perf_counter() - t0
    out["status"] = STATUS.get(str(res.solution_data.get("status")), "unknown")
    if out["status"] == "solved" and req.get("solution"):
        try:
            out["matched"] = matches(kind, res.sol_grid, str(req["solution"]))
        except Exception as e:
            out["error"] = f"verifier: {type(e).__name__}: {e}"
    return out


def main() -> int:
    reply: TextIO = sys.stdout
    sys.stdout = sys.stderr  # anything the package prints stays out of the replies
    reply.write(json.dumps({"ready": True, "version": warm_up()}) + "\n")
    reply.flush()
    known: dict[str, str | None] = {}
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            out = solve_one(json.loads(line), known)
        except Exception as e:
            out = {"name": None, "status": "error", "seconds": None, "matched": False,
                   "error": f"{type(e).__name__}: {e}"}
        reply.write(json.dumps(out) + "\n")
        reply.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
