"""`-` reads standard input in `solve`, `check` and `fmt`: through real pipes between processes,
errors placed at `<stdin>:LINE:COL`, and a case's library folder found from the current
directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "examples" / "slitherlink" / "slitherlink-rules.sapphire"
DATA = ROOT / "examples" / "slitherlink" / "puzzle-5x5.json"
COMMAND = "import sys; from sapphire.cli import main; sys.exit(main(sys.argv[1:]))"


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def _sapphire(*argv: str, stdin: str | None = None, cwd: Path | None = None
              ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", COMMAND, *argv], input=stdin, text=True,
                          capture_output=True, check=False, env=_env(), cwd=cwd)


def test_import_piped_into_solve() -> None:
    """`sapphire import … | sapphire solve - --format json`, two processes and a pipe."""
    imported = subprocess.Popen([sys.executable, "-c", COMMAND, "import", "iss",
                                 ".~R1C1_5.~R1C2_3.AntiKing"], stdout=subprocess.PIPE,
                                env=_env())
    solved = subprocess.run([sys.executable, "-c", COMMAND, "solve", "-", "--format", "json",
                             "--max-solutions", "1"], stdin=imported.stdout,
                            capture_output=True, text=True, check=False, env=_env())
    assert imported.stdout is not None
    imported.stdout.close()
    assert imported.wait() == 0
    assert solved.returncode == 0, solved.stderr
    out = json.loads(solved.stdout)
    assert out["status"] == "multiple" and out["count"] == 1
    digits = out["solutions"][0]["digits"]
    assert digits[0][:2] == [5, 3]


def test_errors_in_standard_input_are_placed_at_stdin() -> None:
    case = "---\nlibrary: std\n---\nsudoku 4x4\ncage r1c1-r1c2 total\n"
    for command in ("solve", "check"):
        run = _sapphire(command, "-", stdin=case)
        assert run.returncode == 1
        assert run.stderr.startswith("<stdin>:5:"), run.stderr
        assert "Traceback" not in run.stderr


def test_check_and_fmt_read_standard_input() -> None:
    case = "---\nlibrary: std\n---\nsudoku   4x4\ncage r1c1-r1c2 sum 3\n"
    checked = _sapphire("check", "-", stdin=case)
    assert (checked.returncode, checked.stdout) == (0, "ok\n")
    formatted = _sapphire("fmt", "-", stdin=case)
    assert formatted.returncode == 0
    assert formatted.stdout == "---\nlibrary: std\n---\nsudoku 4x4\ncage r1c1-r1c2 total 3\n"
    refused = _sapphire("fmt", "-", "--write", stdin=case)
    assert refused.returncode == 1 and "standard input" in refused.stderr


def test_a_case_on_standard_input_finds_its_library_from_the_current_directory(
        tmp_path: Path) -> None:
    """`library: ./rules` is the folder `rules` of the directory the command runs in."""
    rules = tmp_path / "rules"
    rules.mkdir()
    std = (ROOT / "src/sapphire/library/std/latin-square.md").read_text(encoding="utf-8")
    (rules / "my-latin.md").write_text(std.replace("kind: latin-square", "kind: my-latin"),
                                       encoding="utf-8")
    case = "---\nlibrary: ./rules\nboard: 2x2\n---\nmy-latin\n"
    here = _sapphire("solve", "-", "--format", "json", stdin=case, cwd=tmp_path)
    assert here.returncode == 0, here.stderr
    assert json.loads(here.stdout)["count"] == 2
    elsewhere = _sapphire("solve", "-", stdin=case, cwd=ROOT / "examples")
    assert elsewhere.returncode == 1 and "rules" in elsewhere.stderr


def test_a_program_on_standard_input_needs_program() -> None:
    """Standard input is a case file unless `--program` says it is a `.sapphire` program."""
    seed = SEED.read_text(encoding="utf-8")
    run = _sapphire("solve", "--program", "-", "--data", str(DATA), "--format", "json",
                    stdin=seed)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["status"] == "unique"
    as_case = _sapphire("solve", "-", "--data", str(DATA), stdin=seed)
    assert as_case.returncode == 1 and "--program" in as_case.stderr
    checked = _sapphire("check", "--program", "-", "--data", str(DATA), stdin=seed)
    assert (checked.returncode, checked.stdout) == (0, "ok\n")
