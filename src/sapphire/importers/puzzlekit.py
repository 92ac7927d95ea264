"""Import puzzles in the text layout of the puzzlekit dataset (SmilingWayne/puzzlekit-dataset).

`puzzlekit_to_case(genre, text)` finds the genre by its dataset name, in any case
(`sapphire.genres`), checks that the library has every kind the genre writes, reads the text
with the genre's layout reader (`sapphire.formats.puzzlekit` holds what the layouts share) and
states its rules with the genre's builder. What a genre's text holds and how its rules are
stated is in the genre's own module.

Errors are placed in the text as the case reader places its own (`FILE:LINE:COL`, the line, a
caret, a hint): a token that does not read at the token, clues that make no puzzle (a count
larger than its line) at the token of the clue. The file's name (`label`) comes from the
command line; a text from no file is `<puzzlekit>`.
"""

from __future__ import annotations

from sapphire import genres
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import unsupported
from sapphire.formats.genre import ClueError
from sapphire.formats.puzzlekit import LABEL, Source
from sapphire.library.library import Library

GENRES = genres.puzzlekit_names()
"""The puzzlekit genres read, by their dataset names."""


def puzzlekit_to_case(genre: str, text: str, *, source: str | None = None,
                      title: str | None = None, library: Library | None = None,
                      label: str = LABEL) -> str:
    """The canonical case text for one puzzlekit `problem` of `genre`; `label` names the text
    (its file) in an error."""
    found = genres.by_puzzlekit(genre)
    name = found.puzzlekit or genre
    b = CaseBuilder.using(library)
    missing = b.lacking(found.kinds)
    if missing:
        raise unsupported(f"puzzlekit genre '{name}'",
                          "the library has no " + ", ".join(f"'{k}'" for k in missing) + " rule")
    src = Source(text, label, name)
    try:
        found.build(b, found.read_puzzlekit(src))
        b.title = title or None
        b.source = source or f"puzzlekit-dataset {name} problem"
        return b.build(placed=True)
    except ClueError as e:  # a puzzle the library cannot state names the genre, as above
        if e.kind is None:
            raise src.place(e.at, e.message, e.hint) from None
        raise src.place(e.at, f"puzzlekit {name}: {e.message}", e.hint, e.kind) from None


__all__ = ["GENRES", "LABEL", "puzzlekit_to_case"]
