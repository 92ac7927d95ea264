"""An f-puzzles puzzle read from its link, payload or JSON, with its keys' places."""

from __future__ import annotations

import json
import re
import urllib.parse
from typing import Any

from sapphire.diagnostics import (
    NUMBER_HINT,
    Diagnostic,
    NumberTooLong,
    SapphireError,
    error,
    integer,
    long_json_number,
    number_too_long,
)
from sapphire.formats.common import Where, decompress
from sapphire.importers.sudokupad import from_sudokupad, unzip

LABEL = "<fpuzzles>"
"""What an error calls a puzzle that comes from no named file."""


def decode_fpuzzles(text: str, where: Where | None = None) -> dict[str, Any]:
    """The puzzle object of an f-puzzles link, its compressed payload, or its JSON."""
    return read_puzzle(text, where or Where(LABEL, text))[0]



def read_puzzle(written: str, where: Where) -> tuple[dict[str, Any], dict[str, int]]:
    """The puzzle object, and where each of its keys stands in the text as written when that
    text is the puzzle's JSON (empty for a link or payload, whose errors point at its start).
    A JSON syntax error is placed at its line and column of `where`."""
    text = written.strip()
    lead = len(written) - len(written.lstrip())
    if text.startswith(("http://", "https://")):
        text = _link_payload(text)
    if text.startswith("scl"):
        return from_sudokupad(unzip(text[3:])), {}
    if text.startswith("ctc"):
        raise _sudokupad()
    as_written = text.startswith(("{", "["))
    if not as_written:
        plain = decompress(text)
        if not plain:
            raise error("bad-input", "the puzzle is neither JSON nor an f-puzzles payload",
                        hint="give the f-puzzles link, the N4Ig… text after 'load=', or the "
                             "puzzle's JSON")
        text = plain
    try:
        data = json.loads(text, parse_int=integer)
    except NumberTooLong:
        if as_written:  # at the number, in the text the user has
            at, end = long_json_number(written, lead) or (lead, lead + 1)
            raise SapphireError([where.diagnostic(
                "number-too-long", number_too_long(written[at:end], None).message, at, end,
                hint=NUMBER_HINT)]) from None
        at, end = long_json_number(text) or (0, 1)  # in the unpacked text: no place in it
        raise SapphireError([number_too_long(text[at:end], None)]) from None
    except json.JSONDecodeError as e:
        hint = ("copy the puzzle again whole: the link, its N4Ig… text, or the JSON that "
                "f-puzzles or SudokuPad exports")
        if as_written:  # the error's place is in the text the user has
            raise SapphireError([where.diagnostic(
                "bad-input", f"the f-puzzles JSON does not read: {e.msg}", lead + e.pos,
                hint=hint)]) from None
        raise error("bad-input", f"the f-puzzles JSON in the payload does not read: {e.msg} "
                    f"at line {e.lineno}, column {e.colno} of the unpacked text",
                    hint=hint) from None
    except RecursionError:
        raise error("bad-input", "the f-puzzles JSON nests too deeply to read",
                    hint="an f-puzzles puzzle nests lists a few levels deep") from None
    if not isinstance(data, dict):
        raise error("bad-input", "an f-puzzles puzzle is a JSON object",
                    hint="the JSON starts with '{' and holds 'size' and 'grid' (f-puzzles) "
                         "or 'cells' (SudokuPad)")
    keys = json_key_offsets(written, lead) if as_written else {}
    if "grid" not in data and "cells" in data:
        return from_sudokupad(data), {}
    return data, keys


def _link_payload(link: str) -> str:
    """The puzzle in a link: f-puzzles' `?load=…`, or SudokuPad's `/fpuzzles…` path or
    `?puzzleid=fpuzzles…` (SudokuPad opening an f-puzzles puzzle); SudokuPad's own `scl…`
    puzzles (read) and `ctc…` ones (refused by name) are returned as they are."""
    parts = urllib.parse.urlsplit(link)
    query = urllib.parse.parse_qs(parts.query)
    for key in ("load", "puzzleid", "puzzle"):
        if query.get(key):
            found = query[key][0]
            break
    else:  # the path itself, which a base64 payload's own '/' may split
        path = urllib.parse.unquote(parts.path).lstrip("/")
        at = path.find("fpuzzles")
        own = re.search(r"(?:^|/)((?:scl|ctc).*)", path)
        found = path[at:] if at >= 0 else own[1] if own else path.rsplit("/", 1)[-1]
    found = found.replace(" ", "+")  # a '+' that the query string read as a space
    if found.startswith("fpuzzles"):
        return found[len("fpuzzles"):]
    if found.startswith(("N4Ig", "scl", "ctc", "{")):
        return found
    raise error("bad-input", "the link holds no puzzle",
                hint="copy f-puzzles' 'Get link' (…/?load=N4Ig…) or SudokuPad's share link "
                     "(…/scl…); a SudokuPad link with a short name (…/abc123) points at "
                     "SudokuPad's server, which is not asked: open it there and share it again")


def _sudokupad() -> SapphireError:
    return SapphireError([Diagnostic(
        "unsupported-import", "SudokuPad's ctc… format is not read", None,
        "open the puzzle in SudokuPad and share it again (a sudokupad.app/scl… link), or "
        "export it as f-puzzles or as its JSON, and import that")])



def json_key_offsets(text: str, start: int = 0) -> dict[str, int]:
    """The offset of each key of the JSON object at `text[start:]` (its top level only; the
    last of a repeated key, as `json.loads` keeps it), for errors about one key's value. Empty
    when the text is not such an object; a key whose value does not read ends the scan."""
    decode = json.JSONDecoder().raw_decode
    space = re.compile(r"[ \t\n\r]*")
    found: dict[str, int] = {}

    def skip(i: int) -> int:
        return space.match(text, i).end()  # type: ignore[union-attr]  # always matches

    try:
        i = skip(start)
        if text[i] != "{":
            return found
        i = skip(i + 1)
        while i < len(text) and text[i] == '"':
            at = i
            key, i = decode(text, i)
            i = skip(i)
            if text[i] != ":":
                break
            found[key] = at
            i = skip(decode(text, skip(i + 1))[1])
            if text[i] != ",":
                break
            i = skip(i + 1)
    except (ValueError, IndexError, RecursionError):
        pass
    return found
