"""A puzz.link link read into its genre, size and body, each part keeping its place in the
link, so that an error says where the link breaks."""

from __future__ import annotations

import re
from dataclasses import dataclass

from sapphire.diagnostics import Diagnostic, SapphireError, Span, refuse_long_numbers

LABEL = "<puzzlink>"
"""What an error calls a link given on the command line."""

_SIZE = re.compile(r"[0-9]+")

HOSTS = ("puzz.link", "pzv.jp", "pzprxs.vercel.app")
"""The pzprjs players a link may name: a link elsewhere is refused, not written as the
case's `source:`."""

_PLAYER = re.compile(r"(?:(?:https?://)?(?P<host>[^/?]+)/)?(?:p|p\.html)?")


@dataclass(frozen=True)
class Link:
    """A link's parts: the text as given (for errors), the genre as written, its flags (a
    segment such as `v:` that pzprjs keeps before the size; an `arukone`'s `e` lets cells
    stay empty), the size, and the body with the offset in `text` at which it starts."""

    text: str
    label: str
    genre: str
    cols: int
    rows: int
    body: str
    body_at: int
    flags: str = ""

    def error(self, message: str, at: int, end: int = 0, hint: str | None = None,
              kind: str = "bad-puzzlink") -> SapphireError:
        """An error at offset `at` of the link (to `end`), on the link's only line."""
        return link_error(self.text, self.label, message, at, end, hint, kind)


def link_error(text: str, label: str, message: str, at: int, end: int = 0,
               hint: str | None = None, kind: str = "bad-puzzlink") -> SapphireError:
    """An error placed at offset `at` of a one-line link (characters counted from 1 in the
    report, as a column)."""
    at = max(0, min(at, len(text)))
    span = Span(label, 1, at + 1, end_col=max(end, at + 1) + 1 if end else 0)
    if kind == "bad-puzzlink":
        message = f"not a puzz.link link: {message}"
    return SapphireError([Diagnostic(kind, message, span, hint,
                                     text if len(text) <= 300 else None)])


def read_link(raw: str, label: str = LABEL) -> Link:
    """The parts of a link (`https://puzz.link/p?slither/5/5/cbcbcddad`; pzprjs's other
    players, `pzprxs.vercel.app/p?` and `pzv.jp/p.html?`, write the same after `?`), of its
    part after `?`, or of that part without `p?`. The size is `COLS/ROWS`; the body is the
    rest."""
    text = raw.strip()
    start = 0
    q = text.find("?")
    if q >= 0:
        start = q + 1
        player = _PLAYER.fullmatch(text[:q])
        host = player.group("host") if player else None
        if player is None or (host is not None and host.lower() not in HOSTS):
            at = player.start("host") if player and host else 0
            raise link_error(text, label, f"'{host or text[:q]}' is not a puzz.link site",
                             at, at + len(host or text[:q]),
                             hint="links of " + ", ".join(HOSTS) + " are read, or the part "
                                  "from p? on")
    elif text.startswith(("http://", "https://")):
        raise link_error(text, label, "the link has no '?' before the puzzle", len(text),
                         hint="a puzz.link link reads https://puzz.link/p?GENRE/COLS/ROWS/BODY")
    parts: list[tuple[int, str]] = []
    at = start
    for piece in text[start:].split("/"):
        parts.append((at, piece))
        at += len(piece) + 1
    genre_at, genre = parts[0]
    if not re.fullmatch(r"[a-z][a-z0-9_-]*", genre):
        raise link_error(text, label, f"'{genre}' is not a genre name" if genre else
                         "the genre is missing", genre_at, genre_at + len(genre),
                         hint="the puzzle part reads GENRE/COLS/ROWS/BODY, e.g. "
                              "slither/5/5/cbcbcddad")
    k, flags = 1, ""
    while k < len(parts) and not _SIZE.fullmatch(parts[k][1]) and k < 2:
        flags = parts[k][1]
        k += 1  # a flags segment (`v:`, `c`) before the size
    size = []
    for what in ("the number of columns", "the number of rows"):
        if k >= len(parts):
            raise link_error(text, label, f"{what} is missing", len(text),
                             hint="the puzzle part reads GENRE/COLS/ROWS/BODY")
        piece_at, piece = parts[k]
        refuse_long_numbers(text[:piece_at + len(piece)], label, hint=f"{what} is 1-100")
        if not _SIZE.fullmatch(piece) or not 1 <= int(piece) <= 100:  # at most 100 digits
            raise link_error(text, label, f"'{piece}' is not {what} (1-100)", piece_at,
                             piece_at + len(piece), hint="the puzzle part reads "
                                                         "GENRE/COLS/ROWS/BODY")
        size.append(int(piece))
        k += 1
    body_at = parts[k][0] if k < len(parts) else len(text)
    body = text[body_at:]
    return Link(text, label, genre, size[0], size[1], body, body_at, flags)
