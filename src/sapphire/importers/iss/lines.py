"""ISS handlers for lines through cells in order: thermometers, arrows, whispers, …."""

from __future__ import annotations

from collections.abc import Callable

from sapphire.formats.common import Unsupported
from sapphire.importers.iss.converter import Converter
from sapphire.importers.iss.reader import Item


def line_rule(kind: str) -> Callable[[Converter, Item], None]:
    def handler(cv: Converter, it: Item) -> None:
        cv.need(it.type, kind)
        cv.b.add(kind, cv.cells(it.args))
    return handler


def whisper(cv: Converter, it: Item) -> None:
    cv.need("Whisper", "whisper")
    args = list(it.args)
    difference = 5
    if args and args[0].lstrip("-").isdigit():
        difference = int(args.pop(0))
    cells = cv.cells(args)
    cv.b.add("whisper", cells, difference=difference)


def modular(cv: Converter, it: Item) -> None:
    cv.need(it.type, "modular")
    m = cv.number(it.type, it.args[0])
    if m < 1:
        raise Unsupported(it.type, f"modulus {m}")
    cells = cv.cells(it.args[1:])
    cv.b.add("modular", cells, modulus=m)


def entropic(cv: Converter, it: Item) -> None:
    cv.need(it.type, "entropic-line")  # which requires the digits 1-9
    cv.b.add("entropic-line", cv.cells(it.args))


def indexing(cv: Converter, it: Item) -> None:
    kind = {"C": "column-indexer", "R": "row-indexer"}.get(it.args[0] if it.args else "")
    if kind is None:
        raise Unsupported("Indexing", f"unknown indexing '{it.args[:1]}'")
    cv.need("Indexing", kind)
    cv.b.add(kind, cv.cells(it.args[1:]))


def pill_arrow(cv: Converter, it: Item) -> None:
    cv.need("PillArrow", "pill-arrow")
    size = cv.number("PillArrow", it.args[0])
    if size not in (2, 3):
        raise Unsupported("PillArrow", f"a pill of {size} cells")
    cells = cv.cells(it.args[1:])
    pill = sorted(cells[:size])  # ISS reads the pill in reading order
    cv.b.add("pill-arrow", pill + cells[size:], pill=size)


def lockout(cv: Converter, it: Item) -> None:
    cv.need(it.type, "lockout")
    difference = cv.number(it.type, it.args[0]) if it.args and it.args[0] else 4
    cells = cv.cells(it.args[1:])
    cv.b.add("lockout", cells, difference=difference)
