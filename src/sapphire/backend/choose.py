"""`auto`: the backend for one ground model, chosen from its features.

Every puzzle variable has a few values, so most models are clauses for the SAT backend, whose
search and whose answers-by-blocking are the fastest here (and which spares a process the
import of OR-Tools). CP-SAT takes the models the SAT backend would write badly: variables with
many values (an ordering along a loop, a count over a board) that no relaxation leaves out,
and region maps (a chaos construction's regions), whose connectivity cuts keep the SAT
search rounding the same pieces where CP-SAT's bounded layers settle them. A region map whose
every group has a certain member (a Galaxies, each galaxy holding its centre) stays with SAT
up to `ANCHORED_CELLS` cells: its cuts meet fixed roots.
A model the SAT lowering refuses after all (`Unsupported`) goes to CP-SAT too. A model with
group sizes checked on answers (`sized`, a Fillomino) stays with SAT up to `SIZED_VALUES`
values a variable: its many rounds of cuts are cheap in the incremental SAT solver, while
CP-SAT solves again from scratch after each.
"""

from __future__ import annotations

from sapphire.backend.sat.lowering import MAX_VALUES
from sapphire.builtins.connected import region_map
from sapphire.builtins.sized_groups import SizedGroups
from sapphire.ground.implied import top_level
from sapphire.ground.witness import WITNESS_VALUES, relaxation
from sapphire.model import GroundModel

SAT_VALUES = WITNESS_VALUES
"""The most values a variable may have for `auto` to choose the SAT backend without a
relaxation: beyond it, literals per value and support clauses grow with the square of the
values, where CP-SAT's integers stay small (a 10×10 Hidoku's numbers 1–100: CP-SAT's search
is the faster, docs/decisions.md "Routing")."""

SIZED_VALUES = MAX_VALUES
"""The most values a variable may have for `auto` to give a model with `sized` to SAT: the SAT
lowering's own limit, a Fillomino's numbers reaching the size of the largest area without
givens."""

ANCHORED_CELLS = 400
"""The most cells of a region map of anchored groups (`RegionMap.anchored`) that `auto` gives
to SAT: a 14×24 Galaxies it settles sooner than CP-SAT, a 20×36 one not within 20 s
(docs/decisions.md, "Routing")."""


def choose(gm: GroundModel, answer_vars: list[int]) -> str:
    """The backend `auto` runs on `gm` first."""
    if any(type(f) is SizedGroups for f in top_level(gm)):
        return "sat" if all(v.domain.size <= SIZED_VALUES for v in gm.variables) else "cpsat"
    if any(v.domain.size > SAT_VALUES for v in gm.variables) \
            and relaxation(gm, answer_vars, facts=False) is None:
        return "cpsat"
    regions = region_map(gm)
    if regions is not None and regions.groups > 2 \
            and not (regions.anchored and regions.cells <= ANCHORED_CELLS):
        return "cpsat"  # a region map: CP-SAT's partition encoding (see its connectivity)
    return "sat"
