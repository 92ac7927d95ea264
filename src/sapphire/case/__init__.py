"""Case files: the rule-line syntax of a puzzle, its parser and its writer."""

from typing import TYPE_CHECKING, Any

from sapphire.case.givens import board_size, digit_grid, shading_grid
from sapphire.case.model import (
    BlankLine,
    Case,
    Cell,
    CellRef,
    CommentLine,
    Condition,
    FrontMatter,
    Param,
    RuleLine,
)
from sapphire.case.parser import parse_case, parse_case_file

if TYPE_CHECKING:  # served by `__getattr__` below
    from sapphire.case.writer import write_case


def __getattr__(name: str) -> Any:
    """The writer, loaded when first asked for (PEP 562): solving and checking never write."""
    if name == "write_case":
        from sapphire.case.writer import write_case

        return write_case
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BlankLine",
    "Case",
    "Cell",
    "CellRef",
    "CommentLine",
    "Condition",
    "FrontMatter",
    "Param",
    "RuleLine",
    "board_size",
    "digit_grid",
    "parse_case",
    "parse_case_file",
    "shading_grid",
    "write_case",
]
