"""Case files: the rule-line syntax of a puzzle, its parser and its writer."""

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
from sapphire.case.writer import write_case

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
