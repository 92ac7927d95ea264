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



def laughs(key: str, levels: int = 9) -> str:
    """Front matter whose `key` expands to 9**levels strings ("billion laughs")."""
    lines = ['l0: &l0 "lol"']
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, levels + 1)]
    return "\n".join(lines) + f"\n{key}: *l{levels}\n"


@pytest.mark.parametrize("key", ["board", "title", "library", "negate"])
def test_aliases_that_expand_past_a_small_size_are_refused(key: str) -> None:
    with pytest.raises(SapphireError) as info:
        parse_case("---\n" + laughs(key) + "---\nsudoku 4x4\n", "t.case")
    (d,) = info.value.diagnostics
    assert (d.kind, d.span.line, d.span.col) == ("yaml-aliases-too-large", 7, 5)
    assert len(str(info.value)) < 1000


@pytest.mark.parametrize("command", ["check", "fmt", "solve"])
def test_a_bomb_is_refused_by_every_command(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.case"
    path.write_text("---\nlibrary: std\n" + laughs("board") + "---\nsudoku 4x4\n")
    assert main([command, str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:8:5: error: the front matter's aliases expand it by more "
                          "than 100,000 values and characters\n")
