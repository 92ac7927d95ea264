"""`sapphire solve`: a `.sapphire` program with instance data, or a case file.

Exit status (docs/cli.md): 0 solved (unique or not), 1 bad input, 2 no solution, 3 time
limit reached without an answer. A file is a program when its name ends in `.sapphire`.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from sapphire.cli.arguments import load_puzzle, reads_program, take_stdin
from sapphire.cli.draw_command import check_output, write_picture
from sapphire.diagnostics import (
    NumberTooLong,
    Span,
    error,
    integer,
    json_number_error,
    read_text,
)
from sapphire.lang.syntax import MAX_INTEGER
from sapphire.pipeline import STOPPED_BY_TIME, Solved
from sapphire.render.text import answer_lines

if TYPE_CHECKING:
    from sapphire.api import Puzzle
    from sapphire.explain import Why
    from sapphire.meaning import AnswerForm

EXIT = {"unique": 0, "multiple": 0, "none": 2, "unknown": 3}


def exit_status(res: Solved) -> int:
    """`EXIT` of the status; a search stopped by the time limit after an answer has solved the
    puzzle, though not shown it unique: 0, as for "solved (unique or not)"."""
    return 0 if res.status == "unknown" and res.count > 0 else EXIT[res.status]


def _read_data(path: str | None) -> tuple[dict[str, Any], str | None]:
    """The instance data, and its text (for errors placed in it)."""
    if path is None:
        return {}, None
    text = read_text(path)
    try:
        data = json.loads(text, parse_int=integer)
    except NumberTooLong:
        raise json_number_error(text, path, hint="numbers in the data stay within "
                                f"±{MAX_INTEGER:,}") from None
    except json.JSONDecodeError as e:
        raise error("bad-json", f"invalid JSON: {e.msg}", Span(path, e.lineno, e.colno),
                    hint="instance data is one JSON object, e.g. {\"n\": 5, \"m\": 5}",
                    source=text) from None
    if not isinstance(data, dict):
        raise error("bad-data", "instance data must be a JSON object", Span(path, 1, 1),
                    hint="{\"n\": 5, \"m\": 5, \"pim\": [[3, null], …]}")
    return data, text


def run(args: argparse.Namespace) -> int:
    if args.max_solutions < 1:
        raise error("usage", "--max-solutions must be at least 1", None)
    count_limit: int | None = getattr(args, "count", None)
    if count_limit is not None and count_limit < 1:
        raise error("usage", "--count must be at least 1", None,
                    hint="--count alone counts up to 100,000 answers")
    if args.workers is not None and args.workers < 1:
        raise error("usage", "--workers must be at least 1", None)
    if args.time_limit is not None and not args.time_limit > 0:  # NaN too
        raise error("usage", f"--time-limit must be more than 0 seconds, not {args.time_limit:g}",
                    None, hint="leave it out to search until the answer is known")
    program = reads_program(args)
    output = getattr(args, "output", None)
    if output is not None and args.format != "svg":
        raise error("usage", "-o writes a picture, and goes with --format svg", None,
                    hint="add --format svg, or redirect standard output for text or json")
    check_output(output, getattr(args, "force", False), "solve")
    text = take_stdin(args)
    if getattr(args, "candidates", False):  # every value some answer gives each cell
        from sapphire.cli.candidates import run_candidates

        return run_candidates(args, load_puzzle(args, text))
    if args.why and program:
        raise error("usage", "--why explains case files, not .sapphire programs", None)
    if args.data is not None and not program:
        raise error("usage", f"--data goes with a .sapphire program, and {args.file} is read as "
                    "a case file, which holds its own givens", None,
                    hint="a program's file name ends in .sapphire, or --program says so")
    if program:
        from sapphire.api import load_program

        data, data_text = _read_data(args.data)
        puzzle = load_program(args.file, data, data_path=args.data, data_text=data_text,
                              text=text)
    else:
        puzzle = load_puzzle(args, text)
    res = puzzle.solve(max_solutions=args.max_solutions, time_limit=args.time_limit,
                       backend=args.backend, count=count_limit, workers=args.workers)
    if program:
        answers: list[dict[str, Any]] = [{"values": s} for s in res.solutions]
        shapes, clues, size = _program_drawing(res.solutions, data) \
            if args.format != "json" else ({}, None, None)
        blocks = [_program_lines(s, shapes, clues, size) for s in res.solutions]
        form: AnswerForm | None = None
    else:
        answers = res.solutions
        form, shapes, clues = _case_drawing(puzzle, answers) if args.format != "json" \
            else (None, {}, None)
        blocks = [answer_lines(form, a, clues) for a in answers] if form is not None else []
        if args.why:  # the differing cells, or the clashing lines (`Puzzle.why`)
            res.why = puzzle.why(time_limit=args.time_limit, backend=args.backend,
                                 workers=args.workers, solved=res)
    if args.format == "svg":
        from sapphire.render import panel_of, svg

        panels = [panel_of(a, clues, shapes, form) for a in answers]
        if any(p is None for p in panels):
            raise error("usage", "these answers have no grid to draw", None,
                        hint="use --format text or json")
        if not program:  # each answer over the puzzle as `sapphire draw` shows it, the
            # cells of a conflict `--why` found tinted
            write_picture(puzzle.draw(answers, highlight=puzzle.conflict_cells(res.why)),
                          output)
            return exit_status(res)
        write_picture(svg([p for p in panels if p is not None]), output)
        return exit_status(res)
    if args.format == "json":
        json.dump(replace(res, solutions=answers).to_json(), sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
    else:
        print(_text(res, blocks, count_limit is not None))
        if res.why is not None:
            print(_why_text(res.why))
    return exit_status(res)


def _given_text(given: dict[str, Any]) -> str:
    """A given cell of `--why` as text: `r1c2=5`, `r2c2 clue 3`, and a cell of a channel's
    grid (the shading's) `r3c4 shaded` or `r3c4 unshaded`."""
    if "digit" in given:
        return f"{given['cell']}={given['digit']}"
    if "clue" in given:
        return f"{given['cell']} clue {given['clue']}"
    value = next(v for k, v in given.items() if k != "cell")
    return f"{given['cell']} {'shaded' if value else 'unshaded'}"


def _why_text(found: Why) -> str:
    if found.differ is not None:
        return f"why: {found.differ_text()}"
    why = found.to_json()
    frame = [str(x["line"]) for x in why["frame"]]
    kept = f"line{'s' if len(frame) > 1 else ''} {', '.join(frame)}" if frame else "the case"
    if not why["conflict"] and not why["givens"]:
        return f"why: {kept} already {'have' if len(frame) > 1 else 'has'} no solution"
    lines = ["why: these have no solution together" + (f", with {kept}:" if frame else ":")]
    lines += [f"  {x['line']}: {x['text']}" for x in why["conflict"]]
    if why["givens"]:
        lines.append("  givens: " + ", ".join(_given_text(g) for g in why["givens"]))
    if why["fixes"]:
        lines.append("  dropping just one of these gives a solution: " + ", ".join(
            f"line {x['line']}" if "line" in x else _given_text(x) for x in why["fixes"]))
    if not why["minimal"]:
        lines.append("  (a solve reached the time limit, so some of these may not be needed)")
    return "\n".join(lines)


def count_text(res: Solved, counting: bool = False) -> str:
    """The count as it is known: "3 solutions" when the search was exhausted, "at least 42"
    (and why) when the time limit or the answers asked for stopped it first."""
    n = res.count
    noun = "solution" if n == 1 else "solutions"
    shown = f", {len(res.solutions)} shown" if len(res.solutions) != n else ""
    if res.complete:
        return f"{n} {noun}{' in all' if counting or n > 1 else ''}{shown}"
    if res.stopped == STOPPED_BY_TIME:
        why = "the time limit stopped the count" if counting else "the time limit stopped " \
            "the search"
    else:
        why = "the count limit was reached" if counting else "use --count to count them all"
    return f"at least {n} {noun} ({why}){shown}"


def _text(res: Solved, blocks: list[list[str]], counting: bool = False) -> str:
    """The status line, then each answer's lines (`sapphire.render.text`)."""
    head = {"unique": "unique solution", "multiple": "more than one solution",
            "none": "no solution", "unknown": "unknown (time limit reached)"}[res.status]
    settled = "; proved by the rule's guide (its guide-settles block)" \
        if res.timings.get("settled by the guides") else ""
    lines = [f"status: {res.status} — {head}; {count_text(res, counting)}; "
             f"{res.seconds:.2f} s{settled}"]
    for k, block in enumerate(blocks, start=1):
        lines.append(f"solution {k}:")
        lines.extend(block)
    return "\n".join(lines)


def _case_drawing(puzzle: Puzzle, answers: list[dict[str, Any]]
                  ) -> tuple[AnswerForm | None, dict[str, str], list[list[int | None]] | None]:
    """How a case's answers are shown: the parts its answers have (`case_form`), the shape of
    each map its rules report (their definitions' `answer`), and the clue grid a rule binds
    (`binds: {NAME: clues}`)."""
    if not answers:
        return None, {}, None
    from sapphire.meaning import case_form

    clues, shapes = puzzle.answer_drawing()
    return case_form(*puzzle.parsed()), shapes, clues


def _program_lines(solution: dict[str, Any], shapes: dict[str, str], clues: list[Any] | None,
                   size: tuple[int, int] | None) -> list[str]:
    """A program's answer: drawn as the kind reporting its maps draws them, or its maps as
    `name: (index)=value`."""
    from sapphire.render.text import grid_drawing

    if size is not None:
        return grid_drawing(solution, shapes, *size, clues)
    lines = []
    for name, v in solution.items():
        if isinstance(v, list):
            body = " ".join(f"{tuple(r[:-1])}={r[-1]}".replace(",)", ")") for r in v)
            lines.append(f"  {name}: {body}")
        else:
            lines.append(f"  {name} = {v}")
    return lines


def _program_drawing(solutions: list[dict[str, Any]], data: dict[str, Any]
                     ) -> tuple[dict[str, str], list[Any] | None, tuple[int, int] | None]:
    """How a program's answers are drawn, when they hold every map that a kind of the bundled
    library reports as its answer (the seed Slitherlink program holds `slitherlink.md`'s): the
    maps' shapes, and the clues and board size from the data under the names that kind binds
    to the case's clues, rows and columns."""
    if not solutions or not any(_two_index(v) for v in solutions[0].values()):
        return {}, None, None
    from pathlib import Path

    from sapphire.library import load_library

    for d in load_library("std", Path(".")).reporting():
        if all(name in s for s in solutions for name, _ in d.answer):
            bound = {what: data.get(name) for name, what in d.binds}
            clues = bound.get("clues") if isinstance(bound.get("clues"), list) else None
            rows, cols = bound.get("rows"), bound.get("cols")
            size = (rows, cols) if isinstance(rows, int) and isinstance(cols, int) else None
            return dict(d.answer), clues, size
    return {}, None, None


def _two_index(value: Any) -> bool:
    """Whether an answer's value is a map of two indices (`[a, b, value]` rows)."""
    return isinstance(value, list) and bool(value) and isinstance(value[0], list) \
        and len(value[0]) == 3
