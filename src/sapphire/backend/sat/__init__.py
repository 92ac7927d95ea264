"""The SAT backend: a ground model as clauses (`lowering`, with `layered` graphs for sums and
automata and `connectivity` for connected groups), searched by CaDiCaL (`search`)."""

from sapphire.backend.sat.lowering import Unsupported
from sapphire.backend.sat.search import candidates, solve

__all__ = ["Unsupported", "candidates", "solve"]
