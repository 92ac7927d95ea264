"""Language cases: each `tests/lang/cases/*.sapphire` states its expected outcome in its header.

Header lines: `-- expect: status=S count=N [max=K] [values=JSON]` or
`-- expect: error=KIND line=L col=C [message="..."]`, and optionally `-- data: JSON`.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.ground.grounder import data_to_instance
from sapphire.lang.parser import parse_program
from sapphire.lang.types import typecheck_program
from sapphire.pipeline import solve_grounded

CASES = sorted((Path(__file__).parent / "cases").glob("*.sapphire"))


def _header(text: str) -> tuple[dict[str, str], dict]:
    expect: dict[str, str] = {}
    data: dict = {}
    for line in text.splitlines():
        m = re.match(r"--\s*(expect|data):\s*(.*)$", line)
        if not m:
            continue
        if m.group(1) == "data":
            data = json.loads(m.group(2))
        else:
            for part in shlex.split(m.group(2)):
                k, _, v = part.partition("=")
                expect[k] = v
    return expect, data


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    expect, data = _header(text)
    assert expect, "every case states its expected outcome"
    if "error" in expect:
        with pytest.raises(SapphireError) as ei:
            program = parse_program(text, str(path))
            typecheck_program(program, data_to_instance(data).constants)
            solve_grounded(program, data_to_instance(data))
        d = ei.value.diagnostics[0]
        assert d.kind == expect["error"], str(ei.value)
        assert d.span is not None
        assert (d.span.line, d.span.col) == (int(expect["line"]), int(expect["col"])), \
            str(ei.value)
        if "message" in expect:
            assert expect["message"] in d.message
        return
    program = parse_program(text, str(path))
    res = solve_grounded(program, data_to_instance(data),
                         max_solutions=int(expect.get("max", 2)))
    assert res.status == expect["status"]
    assert res.count == int(expect["count"])
    if "values" in expect:
        want = json.loads(expect["values"])
        for name, value in want.items():
            assert res.solutions[0][name] == value
