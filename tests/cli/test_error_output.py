"""An error report grows with the number of errors a reader needs to see, not with the
square of the input: a long line is shown as a window around the column, errors of one kind
past the first few are summarised, and the whole report is capped. Before, every error on a
long line repeated the whole line, and each of a kind used on thousands of lines listed them
all: `check` wrote 3 GB for a 100 KB case, and `solve` ran out of memory building the text."""

from __future__ import annotations

from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.diagnostics import (
    SHOWN_AT_MOST,
    SHOWN_LINE,
    SHOWN_PER_KIND,
    Diagnostic,
    SapphireError,
    Span,
)

HEAD = "---\nlibrary: std\n---\nsudoku 9x9\n"


def test_a_long_line_is_shown_as_a_window_around_the_column() -> None:
    line = "".join(f"{i:04d} " for i in range(400))  # 2,000 characters
    col = line.index("0250") + 1
    d = Diagnostic("x", "bad", Span("t", 1, col, 1, col + 4), None, line)
    _, shown, caret = d.render().splitlines()
    assert len(shown) <= SHOWN_LINE + 4 and shown.startswith("  …") and shown.endswith("…")
    assert shown[caret.index("^"):caret.rindex("^") + 1] == "0250"
    short = Diagnostic("x", "bad", Span("t", 1, 3, 1, 5), None, "a bcd e")
    assert short.render().splitlines()[1:] == ["  a bcd e", "    ^^"]


def test_a_window_at_the_end_of_a_line_and_a_long_message() -> None:
    line = "x" * 1000 + "END"
    d = Diagnostic("x", "m" * 5000, Span("t", 1, 1001, 1, 1004), "h" * 5000, line)
    first, shown, caret, hint = d.render().splitlines()
    assert shown.endswith("xEND") and caret.endswith("^^^")
    assert len(first) < 600 and "…" in first and len(hint) < 600


def test_errors_past_the_first_few_of_a_kind_are_summarised() -> None:
    diagnostics = [Diagnostic("malformed-cell", f"bad {i}", Span("t.case", 5 + i, 1), None)
                   for i in range(2000)]
    diagnostics.insert(3, Diagnostic("other", "else", Span("t.case", 1, 1)))
    text = str(SapphireError(diagnostics))
    assert text.count("error:") == SHOWN_PER_KIND + 1
    assert text.splitlines()[-1] == ("t.case: note: and 1,990 more malformed-cell errors on "
                                     "lines 15 to 2,004, not shown")


def test_the_report_is_capped_over_all_kinds() -> None:
    diagnostics = [Diagnostic(f"kind-{i % 50}", "bad", Span("t.case", i + 1, 1), None)
                   for i in range(1000)]
    text = str(SapphireError(diagnostics))
    assert text.count("error:") == SHOWN_AT_MOST
    assert text.count("note: and 18 more kind-") == 50


@pytest.mark.parametrize("command", ["check", "solve"])
def test_one_long_line_of_bad_cells(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    command: str) -> None:
    path = tmp_path / "t.case"
    path.write_text(HEAD + "cage " + ",".join(["r0c1"] * 2000) + " total 3\n",
                    encoding="utf-8")
    assert main([command, str(path)]) == 1
    err = capsys.readouterr().err
    assert len(err) < 5000 and "Traceback" not in err
    assert err.splitlines()[-1] == (f"{path}: note: and 1,990 more malformed-cell errors on "
                                    "line 5, not shown")


@pytest.mark.parametrize("command", ["check", "solve"])
def test_a_misspelt_kind_on_thousands_of_lines(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               command: str) -> None:
    path = tmp_path / "t.case"
    path.write_text(HEAD + "skyscra r1c1 clue 3\n" * 2000, encoding="utf-8")
    assert main([command, str(path)]) == 1
    err = capsys.readouterr().err
    assert len(err) < 10_000 and "Traceback" not in err
    assert (f"{path}:5:1: error: 'skyscra' is used on lines 5, 6, 7, 8, 9 and 1,995 more, so "
            "each instance needs its own id\n") in err
    assert f"{path}: note: and 1,990 more repeated-kind-needs-id errors on lines 15 to 2,004" \
        in err


def test_running_out_of_memory_is_an_error_not_a_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def exhausted(*_: object) -> int:
        raise MemoryError

    monkeypatch.setattr("sapphire.cli.case_commands.run_check", exhausted)
    assert main(["check", "any.case"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: out of memory: ") and "Traceback" not in err
