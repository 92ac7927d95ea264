"""The rule library: Markdown rule definitions, the bundled `std` library, and case checks.

`load_library(root, base_dir)` opens a library; `Library.resolve` finds a rule line's
definition and `Library.check_case` reports every library-dependent error of a case.
"""

from sapphire.library.definition import (
    ParamSpec,
    PositionalSpec,
    Predicate,
    Prelude,
    RuleDefinition,
    Term,
    parse_definition,
    parse_prelude,
)
from sapphire.library.library import Library, load_case_library, load_library, std_root

__all__ = [
    "Library",
    "ParamSpec",
    "PositionalSpec",
    "Predicate",
    "Prelude",
    "RuleDefinition",
    "Term",
    "load_case_library",
    "load_library",
    "parse_definition",
    "parse_prelude",
    "std_root",
]
