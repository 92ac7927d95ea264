"""Sapphire: logic-puzzle rules written formally, then solved, counted and checked.

The public API (`sapphire.api`), loaded on first use so that `import sapphire` stays cheap:
`load(text_or_path)` and `import_puzzle(format, text)` give a `Puzzle`, the case loaded once,
whose `solve()`, `why()`, `candidates()`, `verify()`, `draw()` and `check()` do what `sapphire
solve`, `solve --why`, `solve --candidates`, `sapphire verify`, `sapphire draw` and `sapphire
check` do; `load_program(path, data)` loads a `.sapphire` program with its data, and
`solve_program(path, data)` solves one.
"""

from __future__ import annotations

from typing import Any

from sapphire.version import __version__

_API = ("Puzzle", "Solved", "check_case", "import_puzzle", "load", "load_program",
        "solve_program")

__all__ = ["__version__", *_API]


def __getattr__(name: str) -> Any:
    if name in _API:
        from sapphire import api

        return getattr(api, name)
    raise AttributeError(f"module 'sapphire' has no attribute {name!r}")
