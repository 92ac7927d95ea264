"""The examples of the README and of the docs pages run as written, from the repository's
root, where their paths point.

* Python sessions (`>>>`) run as doctests, `...` standing for any text.
* A ```console block (or ````console, around text that holds fences) is a shell session:
  each `$ ` line is a command, run with bash in a folder that holds the repository's
  `examples/` (a file a command writes lands in that folder, not in the repository), and the
  lines up to the next command are its standard output and error, compared as a doctest
  compares (a line `...`, or `...` in a line, stands
  for any text: a time, the solutions of a case with several).
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CHECKER = doctest.OutputChecker()


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


@pytest.mark.parametrize("page", [p for p in PAGES if ">>> " in p.read_text(encoding="utf-8")],
                         ids=_name)
def test_python_sessions_run(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    failed, attempted = doctest.testfile(str(page), module_relative=False,
                                         optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failed == 0


def test_the_python_api_page_holds_the_sessions_the_readme_held() -> None:
    assert (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8").count(">>> ") >= 10


def sessions(page: Path) -> list[tuple[int, list[tuple[str, str]]]]:
    """Each ```console block of a page: its line, and its commands with their output."""
    text = page.read_text(encoding="utf-8")
    out = []
    for block in re.finditer(r"^(`{3,})console\n(.*?)^\1$", text, re.S | re.M):
        line = text[: block.start()].count("\n") + 1
        steps: list[tuple[str, str]] = []
        for row in block.group(2).splitlines():
            if row.startswith("$ "):
                steps.append((row[2:], ""))
            else:
                command, shown = steps[-1]
                steps[-1] = (command, shown + row + "\n")
        out.append((line, steps))
    return out


SESSIONS = [(page, line, steps) for page in PAGES for line, steps in sessions(page)]


@pytest.mark.parametrize(("page", "line", "steps"), SESSIONS,
                         ids=[f"{_name(p)}:{n}" for p, n, _ in SESSIONS])
def test_console_sessions_print_what_they_show(page: Path, line: int,
                                               steps: list[tuple[str, str]],
                                               tmp_path: Path) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "100",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    for command, shown in steps:
        run = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120)
        got = run.stdout + run.stderr
        assert CHECKER.check_output(shown, got, doctest.ELLIPSIS), (
            f"{_name(page)}:{line}: $ {command}\nshown:\n{shown}\nprinted:\n{got}")


def test_the_readme_keeps_its_two_set_up_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = re.search(r"## Set up.*?```sh\n(.*?)```", readme, re.S)
    assert setup is not None and setup.group(1).splitlines() == [
        "pip install -c constraints.txt -e '.[test]' && sapphire solve "
        "examples/slitherlink/slitherlink-rules."
        "sapphire --data examples/slitherlink/puzzle-5x5.json",
        "python -m pytest -n auto"]
    assert len(readme.splitlines()) < 150


def test_the_constraints_pin_every_dependency_inside_its_range() -> None:
    """`constraints.txt` pins one tested version of each dependency `pyproject.toml` names
    (and of theirs), each inside the range the project states."""
    import tomllib

    from packaging.requirements import Requirement

    pins = dict(line.split("==") for line in
                (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
                if line and not line.startswith("#"))
    pins = {name.lower().replace("_", "-"): version for name, version in pins.items()}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [*project["dependencies"],
              *(r for extra in project["optional-dependencies"].values() for r in extra)]
    for req in map(Requirement, wanted):
        name = req.name.lower().replace("_", "-")
        assert name in pins, f"{req.name} is not pinned in constraints.txt"
        assert req.specifier.contains(pins[name], prereleases=True), (req, pins[name])
    assert not any("==" in r for r in wanted), "pyproject.toml states ranges, not pins"


def test_the_cli_page_names_every_command_and_option() -> None:
    import argparse

    from sapphire.cli import build_parser

    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in sub.choices.items():
        assert f"sapphire {name}" in page, name
        for action in command._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert f"`{option}" in page or f"{option}`" in page, (name, option)


def test_the_language_page_names_every_spelling_and_keyword() -> None:
    from sapphire.lang import lexer

    page = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    assert [s for s, _ in lexer._OPERATORS if s not in page] == []
    assert [k for k in sorted(lexer.KEYWORDS) if f"`{k}`" not in page] == []
