"""The public Python API: what the CLI, the benches and other code call."""

from sapphire.pipeline import SolveResult, solve_program

__all__ = ["SolveResult", "solve_program"]
