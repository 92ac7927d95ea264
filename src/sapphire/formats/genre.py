"""The shape of a genre: the fixed sections every genre module fills, as pzprjs's
`src/variety/<genre>.js` fills `Encode`, `FileIO` and `AnsCheck`.

A genre is a subclass of `Genre` in a module of `sapphire.genres` (the registry finds it
there: see that package). Its clues are a small frozen dataclass of its own, and each section
is one method from or to those clues:

    text of the dataset    --read_puzzlekit-->  clues  --build-->  case (a `CaseBuilder`)
    puz.link link body     --decode--------->   clues  --encode->  link body
    case (`Readback`)      --from_case------>   clues
    puzzlekit solution     --read_solution-->   answer parts
    pzprv3 answer file     --read_pzprv3---->   answer parts

A section a genre lacks (no puz.link form, say) is simply not defined: the registry only
offers what is there (`offers`). A family member subclasses its sibling and overrides only the
sections that differ, as pzprjs's `"Encode@nurikabe"` does.

Errors: a reader refuses what does not read at its place (`Source.at` a token, `Body.error` a
character of the link); `build` refuses clues that make no puzzle (a count larger than its
line) with `ClueError`, which the importer places: at the token the puzzlekit reader stored
under the error's `at` in `Source.places`, or at the start of a link's body.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar, Generic, TypeVar

from sapphire.case import Case
from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.encodings import Body
from sapphire.formats.puzzlekit import Source
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback

C = TypeVar("C")
"""A genre's clues: a frozen dataclass of its module, with the board's `rows` and `cols`."""

SECTIONS = ("read_puzzlekit", "read_solution", "decode", "encode", "from_case", "read_pzprv3")
"""The sections a genre may leave out (`build` it always has)."""


class ClueError(Exception):
    """Clues that make no puzzle as stated (a count larger than its line, two centres on one
    cell), raised by `build`. `at` names the clue (a cell, or a key such as ("row", 3)) so that
    the puzzlekit importer can place the error at the token stored under it in
    `Source.places`; a link's is placed at the start of its body. `kind` is the error's kind
    where the clues are a puzzle the library cannot state (`unsupported-import`: a sudoku of a
    size its `sudoku` has no boxes for) rather than a malformed one (None: the format's)."""

    def __init__(self, message: str, hint: str | None = None, at: Hashable = None,
                 kind: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.at = at
        self.kind = kind


class Genre(Generic[C]):
    """One genre: its names, the kinds it writes, and its sections (see the module
    docstring). Subclasses set the class attributes and define the sections they have."""

    puzzlekit: ClassVar[str | None] = None
    """Its name in the puzzlekit dataset (`Tent`), when the dataset has it: `puzzlekit:Tent`."""
    puzzlink: ClassVar[str | None] = None
    """Its name in pzprjs (`tents`), when puz.link has it: `p?tents/COLS/ROWS/BODY`."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """pzprjs's other names for it, which links may use (`pearl` for `mashu`)."""
    kinds: ClassVar[tuple[str, ...]] = ()
    """Every kind `build` may write. An import refuses to start when the library lacks one,
    and an export refuses a case holding a kind outside them (see `carries`)."""
    tells: ClassVar[tuple[str, ...]] = ()
    """The kinds that say a case is this genre's, for export: a case holding them all is read
    back by this genre's `from_case` (see `claims` where two genres write the same ones)."""

    @property
    def name(self) -> str:
        """What the genre is called: its puzzlekit name, else its puz.link one."""
        return self.puzzlekit or self.puzzlink or type(self).__name__

    @property
    def carries(self) -> frozenset[str]:
        """The kinds its link can carry back: by default every kind it writes."""
        return frozenset(self.kinds)

    def offers(self, section: str) -> bool:
        """Whether the genre defines `section` (one of `SECTIONS`, or `build`)."""
        return getattr(type(self), section, None) is not getattr(Genre, section, None)

    def claims(self, case: Case) -> bool:
        """Whether a case holding this genre's `tells` is this genre's (by default it is):
        where two genres write the same kinds, each says which of its cases it takes (by a
        parameter's value, say)."""
        return True

    # -- the case ------------------------------------------------------------------------------

    def build(self, b: CaseBuilder, clues: C) -> None:
        """State the puzzle's rules on `b` from its clues: the board, the rule lines, the
        front matter's grids. Raise `ClueError` for clues that make no puzzle."""
        raise NotImplementedError

    # -- the puzzlekit dataset -----------------------------------------------------------------

    def read_puzzlekit(self, src: Source) -> C:
        """The clues of a puzzlekit `problem` text (`src.text`), every error at its token."""
        raise NotImplementedError

    def read_solution(self, src: Source) -> Answer:
        """The answer parts of a puzzlekit `solution` text."""
        raise NotImplementedError

    # -- puz.link ------------------------------------------------------------------------------

    def decode(self, body: Body) -> C:
        """The clues of a link's body (`body.cols`, `body.rows`, `body.flags` give the rest of
        the link), every error at its character; the importer refuses characters left over."""
        raise NotImplementedError

    def encode(self, clues: C) -> str:
        """The link's body for the clues (the link's size is the clues' `cols` and `rows`)."""
        raise NotImplementedError

    def from_case(self, case: Readback) -> C:
        """The clues of a case this genre's `build` wrote (or a setter wrote alike), refusing
        what the link cannot carry at its rule line or at the case."""
        raise NotImplementedError

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        """The answer parts of a pzprv3 answer file of the genre."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<genre {self.name}>"
