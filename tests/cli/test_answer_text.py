"""The text form of answers without digits: a shading alone, and a loop through cell centres."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.cli import main


def solve_text(tmp_path: Path, capsys: pytest.CaptureFixture, body: str, board: str) -> str:
    p = tmp_path / "t.case"
    p.write_text(f"---\nlibrary: std\nboard: {board}\n---\n{body}\n", encoding="utf-8")
    assert main(["solve", str(p)]) == 0
    return capsys.readouterr().out


def test_a_shading_alone_is_drawn(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = solve_text(tmp_path, capsys, "row-1: shade-count r1c1-r1c2 count 2\nrow-2: shade-count "
                     "r2c1-r2c2 count 0", "2x2")
    assert out.splitlines()[1:] == ["solution 1:", "  # #", "  . ."]


def test_a_loop_is_drawn(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = solve_text(tmp_path, capsys, "loop\nwhite-circle r1c2", "2x3")
    assert out.splitlines()[1:] == ["solution 1:", "  o-o-o", "  |   |", "  o-o-o"]
