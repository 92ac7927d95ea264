"""Slitherlink puzzles from the shared corpus, in the seed program's coordinates (for the
benchmarks in this folder and the tests, which find it through `tests/conftest.py`).

The seed program (`slitherlink-rules.sapphire`) numbers lattice points (a, b) with a the row
0..n and b the column 0..m. Its map ``vrt`` holds the (n+1)×m segments (a,b)-(a,b+1) and
``hrz`` the n×(m+1) segments (a,b)-(a+1,b). Every reader here returns edges in exactly that
layout so that a compiled answer can be compared with the known one cell for cell.

The checks in this module are plain Python on purpose: they share nothing with any solver, so
a wrong answer from a model cannot be confirmed by the same mistake.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Grid = tuple[tuple[int, ...], ...]
ClueGrid = tuple[tuple[int | None, ...], ...]

# In puzzlekit's Slitherlink solutions 'x' marks a cell inside the loop and '-' one outside.
# Read from the data: e.g. key 30_6x6 has a 0 clue on the left border in a '-' cell, which
# only works if '-' is outside; tests re-derive the edges of all 40 puzzles and check them.
PUZZLEKIT_INSIDE = "x"
PUZZLEKIT_OUTSIDE = "-"


@dataclass(frozen=True)
class SlitherlinkPuzzle:
    """One puzzle: clues per cell and, when known, its solution as seed-layout edge maps."""

    name: str
    rows: int
    cols: int
    clues: ClueGrid
    vrt: Grid | None
    hrz: Grid | None
    source: str

    @property
    def size(self) -> str:
        return f"{self.rows}x{self.cols}"

    @property
    def has_solution(self) -> bool:
        return self.vrt is not None and self.hrz is not None


class CorpusFormatError(ValueError):
    """Raised when a corpus entry does not have the shape its format promises."""


# ----------------------------------------------------------------------------- readers


def read_slitherlink_json(path: str | Path) -> list[SlitherlinkPuzzle]:
    """Read ``corpus/slitherlink.json``: clue strings, ``across`` = vrt, ``down`` = hrz."""
    path = Path(path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    puzzles = []
    for entry in doc["puzzles"]:
        name = str(entry["name"])
        rows, cols = int(entry["rows"]), int(entry["cols"])
        clues = _parse_clue_rows(entry["clues"], rows, cols, blank=".", where=name)
        vrt = hrz = None
        solution = entry.get("solution")
        if solution:
            vrt = _parse_bit_rows(solution["across"], rows + 1, cols, where=f"{name} across")
            hrz = _parse_bit_rows(solution["down"], rows, cols + 1, where=f"{name} down")
        src = entry.get("source", {})
        origin = src.get("repo", "?")
        if "key" in src:
            origin += f" key {src['key']}"
        elif "url" in src:
            origin += f" {src['url']}"
        puzzles.append(
            SlitherlinkPuzzle(name, rows, cols, clues, vrt, hrz, f"{path.name}: {origin}")
        )
    return puzzles


def read_puzzlekit_slitherlink(path: str | Path) -> list[SlitherlinkPuzzle]:
    """Read ``corpus/puzzlekit/Slitherlink.json``; the solution's cell shading becomes edges."""
    path = Path(path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    repo = doc.get("source", {}).get("repo", "puzzlekit-dataset")
    puzzles = []
    for entry in doc["puzzles"]:
        key = str(entry["key"])
        name = f"pk_{key}"
        rows, cols, body = _puzzlekit_grid(entry["problem"], where=f"{name} problem")
        clues = _parse_clue_rows(body, rows, cols, blank="-", where=name)
        vrt = hrz = None
        if entry.get("solution"):
            srows, scols, sbody = _puzzlekit_grid(entry["solution"], where=f"{name} solution")
            if (srows, scols) != (rows, cols):
                raise CorpusFormatError(f"{name}: solution is {srows}x{scols}, not {rows}x{cols}")
            inside = _parse_inside(sbody, rows, cols, where=name)
            vrt, hrz = edges_from_inside(inside)
        puzzles.append(
            SlitherlinkPuzzle(name, rows, cols, clues, vrt, hrz, f"{path.name}: {repo} key {key}")
        )
    return puzzles


def read_corpus(corpus_dir: str | Path) -> list[SlitherlinkPuzzle]:
    """Every Slitherlink in a corpus directory, first file first, one entry per name."""
    corpus_dir = Path(corpus_dir)
    found: list[SlitherlinkPuzzle] = []
    main = corpus_dir / "slitherlink.json"
    kit = corpus_dir / "puzzlekit" / "Slitherlink.json"
    if main.exists():
        found += read_slitherlink_json(main)
    if kit.exists():
        found += read_puzzlekit_slitherlink(kit)
    seen: set[str] = set()
    unique = []
    for p in found:
        if p.name not in seen:
            seen.add(p.name)
            unique.append(p)
    return unique


def edges_from_inside(inside: Sequence[Sequence[bool]]) -> tuple[Grid, Grid]:
    """Loop edges from a cell shading: an edge is used iff its two sides differ.

    Outside the grid counts as outside, so a border edge is used iff its cell is inside.
    """
    rows, cols = len(inside), len(inside[0])

    def cell(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and bool(inside[r][c])

    vrt = tuple(
        tuple(int(cell(a - 1, b) != cell(a, b)) for b in range(cols)) for a in range(rows + 1)
    )
    hrz = tuple(
        tuple(int(cell(a, b - 1) != cell(a, b)) for b in range(cols + 1)) for a in range(rows)
    )
    return vrt, hrz


def inside_from_values(values: Mapping[str, Any], rows: int, cols: int) -> list[list[int]]:
    """The cells a loop encloses, from an answer's ``vrt`` rows (the inverse of
    `edges_from_inside`): walk down each column from outside the board, flipping at every
    horizontal segment (``vrt a b`` is the top edge of cell a,b)."""
    top = {(a, b): v for a, b, v in values.get("vrt", [])}
    out = [[0] * cols for _ in range(rows)]
    for b in range(cols):
        inside = 0
        for a in range(rows):
            inside ^= top.get((a, b), 0)
            out[a][b] = inside
    return out


# ----------------------------------------------------------------------------- program data


def to_program_data(p: SlitherlinkPuzzle) -> dict[str, Any]:
    """The seed program's instance JSON: ``n``, ``m`` and ``pim`` with ``None`` for blanks."""
    return {"n": p.rows, "m": p.cols, "pim": [list(row) for row in p.clues]}


def edges_from_values(values: Mapping[str, Any], rows: int, cols: int) -> tuple[Grid, Grid]:
    """Seed-layout ``vrt``/``hrz`` grids from an answer's ``[index..., value]`` map rows.

    Answers may list the zero border points (index −1, n or m); only the real segments are
    kept. A segment the answer leaves out is an error, not a silent zero.
    """

    def grid(rows_: Iterable[Sequence[int]], height: int, width: int, name: str) -> Grid:
        cells: dict[tuple[int, int], int] = {}
        for row in rows_:
            if len(row) != 3:
                raise CorpusFormatError(f"{name}: expected [a, b, value] rows, got {row!r}")
            a, b, v = (int(x) for x in row)
            if 0 <= a < height and 0 <= b < width:
                cells[(a, b)] = v
        missing = [(a, b) for a in range(height) for b in range(width) if (a, b) not in cells]
        if missing:
            raise CorpusFormatError(
                f"{name}: answer lacks {len(missing)} segments, e.g. {missing[0]}"
            )
        return tuple(tuple(cells[(a, b)] for b in range(width)) for a in range(height))

    return (
        grid(values["vrt"], rows + 1, cols, "vrt"),
        grid(values["hrz"], rows, cols + 1, "hrz"),
    )


# ----------------------------------------------------------------------------- fixtures


def read_fixture(path: str | Path) -> SlitherlinkPuzzle:
    """Read a test fixture ``{"name", "data": {n, m, pim}, "solution": {vrt, hrz}}``."""
    path = Path(path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    data = doc["data"]
    rows, cols = int(data["n"]), int(data["m"])
    clues = tuple(tuple(None if v is None else int(v) for v in row) for row in data["pim"])
    if len(clues) != rows or any(len(r) != cols for r in clues):
        raise CorpusFormatError(f"{path}: pim is not {rows}x{cols}")
    vrt = hrz = None
    if doc.get("solution"):
        vrt = tuple(tuple(int(v) for v in row) for row in doc["solution"]["vrt"])
        hrz = tuple(tuple(int(v) for v in row) for row in doc["solution"]["hrz"])
        _check_shape(vrt, rows + 1, cols, f"{path} vrt")
        _check_shape(hrz, rows, cols + 1, f"{path} hrz")
    return SlitherlinkPuzzle(str(doc["name"]), rows, cols, clues, vrt, hrz, str(path.name))


def fixture_json(p: SlitherlinkPuzzle) -> dict[str, Any]:
    """The fixture document for a puzzle (the inverse of :func:`read_fixture`)."""
    doc: dict[str, Any] = {"name": p.name, "source": p.source, "data": to_program_data(p)}
    if p.has_solution:
        doc["solution"] = {
            "vrt": [list(r) for r in p.vrt or ()],
            "hrz": [list(r) for r in p.hrz or ()],
        }
    return doc


# ----------------------------------------------------------------------------- checking


def check_loop(
    p: SlitherlinkPuzzle, vrt: Sequence[Sequence[int]], hrz: Sequence[Sequence[int]]
) -> bool:
    """True iff the edges meet every clue and form exactly one simple closed loop."""
    return not loop_problems(p, vrt, hrz)


def loop_problems(
    p: SlitherlinkPuzzle, vrt: Sequence[Sequence[int]], hrz: Sequence[Sequence[int]]
) -> list[str]:
    """Every reason the edges are not a solution (empty when they are); says *why* for tests."""
    n, m = p.rows, p.cols
    if len(vrt) != n + 1 or any(len(r) != m for r in vrt):
        return [f"vrt must be {n + 1}x{m}"]
    if len(hrz) != n or any(len(r) != m + 1 for r in hrz):
        return [f"hrz must be {n}x{m + 1}"]
    if any(v not in (0, 1) for r in (*vrt, *hrz) for v in r):
        return ["edge values must be 0 or 1"]
    problems = []
    for a in range(n):
        for b in range(m):
            clue = p.clues[a][b]
            if clue is None:
                continue
            used = vrt[a][b] + vrt[a + 1][b] + hrz[a][b] + hrz[a][b + 1]
            if used != clue:
                problems.append(f"cell ({a},{b}) has {used} edges, clue {clue}")
    # adjacency between lattice points
    adj: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a in range(n + 1):
        for b in range(m):
            if vrt[a][b]:
                adj.setdefault((a, b), []).append((a, b + 1))
                adj.setdefault((a, b + 1), []).append((a, b))
    for a in range(n):
        for b in range(m + 1):
            if hrz[a][b]:
                adj.setdefault((a, b), []).append((a + 1, b))
                adj.setdefault((a + 1, b), []).append((a, b))
    if not adj:
        return problems + ["no loop"]
    for point, nbrs in sorted(adj.items()):
        if len(nbrs) != 2:
            problems.append(f"point {point} has {len(nbrs)} edges")
    start = next(iter(adj))
    seen = {start}
    stack = [start]
    while stack:
        for q in adj[stack.pop()]:
            if q not in seen:
                seen.add(q)
                stack.append(q)
    if len(seen) != len(adj):
        problems.append(f"edges form more than one piece ({len(seen)} of {len(adj)} points)")
    return problems


# ----------------------------------------------------------------------------- helpers


def _parse_clue_rows(
    lines: Sequence[str], rows: int, cols: int, blank: str, where: str
) -> ClueGrid:
    grid = []
    for line in lines:
        tokens = line.split() if " " in line.strip() else list(line.strip())
        grid.append(tuple(None if t == blank else _clue(t, where) for t in tokens))
    _check_shape(grid, rows, cols, f"{where} clues")
    return tuple(grid)


def _clue(token: str, where: str) -> int:
    if token not in ("0", "1", "2", "3"):
        raise CorpusFormatError(f"{where}: bad clue {token!r}")
    return int(token)


def _parse_bit_rows(lines: Sequence[str], rows: int, cols: int, where: str) -> Grid:
    if any(ch not in "01" for line in lines for ch in line):
        raise CorpusFormatError(f"{where}: edges must be 0/1 strings")
    grid = tuple(tuple(int(ch) for ch in line) for line in lines)
    _check_shape(grid, rows, cols, where)
    return grid


def _puzzlekit_grid(text: str, where: str) -> tuple[int, int, list[str]]:
    lines = [line.strip() for line in text.strip().splitlines()]
    try:
        rows, cols = (int(x) for x in lines[0].split())
    except ValueError as exc:
        raise CorpusFormatError(f"{where}: first line must be 'rows cols'") from exc
    return rows, cols, lines[1 : 1 + rows]


def _parse_inside(lines: Sequence[str], rows: int, cols: int, where: str) -> list[list[bool]]:
    grid = []
    for line in lines:
        tokens = line.split()
        if any(t not in (PUZZLEKIT_INSIDE, PUZZLEKIT_OUTSIDE) for t in tokens):
            raise CorpusFormatError(f"{where}: solution cells must be 'x' or '-'")
        grid.append([t == PUZZLEKIT_INSIDE for t in tokens])
    _check_shape(grid, rows, cols, f"{where} solution")
    return grid


def _check_shape(grid: Sequence[Sequence[object]], rows: int, cols: int, where: str) -> None:
    if len(grid) != rows or any(len(r) != cols for r in grid):
        raise CorpusFormatError(f"{where}: expected {rows}x{cols}")
