"""puzz.link genres whose answers are lines: `hashikake` (Hashi) and `yajilin`, in and out.

A `hashikake` link is pzprjs's numbers in cells (`number16`: an island's number of bridges),
turned into the text the puzzlekit importer reads, so the rules are written once
(`puzzlekit.shapes`). Going out, a case's `bridge-count` lines give the islands' numbers back
(its `hashi` line the islands without one). A `yajilin` link is pzprjs's arrows
with numbers (`read_arrows`); going out, each `arrow-shade-count` line is an arrow.

A pzprv3 answer of a `hashikake` holds, after the clue rows, ROWS lines of COLS-1 across
borders and ROWS-1 lines of COLS down borders: the number of bridges over each (`-1`, a
player's mark that no bridge crosses there, is none). Bridges run through the cells between
islands, so every border a bridge crosses counts it, as the case's links do.
"""

from __future__ import annotations

from sapphire.case import Case
from sapphire.diagnostics import error
from sapphire.formats.encodings import Body, Value
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle


def _count(t: str) -> int:
    return int(t) if t.lstrip("-").isdigit() and int(t) > 0 else 0


def links_answer(rest: list[list[str]], rows: int, cols: int) -> dict[str, object]:
    """The answer's `links` from the border rows after the clue rows."""
    across = rest[rows:2 * rows]
    down = rest[2 * rows:3 * rows - 1]
    if len(across) < rows or len(down) < rows - 1 or any(len(r) < cols - 1 for r in across) \
            or any(len(r) < cols for r in down):
        raise error("bad-pzprv3", f"the pzprv3 answer's borders are short of {rows} lines of "
                    f"{cols - 1} and {rows - 1} of {cols}",
                    hint="a pzprv3 file as pzprjs writes it")
    return {"links": {
        "across": [[_count(across[r][c]) if c < cols - 1 else 0 for c in range(cols)]
                   for r in range(rows)],
        "down": [[_count(down[r][c]) if r < rows - 1 else 0 for c in range(cols)]
                 for r in range(rows)]}}


ANSWERS: dict = {}
"""The pzprv3 answer readers of these genres, by pzprjs name."""


# -- yajilin: arrows with numbers ------------------------------------------------------------

WAYS = {1: "n", 2: "s", 3: "w", 4: "e"}
"""pzprjs's arrow directions (up, down, left, right) as the puzzlekit Yajilin writes them."""
STEPS = {(-1, 0): 1, (1, 0): 2, (0, -1): 3, (0, 1): 4}


def read_arrows(body: Body, cols: int, rows: int) -> Puzzle:
    """A `yajilin` link's clues (pzprjs's `decodeArrowNumber16`): a direction digit 0-4 and one
    hex digit, 5-9 (the direction plus 5) and two, `-`, a direction and three; `a`-`z` skip
    1-26 cells. A clue is stored as direction·10000 + number."""

    cells: list[Value] = [None] * (cols * rows)
    k = 0
    while not body.done() and k < len(cells):
        ch, at = body.peek(), body.pos
        body.pos += 1
        if "0" <= ch <= "4":
            way = int(ch)
            if body.peek() == ".":
                raise body.error("an arrow without its number ('.') is not read", body.pos,
                                 hint="every Yajilin arrow here has a number")
            cells[k] = way * 10000 + body.hex_run(1, "an arrow's direction")
        elif "5" <= ch <= "9":
            cells[k] = (int(ch) - 5) * 10000 + body.hex_run(2, "an arrow's direction")
        elif ch == "-":
            way = body.hex_run(1, "'-'")
            cells[k] = way * 10000 + body.hex_run(3, "an arrow's direction")
        elif "a" <= ch <= "z":
            k += int(ch, 36) - 10
        else:
            raise body.error(f"{ch!r} is not a Yajilin clue", at,
                             hint="an arrow is a direction 0-4 and a number; a-z skip cells")
        k += 1
    return Puzzle(cols, rows, cells)


def yajilin_text(p: Puzzle) -> str:
    """The puzzlekit Yajilin text: `2w` for an arrow left with 2; an arrow without a direction
    has no place in it."""
    def token(k: int, v: Value) -> str:
        if v is None:
            return "-"
        way, n = divmod(v, 10000)
        if way not in WAYS:
            raise error("unsupported", f"the clue at r{k // p.cols + 1}c{k % p.cols + 1} has no "
                        "arrow, which the Yajilin rules here need")
        return f"{n}{WAYS[way]}"
    rows = [" ".join(token(r * p.cols + c, p.cells[r * p.cols + c]) for c in range(p.cols))
            for r in range(p.rows)]
    return "\n".join([f"{p.rows} {p.cols}", *rows]) + "\n"


def arrows_body(p: Puzzle) -> str:
    out: list[str] = []
    gap = 0
    for v in p.cells:
        if v is None:
            gap += 1
            if gap == 26:
                out.append("z")
                gap = 0
            continue
        if gap:
            out.append(chr(ord("a") + gap - 1))
            gap = 0
        way, n = divmod(v, 10000)
        out.append(f"{way}{n:x}" if n < 16 else f"{way + 5}{n:02x}" if n < 256
                   else f"-{way:x}{n:03x}")
    if gap:
        out.append(chr(ord("a") + gap - 1))
    return "".join(out)


def yajilin_puzzle(case: Case, rows: int, cols: int, declares: object) -> Puzzle:
    """A Yajilin case's arrows, from its `arrow-shade-count` lines: the first cell is the
    clue, the second where the arrow points (an arrow at the edge pointing off the board, with
    no cell after it, is written pointing up, down, left or right, whichever leaves it)."""

    cells: list[Value] = [None] * (rows * cols)
    for rule in case.rules:
        if rule.reference != "arrow-shade-count":
            continue
        path = [(ref.cell.row, ref.cell.col) for ref in rule.cells]
        count = next((p.value for p in rule.params if p.name == "count"), None)
        (r, c) = path[0]
        if len(path) > 1:
            way = STEPS.get((path[1][0] - r, path[1][1] - c))
        else:
            way = next((w for (dr, dc), w in STEPS.items()
                        if not (1 <= r + dr <= rows and 1 <= c + dc <= cols)), None)
        full = way is not None and path == [(r + i * (path[1][0] - r if len(path) > 1 else 0),
                                             c + i * (path[1][1] - c if len(path) > 1 else 0))
                                            for i in range(len(path))]
        if not full or not isinstance(count, int) or len(path) > 1 and (
                1 <= 2 * path[-1][0] - path[-2][0] <= rows
                and 1 <= 2 * path[-1][1] - path[-2][1] <= cols):
            raise error("unsupported", "the case cannot be written as a puzz.link link: its "
                        "'arrow-shade-count' rule: an arrow's cells run straight from the clue "
                        "to the edge of the board", rule.span)
        cells[(r - 1) * cols + c - 1] = (way or 0) * 10000 + count
    return Puzzle(cols, rows, cells)


def yajilin_answer(rest: list[list[str]], rows: int, cols: int) -> dict[str, object]:
    """A `yajilin` answer: after the clue rows, a row of marks per row (`#` shaded), then the
    across and down borders of the loop (1 a line)."""
    marks = rest[rows:2 * rows]
    if len(marks) < rows or any(len(r) < cols for r in marks):
        raise error("bad-pzprv3", f"the pzprv3 answer's shading is short of {rows} lines of "
                    f"{cols}", hint="a pzprv3 file as pzprjs writes it")
    loop = links_answer(rest[rows:], rows, cols)["links"]
    return {"shading": [[1 if t == "#" else 0 for t in row[:cols]] for row in marks],
            "loop": loop}


ANSWERS["yajilin"] = yajilin_answer
