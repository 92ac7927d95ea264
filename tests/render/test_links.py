"""The `links` answer (lines between neighbouring cells): its JSON, its text and picture, and
`sapphire verify` reading it back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.meaning import bundled_form
from sapphire.pipeline import solve_case
from sapphire.render.links import link_lines
from sapphire.render.svg import panel_of, svg
from sapphire.render.text import answer_lines

CASE = "---\nlibrary: std\nboard: 2x3\n---\nnumberlink r1c1-r2c3 fill true\n"
"""Its one answer: under `fill` the line snakes through all six cells,
r1c1-r2c1-r2c2-r1c2-r1c3-r2c3."""


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_the_answer_holds_links_and_the_lines_names(tmp_path: Path) -> None:
    res = solve_case(write(tmp_path, "t.case", CASE))
    assert res.status == "unique"
    (answer,) = res.solutions
    assert answer["links"] == {"across": [[0, 1, 0], [1, 0, 0]], "down": [[1, 1, 1], [0, 0, 0]]}
    assert answer["regions"] == [[1, 1, 1], [1, 1, 1]]


def test_text_shows_single_and_double_links() -> None:
    links = {"across": [[1, 0], [2, 0]], "down": [[1, 0], [0, 0]]}
    assert answer_lines(bundled_form(), {"links": links}) == [
        "  links:", "  o-o", "  |", "  o=o"]


def test_a_double_link_is_two_lines() -> None:
    one = link_lines([[1, 0]], [[0, 0]])
    two = link_lines([[2, 0]], [[0, 0]])
    assert len(one) == 1 and len(two) == 2
    assert 'y1="15"' in two[0] and 'y1="25"' in two[1]  # set off 5 px above and below


def test_the_picture_draws_the_links(tmp_path: Path) -> None:
    answer = solve_case(write(tmp_path, "t.case", CASE)).solutions[0]
    panel = panel_of(answer)
    assert panel is not None and (panel.rows, panel.cols) == (2, 3)
    assert svg([panel]).count('class="link"') == 5


def test_verify_reads_links_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = write(tmp_path, "t.case", CASE)
    answer = solve_case(case).solutions[0]
    good = write(tmp_path, "good.json", json.dumps(answer))
    assert main(["verify", case, good]) == 0
    answer["links"]["across"][0][1] = 0  # the line now breaks between r1c2 and r1c3
    bad = write(tmp_path, "bad.json", json.dumps(answer))
    assert main(["verify", case, bad]) == 2
    assert "numberlink" in capsys.readouterr().out
