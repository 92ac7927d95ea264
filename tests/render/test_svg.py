"""SVG pictures of answers: what each layer draws, where, and the CLI's --format svg."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.render import panel_of, svg

NS = "{http://www.w3.org/2000/svg}"
EXAMPLES = Path(__file__).parents[2] / "examples"


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def of_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(NS + tag) if e.get("class") == cls]


def test_digits_and_shading() -> None:
    answer = {"digits": [[1, 2], [None, 4]], "shading": [[1, 0], [0, 1]]}
    root = parse(svg([panel_of(answer)]))
    assert [t.text for t in of_class(root, "text", "digit")] == ["1", "2", "4"]
    shaded = of_class(root, "rect", "shaded")
    assert [(r.get("x"), r.get("y")) for r in shaded] == [("0", "0"), ("40", "40")]
    assert root.get("width") == str(12 * 2 + 2 * 40)


def test_region_borders_separate_different_regions_only() -> None:
    root = parse(svg([panel_of({"regions": [[1, 1], [2, 2]]})]))
    borders = [(e.get("x1"), e.get("y1"), e.get("x2"), e.get("y2"))
               for e in of_class(root, "line", "region")]
    assert borders == [("0", "40", "40", "40"), ("40", "40", "80", "40")]


def test_loop_edges_follow_the_seed_maps() -> None:
    # a 1×1 loop: vrt are the top and bottom edges, hrz the left and right; borders are 0
    values = {"vrt": [[0, 0, 1], [1, 0, 1], [0, -1, 0], [0, 1, 0], [1, -1, 0], [1, 1, 0]],
              "hrz": [[0, 0, 1], [0, 1, 1], [-1, 0, 0], [1, 0, 0], [-1, 1, 0], [1, 1, 0]]}
    p = panel_of({"values": values}, [[2]], {"vrt": "edges-across", "hrz": "edges-down"})
    assert (p.rows, p.cols) == (1, 1)
    root = parse(svg([p]))
    loop = {(e.get("x1"), e.get("y1"), e.get("x2"), e.get("y2"))
            for e in of_class(root, "line", "edge")}
    assert loop == {("0", "0", "40", "0"), ("0", "40", "40", "40"),
                    ("0", "0", "0", "40"), ("40", "0", "40", "40")}
    assert [t.text for t in of_class(root, "text", "clue")] == ["2"]


def test_answers_stand_side_by_side() -> None:
    a = panel_of({"digits": [[1]]})
    root = parse(svg([a, a]))
    groups = [g for g in root.iter(NS + "g") if g.get("class") == "answer"]
    assert [g.get("transform") for g in groups] == ["translate(12 12)", "translate(76 12)"]


def test_an_answer_without_a_grid_has_no_panel() -> None:
    assert panel_of({"values": {"x": 3}}) is None


def test_cli_draws_a_slitherlink_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(EXAMPLES / "cases" / "slitherlink-4x4.case"),
                 "--format", "svg"]) == 0
    root = parse(capsys.readouterr().out)
    assert len(of_class(root, "line", "edge")) >= 4
    assert of_class(root, "text", "clue")


def test_cli_refuses_answers_without_a_grid(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    prog = tmp_path / "p.sapphire"
    prog.write_text("x∈{0⋯3}\nx>2\n", encoding="utf-8")
    assert main(["solve", str(prog), "--format", "svg"]) == 1
    assert "no grid to draw" in capsys.readouterr().err


def test_a_loop_through_cell_centres() -> None:
    # a 2×2 square loop: across joins the columns of each row, down joins the rows
    answer = {"loop": {"across": [[1, 0], [1, 0]], "down": [[1, 1], [0, 0]]}}
    p = panel_of(answer)
    assert (p.rows, p.cols) == (2, 2)
    loop = {(e.get("x1"), e.get("y1"), e.get("x2"), e.get("y2"))
            for e in of_class(parse(svg([p])), "line", "loop")}
    assert loop == {("20", "20", "60", "20"), ("20", "60", "60", "60"),
                    ("20", "20", "20", "60"), ("60", "20", "60", "60")}


def test_extra_cells_stand_below_the_grid_in_rows_of_its_width() -> None:
    root = parse(svg([panel_of({"digits": [[1, 2], [2, 1]], "extra": [3, None, 4]})]))
    boxes = of_class(root, "rect", "extra")
    # two rows of the grid's width below it, after a gap of 12: (0, 92), (40, 92), (0, 132)
    assert [(b.get("x"), b.get("y")) for b in boxes] == [("0", "92"), ("40", "92"), ("0", "132")]
    assert [t.text for t in of_class(root, "text", "digit")] == ["1", "2", "2", "1", "3", "4"]
    assert root.get("height") == str(12 * 2 + 2 * 40 + 12 + 2 * 40)
