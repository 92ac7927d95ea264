"""A command loads the modules it uses: checking and grounding a case never load drawing,
downloading, importers, the case writer or the regular-expression compiler, and with the
definitions cached they load no Markdown reader either. `check` grounds the case as `solve`
does before it searches, but loads no solver (OR-Tools alone costs a fresh process a third of
a second)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

CASE = """---
library: std
---
sudoku 9x9
cage-1: cage r1c1-r1c2 total 3
thermo r2c1-r2c2-r2c3
arrow r3c1-r3c2-r3c3
"""

SCRIPT = """
import json, sys
before = set(sys.modules)
from sapphire.cli import main
assert main(["check", sys.argv[1]]) == 0
checked = set(sys.modules) - before
from sapphire.meaning import load_case
from sapphire.meaning.instantiate import instantiate_checked
from sapphire.deadline import UNBOUNDED
from sapphire.pipeline import ground_within
case, lib = load_case(sys.argv[1])
inst = instantiate_checked(case, lib)
ground_within(inst.program, inst.instance, UNBOUNDED)
print(json.dumps([sorted(checked), sorted(set(sys.modules) - before)]))
"""

NEVER = {"urllib.request", "http.client", "email", "ssl", "xml.sax", "interegular", "hashlib",
         "tempfile", "sapphire.render", "sapphire.importers", "sapphire.explain",
         "sapphire.case.writer", "sapphire.library.fetch", "sapphire.lang.printer"}
READER = {"sapphire.library.reader", "markdown_it", "traceback"}
"""What reading a definition from its Markdown loads (markdown-it loads logging, which loads
traceback)."""
SOLVING = {"ortools", "pysat", "sapphire.backend.cpsat", "sapphire.backend.sat",
           "sapphire.backend.choose"}


def loaded(tmp_path: Path) -> tuple[set[str], set[str]]:
    """The modules `check` loads, and those it and a grounding load, in a fresh process."""
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "case.case")],
                          capture_output=True, text=True, check=True)
    checked, grounded = json.loads(proc.stdout.splitlines()[-1])
    return set(checked), set(grounded)


def test_check_and_ground_load_only_what_they_use(tmp_path: Path) -> None:
    (tmp_path / "case.case").write_text(CASE, encoding="utf-8")
    _, first = loaded(tmp_path)  # reads the definitions (the cache may be cold)
    assert not first & NEVER
    assert "sapphire.ground.grounder" in first
    checked, grounded = loaded(tmp_path)  # served from the definition cache
    assert not grounded & (NEVER | READER)
    assert not checked & SOLVING
