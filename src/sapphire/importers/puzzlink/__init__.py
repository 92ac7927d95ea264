"""Import puzzles from puzz.link links, and write them back as links.

The format
----------
puzz.link (pzprjs, github.com/robx/pzprjs) shares a puzzle as a link:
`https://puzz.link/p?GENRE/COLS/ROWS/BODY` (also `pzprxs.vercel.app/p?…` and `pzv.jp/p.html?…`;
the part after `?`, with or without `p?`, is read the same). The body encodes the clues in one
of pzprjs's shared encodings (`encodings`): numbers in cells (`number16`: `0`-`f`, `-XX`,
`+XXX`, `.` for `?`, letters `g`-`z` for 1-20 empty cells), clues 0-4 with the gaps after them
folded in (`four_cell`), circles three cells to a base-27 character (`circle`), numbers outside
the grid top, bottom, left, right (`outside16`), or a genre's own (Kakuro's totals).

The genres read are those of ours that puzz.link has: `slither` (Slitherlink, four_cell),
`yinyang` (YinYang, circles: 1 white, 2 black), `sudoku` (number16; boxes by size), `mashu`
(Masyu, circles: 1 white, 2 black), `nurikabe` (number16), `lightup` (Akari, four_cell: a
number a wall with its count, `.` a wall without one), `kakuro` (its own: the clue cells of
the grid, then the totals outside it; the case's board keeps the top row and left column of
outside totals as black cells), `skyscrapers` (outside16 clues, then number16 givens) and
`nonogram` (outside16 over the clue cells: for each column the (ROWS+1)//2 cells above it,
nearest the grid first, then for each row the (COLS+1)//2 left of it, nearest first),
`ripple` (Hakyuu: the rooms' borders, then number16 givens) and `easyasabc` (ABCEndView: the
number of letters, `/`, then outside16 letters); see `numbers`.
pzprjs's `renban` is another puzzle than ours (numbers across room borders, no Latin square).
The shading genres `hitori`, `heyawake` (room borders, then the rooms' numbers), `kurodoko`
(Kuromasu), `cave` and `creek` (clues on the grid's corners) are read in `shading`, whose
docstring gives their encodings. `tentaisho` (Galaxies, holes and star colours kept) and
`magnets` (Magnetic) are read in `centres_plates`, `battleship` in `fleet`; their docstrings
give the encodings. `numlin` and `arukone` (NumberLink, number16; lines fill the board in an
Arukone without the flag `e`) are read in `numlin`, which writes their cases.

What is imported
----------------
The decoded grid is the problem the puzzlekit importer reads (`genres`), which states the
genre's rules with the `std` library's kinds; the case's `source` is the link.
`export_puzzlink(case_text)` goes the other way (`export`); `read_answer` reads a pzprv3
answer file (`answer`) as the answer parts Sapphire reports.

Errors
------
A link is one line: an error gives the column of the character where it breaks and what was
expected there (`<puzzlink>:1:COL`). A genre we do not read is named with those we do.
"""

from __future__ import annotations

from sapphire.diagnostics import SapphireError
from sapphire.importers.puzzlekit import puzzlekit_to_case
from sapphire.importers.puzzlink.answer import read_answer
from sapphire.importers.puzzlink.encodings import UNKNOWN, Body
from sapphire.importers.puzzlink.export import export_puzzlink
from sapphire.importers.puzzlink.genres import ALIASES, GENRES, Genre, Puzzle
from sapphire.importers.puzzlink.link import LABEL, Link, read_link
from sapphire.library.library import Library

_KIND = {"bad-puzzlekit": "puzzlink-clues"}
"""A clue the decoded grid cannot hold is the link's fault, not a puzzlekit text's."""

NAMES = tuple(GENRES)
"""The puzz.link genres read, by pzprjs's names."""


def genre_of(link: Link) -> Genre:
    """The genre a link names, or an error naming it and the genres read."""
    genre = GENRES.get(ALIASES.get(link.genre, link.genre))
    if genre is None:
        raise link.error(f"the puzz.link genre '{link.genre}' is not one Sapphire reads",
                         link.text.find(link.genre), link.text.find(link.genre) + len(link.genre),
                         hint="genres read: " + ", ".join(NAMES), kind="unsupported")
    return genre


def decode(text: str, label: str = LABEL) -> tuple[Link, Genre, Puzzle]:
    """A link read to its genre and clues, every error placed in it."""
    link = read_link(text, label)
    genre = genre_of(link)
    if genre.square and link.cols != link.rows:
        size = f"{link.cols}/{link.rows}"
        size_at = link.text.rfind(size, 0, link.body_at)
        raise link.error(f"a {genre.name} is square, but the size is {link.cols}x{link.rows}",
                         size_at, size_at + len(size), hint="COLS and ROWS are equal")
    body = Body(link)
    puzzle = genre.read(body, link.cols, link.rows)
    body.finish()
    if genre.name == "nurikabe" and UNKNOWN in puzzle.cells:
        k = puzzle.cells.index(UNKNOWN)
        raise link.error(f"the island at r{k // link.cols + 1}c{k % link.cols + 1} has no size "
                         "('?')", link.body_at, hint="every numbered cell needs its number",
                         kind="unsupported")
    return link, genre, puzzle


def puzzlink_to_case(text: str, *, source: str | None = None, title: str | None = None,
                     library: Library | None = None, label: str = LABEL) -> str:
    """The canonical case text for one puzz.link link (or its `GENRE/COLS/ROWS/BODY` part)."""
    link, genre, puzzle = decode(text, label)
    problem = genre.text(puzzle)
    try:
        if genre.case is not None:
            return genre.case(genre.puzzlekit, problem, library=library, title=title,
                              source=source or link.text, flags=link.flags)
        return puzzlekit_to_case(genre.puzzlekit, problem, library=library, title=title,
                                 source=source or link.text)
    except SapphireError as e:  # what the clues say is impossible as stated (a bad given)
        kind = e.diagnostics[0].kind if e.diagnostics else "bad-puzzlekit"
        inner = "; ".join(d.message.removeprefix(f"not a puzzlekit {genre.puzzlekit} problem: ")
                          for d in e.diagnostics)
        raise link.error(f"the {genre.name} it holds does not read: {inner}", link.body_at,
                         hint="the puzzle as decoded: " + " / ".join(problem.splitlines()),
                         kind=_KIND.get(kind, kind)) from None


__all__ = ["LABEL", "NAMES", "decode", "export_puzzlink", "puzzlink_to_case", "read_answer"]
