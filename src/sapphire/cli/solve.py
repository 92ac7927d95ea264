"""`sapphire solve`: a `.sapphire` program with instance data, or a case file.

Exit status (DESIGN.md, Contracts): 0 solved (unique or not), 1 bad input, 2 no solution,
3 time limit reached without an answer. A file is a program when its name ends in `.sapphire`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from sapphire.cli import fetch_mode, reads_program, take_stdin
from sapphire.diagnostics import (
    NumberTooLong,
    Span,
    error,
    integer,
    json_number_error,
    read_text,
)
from sapphire.lang.syntax import MAX_INTEGER
from sapphire.pipeline import STOPPED_BY_TIME, SolveResult

EXIT = {"unique": 0, "multiple": 0, "none": 2, "unknown": 3}


def exit_status(res: SolveResult) -> int:
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


def _roots(args: argparse.Namespace) -> list[str]:
    """The folders `--library-root` allows a case's library to be in, besides its own."""
    return list(getattr(args, "library_root", None) or ())


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
    from sapphire.cli.draw_command import check_output, write_picture

    check_output(output, getattr(args, "force", False), "solve")
    args.text = take_stdin(args)
    if getattr(args, "candidates", False):  # every value some answer gives each cell
        from sapphire.cli.candidates import run_candidates

        return run_candidates(args)
    if args.why and program:
        raise error("usage", "--why explains case files, not .sapphire programs", None)
    if args.data is not None and not program:
        raise error("usage", f"--data goes with a .sapphire program, and {args.file} is read as "
                    "a case file, which holds its own givens", None,
                    hint="a program's file name ends in .sapphire, or --program says so")
    why: dict[str, Any] | None = None
    if program:
        from sapphire.pipeline import solve_program

        data, text = _read_data(args.data)
        res = solve_program(args.file, data, max_solutions=args.max_solutions,
                            time_limit=args.time_limit, workers=args.workers,
                            data_path=args.data, data_text=text, backend=args.backend,
                            count_limit=count_limit, text=args.text)
        answers: list[dict[str, Any]] = [{"values": s} for s in res.solutions]
        shapes, clues, size = _program_drawing(res.solutions, data) \
            if args.format != "json" else ({}, None, None)
        drawing = _draw(res.solutions, *size, shapes, clues) if size is not None else None
    else:
        from sapphire.pipeline import solve_case

        res = solve_case(args.file, max_solutions=args.max_solutions,
                         time_limit=args.time_limit, workers=args.workers, backend=args.backend,
                         count_limit=count_limit, library_roots=_roots(args),
                         fetch=fetch_mode(args), text=args.text)
        answers = res.solutions
        shapes, clues = _case_drawing(args, answers) if args.format != "json" else ({}, None)
        drawing = _case_edge_drawings(answers, shapes, clues)
        if args.why:
            why = _why(args, res)
    if args.format == "svg":
        from sapphire.render import panel_of, svg

        panels = [panel_of(a, clues, shapes) for a in answers]
        if any(p is None for p in panels):
            raise error("usage", "these answers have no grid to draw", None,
                        hint="use --format text or json")
        if not program:  # each answer over the puzzle as `sapphire draw` shows it
            from sapphire.cli.draw_command import case_picture

            write_picture(case_picture(args, answers, shapes, why), output)
            return exit_status(res)
        write_picture(svg([p for p in panels if p is not None]), output)
        return exit_status(res)
    if args.format == "json":
        from sapphire.api import solved  # the API's result, so both print one object

        out = solved(res, answers).to_json()
        if why is not None:
            out["why"] = why
        json.dump(out, sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
    else:
        print(_text(res, answers, drawing, count_limit is not None))
        if why is not None:
            print(_why_text(why))
    return exit_status(res)


def _why(args: argparse.Namespace, res: SolveResult) -> dict[str, Any] | None:
    """`--why`: the clashing lines when there is no answer, the differing cells when there are
    several (`sapphire.explain.why`, which `Puzzle.why()` gives too)."""
    from sapphire.explain import why
    from sapphire.meaning import load_case

    if res.status not in ("multiple", "none"):
        return None
    case, lib = load_case(args.file, _roots(args), fetch_mode(args), text=args.text)
    found = why(case, lib, res.status, res.solutions, time_limit=args.time_limit,
                workers=args.workers, backend=args.backend)
    return found.to_json() if found is not None else None


def _given_text(given: dict[str, Any]) -> str:
    """A given cell of `--why` as text: `r1c2=5`, `r3c4 shaded`, `r2c2 clue 3`."""
    if "shading" in given:
        return f"{given['cell']} {'shaded' if given['shading'] else 'unshaded'}"
    if "clue" in given:
        return f"{given['cell']} clue {given['clue']}"
    return f"{given['cell']}={given['digit']}"


def _why_text(why: dict[str, Any]) -> str:
    if "differ" in why:
        cells = why["differ"]
        shown = " ".join(cells[:24]) + (" …" if len(cells) > 24 else "")
        return f"why: the first two solutions differ in {len(cells)} cells: {shown}"
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


def count_text(res: SolveResult, counting: bool = False) -> str:
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


def _text(res: SolveResult, answers: list[dict[str, Any]], drawings: list[str] | None,
          counting: bool = False) -> str:
    head = {"unique": "unique solution", "multiple": "more than one solution",
            "none": "no solution", "unknown": "unknown (time limit reached)"}[res.status]
    settled = "; proved by the rule's guide (its guide-settles block)" \
        if res.timings.get("settled by the guides") else ""
    lines = [f"status: {res.status} — {head}; {count_text(res, counting)}; "
             f"{res.seconds:.2f} s{settled}"]
    for k, ans in enumerate(answers, start=1):
        lines.append(f"solution {k}:")
        if drawings:
            lines.append(drawings[k - 1])
            continue
        digits = "digits" in ans and any(d is not None for row in ans["digits"] for d in row)
        if digits:
            for row in ans["digits"]:
                lines.append("  " + " ".join("." if d is None else str(d) for d in row))
            if "extra" in ans:  # below the board, in rows of its width, as the case lays them
                lines.append("  extra cells:")
                width = len(ans["digits"][0])
                for i in range(0, len(ans["extra"]), width):
                    lines.append("  " + " ".join("." if d is None else str(d)
                                                 for d in ans["extra"][i:i + width]))
        if "shading" in ans:
            if digits:
                lines.append("  shading:")
            for row in ans["shading"]:
                lines.append("  " + " ".join("#" if s else "." for s in row))
        if "regions" in ans:
            lines.append("  regions:")
            for row in ans["regions"]:
                lines.append("  " + " ".join("." if g is None else str(g) for g in row))
        if "loop" in ans:
            lines.extend(_loop_text(ans["loop"]))
        if "links" in ans:
            from sapphire.render.links import links_text

            lines.extend(links_text(ans["links"]))
        if "diagonals" in ans:
            from sapphire.render.diagonals import diagonals_text

            lines.extend(diagonals_text(ans["diagonals"]))
        if digits or any(k in ans for k in ("shading", "regions", "loop", "links", "diagonals")):
            continue
        for name, v in ans.get("values", {}).items():
            if isinstance(v, list):
                body = " ".join(f"{tuple(r[:-1])}={r[-1]}".replace(",)", ")") for r in v)
                lines.append(f"  {name}: {body}")
            else:
                lines.append(f"  {name} = {v}")
    return "\n".join(lines)


def _case_drawing(args: argparse.Namespace, answers: list[dict[str, Any]]
                  ) -> tuple[dict[str, str], list[list[int | None]] | None]:
    """How a case's answers are drawn: the shape of each map its rules report (their
    definitions' `answer`), and the clue grid a rule binds (`binds: {NAME: clues}`)."""
    if not answers:
        return {}, None
    from sapphire.api import drawing_of
    from sapphire.meaning import load_case

    case, lib = load_case(args.file, _roots(args), fetch_mode(args),
                          text=getattr(args, "text", None))
    clues, shapes = drawing_of(case, lib)
    return shapes, clues


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


def _loop_text(loop: dict[str, list[list[int]]]) -> list[str]:
    """A loop through cell centres: `o` for a cell on it, `-` and `|` for its edges."""
    across, down = loop["across"], loop["down"]
    out = []
    for r, row in enumerate(across):
        on = [bool(row[c] or (c and row[c - 1]) or down[r][c] or (r and down[r - 1][c]))
              for c in range(len(row))]
        out.append("  " + "".join(("o" if on[c] else ".") + ("-" if row[c] else " ")
                                  for c in range(len(row))).rstrip())
        if r + 1 < len(across):
            out.append("  " + "".join("| " if v else "  " for v in down[r]).rstrip())
    return out


def _case_edge_drawings(answers: list[dict[str, Any]], shapes: dict[str, str],
                        clues: list[list[int | None]] | None) -> list[str] | None:
    """Draw the edges a case's rules report (maps of shape `edges-across`, `edges-down`)
    with its clues, when every answer holds them."""
    values = [a.get("values", {}) for a in answers]
    if not answers or not shapes or not all(name in v for v in values for name in shapes):
        return None
    across = [n for n, shape in shapes.items() if shape == "edges-across"]
    down = [n for n, shape in shapes.items() if shape == "edges-down"]
    if not across or not down:
        return None
    rows = max(r[0] for r in values[0][down[0]])
    cols = max(r[1] for r in values[0][across[0]])
    return _draw(values, rows, cols, shapes, clues)


def _clue(clues: list[Any] | None, a: int, b: int) -> str:
    """The clue of square a,b as one character: a blank where the data has no number there
    (the data is drawn as it is, whatever its shape; the program decides what it means)."""
    row = clues[a] if clues and a < len(clues) else None
    c = row[b] if isinstance(row, list) and b < len(row) else None
    return str(c) if isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 9 else " "


def _draw(solutions: list[dict[str, Any]], n: int, m: int, shapes: dict[str, str],
          clues: list[Any] | None) -> list[str]:
    """Edges along the grid lines of an n×m board, with a clue in each square."""
    from sapphire.render import edge_map  # the drawing module, only for answers with edges

    out = []
    for s in solutions:
        across: dict[tuple[int, int], int] = {}
        down: dict[tuple[int, int], int] = {}
        for name, shape in shapes.items():
            (across if shape == "edges-across" else down).update(edge_map(s.get(name)) or {})
        rows = []
        for a in range(n + 1):
            top = "  +" + "".join(("───" if across.get((a, b)) else "   ") + "+"
                                  for b in range(m))
            rows.append(top)
            if a == n:
                break
            cells = "  "
            for b in range(m + 1):
                cells += "│" if down.get((a, b)) else " "
                if b < m:
                    cells += f" {_clue(clues, a, b)} "
            rows.append(cells)
        out.append("\n".join(rows))
    return out
