"""`sapphire solve CASE --candidates`: every value some answer gives each cell, as text or JSON.

The search is the loaded case's (`sapphire.api.Puzzle.candidates`); this module checks the
command line and prints. A point with one candidate is decided; the text shows several as
`{12}` (`{1,10}` when a value has more than one character), and a shading cell that may be
either, or an edge of a loop that may be on or off, as `?`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from sapphire.cli.arguments import is_program
from sapphire.cli.draw_command import write_picture
from sapphire.diagnostics import error
from sapphire.pipeline import Candidates

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


def candidates_text(found: Candidates) -> str:
    """The text `--candidates` prints: a head line, then each part of the answer, a grid of
    cells or its lines with the open ones marked (`sapphire.render.text.candidate_lines`)."""
    from sapphire.meaning import bundled_form
    from sapphire.render.text import candidate_lines

    head = {"unique": "unique solution", "multiple": "more than one solution",
            "none": "no solution", "unknown": "unknown (time limit reached)"}[found.status]
    noun = "solution" if found.seen == 1 else "solutions"
    done = "complete" if found.complete else "incomplete (the time limit stopped the search)"
    lines = [f"status: {found.status} — {head}; candidates {done}, from {found.seen} {noun}; "
             f"{found.seconds:.2f} s"]
    return "\n".join(lines + candidate_lines(found.form or bundled_form(), found.candidates))
