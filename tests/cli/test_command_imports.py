"""A command loads the modules it uses: checking and grounding a case never load drawing,
downloading, importers or the regular-expression compiler, and with the definitions cached
they load no Markdown parser either (each costs a fresh process tens of milliseconds)."""

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
from sapphire.meaning import load_case
from sapphire.meaning.instantiate import instantiate_checked
from sapphire.pipeline import ground_within
case, lib = load_case(sys.argv[1])
inst = instantiate_checked(case, lib)
ground_within(inst.program, inst.instance, 0.0, None)
print(json.dumps(sorted(set(sys.modules) - before)))
"""

NEVER = {"urllib.request", "http.client", "email", "ssl", "xml.sax", "interegular", "hashlib",
         "sapphire.render", "sapphire.importers", "sapphire.meaning.explain"}
MARKDOWN = {"markdown_it", "traceback"}  # markdown-it loads logging, which loads traceback


def loaded(tmp_path: Path) -> set[str]:
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "case.case")],
                          capture_output=True, text=True, check=True)
    return set(json.loads(proc.stdout.splitlines()[-1]))


def test_check_and_ground_load_only_what_they_use(tmp_path: Path) -> None:
    (tmp_path / "case.case").write_text(CASE, encoding="utf-8")
    first = loaded(tmp_path)  # reads the definitions (the cache may be cold)
    assert not first & NEVER
    assert "sapphire.ground.grounder" in first
    again = loaded(tmp_path)  # served from the definition cache
    assert not again & (NEVER | MARKDOWN)
