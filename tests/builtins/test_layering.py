"""The builtins and the evaluator stay below the stages they must not know."""

from __future__ import annotations

import subprocess
import sys

import pytest

LATER = ("ortools", "pysat", "sapphire.backend", "sapphire.ground", "sapphire.pipeline")


@pytest.mark.parametrize("module", ["sapphire.builtins", "sapphire.evaluator"])
def test_importing_it_loads_no_backend_solver_or_grounder(module: str) -> None:
    code = (f"import sys, {module}\n"
            f"print(sorted(m for m in sys.modules if m.startswith({LATER!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_the_model_does_not_import_the_builtins() -> None:
    code = "import sys, sapphire.model\nprint([m for m in sys.modules if 'builtins.' in m])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
