"""A case with some of its clues taken out or some givens put in, and whether it stays unique.

A clue is a cell given in a front-matter grid (`givens`, `shading`, `clues`: `sapphire.explain`
names them as `Given`s) or a rule line that does not make the frame of the puzzle (a cage, an
arrow; not the line declaring the board, its shading, regions or loop). Taking clues out only
adds answers, so a clue needed by a set of clues is needed by every smaller set: the greedy
pass of `minimize` ends at a set where each clue left is needed.
"""

from __future__ import annotations

from dataclasses import replace

from sapphire.case.frontmatter import dump_front_matter
from sapphire.case.givens import CLUE_LETTERS, LETTERS, given_grid
from sapphire.case.model import Case, RuleLine
from sapphire.case.writer import write_case
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.explain import GRIDS, Given
from sapphire.library import Library
from sapphire.meaning.instantiate import instantiate_checked
from sapphire.pipeline import decode, ground_model, search_model

Clue = int | Given
"""A clue that may be taken out: the index of a rule line, or a cell given in a grid."""


def is_frame(lib: Library, rule: RuleLine) -> bool:
    """Whether a rule line makes the frame of the puzzle (declares the board, binds a grid),
    which no setter would call a clue."""
    d = lib.resolve(rule.reference)
    return d is not None and bool(d.declares or d.binds)


def given_cells(case: Case) -> list[Given]:
    """Every cell given in a front-matter grid, grid by grid in reading order."""
    found: list[Given] = []
    for grid, read in GRIDS.items():
        rows = read(case)
        found += [Given(grid, r, c, v) for r, row in enumerate(rows or [], start=1)
                  for c, v in enumerate(row, start=1) if v is not None]
    return found


def clues(case: Case, lib: Library) -> list[Clue]:
    """The case's clues: its rule lines that are not the frame, then its given cells."""
    lines: list[Clue] = [i for i, r in enumerate(case.rules) if not is_frame(lib, r)]
    return lines + list(given_cells(case))


def clue_json(case: Case, clue: Clue) -> dict[str, object]:
    """A clue as the commands write it: `{"line": 12, "id": "cage-1", "text": …}` or a given
    cell as `--why` writes it (`{"cell": "r1c2", "digit": 5}`)."""
    if isinstance(clue, Given):
        return clue.json()
    rule = case.rules[clue]
    n = rule.span.line if rule.span is not None else 0
    source = case.source.splitlines()
    return {"line": n, "id": rule.id,
            "text": source[n - 1].strip() if 0 < n <= len(source) else ""}


def clue_text(case: Case, clue: Clue) -> str:
    if isinstance(clue, Given):
        what = {"givens": "", "clues": " clue "}.get(clue.grid, f" {clue.grid} ")
        return f"r{clue.row}c{clue.col}{what or '='}{clue.value}"
    j = clue_json(case, clue)
    return f"line {j['line']}: {j['text']}"


def _symbol(grid: str, value: int) -> str:
    if grid == "clues":
        return str(value) if value < 10 else CLUE_LETTERS[value - 10]
    if grid == "givens":
        return str(value) if value < 10 else LETTERS[value - 10]
    return str(value)  # a channel's grid: 1 or 0


def changed(case: Case, dropped: frozenset[Clue] | set[Clue] = frozenset(),
            added: tuple[Given, ...] = ()) -> Case:
    """`case` without the clues `dropped` and with the given cells `added` (a grid the case
    has not gets one)."""
    gone = {id(r) for i, r in enumerate(case.rules) if i in dropped}
    body = tuple(b for b in case.body if id(b) not in gone)
    drop_cells = [g for g in dropped if isinstance(g, Given)]
    if not drop_cells and not added:
        return replace(case, body=body)
    fields = dict(case.front.fields)
    size = _size(case)
    for grid in {g.grid for g in (*drop_cells, *added)}:
        rows = given_grid(case, grid) or [[None] * size[1] for _ in range(size[0])]
        rows = [list(r) for r in rows]
        for g in drop_cells:
            if g.grid == grid:
                rows[g.row - 1][g.col - 1] = None
        for g in added:
            if g.grid == grid:
                rows[g.row - 1][g.col - 1] = g.value
        fields[grid] = "\n".join(" ".join("." if x is None else _symbol(grid, x) for x in r)
                                 for r in rows) + "\n"
    front = replace(case.front, fields=fields, raw=dump_front_matter(fields))
    return replace(case, body=body, front=front)


def _size(case: Case) -> tuple[int, int]:
    for grid in GRIDS:
        rows = given_grid(case, grid)
        if rows:
            return len(rows), len(rows[0])
    board = case.front.fields.get("board")
    if isinstance(board, str) and "x" in board:
        r, _, c = board.partition("x")
        return int(r), int(c)
    raise ValueError("no board size")


def case_text(case: Case) -> str:
    """The case's text, its front matter written again from its fields."""
    return write_case(case)


def status(case: Case, lib: Library, deadline: Deadline = UNBOUNDED, backend: str = "auto"
           ) -> tuple[str, list[dict[str, object]]]:
    """The case's status by a solve (`unique`, `multiple`, `none`, `unknown`) and the answers
    found (two at most, each verified)."""
    inst = instantiate_checked(case, lib)
    gm = ground_model(inst.program, inst.instance, deadline)
    res, _ = search_model(gm, max_solutions=2, deadline=deadline, backend=backend)
    from sapphire.meaning import case_answer

    return res.status, [case_answer(inst, decode(gm, s)) for s in res.solutions]


__all__ = ["Clue", "case_text", "changed", "clue_json", "clue_text", "clues", "given_cells",
           "is_frame", "status"]
