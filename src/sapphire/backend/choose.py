"""`auto`: the backend for one ground model, chosen from its features.

Every puzzle variable has a few values, so most models are clauses for the SAT backend, whose
search and whose answers-by-blocking are the fastest here (and which spares a process the
import of OR-Tools). CP-SAT takes the models the SAT backend would write badly: variables with
many values (an ordering along a loop, a count over a board) that no relaxation leaves out,
and region maps (a chaos construction's regions), whose connectivity cuts keep the SAT
search rounding the same pieces where CP-SAT's bounded layers settle them.
A model the SAT lowering refuses after all (`Unsupported`) goes to CP-SAT too. A model with
group sizes checked on answers (`sized`, a Fillomino) stays with SAT up to `SIZED_VALUES`
values a variable: its many rounds of cuts are cheap in the incremental SAT solver, while
CP-SAT solves again from scratch after each.
"""

from __future__ import annotations

from sapphire.builtins.connected import region_groups
from sapphire.builtins.sized_groups import SizedGroups
from sapphire.ground.implied import top_level
from sapphire.ground.witness import WITNESS_VALUES, relaxation
from sapphire.model import GroundModel

SAT_VALUES = WITNESS_VALUES
"""The most values a variable may have for `auto` to choose the SAT backend without a
relaxation: beyond it, literals per value and support clauses grow with the square of the
values, where CP-SAT's integers stay small."""


SIZED_VALUES = 128
"""The most values a variable may have for `auto` to give a model with `sized` to SAT: the SAT
lowering's own limit (`sapphire.backend.sat.lowering.MAX_VALUES`), a Fillomino's numbers
reaching the size of the largest area without givens."""


def choose(gm: GroundModel, answer_vars: list[int]) -> str:
    """The backend `auto` runs on `gm` first."""
    if any(type(f) is SizedGroups for f in top_level(gm)):
        return "sat" if all(v.domain.size <= SIZED_VALUES for v in gm.variables) else "cpsat"
    if any(v.domain.size > SAT_VALUES for v in gm.variables) \
            and relaxation(gm, answer_vars, facts=False) is None:
        return "cpsat"
    if region_groups(gm) > 2:
        return "cpsat"  # a region map: CP-SAT's partition encoding (see its connectivity)
    return "sat"
