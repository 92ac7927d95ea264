"""`--why` and `--candidates` speak loops and links in the answer's own terms: which edges
differ between two answers (`r2c3–r2c4` between two cells, `r2c3 top` along the grid), and
which are decided, in text and JSON, never as a map's internal indices (`vrt: (0,-1)=0`).

Expected names are worked out here from the answers' JSON, by the rules the answer's shapes
state: a Slitherlink's `vrt a b` is the grid line from corner a,b to a,b+1 (the top of cell
a+1,b+1, or the bottom of row a on the last line), `hrz a b` from a,b to a+1,b (the left of
cell a+1,b+1, or the right of column b on the last line); a loop's `across` row r, column c
joins r,c to r,c+1 and `down` r,c to r+1,c.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sapphire.cli import main

EXAMPLES = Path(__file__).parents[2] / "examples" / "cases"


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def slitherlink(tmp_path: Path) -> str:
    """An empty 3×3 Slitherlink: ten loops."""
    return write(tmp_path, "s.case", "---\nlibrary: std\nboard: 3x3\nclues: |\n  . . .\n"
                 "  . . .\n  . . .\n---\nslitherlink\n")


def grid_edge(name: str, a: int, b: int, n: int, m: int) -> str:
    if name == "vrt":
        return f"r{a + 1}c{b + 1} top" if a < n else f"r{a}c{b + 1} bottom"
    return f"r{a + 1}c{b + 1} left" if b < m else f"r{a + 1}c{b} right"


def on_board(name: str, a: int, b: int, n: int, m: int) -> bool:
    return 0 <= a <= n and 0 <= b < m if name == "vrt" else 0 <= a < n and 0 <= b <= m


def test_why_names_the_edges_two_slitherlink_answers_differ_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = slitherlink(tmp_path)
    assert main(["solve", path, "--why", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    first, second = ({(k, a, b): v for k, rows in s["values"].items() for a, b, v in rows}
                     for s in out["solutions"])
    want = [grid_edge(k, a, b, 3, 3) for k in ("vrt", "hrz") for (kk, a, b), v in first.items()
            if kk == k and on_board(k, a, b, 3, 3) and second[kk, a, b] != v]
    assert want and out["why"] == {"differ": [], "points": {"values": want}}
    assert main(["solve", path, "--why"]) == 0
    said = capsys.readouterr().out.splitlines()[-1]
    found = re.fullmatch(r"why: the first two solutions differ in (\d+) edges: (.*)", said)
    assert found is not None and int(found.group(1)) == len(found.group(2).split(", ")) > 0


def test_why_names_the_loop_edges_two_answers_differ_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "l.case", "---\nlibrary: std\nboard: 3x3\n---\nloop\n"
                 "white-circle r1c2\n")
    assert main(["solve", path, "--why", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    a, b = (s["loop"] for s in out["solutions"])
    want = [f"r{r + 1}c{c + 1}–r{r + 1}c{c + 2}" for r in range(3) for c in range(2)
            if a["across"][r][c] != b["across"][r][c]]
    want += [f"r{r + 1}c{c + 1}–r{r + 2}c{c + 1}" for r in range(2) for c in range(3)
             if a["down"][r][c] != b["down"][r][c]]
    assert want and out["why"] == {"differ": [], "points": {"loop": want}}
    assert main(["solve", path, "--why"]) == 0
    said = capsys.readouterr().out.splitlines()[-1]
    assert re.fullmatch(r"why: the first two solutions differ in \d+ edges of the loop: "
                        r"(r\dc\d–r\dc\d ?)+", said), said


def test_one_differing_cell_is_one_cell(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "y.case", "---\nlibrary: std\nboard: 2x2\nshading: |\n  1 0\n"
                 "  . 0\n---\nyin-yang\n")
    assert main(["solve", path, "--why"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == \
        "why: the first two solutions differ in 1 cell: r2c1"


def test_candidates_draw_a_slitherlink_and_name_its_edges(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "slitherlink-4x4.case")
    assert main(["solve", path]) == 0
    drawing = capsys.readouterr().out.splitlines()[2:]
    assert main(["solve", path, "--candidates"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "edges (40 of 40 decided):"
    # the answer's drawing without its clues: every edge is decided
    assert lines[2:] == [re.sub(r"[0-9]", " ", row) for row in drawing]
    assert main(["solve", path, "--candidates", "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    named = got["points"]["values"]
    assert named["open"] == {} and len(named["decided"]) == 40
    assert named["decided"]["r2c1 top"] == 1 and named["decided"]["r1c1 top"] == 0
    assert got["decided"] == {"values": {"vrt": 30, "hrz": 30}}  # the maps' rows, as before


def test_candidates_mark_the_open_edges_of_several_loops(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = slitherlink(tmp_path)
    assert main(["solve", path, "--candidates"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:3] == ["edges (0 of 24 decided):", "  + ? + ? + ? +"]
    assert lines[-1].startswith("  open: r1c1 top, r1c2 top, ")
    assert not any(re.search(r"\(-?\d+,-?\d+\)", line) for line in lines)
    path = write(tmp_path, "l.case", "---\nlibrary: std\nboard: 2x3\n---\nloop\n"
                 "white-circle r1c2\n")
    assert main(["solve", path, "--candidates", "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    # a 2×3 loop through r1c2 straight: the whole outline, the one loop there is
    assert got["points"]["loop"] == {"decided": {
        "r1c1–r1c2": 1, "r1c2–r1c3": 1, "r2c1–r2c2": 1, "r2c2–r2c3": 1,
        "r1c1–r2c1": 1, "r1c2–r2c2": 0, "r1c3–r2c3": 1}, "open": {}}
    assert got["decided"]["loop"] == 7
