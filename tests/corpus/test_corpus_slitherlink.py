"""Readers of the Slitherlink corpus formats and the independent loop check."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from slitherlink_corpus import (
    CorpusFormatError,
    SlitherlinkPuzzle,
    check_loop,
    edges_from_inside,
    edges_from_values,
    fixture_json,
    inside_from_values,
    loop_problems,
    read_corpus,
    read_fixture,
    read_puzzlekit_slitherlink,
    read_slitherlink_json,
    to_program_data,
)

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "slitherlink"
CORPUS = Path(os.environ.get("SAPPHIRE_CORPUS", REPO.parent / "shared" / "corpus"))
FIXTURE_FILES = sorted(p for p in FIXTURES.glob("*.json") if p.name != "puzzlekit_sample.json")

needs_corpus = pytest.mark.skipif(not CORPUS.exists(), reason=f"no shared corpus at {CORPUS}")


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.stem)
def test_fixture_solution_is_a_single_loop_meeting_the_clues(path: Path) -> None:
    p = read_fixture(path)
    assert p.name == path.stem
    assert p.has_solution
    assert loop_problems(p, p.vrt, p.hrz) == []


def test_fixtures_cover_the_sizes_the_tests_rely_on() -> None:
    sizes = {read_fixture(f).size for f in FIXTURE_FILES}
    assert {"5x5", "7x7", "10x10"} <= sizes


def test_puzzlekit_sample_decodes_to_loops_equal_to_the_fixtures() -> None:
    puzzles = read_puzzlekit_slitherlink(FIXTURES / "puzzlekit_sample.json")
    assert [p.name for p in puzzles] == ["pk_268_10x10", "pk_30_6x6"]
    for p in puzzles:
        assert check_loop(p, p.vrt, p.hrz), loop_problems(p, p.vrt, p.hrz)
        fixture = read_fixture(FIXTURES / f"{p.name}.json")
        assert (p.clues, p.vrt, p.hrz) == (fixture.clues, fixture.vrt, fixture.hrz)


def test_puzzlekit_marks_x_inside() -> None:
    # key 30_6x6 row 4 is "0 2 - - - 1": the 0 sits on the left border in a '-' cell,
    # so '-' must be outside; reading 'x' as outside would put that border edge on the loop.
    (p,) = [
        q
        for q in read_puzzlekit_slitherlink(FIXTURES / "puzzlekit_sample.json")
        if q.name == "pk_30_6x6"
    ]
    assert p.clues[3][0] == 0
    assert p.hrz[3][0] == 0


def test_to_program_data_is_the_seed_instance() -> None:
    p = read_fixture(FIXTURES / "pzprjs_test_5x5.json")
    data = to_program_data(p)
    assert data["n"] == 5 and data["m"] == 5
    assert data["pim"][0] == [2, None, None, 1, None]
    assert data["pim"][4] == [None, 0, None, None, 3]


def test_fixture_round_trip(tmp_path: Path) -> None:
    import json

    p = read_fixture(FIXTURES / "pk_37_7x7.json")
    out = tmp_path / "x.json"
    out.write_text(json.dumps(fixture_json(p)))
    q = read_fixture(out)
    assert (q.name, q.clues, q.vrt, q.hrz) == (p.name, p.clues, p.vrt, p.hrz)


def test_edges_from_inside_single_cell() -> None:
    vrt, hrz = edges_from_inside([[False, False], [False, True]])
    assert vrt == ((0, 0), (0, 1), (0, 1))
    assert hrz == ((0, 0, 0), (0, 1, 1))


def test_edges_from_values_drops_border_points_and_rejects_gaps() -> None:
    p = read_fixture(FIXTURES / "pk_11_5x5.json")
    assert p.vrt is not None and p.hrz is not None
    vrt_rows = [[a, b, p.vrt[a][b]] for a in range(6) for b in range(5)]
    vrt_rows += [[a, -1, 0] for a in range(6)] + [[a, 5, 0] for a in range(6)]
    hrz_rows = [[a, b, p.hrz[a][b]] for a in range(5) for b in range(6)]
    hrz_rows += [[-1, b, 0] for b in range(6)] + [[5, b, 0] for b in range(6)]
    assert edges_from_values({"vrt": vrt_rows, "hrz": hrz_rows}, 5, 5) == (p.vrt, p.hrz)
    with pytest.raises(CorpusFormatError):
        edges_from_values({"vrt": vrt_rows[1:], "hrz": hrz_rows}, 5, 5)


# ----------------------------------------------------------------------------- check_loop


def _square(n: int, m: int, cells: set[tuple[int, int]], clues=None) -> tuple:
    inside = [[(r, c) in cells for c in range(m)] for r in range(n)]
    vrt, hrz = edges_from_inside(inside)
    clue_grid = tuple(tuple(None for _ in range(m)) for _ in range(n)) if clues is None else clues
    return SlitherlinkPuzzle("t", n, m, clue_grid, None, None, "test"), vrt, hrz


def test_check_loop_accepts_one_loop() -> None:
    p, vrt, hrz = _square(3, 3, {(0, 0), (0, 1), (1, 1)})
    assert check_loop(p, vrt, hrz)


def test_check_loop_rejects_two_loops() -> None:
    p, vrt, hrz = _square(3, 3, {(0, 0), (2, 2)})
    assert not check_loop(p, vrt, hrz)
    assert any("more than one piece" in s for s in loop_problems(p, vrt, hrz))


def test_check_loop_rejects_touching_corners() -> None:
    # two cells meeting at a corner: the shared point has four edges
    p, vrt, hrz = _square(2, 2, {(0, 0), (1, 1)})
    assert any("has 4 edges" in s for s in loop_problems(p, vrt, hrz))


def test_check_loop_rejects_a_wrong_clue() -> None:
    p = read_fixture(FIXTURES / "pk_11_5x5.json")
    clues = [list(r) for r in p.clues]
    clues[0][0] = 2 if clues[0][0] != 2 else 1
    wrong = SlitherlinkPuzzle(p.name, p.rows, p.cols, tuple(map(tuple, clues)), None, None, "")
    assert not check_loop(wrong, p.vrt, p.hrz)
    assert loop_problems(wrong, p.vrt, p.hrz) == [f"cell (0,0) has 1 edges, clue {clues[0][0]}"]


def test_check_loop_rejects_an_open_path_and_no_loop() -> None:
    p = read_fixture(FIXTURES / "pk_11_5x5.json")
    vrt = [list(r) for r in p.vrt]
    first = next((a, b) for a in range(6) for b in range(5) if vrt[a][b])
    vrt[first[0]][first[1]] = 0
    assert not check_loop(p, vrt, p.hrz)
    empty = SlitherlinkPuzzle("e", 2, 2, ((None, None), (None, None)), None, None, "")
    assert loop_problems(empty, [[0, 0]] * 3, [[0, 0, 0]] * 2) == ["no loop"]


def test_check_loop_rejects_bad_shapes() -> None:
    p = read_fixture(FIXTURES / "pk_11_5x5.json")
    assert not check_loop(p, p.vrt[:-1], p.hrz)
    assert not check_loop(p, p.vrt, [list(r) + [0] for r in p.hrz])


# ----------------------------------------------------------------------------- shared corpus


@needs_corpus
def test_all_corpus_solutions_are_loops_meeting_their_clues() -> None:
    puzzles = read_corpus(CORPUS)
    assert len(puzzles) == 67
    for p in puzzles:
        assert check_loop(p, p.vrt, p.hrz), (p.name, loop_problems(p, p.vrt, p.hrz)[:3])


@needs_corpus
def test_all_forty_puzzlekit_slitherlinks_decode() -> None:
    puzzles = read_puzzlekit_slitherlink(CORPUS / "puzzlekit" / "Slitherlink.json")
    assert len(puzzles) == 40
    assert all(check_loop(p, p.vrt, p.hrz) for p in puzzles)


@needs_corpus
def test_slitherlink_json_inside_agrees_with_its_edges() -> None:
    import json

    doc = json.loads((CORPUS / "slitherlink.json").read_text())
    by_name = {p.name: p for p in read_slitherlink_json(CORPUS / "slitherlink.json")}
    checked = 0
    for entry in doc["puzzles"]:
        inside = entry["solution"].get("inside")
        if inside:
            p = by_name[entry["name"]]
            assert edges_from_inside([[c == "#" for c in r] for r in inside]) == (p.vrt, p.hrz)
            checked += 1
    assert checked > 20


@needs_corpus
@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.stem)
def test_fixtures_match_the_corpus(path: Path) -> None:
    f = read_fixture(path)
    by_name = {p.name: p for p in read_corpus(CORPUS)}
    p = by_name[f.name]
    assert (p.rows, p.cols, p.clues, p.vrt, p.hrz) == (f.rows, f.cols, f.clues, f.vrt, f.hrz)


def test_inside_from_values_inverts_edges_from_inside() -> None:
    inside = [[0, 1, 1], [0, 1, 0], [1, 1, 0]]
    vrt, _hrz = edges_from_inside(inside)
    values = {"vrt": [[a, b, v] for a, row in enumerate(vrt) for b, v in enumerate(row)]}
    assert inside_from_values(values, 3, 3) == inside
