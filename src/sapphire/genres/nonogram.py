"""Nonogram: shade cells so that each row and column holds runs of shaded cells of the lengths
its clue lists, in order, with at least one unshaded cell between runs.

The case is a `shade-pattern` per column and row: the clue `2 1` is the pattern
`0*1{2}0+1{1}0*`, an empty clue `0*` (every line has its pattern, even without runs). The
answer is the shading.

* puzzlekit (`Nonogram`): COLS lines of column clues (top to bottom), then ROWS lines of row
  clues (left to right), each the lengths of the line's runs; `0` or `-` alone is a line
  without runs. The size line may hold more tokens, which are let be. The solution marks the
  shaded cells `x`.
* puz.link (`nonogram`, pzprjs's `nonogram.js`): the clues outside the grid in outside16, as
  many above each column as half the column's length rounded up, then as many left of each
  row as half its length: for each column the clues above it, nearest the grid first, then
  for each row those left of it, nearest first. A lone 0 is a line without runs; a `?` (a run
  of unknown length) is refused. A pzprv3 answer is one grid with the clues above and left of
  the cells, `#` a shaded cell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import grid_columns, grid_rows
from sapphire.formats.encodings import UNKNOWN, Body, Value, encode_outside16, outside16
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Part, Source, Token, read_lines, solution_grid
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

HINT = ("a clue line lists the lengths of the line's runs of shaded cells in order, such as "
        "2 1; a lone 0 or '-' is a line without any")

Runs = tuple[int, ...]

_RUNS = re.compile(r"0\*(?:1\{\d+\}(?:0\+1\{\d+\})*0\*)?")
"""A pattern `runs_pattern` writes."""
_RUN = re.compile(r"1\{(\d+)\}")


@dataclass(frozen=True)
class Clues:
    """A Nonogram puzzle: the runs of every column, then of every row."""

    rows: int
    cols: int
    column_runs: tuple[Runs, ...] = ()
    """Each column's runs, top to bottom (() for none)."""
    row_runs: tuple[Runs, ...] = ()
    """Each row's runs, left to right."""

    def lines(self) -> list[tuple[str, int, Runs]]:
        """Each line's name, number from 1 and runs: the columns, then the rows."""
        return ([("column", k, runs) for k, runs in enumerate(self.column_runs, 1)]
                + [("row", k, runs) for k, runs in enumerate(self.row_runs, 1)])


def runs_pattern(runs: Runs | list[int]) -> str:
    """The shadings a Nonogram clue allows, as a `shade-pattern`: `[2, 1]` is `0*1{2}0+1{1}0*`."""
    return "0*" + "0+".join(f"1{{{length}}}" for length in runs) + "0*" if runs else "0*"


def clue_depths(cols: int, rows: int) -> tuple[int, int]:
    """How many clues a link holds above each column and left of each row: half the line's
    length, rounded up (the most runs a line can have)."""
    return (rows + 1) // 2, (cols + 1) // 2


class Nonogram(Genre[Clues]):
    puzzlekit = "Nonogram"
    puzzlink = "nonogram"
    kinds = ("shade-pattern",)
    tells = kinds

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        rows, cols = clues.rows, clues.cols
        b.board = (rows, cols)
        lines = {"column": grid_columns(rows, cols), "row": grid_rows(rows, cols)}
        for what, k, runs in clues.lines():
            cells = lines[what][k - 1]
            bad = next((n for n in runs if n < 1), None)
            if bad is not None:
                raise ClueError(f"'{bad}' in the clues of {what} {k} is not the length of a run "
                                "(1 or more)", HINT, at=(what, k))
            if sum(runs) + len(runs) - 1 > len(cells):
                raise ClueError(f"the runs {' '.join(map(str, runs))} of {what} {k} do not fit "
                                f"a {what} of {len(cells)} cells", HINT, at=(what, k))
            b.add("shade-pattern", cells, id_stem=what, pattern=runs_pattern(runs))

    # -- puzzlekit ----------------------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_lines(src, lambda rows, cols: [
            Part("the column clues", cols, None, "column", "the clues of column {k}"),
            Part("the row clues", rows, None, "row", "the clues of row {k}")], extra=True)
        lines = src.text.splitlines()
        found: dict[str, list[Runs]] = {"column": [], "row": []}
        for what, block in (("column", lay.blocks[0]), ("row", lay.blocks[1])):
            for k, toks in enumerate(block, 1):
                # a clue that does not fit is shown on its whole line
                first, last = toks[0], toks[-1]
                src.places[(what, k)] = Token(lines[first.line - 1][first.col - 1:last.end - 1],
                                              first.line, first.col)
                texts = [t.text for t in toks]
                if texts in (["0"], ["-"]):
                    found[what].append(())
                    continue
                bad = next((t for t in toks if not t.text.isdecimal() or int(t.text) < 1), None)
                if bad is not None:
                    raise src.at(bad, f"'{bad.text}' in the clues of {what} {k} is not the "
                                 "length of a run (1 or more)", HINT)
                found[what].append(tuple(int(t) for t in texts))
        return Clues(lay.rows, lay.cols, tuple(found["column"]), tuple(found["row"]))

    def read_solution(self, src: Source) -> Answer:
        return {"shading": [[int(t.text.lower() == "x") for t in row]
                            for row in solution_grid(src)]}

    # -- puz.link -----------------------------------------------------------------------------

    def decode(self, body: Body) -> Clues:
        cols, rows = body.cols, body.rows
        above, left = clue_depths(cols, rows)
        start = body.pos
        outside = outside16(body, cols * above + rows * left)
        if UNKNOWN in outside:
            raise body.error("a '?' clue (a run of unknown length) is not read", start,
                             hint="give every run's length")

        def runs(line: list[Value]) -> Runs:
            found = tuple(v for v in reversed(line) if v is not None)
            return () if found == (0,) else found

        base = cols * above
        return Clues(rows, cols,
                     tuple(runs(outside[k * above:(k + 1) * above]) for k in range(cols)),
                     tuple(runs(outside[base + k * left:base + (k + 1) * left])
                           for k in range(rows)))

    def encode(self, clues: Clues) -> str:
        above, left = clue_depths(clues.cols, clues.rows)
        out: list[Value] = []
        for what, _, runs in clues.lines():
            depth = above if what == "column" else left
            out += [*reversed(runs), *[None] * (depth - len(runs))]
        return encode_outside16(out)

    def from_case(self, case: Readback) -> Clues:
        """A `shade-pattern` per column and row, each a Nonogram clue (`0*1{2}0+1{1}0*`); a
        line without one has no runs."""
        runs: dict[tuple[str, int], Runs] = {}
        for rule in case.rules("shade-pattern"):
            cells = case.cells(rule)
            column = bool(cells) and cells == [(r, cells[0][1]) for r in range(1, case.rows + 1)]
            row = bool(cells) and cells == [(cells[0][0], c) for c in range(1, case.cols + 1)]
            if column and not (row and ("column", cells[0][1]) in runs):  # 1×1: then the row
                line = ("column", cells[0][1])
            elif row:
                line = ("row", cells[0][0])
            else:
                raise case.refuse_rule(rule, "a clue's cells are a whole column top down or a "
                                             "whole row left to right")
            pattern = case.param(rule, "pattern")
            if not isinstance(pattern, str) or not _RUNS.fullmatch(pattern) or line in runs:
                raise case.refuse_rule(rule, "a clue is one pattern of runs per line, as "
                                             "0*1{2}0+1{1}0*")
            runs[line] = tuple(int(n) for n in _RUN.findall(pattern))
        case.within((n for line in runs.values() for n in line), 1, 255)
        return Clues(case.rows, case.cols,
                     tuple(runs.get(("column", c), ()) for c in range(1, case.cols + 1)),
                     tuple(runs.get(("row", r), ()) for r in range(1, case.rows + 1)))

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        rows, cols = file.rows, file.cols
        top, left = clue_depths(cols, rows)
        grid = file.block(0, rows + top, cols + left, "grid")
        return {"shading": [[int(t == "#") for t in row[left:]] for row in grid[top:]]}
