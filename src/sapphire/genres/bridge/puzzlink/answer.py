"""A pzprv3 answer (pzprjs's file format, `pzprv3/GENRE/ROWS/COLS/…`, lines split by `/`) read
as the answer parts Sapphire reports, for the bridged genres left (Battleship's layout is in
`fleet`).
"""

from __future__ import annotations

from sapphire.diagnostics import error
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.genres.bridge.puzzlink.fleet import read_fleet_answer

Parts = dict[str, object]


def read_answer(file: Pzprv3) -> Parts:
    """The answer parts of a pzprv3 file of a bridged genre."""
    genre = file.genre
    rows, cols, rest = file.rows, file.cols, file.body
    parts = read_fleet_answer(genre, rows, cols, rest)
    if parts is not None:
        return parts
    raise error("unsupported", f"no reader of pzprv3 answers of '{genre}'")
