"""`sapphire solve CASE --candidates`: every value some answer gives each cell, as text or JSON.

The search is the loaded case's (`sapphire.api.Puzzle.candidates`); this module checks the
command line and prints. A cell with one candidate is decided; the text shows several as
`{12}` (`{1,10}` when a value has more than one character) and a shading cell that may be
either as `?`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from sapphire.cli.arguments import is_program
from sapphire.cli.draw_command import write_picture
from sapphire.diagnostics import error
from sapphire.pipeline import Candidates, answer_points, decided

if TYPE_CHECKING:
    from sapphire.api import Puzzle

EXIT = {"unique": 0, "multiple": 0, "none": 2, "unknown": 3}
"""As `solve`'s: 0 some answer found, 2 none, 3 the time limit came before the first."""


def check_usage(args: argparse.Namespace) -> None:
    """What `--candidates` cannot go with, as usage errors (exit 1)."""
    if is_program(args.file):
        raise error("usage", "--candidates reads case files, not .sapphire programs", None,
                    hint="a case's answer has cells; a program's maps have no board to show")
    if getattr(args, "count", None) is not None:
        raise error("usage", "--candidates and --count ask different questions", None,
                    hint="--candidates finds every value without counting the answers")
    if args.why:
        raise error("usage", "--why does not explain candidates", None,
                    hint="run solve --why on its own")


def run_candidates(args: argparse.Namespace, puzzle: Puzzle) -> int:
    """Search the candidates of the case `args` name (loaded as `puzzle`) and print them; the
    exit status (`EXIT`)."""
    check_usage(args)
    found = puzzle.candidates(time_limit=args.time_limit, backend=args.backend,
                              workers=args.workers)
    if args.format == "svg":
        write_picture(candidates_picture(puzzle, found), getattr(args, "output", None))
    elif args.format == "json":
        json.dump(found.to_json(), sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
    else:
        print(candidates_text(found))
    return 0 if found.status == "unknown" and found.seen else EXIT[found.status]


def candidates_picture(puzzle: Puzzle, found: Candidates) -> str:
    """The puzzle with each cell's candidate digits drawn small in it, and a decided cell's
    digit drawn as found."""
    rows = found.candidates.get("digits") or []
    small = {(r, c): values for r, row in enumerate(rows, start=1)
             for c, values in enumerate(row, start=1) if values and len(values) > 1}
    decided_digits = [[v[0] if v and len(v) == 1 else None for v in row] for row in rows]
    answers = [{"digits": decided_digits}] if rows else []
    return puzzle.draw(answers, candidates=small)


def _cell(values: list[int] | None) -> str:
    if values is None:
        return "."
    if not values:
        return "-"  # no answer was found: nothing is known of the cell
    if len(values) == 1:
        return str(values[0])
    sep = "" if all(0 <= v <= 9 for v in values) else ","
    return "{" + sep.join(str(v) for v in values) + "}"


def _shade(values: list[int] | None) -> str:
    if values is None or not values:
        return "-" if values is not None else " "
    return "?" if len(values) > 1 else ("#" if values[0] else ".")


def _grid(rows: list[list[Any]], cell: Any = _cell) -> list[str]:
    shown = [[cell(v) for v in row] for row in rows]
    width = max((len(s) for row in shown for s in row), default=1)
    return ["  " + " ".join(s.ljust(width) for s in row).rstrip() for row in shown]


def candidates_text(found: Candidates) -> str:
    """The text `--candidates` prints: a head line, then each part of the answer as a grid."""
    head = {"unique": "unique solution", "multiple": "more than one solution",
            "none": "no solution", "unknown": "unknown (time limit reached)"}[found.status]
    noun = "solution" if found.seen == 1 else "solutions"
    done = "complete" if found.complete else "incomplete (the time limit stopped the search)"
    lines = [f"status: {found.status} — {head}; candidates {done}, from {found.seen} {noun}; "
             f"{found.seconds:.2f} s"]
    cands = found.candidates
    counts = decided(cands)
    for key, title, cell in (("digits", "digits", _cell), ("shading", "shading", _shade),
                             ("regions", "regions", _cell)):
        pts = answer_points(cands.get(key) or [])
        if pts:
            lines.append(f"{title} ({counts[key]} of {len(pts)} decided):")
            lines.extend(_grid(cands[key], cell))
    if cands.get("extra"):
        lines.append(f"extra cells ({counts['extra']} of {len(cands['extra'])} decided):")
        lines.extend(_grid([cands["extra"]]))
    if "loop" in cands:
        lines.append(f"loop ({counts['loop']} edges decided; across: 1 joins a cell to its "
                     "right, down: to the one below):")
        lines.append("  across:")
        lines.extend(_grid(cands["loop"]["across"]))
        lines.append("  down:")
        lines.extend(_grid(cands["loop"]["down"]))
    for name, rows in (cands.get("values") or {}).items():
        if isinstance(rows, list) and rows and isinstance(rows[0], list):
            body = " ".join(f"({','.join(str(i) for i in r[:-1])})={_cell(r[-1])}" for r in rows)
        else:
            body = _cell(rows)
        lines.append(f"  {name}: {body}")
    return "\n".join(lines)
