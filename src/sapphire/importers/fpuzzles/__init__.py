"""Import f-puzzles puzzles: the JSON that setters share as an f-puzzles link.

The format
----------
An f-puzzles puzzle is one JSON object. Links carry it LZ-String-compressed to base64
(`https://www.f-puzzles.com/?load=N4Igzg…`; the `N4Ig…` text alone also reads); a plain JSON
file reads as it is. Its keys:

* `size` (4-16) and `grid`: `size` rows of cells; a cell holds a `value` that is `given`, the
  setter's `givenPencilMarks` (the cell's candidates) and its `region` (0-based, irregular
  regions). Without regions a grid has the boxes f-puzzles draws: as many rows as the largest
  divisor of the size that is at most its square root (a 7×7 grid's regions are its rows).
  Cell colours (`c`) and the solver's pencil marks are notes, not rules, and are not read.
* Global rules as `true`: `antiknight`, `antiking`, `diagonal+` (╱), `diagonal-` (╲),
  `disjointgroups`, `nonconsecutive` (with white dots: no other side neighbours are
  consecutive), and `negative: ["ratio", "xv"]` (all black dots, all X and V marks are given).
* Clues, each a list of objects with `cells` (or one `cell`), `lines` and `value`:
  `killercage`, `littlekillersum` (the diagonal's cells), `arrow` (`cells` is the circle;
  each line starts in it and is an arrow of its own), `thermometer`, `palindrome`, `renban`,
  `whispers`, `betweenline`, `difference` (white dot), `ratio` (black dot), `xv`,
  `quadruple`, `clone`, `even`, `odd`, `minimum`, `maximum`, `extraregion`, `rowindexer`,
  `columnindexer`, and outside clues at a cell just off the grid (`R0C3`, `R10C3`, `R3C0`,
  `R3C10`): `sandwichsum`, `xsum`, `skyscraper`.
* `title`, `author` and `ruleset` (the rules as the setter wrote them).
* Drawings: `line`, `arrow`-less `circle`, `rectangle`, `cage` and `text`. A drawing that
  only repeats a clue (marked `fromConstraint`, or on exactly the cells of a clue) is not read
  again. Any other drawing carries a meaning that only the rules text gives; the import stops
  and names each one, unless it is asked to leave them out (`ignore_cosmetic`), and then the
  case's notes list what was left out.

What is imported
----------------
`sudoku NxN` where the regions are the standard boxes the library knows, else `board:`,
`latin-square` and the boxes or one `all-different` line per region; givens in the front
matter, candidates as `absent-digits`, title, author and the rules text (as `notes:`), and one
rule line per clue.

SudokuPad's JSON (as Sudoku Maker writes it: `cells`, `regions`, `metadata`) reads too: its
givens, regions and the global rule flags of its metadata. Its cages, lines, arrows, underlays
and overlays are drawings whose meaning the rules text gives, and stop the import as above.
SudokuPad's links (`sudokupad.app/scl…`) carry that JSON compressed, with short keys; they read
the same way (`sudokupad.unzip`). Its `ctc…` links and puzzles kept on its server under a
short name are refused with that reason.
"""


from __future__ import annotations

from sapphire.diagnostics import NUMBER_HINT, NumberTooLong, SapphireError, number_too_long
from sapphire.formats.common import Where
from sapphire.importers.fpuzzles.clues import HANDLERS
from sapphire.importers.fpuzzles.converter import Converter, default_box
from sapphire.importers.fpuzzles.decode import LABEL, decode_fpuzzles, read_puzzle
from sapphire.library.library import Library


def fpuzzles_to_case(text: str, *, source: str | None = None, title: str | None = None,
                     library: Library | None = None, ignore_cosmetic: bool = False,
                     label: str = LABEL) -> str:
    """The canonical case text for one f-puzzles link, payload or JSON; `label` names the text
    (its file) in an error, each of which is placed in it."""
    where = Where(label, text)
    try:
        data, keys = read_puzzle(text, where)
        b = Converter(data, HANDLERS, library, ignore_cosmetic, where, keys).run()
        if title:
            b.title = title
        b.source = source or "f-puzzles"
        return b.build()
    except SapphireError as e:
        raise where.placed(e) from None
    except NumberTooLong as e:  # in a text value ("value": "123…") or a cell name: the first
        at = text.find(e.digits)  # place it is written, or the puzzle's start in a payload
        raise SapphireError([where.diagnostic(
            "number-too-long", number_too_long(e.digits, None).message,
            at if at >= 0 else None, at + len(e.digits) if at >= 0 else None, NUMBER_HINT)]
        ) from None


__all__ = ["LABEL", "decode_fpuzzles", "default_box", "fpuzzles_to_case"]
