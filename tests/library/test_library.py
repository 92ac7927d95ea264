"""Opening a case's library folder: names the file system refuses are bad input, placed."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.cli import main


@pytest.mark.parametrize("name", ["a" * 300, "é" * 200, "x/" * 3000 + "y"],
                         ids=["ascii", "accented", "deep"])
def test_a_library_name_the_file_system_refuses_is_an_error_at_the_library_key(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.case"
    path.write_text(f"---\nlibrary: {name}\n---\nsudoku 4x4\n", encoding="utf-8")
    for command in ("check", "solve"):
        assert main([command, str(path)]) == 1, command
        err = capsys.readouterr().err
        assert f"{path}:2:1: error: library folder" in err, command
        assert "Traceback" not in err and "internal error" not in err
        assert len(err.splitlines()[0]) < 300  # the name is cut short in the message
    assert main(["fmt", str(path)]) == 0  # formatting needs no library
    assert f"library: {name}" in capsys.readouterr().out
