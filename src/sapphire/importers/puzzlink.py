"""Import puzzles from puzz.link links, and write them back as links.

The format
----------
puzz.link (pzprjs, github.com/robx/pzprjs) shares a puzzle as a link:
`https://puzz.link/p?GENRE/COLS/ROWS/BODY` (also `pzprxs.vercel.app/p?…` and `pzv.jp/p.html?…`;
the part after `?`, with or without `p?`, is read the same). The body encodes the clues in
pzprjs's shared encodings (`sapphire.formats.encodings`: numbers in cells, clues 0-4 with the
gaps after them folded in, circles, numbers outside the grid, borders) or a genre's own; each
genre's module says how its body reads (`decode`) and writes (`encode`). A genre is found by
pzprjs's name for it or one of pzprjs's aliases (`sapphire.genres`).

What is imported
----------------
`puzzlink_to_case(link)` decodes the body into the genre's clues and states its rules with the
genre's builder, the same that states them for the puzzlekit dataset's text; the case's
`source` is the link. `export_puzzlink(case_text)` goes the other way: the case's kinds tell
its genre, whose `from_case` reads the clues back, refusing what the link cannot carry.

Errors
------
A link is one line: an error gives the column of the character where it breaks and what was
expected there (`<puzzlink>:1:COL`); clues that make no puzzle are placed at the start of the
body. A genre we do not read is named with those we do. An export's refusal is placed at the
case's rule line that holds what the link cannot carry, or at the case's start.
"""

from __future__ import annotations

from dataclasses import replace

from sapphire import genres
from sapphire.case import Case, RuleLine, parse_case
from sapphire.case.givens import board_size
from sapphire.diagnostics import SapphireError, Span, error, source_line
from sapphire.formats.builder import CaseBuilder, std_library
from sapphire.formats.encodings import Body
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.link import LABEL, Link, read_link
from sapphire.formats.readback import CANNOT, Readback, refuse_case
from sapphire.library.library import Library

NAMES = genres.puzzlink_names()
"""The puz.link genres read, by pzprjs's names."""

CASE_LABEL = "<case>"
"""What an export's error calls a case text that comes from no named file."""

def genre_of(link: Link) -> Genre:
    """The genre a link names, or an error naming it and the genres read."""
    genre = genres.by_puzzlink(link.genre)
    if genre is None or not genre.offers("decode"):
        at = link.text.find(link.genre)
        raise link.error(f"the puzz.link genre '{link.genre}' is not one Sapphire reads", at,
                         at + len(link.genre), hint="genres read: " + ", ".join(NAMES),
                         kind="unsupported")
    return genre


def puzzlink_to_case(text: str, *, source: str | None = None, title: str | None = None,
                     library: Library | None = None, label: str = LABEL) -> str:
    """The canonical case text for one puzz.link link (or its `GENRE/COLS/ROWS/BODY` part)."""
    link = read_link(text, label)
    genre = genre_of(link)
    name = genre.puzzlink
    body = Body(link)
    b = CaseBuilder.using(library)
    try:
        clues = genre.decode(body)
        body.finish()
        missing = b.lacking(genre.kinds)
        if missing:
            raise link.error(f"the {name} it holds does not read: the library has no "
                             + ", ".join(f"'{k}'" for k in missing) + " rule", link.body_at,
                             kind="unsupported-import")
        genre.build(b, clues)
    except ClueError as e:
        raise link.error(f"the {name} it holds does not read: {e.message}", link.body_at,
                         hint=e.hint, kind=e.kind or "puzzlink-clues") from None
    b.title = title or None
    b.source = source or link.text
    try:
        return b.build()  # a link's errors are placed at its body, whichever clue they name
    except SapphireError as e:  # a rule line the library refuses
        first = e.diagnostics[0] if e.diagnostics else None
        inner = "; ".join(d.message for d in e.diagnostics)
        raise link.error(f"the {name} it holds does not read: {inner}", link.body_at,
                         hint=first.hint if first else None,
                         kind=first.kind if first else "puzzlink-clues") from None


def _refuse_line(case: Case, rule: RuleLine, why: str, hint: str | None = None
                 ) -> SapphireError:
    """A refusal placed at the first rule line that holds what the link cannot carry."""
    return error("unsupported", f"{CANNOT}: {why}", rule.span or Span(case.path, 1, 1),
                 source=case.source, hint=hint)


def export_puzzlink(case_text: str, label: str = CASE_LABEL) -> str:
    """The puzz.link link of a case of one of the genres read (`NAMES`)."""
    lib = std_library()
    case = parse_case(case_text, label, lib.declares_board)
    kinds = {r.reference for r in case.rules if not r.nots}
    wrapped = next((r for r in case.rules if r.nots or r.condition), None)
    if wrapped is not None:
        raise _refuse_line(case, wrapped, "a negated or conditional rule has no place in a "
                           "puzz.link link")
    genre = genres.of_case(case, kinds)
    if genre is None or genre.puzzlink is None:
        raise refuse_case(case, "its rules are none of the genres written as links",
                          hint="genres written: " + ", ".join(
                              sorted(g.puzzlink or "" for g in genres.exported())))
    name = genre.puzzlink
    extra = sorted(kinds - genre.carries)
    if extra:
        first = next(r for r in case.rules if r.reference in extra)
        raise _refuse_line(case, first, f"a {name} link cannot hold its "
                           + ", ".join(f"'{k}'" for k in extra) + " rule(s)",
                           hint=f"a {name} link holds only " + ", ".join(
                               f"'{k}'" for k in sorted(genre.carries)) + " lines")
    size = board_size(case, lib.declares_board)
    if size is None:
        raise refuse_case(case, "it has no board size")
    try:
        clues = genre.from_case(Readback(case, size[0], size[1], name, lib.declares_board))
    except SapphireError as e:  # a rule's refusal, shown with its line
        raise SapphireError([replace(d, source_line=source_line(case_text, d.span.line))
                             if d.span else d for d in e.diagnostics]) from None
    if not (1 <= clues.rows <= 100 and 1 <= clues.cols <= 100):
        raise refuse_case(case, f"its size {clues.cols}x{clues.rows} is more than 100 cells a "
                          "side")
    return f"https://puzz.link/p?{name}/{clues.cols}/{clues.rows}/{genre.encode(clues)}"


__all__ = ["LABEL", "NAMES", "export_puzzlink", "genre_of", "puzzlink_to_case"]
