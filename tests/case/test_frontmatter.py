"""Front matter that YAML refuses outright: an error at its place, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.case import parse_case
from sapphire.cli import main
from sapphire.diagnostics import SapphireError


@pytest.mark.parametrize("char", ["\x01", "\x7f", "\x1b", "\ufffe"])
def test_a_control_character_is_placed_where_it_stands(char: str) -> None:
    with pytest.raises(SapphireError) as info:
        parse_case(f'---\nlibrary: std\ntitle: "{char}"\n---\nsudoku 4x4\n', "t.case")
    (d,) = info.value.diagnostics
    assert (d.kind, d.span.file, d.span.line, d.span.col) == ("bad-yaml", "t.case", 3, 9)
    assert f"U+{ord(char):04X}" in d.message
    assert d.hint


def test_a_control_character_on_a_later_line_of_a_block() -> None:
    text = "---\nlibrary: std\nnotes: |\n  one\n  tw\x02o\n---\n"
    with pytest.raises(SapphireError) as info:
        parse_case(text, "t.case")
    assert [(d.span.line, d.span.col) for d in info.value.diagnostics] == [(5, 5)]


@pytest.mark.parametrize("command", ["check", "fmt", "solve"])
def test_every_command_reports_it_with_exit_status_1(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.case"
    path.write_bytes(b'---\nlibrary: std\ntitle: "\x01"\n---\nsudoku 4x4\n')
    assert main([command, str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:3:9: error:" in err
    assert "Traceback" not in err and "internal error" not in err

