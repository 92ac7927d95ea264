"""The puzzle drawn from its kinds' `draw` declarations: per declaration, the elements each rule
line draws, read back from the SVG with an XML parser; the legend of what nothing draws; a
user's own kinds drawing the same way."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from sapphire.library import std_root
from sapphire.meaning import load_case
from sapphire.render import picture

NS = "{http://www.w3.org/2000/svg}"


def draw(tmp_path: Path, front: str, body: str, library: str = "std") -> ET.Element:
    path = tmp_path / "p.case"
    lines = [ln if ":" in ln.split(" ")[0] else f"l{k}: {ln}"
             for k, ln in enumerate(body.split("\n"))]  # each line its own id
    body = "\n".join(lines)
    path.write_text(f"---\nlibrary: {library}\n{front}---\n{body}\n", encoding="utf-8")
    case, lib = load_case(str(path))
    return ET.fromstring(picture(case, lib))


def of_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(NS + tag) if e.get("class") == cls]


def texts(root: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in of_class(root, "text", cls)]


def legend(root: ET.Element) -> str:
    return " ".join(texts(root, "legend"))


def test_boxes_of_a_sudoku_are_thick_lines_between_boxes(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 9x9")
    boxes = {(e.get("x1"), e.get("y1"), e.get("x2"), e.get("y2"))
             for e in of_class(root, "line", "box")}
    assert boxes == {("0", "120", "360", "120"), ("0", "240", "360", "240"),
                     ("120", "0", "120", "360"), ("240", "0", "240", "360")}
    assert legend(root) == ""


def test_a_cage_outline_and_total_per_cage_line(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\ncage r1c1-r1c2 total 3\n"
                "cage r2c1-r3c1-r3c2 total 12\ncage r4c4 total 4")
    assert len(of_class(root, "path", "cage")) == 3
    assert texts(root, "cage-total") == ["3", "12", "4"]
    # the total sits in the top-left corner of the cage's first cell in reading order
    second = of_class(root, "text", "cage-total")[1]
    assert (float(second.get("x")), float(second.get("y"))) == (3.5, 48.0)


def test_a_dashed_outline_is_inset_and_meets_at_every_corner(tmp_path: Path) -> None:
    # an L of three cells: its concave corner at (40, 80) is met from both sides at (44, 76)
    root = draw(tmp_path, "", "sudoku 4x4\ncage r2c1-r2c2-r3c2 total 9")
    (path,) = of_class(root, "path", "cage")
    assert path.get("stroke-dasharray")
    segments = {tuple(seg.replace("L", " ").split()) for seg in path.get("d").split("M")[1:]}
    assert segments == {
        ("4", "44", "40", "44"), ("40", "44", "76", "44"), ("76", "44", "76", "80"),
        ("76", "80", "76", "116"), ("76", "116", "44", "116"), ("44", "116", "44", "76"),
        ("44", "76", "4", "76"), ("4", "76", "4", "44")}


def test_a_bulb_per_thermometer_and_a_line_through_centres(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\nthermo r1c1-r1c2-r2c2\nthermo r4c4-r3c4")
    bulbs = of_class(root, "circle", "bulb")
    assert [(b.get("cx"), b.get("cy")) for b in bulbs] == [("20", "20"), ("140", "140")]
    lines = of_class(root, "polyline", "line")
    assert lines[0].get("points") == "20,20 60,20 60,60"


def test_an_arrow_has_a_circle_and_an_arrowhead(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\narrow r1c1-r1c2-r1c3")
    (circle,) = of_class(root, "circle", "line-circle")
    assert (circle.get("cx"), circle.get("cy")) == ("20", "20")
    assert len(of_class(root, "polyline", "arrowhead")) == 1
    # the shaft leaves the circle's edge, not its centre
    assert of_class(root, "polyline", "line")[0].get("points").startswith("36,20 ")


def test_a_dot_per_kropki_pair_on_the_shared_edge(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\nwhite-dot r1c1-r1c2\nblack-dot r2c2-r3c2\n"
                "white-dot r4c1-r4c2 difference 3")
    dots = of_class(root, "circle", "dot")
    assert [(d.get("cx"), d.get("cy"), d.get("fill")) for d in dots] == [
        ("40", "20", "white"), ("60", "80", "black"), ("40", "140", "white")]
    assert texts(root, "dot-label") == ["3"]  # the default difference 1 is not written


def test_xv_letters_on_their_edges(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\nxv r1c1-r1c2 total 10\nxv r2c1-r2c2 total 5")
    assert texts(root, "edge-label") == ["X", "V"]


def test_an_outside_clue_per_little_killer_with_its_arrow(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\nlittle-killer r1c2-r2c3-r3c4 total 9\n"
                "skyscraper r1c1-r2c1-r3c1-r4c1 visible 2\nx-sum r2c4-r2c3-r2c2-r2c1 total 7")
    clues = of_class(root, "text", "outside-clue")
    assert [(c.text, c.get("x"), c.get("y")) for c in clues] == [
        ("9", "20", "-20"), ("2", "20", "-20"), ("7", "180", "60")]
    assert len(of_class(root, "line", "outside-arrow")) == 1  # the diagonal's only
    group = next(g for g in root.iter(NS + "g") if g.get("class") == "answer")
    # a cell's margin on the sides with outside clues (top and right), none on the others
    assert group.get("transform") == "translate(12 52)"
    assert (root.get("width"), root.get("height")) == ("224", "224")


def test_quadruple_odd_even_and_pearls(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\nquadruple r1c1-r1c2-r2c1-r2c2 digits [1,2]\n"
                "odd r3c1-r3c2\neven r4c4\nwhite-circle r3c3\nblack-circle r3c4")
    corner = next(c for c in of_class(root, "circle", "circle") if c.get("cx") == "40")
    assert corner.get("cy") == "40" and texts(root, "corner-label") == ["1 2"]
    fills = sorted((c.get("cx"), c.get("cy"), c.get("fill"))
                   for c in of_class(root, "circle", "circle") if c.get("cx") != "40"
                   or c.get("cy") != "40")
    assert fills == [("100", "100", "white"), ("140", "100", "black"),
                     ("20", "100", "#c8c8c8"), ("60", "100", "#c8c8c8")]
    assert len(of_class(root, "rect", "square")) == 1


def test_given_shading_no_kind_draws_is_drawn_as_cells(tmp_path: Path) -> None:
    path = tmp_path / "p.case"
    path.write_text("---\nlibrary: std\nboard: 3x3\nshading: |\n  1 . .\n  . 0 .\n  . . .\n---\n"
                    "nurikabe\nisland r3c3 size 2\n", encoding="utf-8")
    case, lib = load_case(str(path))
    root = ET.fromstring(picture(case, lib))
    assert [(e.get("x"), e.get("y")) for e in of_class(root, "rect", "given-shaded")] == \
        [("0", "0")]
    assert [(e.get("cx"), e.get("cy")) for e in of_class(root, "circle", "given-unshaded")] == \
        [("60", "60")]


def test_given_shading_circles_of_a_yin_yang(tmp_path: Path) -> None:
    root = draw(tmp_path, "board: 3x3\nshading: |\n  b . .\n  . w .\n  . . b\n", "yin-yang")
    circles = of_class(root, "circle", "given-shading")
    assert [c.get("fill") for c in circles] == ["black", "white", "black"]


def test_walls_with_their_numbers_and_island_numbers(tmp_path: Path) -> None:
    # an Akari as the importer writes it: the walls, then each number over the free neighbours
    root = draw(tmp_path, "board: 3x3\n",
                "walls: shade-count r1c1-r2c2 count 0\nnumber: shade-count r1c2-r2c1 count 1\n"
                "n2: shade-count r1c2-r2c1-r2c3-r3c2 count 2")
    walls = {(w.get("x"), w.get("y")) for w in of_class(root, "rect", "wall")}
    assert walls == {("0", "0"), ("40", "40")}
    numbers = [(t.text, t.get("x"), t.get("y")) for t in of_class(root, "text", "wall-number")]
    assert numbers == [("1", "20", "20"), ("2", "60", "60")]
    root = draw(tmp_path, "board: 3x3\n", "nurikabe\nisland r1c1 size 2\nnumbered-islands r1c1")
    assert texts(root, "cell-text") == ["2"] and legend(root) == ""


def test_row_and_column_counts_stand_outside(tmp_path: Path) -> None:
    root = draw(tmp_path, "board: 3x3\n", "shade-count r1c1-r1c2-r1c3 count 2\n"
                "shade-count r1c2-r2c2-r3c2 count 1")
    clues = [(c.text, c.get("x"), c.get("y")) for c in of_class(root, "text", "outside-clue")]
    assert clues == [("2", "-20", "20"), ("1", "60", "-20")]


def test_slitherlink_clues_in_their_cells(tmp_path: Path) -> None:
    root = draw(tmp_path, "board: 2x2\nclues: |\n  3 .\n  . 0\n", "slitherlink")
    assert texts(root, "clue") == ["3", "0"]


def test_givens_are_drawn(tmp_path: Path) -> None:
    root = draw(tmp_path, "givens: |\n  1 . . .\n  . . . .\n  . . . .\n  . . . 4\n",
                "sudoku 4x4")
    assert texts(root, "given") == ["1", "4"]
    assert not of_class(root, "text", "digit")


def test_rules_stated_in_words_stand_under_the_picture(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\nanti-king\nanti-knight\nanti-king")
    assert " ".join(texts(root, "rules")) == "Rules: Anti-king; Anti-knight."
    assert legend(root) == ""


def _kind(folder: Path, std: str, new: str, draw_line: str | None) -> None:
    text = (std_root() / f"{std}.md").read_text(encoding="utf-8")
    text = text.replace(f"kind: {std}\n", f"kind: {new}\n")
    lines = [ln for ln in text.split("\n") if not ln.startswith("draw:")]
    if draw_line is not None:
        lines.insert(lines.index("---", 1), draw_line)
    (folder / f"{new}.md").write_text("\n".join(lines), encoding="utf-8")


def test_a_users_own_kinds_draw_the_same_way(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    _kind(folder, "thermo", "rising", "draw: [{line: {color: '#ff0000', start: bulb}}]")
    _kind(folder, "thermo", "plain", None)
    root = draw(tmp_path, "board: 3x3\n", "rising r1c1-r1c2\nplain r2c1-r2c2", "rules")
    (bulb,) = of_class(root, "circle", "bulb")
    assert bulb.get("fill") == "#ff0000"
    assert legend(root) == "Not drawn: plain."


def test_candidates_and_highlighted_cells(tmp_path: Path) -> None:
    path = tmp_path / "p.case"
    path.write_text("---\nlibrary: std\ngivens: |\n  1 . . .\n  . . . .\n  . . . .\n"
                    "  . . . .\n---\nsudoku 4x4\n", encoding="utf-8")
    case, lib = load_case(str(path))
    # candidates go in empty cells only: r1c1 holds a given
    root = ET.fromstring(picture(case, lib, candidates={(1, 1): [2], (1, 2): [2, 4]},
                                 highlight={(4, 4)}))
    small = [(t.text, t.get("x"), t.get("y")) for t in of_class(root, "text", "candidate")]
    # a 2×2 keypad for the digits 1-4: 2 top right, 4 bottom right, in cell r1c2 (x from 40)
    assert small == [("2", "69.0", "11.0"), ("4", "69.0", "29.0")]
    assert {t.get("font-size") for t in of_class(root, "text", "candidate")} == {"11.2"}
    (tint,) = of_class(root, "rect", "highlight")
    assert (tint.get("x"), tint.get("y")) == ("120", "120")


def test_small_digits_stay_inside_their_place_and_below_a_cage_total(tmp_path: Path) -> None:
    path = tmp_path / "p.case"
    path.write_text("---\nlibrary: std\n---\nsudoku 9x9\ncage r1c1-r1c2 total 17\n",
                    encoding="utf-8")
    case, lib = load_case(str(path))
    every = list(range(1, 10))
    root = ET.fromstring(picture(case, lib, candidates={(1, 1): every, (2, 1): every}))
    places = {(t.text, float(t.get("y") or 0) // 40): (
        float(t.get("x") or 0), float(t.get("y") or 0), float(t.get("font-size") or 0))
        for t in of_class(root, "text", "candidate")}
    # in r1c1 the keypad starts below the cage total's 14 px band; in r2c1 at the top
    (total,) = of_class(root, "text", "cage-total")
    _, one_y, one_size = places[("1", 0)]
    assert float(total.get("y") or 0) + 11 / 2 <= 14 <= one_y - one_size / 2
    assert places[("1", 1)][1] - 40 < one_y
    for (_, row), (x, y, size) in places.items():  # each digit whole inside its cell
        assert size / 2 < x < 40 - size / 2
        assert row * 40 < y - size / 2 < y + size / 2 < row * 40 + 40


def test_diagonals_and_counting_circles(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\nmain-diagonal\nanti-diagonal\n"
                "counting-circles r1c2-r2c3")
    lines = [(e.get("x1"), e.get("y1"), e.get("x2"), e.get("y2"))
             for e in of_class(root, "line", "diagonal")]
    assert lines == [("0", "0", "160", "160"), ("160", "0", "0", "160")]
    assert len(of_class(root, "circle", "circle")) == 2 and legend(root) == ""
