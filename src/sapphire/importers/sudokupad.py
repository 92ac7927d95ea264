"""SudokuPad's compressed puzzles: the `scl…` payload of a `sudokupad.app/scl…` link.

The payload is `scl` and then LZ-String's base64 of the puzzle's JSON written short, the way
SudokuPad shares it:

* keys lose their quotes and most are abbreviated (`ce` cells, `ca` cages, `re` regions,
  `v` value, `u` underlays, …; `KEYS` below);
* strings are single-quoted (an apostrophe inside one is `\\'`) unless the text holds a double
  quote, in which case it is JSON's own quoting;
* an empty object in a list is left out, so `[,,,]` is a row of four empty cells;
* after a colon, `t` and `f` are true and false, `#0` and `#F` black and white, and six hex
  digits a colour.

`unzip` reads that back into SudokuPad's JSON, and `from_sudokupad` puts that JSON (also as
Sudoku Maker exports it) in f-puzzles' terms, which the f-puzzles importer reads from there.
No JSON or JavaScript-object library reads the left-out list entries, so the reader is written
here, as a small recursive descent that says where the text goes wrong.
"""

from __future__ import annotations

import re
from typing import Any

from sapphire.diagnostics import SapphireError, error, integer
from sapphire.formats.common import decompress

KEYS = {"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor",
        "c2": "backgroundColor", "ce": "cells", "cs": "cellSize", "a": "arrows",
        "o": "overlays", "u": "underlays", "w": "width", "h": "height", "v": "value",
        "vd": "videos", "l": "lines", "r": "rounded", "re": "regions", "fs": "fontSize",
        "th": "thickness", "hl": "headLength", "wp": "wayPoints", "t": "title", "te": "text",
        "d": "duration"}
"""SudokuPad's short keys and the keys of its JSON."""

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")
_KEY = re.compile(r"[A-Za-z0-9_$]+")
_WORD = re.compile(r"[^,\]}\s]+")
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_COLOUR = re.compile(r"[0-9a-fA-F]{6}")
_LITERALS = {"true": True, "false": False, "null": None}
_SHORT_VALUES = {"t": True, "f": False, "#0": "#000000", "#F": "#FFFFFF"}
"""What a bare word after a colon stands for (six hex digits are a colour too)."""
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/", "\\": "\\",
            '"': '"', "'": "'"}
_HINT = "copy the whole link from SudokuPad again (it starts with sudokupad.app/scl…)"


def unzip(payload: str) -> dict[str, Any]:
    """SudokuPad's JSON from the text after `scl` in a link."""
    text = decompress(payload)
    if not text:
        raise error("bad-input", "the SudokuPad payload does not decompress", hint=_HINT)
    data = _Reader(text).document()
    if not isinstance(data, dict):
        raise error("bad-input", "a SudokuPad puzzle is an object in braces", hint=_HINT)
    return _long_keys(data)


def _long_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {KEYS.get(k, k): _long_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_long_keys(v) for v in value]
    return value


class _Reader:
    """The short JSON, read left to right; `at` is the next character."""

    def __init__(self, text: str) -> None:
        self.text, self.at = text, 0

    def fail(self, expected: str) -> SapphireError:
        got = self.text[self.at:self.at + 12] or "the end"
        return error("bad-input", f"the SudokuPad puzzle does not read at character "
                     f"{self.at + 1}: {expected} was expected, not '{got}'", hint=_HINT)

    def peek(self) -> str:
        while self.at < len(self.text) and self.text[self.at].isspace():
            self.at += 1
        return self.text[self.at] if self.at < len(self.text) else ""

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise self.fail(f"'{char}'")
        self.at += 1

    def document(self) -> Any:
        value = self.value(after_colon=False)
        if self.peek():
            raise self.fail("the end of the puzzle")
        return value

    def value(self, *, after_colon: bool) -> Any:
        char = self.peek()
        if char == "{":
            return self.object()
        if char == "[":
            return self.array()
        if char in "'\"":
            return self.string()
        return self.bare(after_colon)

    def object(self) -> dict[str, Any]:
        self.expect("{")
        out: dict[str, Any] = {}
        if self.peek() == "}":
            self.at += 1
            return out
        while True:
            if self.peek() in "'\"":
                key = self.string()
            else:
                m = _KEY.match(self.text, self.at)
                if not m:
                    raise self.fail("a key")
                key, self.at = m[0], m.end()
            self.expect(":")
            out[key] = self.value(after_colon=True)
            if self.closed("}"):
                return out

    def array(self) -> list[Any]:
        self.expect("[")
        out: list[Any] = []
        while True:
            # a place left empty (before a comma or the closing bracket) is an empty object
            out.append({} if self.peek() in ",]" else self.value(after_colon=False))
            if self.closed("]"):
                return out

    def closed(self, close: str) -> bool:
        """Past the item's comma (False) or the closing bracket (True)."""
        char = self.peek()
        if char not in (",", close):
            raise self.fail(f"',' or '{close}'")
        self.at += 1
        return char == close

    def string(self) -> str:
        quote = self.text[self.at]
        self.at += 1
        parts: list[str] = []
        while True:
            if self.at >= len(self.text):
                raise self.fail(f"a closing {quote}")
            char = self.text[self.at]
            if char == quote:
                self.at += 1
                return "".join(parts)
            if char == "\\":
                code = self.text[self.at + 1:self.at + 2]
                if code == "u" and _HEX4.fullmatch(self.text[self.at + 2:self.at + 6]):
                    parts.append(chr(int(self.text[self.at + 2:self.at + 6], 16)))
                    self.at += 6
                    continue
                if code not in _ESCAPES:
                    raise self.fail("an escape such as \\n or \\'")
                parts.append(_ESCAPES[code])
                self.at += 2
                continue
            parts.append(char)
            self.at += 1

    def bare(self, after_colon: bool) -> Any:
        m = _WORD.match(self.text, self.at)
        if not m:
            raise self.fail("a value")
        word = m[0]
        if word in _LITERALS:
            self.at = m.end()
            return _LITERALS[word]
        if after_colon:
            if word in _SHORT_VALUES:
                self.at = m.end()
                return _SHORT_VALUES[word]
            if _COLOUR.fullmatch(word):
                self.at = m.end()
                return "#" + word
        number = _NUMBER.fullmatch(word)
        if not number:
            raise self.fail("a number, a string, a list or an object")
        self.at = m.end()
        return float(word) if any(ch in word for ch in ".eE") else integer(word)


SUDOKUPAD_NOTES = ("source", "title", "author", "rules", "solution")
"""Sudoku Maker metadata that is no rule (the solution is not read: the import must find it)."""
SUDOKUPAD_DRAWINGS = ("cages", "lines", "arrows", "underlays", "overlays")


def from_sudokupad(data: dict[str, Any]) -> dict[str, Any]:
    """A SudokuPad puzzle object (as Sudoku Maker writes it) in f-puzzles' terms.

    Its givens are `cells[r][c].value`, its regions lists of 0-based `[row, col]`, and its
    global rules flags in `metadata` (`antiknight`, …, named as f-puzzles names them). Every
    other shape is a drawing whose meaning the rules text gives: it goes into the f-puzzles
    drawing lists, so that the import stops at it (or notes it, with `ignore_cosmetic`)."""
    cells = data.get("cells")
    if not isinstance(cells, list) or not all(isinstance(row, list) for row in cells):
        raise error("bad-input", "a SudokuPad puzzle's 'cells' is not a list of rows",
                    hint="export the puzzle from SudokuPad or Sudoku Maker again")
    for key in ("regions", "cages"):
        if not isinstance(data.get(key) or [], list):
            raise error("bad-input", f"a SudokuPad puzzle's '{key}' is not a list",
                        hint="export the puzzle from SudokuPad or Sudoku Maker again")
    n = len(cells)
    meta = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
    grid = [[{"value": c["value"], "given": True} if isinstance(c, dict)
             and c.get("value") not in (None, "") else {} for c in row] for row in cells]
    out: dict[str, Any] = {"size": n, "grid": grid}
    for i, region in enumerate(data.get("regions") or []):
        for rc in region if isinstance(region, list) else []:
            if (isinstance(rc, list) and len(rc) == 2 and all(isinstance(x, int) for x in rc)
                    and 0 <= rc[0] < n and 0 <= rc[1] < len(grid[rc[0]])):
                grid[rc[0]][rc[1]]["region"] = i
    meta = dict(meta)
    for cage in data.get("cages") or []:  # older puzzles keep metadata as cells-less cages
        text = cage.get("value") if isinstance(cage, dict) and not cage.get("cells") else None
        m = re.fullmatch(r"(\w+):\s*(.*)", text, re.S) if isinstance(text, str) else None
        if m and m[1] in (*SUDOKUPAD_NOTES, "msgcorrect"):
            meta.setdefault(m[1], m[2])
    for key, value in meta.items():
        if key == "msgcorrect":
            continue
        if key in ("title", "author"):
            out[key] = value
        elif key == "rules":
            out["ruleset"] = value
        elif key not in SUDOKUPAD_NOTES:
            out[key] = value  # a rule flag, read as f-puzzles reads it (or refused by name)
    for key in SUDOKUPAD_DRAWINGS:
        for shape in data.get(key) or []:
            if not isinstance(shape, dict):
                continue
            where = shape.get("cells") or shape.get("wayPoints") or []
            if isinstance(shape.get("center"), list):  # an underlay or overlay's centre
                where = [shape["center"]]
            drawn = [f"R{int(rc[0]) + 1}C{int(rc[1]) + 1}" for rc in where
                     if isinstance(rc, list) and len(rc) == 2
                     and all(isinstance(x, (int, float)) and x >= 0 for x in rc)]
            label = shape.get("value") or shape.get("text")
            if key == "cages" and not drawn and isinstance(label, str) and re.fullmatch(
                    r"(\w+):.*", label, re.S):
                continue  # metadata, read above
            # every other shape counts, placed or not: its meaning is in the rules text
            entry = {"cells": drawn, "value": label} if drawn else {"value": label}
            kind = {"cages": "cage", "lines": "line", "arrows": "line"}.get(key, "circle")
            out.setdefault(kind, []).append(entry)
    return out

