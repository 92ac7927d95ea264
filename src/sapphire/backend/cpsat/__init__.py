"""The OR-Tools CP-SAT backend: `lowering` posts a ground model, `connectivity` its connected
groups, `search` finds answers. The only package that imports `ortools`."""

from sapphire.backend.cpsat.search import Completer, candidates, solve

__all__ = ["Completer", "candidates", "solve"]
