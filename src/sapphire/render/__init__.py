"""Puzzles and answers drawn for people: SVG pictures of the clues each kind declares how to
draw, with each part of the answer over them as its channel says (digits, shading, regions,
loops, …), PNG pictures rasterised from them, and answers as text (`sapphire.render.text`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from sapphire.case.model import Case
from sapphire.render.puzzle import Drawing, drawing_of
from sapphire.render.svg import Panel, edge_map, panel_of, svg

__all__ = ["Drawing", "Panel", "drawing_of", "edge_map", "panel_of", "picture", "png", "svg"]


def picture(case: Case, lib: Any, answers: Sequence[dict[str, Any]] = (), *,
            shapes: Mapping[str, str] | None = None,
            differ: Collection[tuple[int, int]] | None = None,
            candidates: Mapping[tuple[int, int], Sequence[int]] | None = None,
            highlight: Collection[tuple[int, int]] = ()) -> str:
    """The SVG picture of a case (parsed, with its loaded library): the puzzle alone, or each
    answer (as `solve --format json` gives it) over it. `candidates` maps a cell (1-based row,
    column) to the digits it may still hold, drawn small in each cell with no digit;
    `highlight` tints cells (those a conflict names); `differ` marks cells (by default, where
    the first two answers differ). `shapes` says how maps an answer reports are drawn (their
    kinds' `answer`)."""
    from sapphire.meaning import case_form, differing_cells

    form = case_form(case, lib) if answers else None
    if differ is None:
        differ = differing_cells(answers[0], answers[1], form) if len(answers) >= 2 else ()
    drawing = drawing_of(case, lib)
    panels = [panel_of(a, None, shapes, form) for a in answers]
    return svg([p for p in panels if p is not None], drawing, differ=differ,
               candidates=candidates, highlight=highlight)


def png(svg_text: str) -> bytes:
    """A picture as PNG, rasterised by resvg (through the `resvg-py` wheel, which needs no
    system library). Text is set in DejaVu Sans where the system has it."""
    import resvg_py

    return bytes(resvg_py.svg_to_bytes(svg_string=svg_text, sans_serif_family="DejaVu Sans"))
