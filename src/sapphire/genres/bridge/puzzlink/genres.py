"""Each puzz.link genre we read: its link body decoded into the grid the puzzlekit importer
reads, and that grid encoded back into a body. The puzzlekit importer then states the genre's
rules, so each genre's rules are written in one place whichever format the puzzle came in.

A `Grid` is the puzzlekit problem as token rows (its first row the size line); the decoders
fill it from a `Body`, the encoders read it back from a `Puzzle` (see `export`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sapphire.formats.builder import CaseBuilder
from sapphire.formats.encodings import Body
from sapphire.formats.puzzlekit import Source
from sapphire.genres.bridge.puzzlink.fleet import (
    battleship_body,
    battleship_text,
    read_battleship,
)
from sapphire.genres.bridge.puzzlink.puzzle import Puzzle


@dataclass(frozen=True)
class LinkGenre:
    """A bridged puz.link genre: its name there, the puzzlekit genre that states its rules,
    and its three steps."""

    name: str
    puzzlekit: str
    read: Callable[[Body, int, int], Puzzle]
    text: Callable[[Puzzle], str]
    body: Callable[[Puzzle], str]
    square: bool = False
    case: Callable[[CaseBuilder, Source, str], None] | None = None
    """States the rules from the puzzlekit text instead of the puzzlekit builder, for a genre
    whose rules there differ from puzzlekit's (the builder, the text, and the link's
    `flags`)."""


GENRES: dict[str, LinkGenre] = {g.name: g for g in (
    LinkGenre("battleship", "Battleship", read_battleship,  # type: ignore[arg-type]
              battleship_text, battleship_body),  # type: ignore[arg-type]
)}
"""The bridged puz.link genres, by their pzprjs name."""

ALIASES: dict[str, str] = {}
"""Other names pzprjs accepts for them."""
