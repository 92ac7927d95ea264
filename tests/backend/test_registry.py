"""Backends by name: one registry, one interface, a template to copy, and an unknown name
answered with the closest one."""

from __future__ import annotations

import pytest

import sapphire
import sapphire.backend as backends
from sapphire.backend import BACKENDS, REGISTRY, lookup
from sapphire.backend.base import Backend, Unsupported
from sapphire.backend.template import TemplateBackend
from sapphire.diagnostics import SapphireError
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.lang.parser import parse_program


def model():  # noqa: ANN201 - a GroundModel with two answers
    return ground(parse_program("x∈{0⋯3}\nx>1\n", "t.sapphire"), data_to_instance({}))


def test_every_name_finds_a_backend_of_that_name() -> None:
    assert BACKENDS == ("auto", "cpsat", "sat")
    for name in BACKENDS:
        found = lookup(name)
        assert isinstance(found, Backend) and found.name == name and lookup(name) is found


@pytest.mark.parametrize("backend", BACKENDS)
def test_each_backend_answers_through_the_registry(backend: str) -> None:
    gm = model()
    res = backends.solve(gm, list(range(len(gm.variables))), backend=backend)
    assert res.status == "multiple" and sorted(s[0] for s in res.solutions) == [2, 3]
    assert res.backend in ("sat", "cpsat") and "load" in res.timings
    seen = backends.candidates(gm, list(range(len(gm.variables))), backend=backend)
    assert sorted(s[0] for s in seen.solutions) == [2, 3] and not seen.timed_out


def test_an_unknown_name_is_bad_input_with_the_closest_name() -> None:
    with pytest.raises(SapphireError) as e:
        lookup("cpsta")
    assert e.value.kinds == ["unknown-backend"] and "did you mean 'cpsat'?" in str(e.value)
    with pytest.raises(SapphireError, match="backends: auto, cpsat, sat"):
        lookup("gurobi")
    with pytest.raises(SapphireError, match="did you mean 'sat'"):
        sapphire.load("---\nlibrary: std\nboard: 2x2\n---\nlatin-square\n").solve(
            backend="sta")


def test_a_backend_added_from_the_template_is_found_and_its_refusal_is_the_users_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    template = TemplateBackend()
    monkeypatch.setitem(REGISTRY, template.name, lambda: template)
    assert lookup("template") is template
    with pytest.raises(Unsupported):
        template.solve(model(), [0])
    with pytest.raises(SapphireError) as e:
        backends.solve(model(), [0], backend="template")
    assert e.value.kinds == ["template-unsupported"]
    assert "the template backend cannot solve this model" in str(e.value)


def test_the_sat_backend_named_alone_reports_what_it_refuses() -> None:
    """`auto` gives CP-SAT what the SAT lowering refuses; `--backend sat` says why it cannot."""
    gm = ground(parse_program("x∈{0⋯100000}\ny∈{0⋯100000}\nx+y=100000\n", "t.sapphire"),
                data_to_instance({}))
    answer_vars = list(range(len(gm.variables)))
    with pytest.raises(SapphireError) as e:
        backends.solve(gm, answer_vars, backend="sat")
    assert e.value.kinds == ["sat-unsupported"]
    assert "use --backend cpsat, or auto to choose per model" in str(e.value)
    res = backends.solve(gm, answer_vars, backend="auto", max_solutions=2)
    assert res.backend == "cpsat" and res.status == "multiple"
