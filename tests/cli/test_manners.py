"""The command line's manners: `--version`, help for every option with its default, exit
statuses and examples in `--help`, format names in any case with a "did you mean", and `-o`
that never overwrites without `--force`."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

import sapphire
from sapphire.cli import build_parser, main

OWN = ("solve", "check", "fmt", "import", "export", "draw", "verify", "batch", "serve")


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"sapphire {sapphire.__version__}\n"


@pytest.mark.parametrize("command", OWN)
def test_every_option_has_help_and_says_its_default(command: str) -> None:
    parser = _subcommands()[command]
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help, f"{command} {action.dest} has no help"
        if action.option_strings and action.default not in (None, False):
            assert f"default: {action.default}" in action.help, (command, action.dest)
        elif action.option_strings and not isinstance(action, argparse._StoreTrueAction):
            assert "default" in action.help, (command, action.dest)


@pytest.mark.parametrize("command", OWN)
def test_help_shows_examples_and_exit_statuses(command: str) -> None:
    text = _subcommands()[command].format_help()
    assert "examples:" in text and "exit status" in text
    assert f"sapphire {command} " in text.split("examples:")[1]
    whole = build_parser().format_help()
    for status in ("0 ", "1 ", "2 ", "3 ", "70 "):
        assert f"\n  {status}" in whole.split("exit status:")[1]


def test_import_formats_in_any_case(tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "ISS", ".~R1C1_5.AntiKing"]) == 0
    assert "anti-king" in capsys.readouterr().out
    problem = str(tmp_path / "problem.txt")
    Path(problem).write_text("4 4\n1 - - -\n- - - -\n- - - -\n- - - -\n", encoding="utf-8")
    assert main(["import", "puzzlekit:sudoku", problem]) == main(
        ["import", "puzzlekit:Sudoku", problem])
    out = capsys.readouterr().out
    half = len(out) // 2
    assert out[:half] == out[half:] and "sudoku 4x4" in out


@pytest.mark.parametrize(("written", "meant"), [
    ("puzzlekit:Sudok", "puzzlekit:Sudoku"), ("puzzlekit:killersudoku2", "puzzlekit:KillerSudoku"),
    ("fpuzzle", "fpuzzles")])
def test_an_unknown_format_says_what_was_meant(written: str, meant: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", written, "x"]) == 1
    err = capsys.readouterr().err
    assert err == f"error: unknown import format '{written}'\n  hint: did you mean '{meant}'?\n"


def test_import_output_is_never_overwritten_without_force(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mine.case"
    out.write_text("hand-written\n", encoding="utf-8")
    assert main(["import", "iss", ".~R1C1_5.AntiKing", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{out} exists" in err and "--force" in err
    assert out.read_text(encoding="utf-8") == "hand-written\n"
    assert main(["import", "iss", ".~R1C1_5.AntiKing", "-o", str(out), "--force"]) == 0
    assert "anti-king" in out.read_text(encoding="utf-8")
    fresh = tmp_path / "new.case"
    assert main(["import", "iss", ".~R1C1_5.AntiKing", "-o", str(fresh)]) == 0
    assert fresh.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")
