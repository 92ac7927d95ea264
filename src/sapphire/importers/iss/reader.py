"""The ISS constraint string read into a tree of items, each placed for errors."""

from __future__ import annotations

import urllib.parse
from dataclasses import dataclass, field

from sapphire.diagnostics import (
    NUMBER_HINT,
    Diagnostic,
    SapphireError,
    long_number,
    number_too_long,
)
from sapphire.formats.common import Where

GROUPS = ("And", "Or", "Replicate")
"""Types that open a group closed by `.End`."""


@dataclass
class Item:
    """One constraint `.TYPE~ARGS`, or a group `.And`/`.Or` with its members."""

    type: str
    args: list[str] = field(default_factory=list)
    members: list[Item] = field(default_factory=list)
    at: int | None = None
    """The offset of its '.' in the text as written, for errors about it (None: made by the
    importer, as a copy that `.Replicate` moves)."""


def written_as(it: Item) -> str:
    """A constraint as ISS writes it: `.Cage~3~R1C1`, and givens as `.~R1C1_5`."""
    head = ".~" if it.type == "Given" else f".{it.type}~" if it.args else f".{it.type}"
    return head + "~".join(it.args)


class ShortArguments(Exception):
    """A constraint inside an `.Or` branch that lacks an argument its type needs."""

    def __init__(self, item: Item) -> None:
        super().__init__(item.type)
        self.item = item


LABEL = "<iss>"
"""What an error calls a constraint string that comes from no named file."""


def parse_iss(text: str, where: Where | None = None) -> list[Item]:
    """The constraints of an ISS string, or of the `?q=` of an ISS link, as a tree (`.And`/`.Or`
    groups hold members). Each item keeps its offset in `text`, so that errors point at it in
    `where` (the text as written and its label)."""
    where = where or Where(LABEL, text)
    written = text
    if text.strip().startswith(("http://", "https://")):
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(text.strip()).query)
        if not query.get("q"):
            raise bad("the link holds no constraint string (its ?q=…)", text.strip()[:40],
                       where)
        text = query["q"][0]
    # blank space is no part of a constraint string; offsets into it map back to the text
    kept = [i for i, ch in enumerate(text) if not ch.isspace()] if text is written else []
    text = "".join(text.split())

    def at(i: int) -> int | None:
        return kept[i] if kept and i < len(kept) else None

    if text and not text.startswith("."):
        raise bad("an ISS constraint string starts with '.'", text[:20], where, at(0))
    stack: list[list[Item]] = [[]]
    groups: list[Item] = []
    offset = 0
    for part in text.split(".")[1:]:
        long = long_number(part)  # refused before any handler converts it
        if long is not None:
            start = at(offset + 1 + long[0])
            raise SapphireError([where.diagnostic(
                "number-too-long", number_too_long(part[long[0]:long[1]], None).message, start,
                None if start is None else start + long[1] - long[0], NUMBER_HINT)])
        here, offset = at(offset), offset + len(part) + 1
        fields = part.split("~")
        kind, args = fields[0], fields[1:]
        if kind in GROUPS:
            group = Item(kind, args, at=here)
            stack[-1].append(group)
            groups.append(group)
            stack.append(group.members)
        elif kind == "End":
            if len(stack) == 1:
                raise bad("'.End' closes no '.And' or '.Or'", part, where, here)
            stack.pop()
            groups.pop()
        else:
            stack[-1].append(Item(kind or "Given", args, at=here))
    if len(stack) != 1:
        raise bad(f"'.{groups[-1].type}' is not closed by '.End'", "", where, groups[-1].at)
    return stack[0]


def bad(message: str, near: str, where: Where, at: int | None = None) -> SapphireError:
    return SapphireError([bad_input(message, where, at, near)])


def bad_input(message: str, where: Where, at: int | None = None, near: str = "") -> Diagnostic:
    """A constraint written wrongly, at its offset `at` in the text (None: the text's start)."""
    return where.diagnostic(
        "bad-iss", f"not an ISS constraint string: {message}" + (f" (near '{near}')" if near
                                                                  else ""), at,
        None if at is None or not near else at + len(near) + 1,
        "give the constraint string as ISS shows it (.~R1C1_5.Cage~17~R1C2~R1C3…), or the "
        "link in ISS's address bar (…?q=.~R1C1_5…)")


BASE17 = "0123456789abcdefg"


BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def mask_bits(mask: str) -> set[int] | None:
    """The bits set in ISS's base64url bit mask (six bits to a character, lowest bit first),
    numbered from 0; None when the mask is not base64url."""
    try:
        sixes = [BASE64URL.index(ch) for ch in mask]
    except ValueError:
        return None
    return {6 * k + bit for k, six in enumerate(sixes) for bit in range(6) if six >> bit & 1}


def item_groups(items: list[str]) -> list[list[str]]:
    """Items split into groups at empty items; `_NAME` items (a group's label) are skipped."""
    groups: list[list[str]] = [[]]
    for item in items:
        if item == "":
            groups.append([])
        elif not item.startswith("_"):
            groups[-1].append(item)
    return [g for g in groups if g]


def or_of_placements(it: Item) -> Item | None:
    """An `.Or` whose branches are single placements (`.~R6C1_7`, also inside one-member
    `.And` and nested `.Or` groups) as one item a rule can say: all in one cell, a given
    with candidates (`.~R6C1_1_7`); all of one digit, a `Placements` item (that digit in
    one of the cells); anything else None."""
    found: list[tuple[str, str]] = []

    def collect(x: Item) -> bool:
        if x.type == "Or" or (x.type == "And" and len(x.members) == 1):
            return all(collect(m) for m in x.members)
        if x.type == "Given" and len(x.args) == 1 and not x.members:
            cell, *values = x.args[0].split("_")
            found.extend((cell, v) for v in values)
            return bool(values)
        return False

    if not collect(it) or not found:
        return None
    cells = list(dict.fromkeys(c for c, _ in found))
    values = list(dict.fromkeys(v for _, v in found))
    if len(cells) == 1:
        return Item("Given", ["_".join([cells[0], *values])])
    if len(values) == 1:
        return Item("Placements", [values[0], *cells])
    return None
