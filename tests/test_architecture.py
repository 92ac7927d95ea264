"""The import contracts in pyproject.toml: the pipeline (docs/architecture.md) runs one way.

`lint-imports` reads the contracts from pyproject.toml; these tests run it on the package as
it is, and on a copy with one backward import added, which must break the build.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def lint_imports(cwd: Path, src: Path) -> subprocess.CompletedProcess[str]:
    """Run the contracts of `cwd`'s pyproject.toml against the package in `src`."""
    code = "import sys; from importlinter.cli import lint_imports_command; lint_imports_command()"
    return subprocess.run(
        [sys.executable, "-c", code, "--no-cache", "--config", str(cwd / "pyproject.toml")],
        cwd=cwd, capture_output=True, text=True, timeout=120,
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"},
    )


def test_every_import_contract_is_kept() -> None:
    run = lint_imports(ROOT, ROOT / "src")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def backward_copy(tmp_path: Path, module: str, line: str) -> Path:
    """A copy of the package and its contracts with `line` appended to `module`'s file."""
    shutil.copytree(ROOT / "src" / "sapphire", tmp_path / "src" / "sapphire",
                    ignore=shutil.ignore_patterns("__pycache__", "std"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "src" / Path(*module.split(".")).with_suffix(".py")
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    return tmp_path


def test_a_stage_importing_a_later_one_breaks_the_layers(tmp_path: Path) -> None:
    copy = backward_copy(tmp_path, "sapphire.lang.lexer", "import sapphire.pipeline  # noqa")
    run = lint_imports(copy, copy / "src")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "A stage never imports a later one" in run.stdout
    assert "sapphire.lang.lexer -> sapphire.pipeline" in run.stdout


def test_the_evaluator_importing_the_grounder_breaks_its_contract(tmp_path: Path) -> None:
    copy = backward_copy(tmp_path, "sapphire.evaluator",
                         "import sapphire.ground.grounder  # noqa")
    run = lint_imports(copy, copy / "src")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "The independent evaluator shares no code with grounding or the backends BROKEN" \
        in run.stdout
