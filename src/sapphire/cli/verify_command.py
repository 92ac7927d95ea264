"""`sapphire verify CASE ANSWER`: does an answer satisfy a case, and if not, what does it break?

The answer (a file, or `-` for standard input) is read by `sapphire.cli.answer_file`; the check
is `sapphire.verify.verify_answer`, which evaluates the case's ground model with the
independent evaluator and names each broken constraint by the rule line that states it.
Exit status: 0 valid, 2 broken, 1 bad input, 3 the time limit stopped the search for the
auxiliary variables' values (only a case with some needs one).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from sapphire.cli import fetch_mode
from sapphire.diagnostics import Span, error, read_text


def add_parser(sub: Any) -> None:
    """Register `verify` (from `sapphire.cli.build_parser`)."""
    v = sub.add_parser("verify", help="check an answer against a case file: exit 0 valid, 2 "
                       "broken (each broken rule line named), 1 bad input")
    v.add_argument("file", help="the case file")
    v.add_argument("answer", help="the answer: a text grid or the JSON solve prints; - reads "
                   "standard input")
    v.add_argument("--format", choices=["text", "json"], default="text")
    v.add_argument("--time-limit", type=float, default=None, metavar="S",
                   help="for the search of auxiliary variables' values, when the case has any")
    from sapphire.cli import _library_root

    _library_root(v)


def run(args: argparse.Namespace) -> int:
    from sapphire.cli.answer_file import read_answer
    from sapphire.meaning import instantiate_checked, load_case
    from sapphire.verify import AnswerError, verify_answer

    if args.time_limit is not None and not args.time_limit > 0:
        raise error("usage", "--time-limit must be more than 0 seconds", None)
    case, lib = load_case(args.file, list(args.library_root or ()), fetch_mode(args))
    inst = instantiate_checked(case, lib)
    label = "<stdin>" if args.answer == "-" else args.answer
    text = sys.stdin.read() if args.answer == "-" else read_text(args.answer)
    found = read_answer(text, label, inst.rows, inst.cols, inst.digits, len(inst.extra),
                        inst.digits or inst.shading or inst.regions)
    try:
        checked = verify_answer(inst, found.answer, time_limit=args.time_limit)
    except AnswerError as e:
        span = found.places.get(e.place) if e.place is not None else None
        raise error("incomplete-answer", e.message, span or Span(label, 1, 1),
                    source=text if span else None,
                    hint=e.hint) from None
    lines = case.source.splitlines()
    by_line = {r.span.line: r for r in case.rules if r.span is not None}
    broken: dict[int, dict[str, Any]] = {}
    for b in checked.breaches:
        span = checked.spans[b.top] if b.top >= 0 else None
        if b.top < 0:  # a given: the front matter's block that holds it, when it is found
            key = _front_line(lines, GIVEN_BLOCKS.get(b.points[0][0], "givens")) or -1
        else:
            key = span.line if span is not None and span.file == case.path else -2 - b.top
        if key not in broken:
            broken[key] = _line(key, span, by_line, lines, case.path)
        broken[key]["breaks"].append({"cells": [_cell(n, i) for n, i in b.points],
                                      **({"what": b.what} if b.what else {})})
    report = sorted(broken.values(), key=lambda x: (x["line"] is None, x["line"] or 0))
    valid = checked.valid
    if args.format == "json":
        json.dump({"valid": valid, "broken": report, "witnesses": checked.witnesses},
                  sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
    else:
        print(_text(valid, checked.witnesses, report))
    if checked.witnesses == "unknown" and not report:
        return 3
    return 0 if valid else 2


def _line(key: int, span: Span | None, by_line: dict[int, Any], lines: list[str],
          path: str) -> dict[str, Any]:
    """What a broken rule line (or the givens, or a channel of the board) is called."""
    if key > 0:
        rule = by_line.get(key)
        return {"line": key, "id": rule.id if rule is not None else None,
                "text": lines[key - 1].strip() if key <= len(lines) else "", "breaks": []}
    if span is None:  # a given whose block was not found
        return {"line": None, "id": None, "text": "the givens", "breaks": []}
    return {"line": None, "id": None, "text": "the board's declarations (digits, shading)",
            "breaks": []}


GIVEN_BLOCKS = {"face": "givens", "shade": "shading"}
"""The front matter's block that gives a point of each answer map."""


def _front_line(lines: list[str], key: str) -> int | None:
    """The line number of the front matter's `key:` line, if it has one."""
    if not lines or lines[0].strip() != "---":
        return None
    for n, line in enumerate(lines[1:], start=2):
        if line.strip() == "---":
            return None
        if line.startswith(f"{key}:"):
            return n
    return None


def _cell(name: str, idx: tuple[int, ...]) -> str:
    """A point as a user names it: `r2c3` for a digit, `r2c3 shading`, `vrt(1, 2)`."""
    if len(idx) == 2 and name in ("face", "shade", "region", "across", "down"):
        cell = f"r{idx[0]}c{idx[1]}"
        return cell if name == "face" else f"{cell} {name if name != 'shade' else 'shading'}"
    return f"{name}({','.join(str(i) for i in idx)})" if idx else name


def _text(valid: bool, witnesses: str, report: list[dict[str, Any]]) -> str:
    if valid:
        return "valid: the answer satisfies every rule line" + (
            " (with values found for the auxiliary variables)" if witnesses == "found" else "")
    if not report:
        return "unknown: the time limit stopped the search for the auxiliary variables' values"
    n = len(report)
    out = [f"broken: the answer breaks {n} rule line{'s' if n > 1 else ''}"]
    for x in report:
        where = f"line {x['line']}: " if x["line"] is not None else ""
        out.append(f"  {where}{x['text']}")
        for b in x["breaks"]:
            what = f" — {b['what']}" if "what" in b else ""
            out.append(f"    {_cells_text(b['cells'])}{what}")
    return "\n".join(out)


def _cells_text(cells: list[str]) -> str:
    """Cells grouped by the part of the answer they are in: `cells r1c1 r1c2; shading r1c1`."""
    groups: dict[str, list[str]] = {}
    for cell in cells:
        name, _, part = cell.partition(" ")
        groups.setdefault(part or "cells", []).append(name)
    return "; ".join(f"{part} {' '.join(names)}" for part, names in groups.items())
