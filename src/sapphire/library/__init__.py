"""The rule library: Markdown rule definitions, the bundled `std` library, and case checks.

`load_library(root, base_dir)` opens a library; `Library.resolve` finds a rule line's
definition and `Library.check_case` reports every library-dependent error of a case.
"""

from typing import TYPE_CHECKING, Any

from sapphire.library.definition import (
    ParamSpec,
    PositionalSpec,
    Predicate,
    Prelude,
    RuleDefinition,
    Term,
)
from sapphire.library.layers import load_case_library, load_layers
from sapphire.library.library import Library, load_library, std_root

if TYPE_CHECKING:  # served by `__getattr__` below
    from sapphire.library.reader import parse_definition, parse_prelude


def __getattr__(name: str) -> Any:
    """The Markdown reader's functions, loaded when first asked for (PEP 562): a process that
    the definition cache serves never loads the reader."""
    if name in ("parse_definition", "parse_prelude"):
        from sapphire.library import reader

        return getattr(reader, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Library",
    "ParamSpec",
    "PositionalSpec",
    "Predicate",
    "Prelude",
    "RuleDefinition",
    "Term",
    "load_case_library",
    "load_layers",
    "load_library",
    "parse_definition",
    "parse_prelude",
    "std_root",
]
