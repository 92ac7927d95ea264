"""The builtin constraints, one module each: what it means and how each backend posts it.

Each module holds a builtin's IR class (a `sapphire.model.Builtin` formula or a
`sapphire.model.Definition`), its signature and meaning in the docstring, its truth on plain
integer values (what the independent evaluator calls), the facts it implies at ground level
(what `sapphire.ground.implied` derives), and its lowering for each backend: `post_sat` and
`post_cpsat` take the backend's lowering object (`sapphire.builtins.base`) and the formula, so
that a backend dispatches on the class, and adding a builtin touches one module.

* `all_different` — `distinct`: pairwise different values; permutations and value sets.
* `connected` — one orthogonally connected group; partitions into regions, group sizes.
* `sized_groups` — `sized`: each cell's value is the size of its group of equal values
  (a Fillomino), checked on answers.
* `automaton` — `accepted`: a word accepted by a finite automaton.
* `element` — the value of a map at a variable point.
* `arithmetic` — the product, quotient or remainder of two variables (`x·y`, `x÷y`, `x mod y`).
* `sums` — what a backend adds for linear sums (a core formula, not a class here): whole
  groups folded into totals, bounds of sums over distinct digits, derived sums;
  `innies` finds the derived sums.

This package imports only `sapphire.model`, `sapphire.diagnostics`, `sapphire.lang` and the
standard library: never a backend or a solver.
"""

from sapphire.builtins.all_different import AllDifferent
from sapphire.builtins.arithmetic import Arithmetic
from sapphire.builtins.automaton import Accepts
from sapphire.builtins.connected import Connected
from sapphire.builtins.element import Element
from sapphire.builtins.sized_groups import SizedGroups

__all__ = ["Accepts", "AllDifferent", "Arithmetic", "Connected", "Element", "SizedGroups"]
