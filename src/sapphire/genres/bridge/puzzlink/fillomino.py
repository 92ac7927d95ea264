"""puzz.link's `fillomino`, read from links and written back, and its pzprv3 answer read.

The body is the givens in number16 (pzprjs's `decodeNumber16`), then, only when the setter
drew some, the borders given between cells (`decodeBorder`): a variant whose regions must keep
to lines drawn in the grid, which the puzzlekit layout cannot hold, so a link with them is
refused at their start. A `?` given (a number left unknown) says nothing and reads as an empty
cell. The case is puzzlekit's Fillomino (`sapphire.genres.bridge.puzzlekit.fillomino`).

A pzprv3 answer holds ROWS lines of givens, ROWS lines of entered numbers (`.` on a given or
an empty cell, a number possibly followed by pencil marks), then the borders, which are not
read: a cell's answer is its entered number, else its given.
"""

from __future__ import annotations

from sapphire.case import Case
from sapphire.case.givens import digit_grid
from sapphire.diagnostics import error
from sapphire.formats.encodings import UNKNOWN, Body, Value, encode_number16, number16
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle


def read_fillomino(body: Body, cols: int, rows: int) -> Puzzle:

    cells = number16(body, cols * rows)
    if not body.done() and body.text[body.pos:] != "/":
        raise body.error("borders given between cells are not read", body.pos,
                         hint="a Fillomino whose regions keep to drawn lines is another puzzle "
                              "than the one the givens state")
    return Puzzle(cols, rows, [None if v == UNKNOWN else v for v in cells])


def fillomino_text(p: Puzzle) -> str:
    """The puzzlekit Fillomino text: the size line, then a number or `-` per cell."""
    rows = [" ".join("-" if v is None else str(v) for v in p.cells[r * p.cols:(r + 1) * p.cols])
            for r in range(p.rows)]
    return "\n".join([f"{p.rows} {p.cols}", *rows]) + "\n"


def fillomino_body(p: Puzzle) -> str:
    return encode_number16(p.cells)


def fillomino_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """The givens of the front matter's grid and of `given-number` lines."""

    grid = digit_grid(case, declares)  # type: ignore[arg-type]
    cells: list[Value] = [None] * (rows * cols) if grid is None else [
        v for row in grid for v in row]
    for rule in case.rules:
        if rule.reference != "given-number":
            continue
        number = next((p.value for p in rule.params if p.name == "number"), None)
        if len(rule.cells) != 1 or not isinstance(number, int):
            raise error("unsupported", "the case cannot be written as a puzz.link link: a "
                        "'given-number' rule gives one cell its number", rule.span)
        ref = rule.cells[0].cell
        cells[(ref.row - 1) * cols + ref.col - 1] = number
    return Puzzle(cols, rows, cells)


def read_fillomino_answer(rows: int, cols: int, lines: list[list[str]]) -> dict[str, object]:
    """The numbers of a pzprv3 answer (see the module docstring)."""
    block = lines[:2 * rows]
    if len(block) < 2 * rows or any(len(row) < cols for row in block):
        raise error("bad-pzprv3", f"the pzprv3 answer's givens and numbers are short of "
                    f"{2 * rows} lines of {cols}", hint="a pzprv3 file as pzprjs writes it")

    def number(token: str) -> int:
        digits = token.split("[", 1)[0]
        return int(digits) if digits.isdecimal() else 0

    return {"digits": [[number(a) or number(g) for g, a in zip(block[r][:cols],
                                                               block[rows + r][:cols],
                                                               strict=True)]
                       for r in range(rows)]}


EXPORT = ({"fillomino"}, {"fillomino", "given-number"}, fillomino_puzzle, (1, 8191))
"""The kinds that tell a Fillomino case, the kinds its link carries, how the case becomes a
Puzzle, and the numbers its link writes (number16's range)."""
