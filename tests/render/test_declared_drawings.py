"""The drawn elements added to the vocabulary, per declaration, read back from the SVG: an
inequality sign per greater-than pair, a clue per Nonogram row and column, a black cell and a
total per Kakuro block and run, a pill per pill arrow, an arrowhead per arm, Windoku's windows,
tinted cells, given pencil marks, rules stated in words, and the answer's shading drawn as
janko.at draws it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.importers import import_puzzle
from sapphire.meaning import load_case
from sapphire.render import picture
from sapphire.render.clues import runs
from sapphire.render.geometry import CELL

NS = "{http://www.w3.org/2000/svg}"


def case_of(tmp_path: Path, front: str, body: str, library: str = "std") -> tuple:
    path = tmp_path / "p.case"
    lines = [ln if ":" in ln.split(" ")[0] else f"l{k}: {ln}"
             for k, ln in enumerate(body.split("\n"))]  # each line its own id
    path.write_text(f"---\nlibrary: {library}\n{front}---\n" + "\n".join(lines) + "\n",
                    encoding="utf-8")
    return load_case(str(path))


def draw(tmp_path: Path, front: str, body: str, answers: tuple = ()) -> ET.Element:
    case, lib = case_of(tmp_path, front, body)
    return ET.fromstring(picture(case, lib, list(answers)))


def of_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(NS + tag) if e.get("class") == cls]


def texts(root: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in of_class(root, "text", cls)]


def placed(root: ET.Element, cls: str) -> list[tuple[str, str, str]]:
    return [(t.text or "", t.get("x"), t.get("y")) for t in of_class(root, "text", cls)]


def legend(root: ET.Element) -> str:
    return " ".join(texts(root, "legend"))


# -- signs on edges ---------------------------------------------------------------------------


def test_an_inequality_sign_per_greater_than_pair_pointing_at_the_smaller(
        tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\ngreater-than r1c1-r1c2-r2c2\ngreater-than r4c4-r4c3")
    signs = of_class(root, "polyline", "inequality")
    assert len(signs) == 3
    tips = [s.get("points").split()[1] for s in signs]
    # r1c1 > r1c2: the point on the right of the edge x=40; r1c2 > r2c2: below y=40;
    # r4c4 > r4c3: on the left of the edge x=120
    assert tips == ["45.2,20", "60,45.2", "114.8,140"]
    assert legend(root) == ""


# -- clues outside: a Nonogram's runs ---------------------------------------------------------


@pytest.mark.parametrize(("pattern", "expected"), [
    ("0*1{2}0+1{1}0*", [2, 1]),
    ("0*", []),
    ("0*1{3}0*", [3]),
    ("0*1110+10*", [3, 1]),
    ("0*1{2}0*1{1}0*", None),  # the runs may touch: not a Nonogram clue
    ("0*1+0*", None),  # no fixed length
    ("(0|1)*", None),
])
def test_the_runs_a_pattern_spells(pattern: str, expected: list[int] | None) -> None:
    assert runs(pattern) == expected


def test_a_clue_per_nonogram_row_and_column_read_outwards(tmp_path: Path) -> None:
    root = draw(tmp_path, "board: 3x5\n",
                'shade-pattern r1c1-r1c2-r1c3-r1c4-r1c5 pattern "0*1{2}0+1{1}0*"\n'
                'shade-pattern r2c1-r2c2-r2c3-r2c4-r2c5 pattern "0*"\n'
                'shade-pattern r1c2-r2c2-r3c2 pattern "0*1{1}0+1{1}0*"\n'
                'shade-pattern r1c5-r2c5-r3c5 pattern "0*1{3}0*"')
    # a row's numbers left of it, the last nearest the grid; a column's above it
    assert placed(root, "outside-clue") == [
        ("2", "-60", "20"), ("1", "-20", "20"), ("0", "-20", "60"),
        ("1", "60", "-60"), ("1", "60", "-20"), ("3", "180", "-20")]
    group = next(g for g in root.iter(NS + "g") if g.get("class") == "answer")
    # two cells of margin on the left and on top, for the longest clues
    assert group.get("transform") == "translate(92 92)"
    assert legend(root) == ""


def test_a_pattern_that_is_no_run_list_is_written_as_it_stands(tmp_path: Path) -> None:
    root = draw(tmp_path, "board: 1x3\n", 'shade-pattern r1c1-r1c2-r1c3 pattern "0*1+0*"')
    assert texts(root, "outside-clue") == ["0*1+0*"]


# -- Kakuro: black cells with their runs' totals ----------------------------------------------

KAKURO = "3 3\n- 4, 3,\n,3 0 0\n,4 0 0\n"


def kakuro(tmp_path: Path, answers: tuple = ()) -> ET.Element:
    path = tmp_path / "k.case"
    path.write_text(import_puzzle("puzzlekit:Kakuro", KAKURO), encoding="utf-8")
    case, lib = load_case(str(path))
    return ET.fromstring(picture(case, lib, list(answers)))


def test_a_black_cell_per_kakuro_block_and_a_total_per_run(tmp_path: Path) -> None:
    root = kakuro(tmp_path)
    walls = sorted((w.get("x"), w.get("y")) for w in of_class(root, "rect", "wall"))
    assert walls == [("0", "0"), ("0", "40"), ("0", "80"), ("40", "0"), ("80", "0")]
    # down totals below the diagonal of the cell above the run, across totals above the
    # diagonal of the cell left of it
    assert sorted(placed(root, "wall-total")) == [
        ("3", "28", "51.2"), ("3", "92", "28.8"), ("4", "28", "91.2"), ("4", "52", "28.8")]
    assert len(of_class(root, "line", "wall-diagonal")) == 4  # r1c2, r1c3, r2c1, r3c1
    assert not of_class(root, "path", "cage")  # no dashed cage around a run
    assert texts(root, "given") == []  # the black cells' 0 is not written
    assert legend(root) == ""


def test_a_solved_kakuro_writes_digits_in_white_cells_only(tmp_path: Path) -> None:
    answer = {"digits": [[0, 0, 0], [0, 1, 2], [0, 3, 1]]}
    root = kakuro(tmp_path, (answer,))
    assert texts(root, "digit") == ["1", "2", "3", "1"]


def test_a_cage_not_after_a_wall_keeps_its_outline(tmp_path: Path) -> None:
    root = draw(tmp_path, "board: 2x3\n", "shade-count r1c1 count 0\ncage r1c2-r1c3 total 3\n"
                "cage r2c2-r2c3 total 4")
    assert len(of_class(root, "path", "cage")) == 1 and texts(root, "cage-total") == ["4"]
    assert placed(root, "wall-total") == [("3", "28", "11.2")]  # above r1c1's diagonal


# -- lines: pills and arms --------------------------------------------------------------------


def test_a_pill_per_pill_arrow_its_shaft_leaving_the_nearer_cell(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 9x9\npill-arrow r1c2-r1c3-r1c1-r2c1\n"
                "pill-arrow r5c1-r5c2-r5c3-r6c4-r7c5 pill 3")
    pills = [(p.get("x"), p.get("y"), p.get("width"), p.get("height"))
             for p in of_class(root, "rect", "pill")]
    assert pills == [("44.8", "4.8", "70.4", "30.4"), ("4.8", "164.8", "110.4", "30.4")]
    shafts = [line.get("points") for line in of_class(root, "polyline", "line")]
    # the first shaft leaves r1c2 (next to r1c1), the second r5c3 (next to r6c4)
    assert shafts == ["60,20 20,20 20,60", "100,180 140,220 180,260"]
    assert len(of_class(root, "polyline", "arrowhead")) == 2


def test_an_arrowhead_per_arm_of_a_path_that_comes_back(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 9x9\nchaos-construction\n"
                "chaos-arrow r3c3-r2c3-r1c3-r3c3-r4c3-r5c3")
    arms = [line.get("points") for line in of_class(root, "polyline", "line")]
    assert arms == ["100,84 100,60 100,20", "100,116 100,140 100,180"]
    assert len(of_class(root, "polyline", "arrowhead")) == 2
    assert len(of_class(root, "circle", "line-circle")) == 1


# -- tinted cells and windows -----------------------------------------------------------------


def test_windoku_windows_and_windows_of_any_size(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 9x9\nwindoku")
    windows = [(w.get("x"), w.get("y"), w.get("width")) for w in of_class(root, "rect", "window")]
    assert windows == [("40", "40", "120"), ("200", "40", "120"), ("40", "200", "120"),
                       ("200", "200", "120")]
    root = draw(tmp_path, "", "sudoku 16x16\nwindows 4x4")
    assert len(of_class(root, "rect", "window")) == 9


def test_marked_cells_are_tinted(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 9x9\ncolumn-indexer r1c1-r2c1\nsame-values r1c5-r9c9 sets 1")
    tints = [(t.get("x"), t.get("y"), t.get("fill")) for t in of_class(root, "rect", "tint")]
    assert tints == [("0", "0", "#ffd9b0"), ("0", "40", "#ffd9b0"), ("160", "0", "#e4e4e4"),
                     ("320", "320", "#e4e4e4")]


def test_look_and_say_cages_and_numbered_rooms(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 9x9\ndigit-counts r1c1-r1c2 counts [[1,6],[1,7]]\n"
                "digit-counts r5c5-r5c6-r5c7 counts [[1,6],[1,7],[1,8]]\n"
                "numbered-room r2c9-r2c8-r2c7-r2c6-r2c5-r2c4-r2c3-r2c2-r2c1 digit 5")
    assert texts(root, "cage-total") == ["1617", "161718"]
    # a label longer than four characters is set smaller, to stay in its cell
    assert [t.get("font-size") for t in of_class(root, "text", "cage-total")] == ["11", "8"]
    assert placed(root, "outside-clue") == [("5", "380", "60")]


# -- pencil marks and rules in words ----------------------------------------------------------


def test_given_candidates_are_pencil_marks_and_other_absent_digits_a_rule(
        tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\nabsent-digits r1c1 digits [1,3]\n"
                "absent-digits r3c3-r3c4 digits [2]")
    assert texts(root, "pencil-mark") == ["2", "4"]
    assert " ".join(texts(root, "rules")) == "Rules: Absent digits: 2."
    # a digit in the cell hides its pencil marks
    root = draw(tmp_path, "", "sudoku 4x4\nabsent-digits r1c1 digits [1,3]",
                ({"digits": [[2, 1, 3, 4]] * 4},))
    assert texts(root, "pencil-mark") == []


# -- the answer's shading ---------------------------------------------------------------------


def test_shaded_cells_are_dark_with_light_digits(tmp_path: Path) -> None:
    root = draw(tmp_path, "board: 1x2\ngivens: |\n  1 .\n", "shade-count r1c1-r1c2 count 1",
                ({"digits": [[1, 2]], "shading": [[1, 0]]},))
    (shaded,) = of_class(root, "rect", "shaded")
    assert (shaded.get("x"), shaded.get("fill")) == ("0", "#2b2b2b")
    assert [g.get("fill") for g in of_class(root, "text", "given")] == ["white"]
    assert [g.get("fill") for g in of_class(root, "text", "digit")] == ["#1f5fbf"]


def test_a_yin_yang_answer_is_circles_beside_its_given_ones(tmp_path: Path) -> None:
    root = draw(tmp_path, "board: 2x2\nshading: |\n  b .\n  . .\n", "yin-yang",
                ({"shading": [[1, 1], [0, 1]]},))
    assert [c.get("fill") for c in of_class(root, "circle", "given-shading")] == ["black"]
    found = [(c.get("cx"), c.get("cy"), c.get("fill"))
             for c in of_class(root, "circle", "shaded-circle")]
    assert found == [("60", "20", "black"), ("20", "60", "white"), ("60", "60", "black")]
    assert not of_class(root, "rect", "shaded")


def test_akari_lamps_are_bulbs(tmp_path: Path) -> None:
    case = import_puzzle("puzzlekit:Akari", "2 3\n- 1 -\n- - -\n")
    path = tmp_path / "a.case"
    path.write_text(case, encoding="utf-8")
    c, lib = load_case(str(path))
    root = ET.fromstring(picture(c, lib, [{"shading": [[1, 0, 0], [0, 0, 1]]}]))
    lamps = [(b.get("cx"), b.get("cy")) for b in of_class(root, "circle", "bulb-lamp")]
    assert lamps == [("20", "20"), ("100", "60")]
    assert not of_class(root, "rect", "shaded")
    assert placed(root, "wall-number") == [("1", "60", "20")]


def test_straight_counts_of_shaded_cells_keep_the_shading_dark(tmp_path: Path) -> None:
    # a Heyawake's stretches are shade-at-least lines too, and its shading is no Akari's lamps
    case = import_puzzle("puzzlekit:Heyawake", "2 4\n- - - -\n- - - -\n1 2 2 3\n1 2 2 3\n")
    assert "shade-at-least" in case
    path = tmp_path / "h.case"
    path.write_text(case, encoding="utf-8")
    c, lib = load_case(str(path))
    root = ET.fromstring(picture(c, lib, [{"shading": [[1, 0, 0, 0], [0, 0, 0, 1]]}]))
    assert not of_class(root, "circle", "bulb-lamp")
    assert len(of_class(root, "rect", "shaded")) == 2


def test_a_fillomino_answer_has_a_border_between_unequal_digits(tmp_path: Path) -> None:
    # rows 2 2 / 1 2 / 1 3: four sides join unequal digits, r1c1|r2c1 (2 over 1), r2c1|r2c2
    # (1 beside 2), r3c1|r3c2 (1 beside 3) and r2c2|r3c2 (2 over 3)
    root = draw(tmp_path, "board: 3x2\ndigits: 1-3\n", "fillomino",
                ({"digits": [[2, 2], [1, 2], [1, 3]]},))
    s = CELL
    got = sorted((float(e.get("x1")), float(e.get("y1")), float(e.get("x2")),
                  float(e.get("y2"))) for e in of_class(root, "line", "region"))
    assert got == sorted([(0, s, s, s), (s, s, s, 2 * s), (s, 2 * s, s, 3 * s),
                          (s, 2 * s, 2 * s, 2 * s)])
    plain = draw(tmp_path, "board: 3x2\ndigits: 1-3\n", "latin-square",
                 ({"digits": [[2, 2], [1, 2], [1, 3]]},))
    assert not of_class(plain, "line", "region")  # digits alone draw no regions


# -- the vocabulary refuses what it does not know ---------------------------------------------


@pytest.mark.parametrize(("draw_line", "says"), [
    ("draw: [{outside: {label: size, as: lengths}}]", "'as' of 'outside' is one of runs"),
    ("draw: [{line: {start: pill, pill: count}}]", "a pill names one of the kind's parameters"),
    ("draw: [{answer-shading: {as: lamps}}]", "is one of cells, circles, bulbs"),
    ("draw: [{when: {shape: after-walls}, outline: {}}]", "did you mean"),
])
def test_bad_new_options_are_errors_at_their_place(tmp_path: Path, draw_line: str,
                                                   says: str) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "mark.md").write_text(
        f"---\nkind: mark\ntitle: Mark\nscope: cells\ncells: set\nparameters:\n  size:\n"
        f"    type: integer\n    default: 1\n{draw_line}\n---\n\n# Mark\n\nA mark.\n\n"
        "```sapphire\n∀⟨r c⟩∈S: ⦗face r c⦘>0\n```\n", encoding="utf-8")
    with pytest.raises(SapphireError) as exc:
        case_of(tmp_path, "board: 2x2\n", "mark r1c1", library="rules")
    assert "bad-draw" in exc.value.kinds
    assert says in str(exc.value)


def test_a_slitherlink_is_a_lattice_of_dots_with_no_frame(tmp_path: Path) -> None:
    root = draw(tmp_path, "board: 2x3\nclues: |\n  3 . .\n  . . 0\n", "slitherlink")
    assert len(of_class(root, "circle", "lattice")) == 3 * 4
    frames = [r for r in root.iter(NS + "rect") if r.get("stroke") == "black"]
    assert frames == []
    assert texts(root, "clue") == ["3", "0"]
    root = draw(tmp_path, "", "sudoku 4x4")  # any other grid keeps its lines and frame
    assert not of_class(root, "circle", "lattice")
    assert [r for r in root.iter(NS + "rect") if r.get("stroke") == "black"]


def test_pearls_stand_over_the_grid_lines(tmp_path: Path) -> None:
    # a circle in a cell covers the thin grid lines, as a pearl does on janko.at
    svg_text = picture(*case_of(tmp_path, "board: 2x2\n", "loop\nwhite-circle r1c1"))
    assert svg_text.index('class="circle"') > svg_text.rindex('stroke="#bbb"')


def test_rules_in_words_say_not_and_conditions_as_the_lines_mean_them(tmp_path: Path) -> None:
    root = draw(tmp_path, "", "sudoku 4x4\nnot anti-king\n"
                "absent-digits r1c1-r1c2 digits [3] unless distinct")
    assert " ".join(texts(root, "rules")) == (
        "Rules: not Anti-king; Absent digits: 3 unless distinct.")
    root = draw(tmp_path, "negate: all\n", "not sudoku 4x4\nanti-king\nnot anti-knight")
    assert " ".join(texts(root, "rules")) == (
        "Rules: negate: all (every line's rule is false, one written with not true); not "
        "Anti-king; Anti-knight.")


def test_a_one_cell_run_takes_its_total_from_the_wall_on_its_left(tmp_path: Path) -> None:
    # r1c1 and r1c2 are walls: r2c2's cage has one above, so it keeps its outline; r1c3's has
    # one on its left, which holds its total above the diagonal
    root = draw(tmp_path, "board: 2x3\n", "shade-count r1c1-r1c2 count 0\n"
                "cage r2c2 total 5\ncage r1c3 total 6")
    assert texts(root, "cage-total") == ["5"]
    assert placed(root, "wall-total") == [("6", "68", "11.2")]
