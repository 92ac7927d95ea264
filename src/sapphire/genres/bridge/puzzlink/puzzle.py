"""What a puz.link link says, in the terms reading and writing share: every genre's decoder
fills a `Puzzle` from a link's body, and every encoder reads one back. It has a module of its
own so that the genre modules and the genre table (`genres`) can all import it at the top."""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.encodings import Value


@dataclass
class Puzzle:
    """What a link says, in the terms both directions share: the size, the cell values in
    reading order (`cells`) and outside clues top, bottom, left, right (`outside`)."""

    cols: int
    rows: int
    cells: list[Value]
    outside: list[Value] | None = None
