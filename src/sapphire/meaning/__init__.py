"""The meaning of a case: its rules instantiated into one Sapphire program.

This stage stops at the program; `sapphire.pipeline` grounds and solves it, and hands each
answer back to `case_answer` to be shown in the case's terms.

The answer of a case is its parts as the prelude's `channels` table shows them
(`sapphire.meaning.answer`): its digits, as rows of the board, and each channel a rule declares
(the shading, the region map, a loop's `across` and `down` rows, …), then the maps its rules
report as their own (a Slitherlink's edges) under `values`; `status` and counts are over that
answer. Extra cells (`extra-cells:`) are part of it: their digits come as `extra`, in reading
order.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sapphire.library import load_library
from sapphire.meaning.answer import AnswerForm, case_form, differences, form
from sapphire.meaning.answer import differing_cells as _differing_cells
from sapphire.meaning.instantiate import (
    Instantiated,
    instantiate,
    instantiate_checked,
    load_case,
)

__all__ = ["AnswerForm", "Instantiated", "bundled_form", "case_answer", "case_form", "differences",
           "differing_cells", "instantiate", "instantiate_checked", "load_case"]


def case_answer(inst: Instantiated, decoded: dict[str, Any]) -> dict[str, Any]:
    """The parts of the case's answer (its `form`), in order, from `decoded`, the answer as
    the program's maps (`sapphire.pipeline.decode`). Every answer holds `digits`, the
    contract's one field every case has (all null where no rule reads digits)."""
    return inst.form.answer(decoded, inst.rows, inst.cols, inst.extra if inst.digits else ())


def differing_cells(first: dict[str, Any], second: dict[str, Any],
                    form: AnswerForm | None = None) -> list[tuple[int, int]]:
    """The cells (row, column from 1) whose value in a part of cells (digit, shade, region,
    diagonal) differs between two answers of a case, in reading order: where a clue is missing
    when a case has several. `form` is the case's (`case_form`); without it, the bundled
    prelude's channels."""
    return _differing_cells(form or bundled_form(), first, second)


def bundled_form() -> AnswerForm:
    """The parts of answers as the bundled prelude declares them, for an answer shown without
    its case (a saved JSON result drawn again)."""
    return form(load_library("std", Path(".")).channels())
