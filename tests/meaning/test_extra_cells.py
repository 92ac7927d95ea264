"""Extra cells (`extra-cells:`): digits below the board that clues read, outside every global
rule, counted in the answer; counts against brute force."""

from __future__ import annotations

import json
from pathlib import Path

import brute as B
import pytest

from sapphire.cli import main
from sapphire.diagnostics import SapphireError

CAP = 200


def count(tmp_path: Path, front: str, body: str) -> tuple[str, int]:
    return B.solver_count(tmp_path, front, body, CAP)


def row_distinct(d: B.Digits, v: B.Digits, s: B.Shade) -> bool:
    return B.distinct([d[(1, c)] for c in (1, 2, 3)])


@pytest.mark.parametrize(("body", "rules"), [
    # global rules range over the board only: the extra cells r2c1, r2c2 are free
    ("latin-square", [row_distinct]),
    ("anti-king", [B.anti_king(1, 3)]),
    # a clue reads an extra cell like any other
    ("latin-square\ncage r1c1-r2c1 total 4", [row_distinct, B.cage([(1, 1), (2, 1)], 4)]),
    ("latin-square\nnot cage r1c1-r2c1-r2c2 total 6",
     [row_distinct, B.NOT(B.cage([(1, 1), (2, 1), (2, 2)], 6))]),
    ("latin-square\nrenban r2c1-r2c2", [row_distinct, B.renban([(2, 1), (2, 2)])]),
])
def test_counts_against_brute_force(tmp_path: Path, body: str, rules: list[B.Rule]) -> None:
    want = B.count(B.Board(1, 3, range(1, 4), extra=2), rules)
    assert count(tmp_path, "board: 1x3\nextra-cells: 2\n", body)[1] == want


def test_extra_cells_count_in_uniqueness(tmp_path: Path) -> None:
    # the board alone is fixed; each free extra cell multiplies the answers
    front = "board: 1x2\ngivens: |\n  1 2\n"
    assert count(tmp_path, front, "latin-square") == ("unique", 1)
    assert count(tmp_path, front + "extra-cells: 1\n", "latin-square") == ("multiple", 2)
    assert count(tmp_path, front + "extra-cells: 3\n", "latin-square") == ("multiple", 8)


def test_givens_go_on_with_the_extra_rows(tmp_path: Path) -> None:
    front = "board: 1x2\nextra-cells: 3\ngivens: |\n  1 .\n  ---\n  . 2\n  1 .\n"
    want = B.count(B.Board(1, 2, range(1, 3), givens={(1, 1): 1, (2, 2): 2, (3, 1): 1},
                           extra=3), [lambda d, v, s: d[(1, 1)] != d[(1, 2)]])
    assert want == 2  # r2c1 is free
    assert count(tmp_path, front, "latin-square") == ("multiple", 2)


def test_answer_lists_the_extra_digits_in_reading_order(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "t.case"
    p.write_text("---\nlibrary: std\nboard: 1x2\nextra-cells: 3\ngivens: |\n  1 2\n  ---\n"
                 "  2 .\n  1 .\n---\nlatin-square\ncage r1c2-r2c2 total 3\n", encoding="utf-8")
    assert main(["solve", str(p), "--format", "json"]) == 0
    (answer,) = json.loads(capsys.readouterr().out)["solutions"]
    assert answer == {"digits": [[1, 2]], "extra": [2, 1, 1]}
    assert main(["solve", str(p)]) == 0
    text = capsys.readouterr().out
    assert "  1 2\n  extra cells:\n  2 1\n  1\n" in text


def test_entries_of_any_of_may_name_extra_cells(tmp_path: Path) -> None:
    front = "board: 1x2\nextra-cells: 1\ngivens: |\n  1 2\n"
    either = 'any-of rules ["a: quadruple r2c1 digits [1]","b: quadruple r2c1 digits [2]"]'
    assert count(tmp_path, front, "latin-square\n" + either) == ("multiple", 2)
    one = 'any-of rules ["quadruple r2c1 digits [2]"]'
    assert count(tmp_path, front, "latin-square\n" + one) == ("unique", 1)
    with pytest.raises(SapphireError) as exc:
        count(tmp_path, front, 'any-of rules ["quadruple r2c2 digits [2]"]')
    assert [d.kind for d in exc.value.diagnostics] == ["off-board-cell"]
    assert "and its 1 extra cells" in str(exc.value.diagnostics[0].hint)
