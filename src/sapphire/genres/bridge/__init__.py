"""TEMPORARY BRIDGE: the genres not yet moved into modules of their own, reached through their
old code so that the registry finds every genre alike while they move.

Each bridged genre is a `_BridgedGenre` class made here from the old tables, which stay in the
old modules beside this one:

* `puzzlekit`: the builders by puzzlekit genre (`GENRES`), the kinds each writes (`KINDS`) and
  the solution reader (`solution`). A bridged genre's clues are the puzzlekit text itself, and
  `build` runs the old builder on it.
* `puzzlink`: the link codecs by pzprjs name (`genres.GENRES`, `ALIASES`). A link is decoded
  into the old `Puzzle`, written out as puzzlekit text and built by the old builder (the text
  round trip that the genres in modules of their own no longer make); its case is read back
  by `export` (`KINDS`, `LIMITS`, `PUZZLES`, `CLAIMS`) and its answers by `answer`.

To move a genre out (docs/adding-a-genre.md): write its module, then delete its rows from
those tables and its code from the old modules. When no row is left, this package goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from sapphire.case import Case
from sapphire.diagnostics import SapphireError
from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.encodings import Body
from sapphire.formats.genre import Genre
from sapphire.formats.link import Link
from sapphire.formats.puzzlekit import LABEL, Source
from sapphire.formats.pzprv3 import Pzprv3
from sapphire.formats.readback import Readback
from sapphire.genres.bridge.puzzlekit import GENRES as BUILDERS
from sapphire.genres.bridge.puzzlekit import KINDS
from sapphire.genres.bridge.puzzlekit.solution import read_solution
from sapphire.genres.bridge.puzzlink.answer import read_answer
from sapphire.genres.bridge.puzzlink.export import CLAIMS, PUZZLES, check_range
from sapphire.genres.bridge.puzzlink.export import KINDS as EXPORTS
from sapphire.genres.bridge.puzzlink.genres import ALIASES, GENRES, LinkGenre, Puzzle

_KIND = {"bad-puzzlekit": "puzzlink-clues"}
"""A clue the decoded grid cannot hold is the link's fault, not a puzzlekit text's."""


@dataclass(frozen=True)
class Decoded:
    """A bridged genre's clues from a link: the link (where errors point, and its flags) and
    the old `Puzzle`."""

    link: Link
    puzzle: Puzzle


class _BridgedGenre(Genre[Any]):
    """A genre reached through its old code (see the module docstring)."""

    spec: ClassVar[LinkGenre | None] = None
    """Its old puz.link codec."""
    link_kinds: ClassVar[frozenset[str]] = frozenset()
    """The kinds its link can carry back (the old export table's)."""

    @property
    def carries(self) -> frozenset[str]:
        return self.link_kinds

    def offers(self, section: str) -> bool:
        return {"build": True,
                "read_puzzlekit": self.puzzlekit is not None,
                "read_solution": self.puzzlekit is not None,
                "decode": self.spec is not None, "encode": self.spec is not None,
                "from_case": self.puzzlink in PUZZLES,
                "read_pzprv3": self.spec is not None}.get(section, False)

    def claims(self, case: Case) -> bool:
        claim = CLAIMS.get(self.puzzlink or "")
        return claim is None or claim(case)

    def read_puzzlekit(self, src: Source) -> Source:
        return src

    def read_solution(self, src: Source) -> Answer:
        return read_solution(src.genre, src.text, src.label)

    def build(self, b: CaseBuilder, clues: Source | Decoded) -> None:
        if isinstance(clues, Source):
            BUILDERS[clues.genre](b, clues)
            return
        spec = self.spec
        assert spec is not None
        link, problem = clues.link, spec.text(clues.puzzle)
        src = Source(problem, LABEL, spec.puzzlekit)
        try:
            if spec.case is not None:
                spec.case(b, src, link.flags)
            else:
                BUILDERS[spec.puzzlekit](b, src)
        except SapphireError as e:  # what the clues say is impossible as stated (a bad given)
            kind = e.diagnostics[0].kind if e.diagnostics else "bad-puzzlekit"
            inner = "; ".join(
                d.message.removeprefix(f"not a puzzlekit {spec.puzzlekit} problem: ")
                for d in e.diagnostics)
            raise link.error(f"the {spec.name} it holds does not read: {inner}", link.body_at,
                             hint="the puzzle as decoded: " + " / ".join(problem.splitlines()),
                             kind=_KIND.get(kind, kind)) from None

    def decode(self, body: Body) -> Decoded:
        spec = self.spec
        assert spec is not None
        link = body.link
        if spec.square and link.cols != link.rows:
            size = f"{link.cols}/{link.rows}"
            size_at = link.text.rfind(size, 0, link.body_at)
            raise link.error(f"a {spec.name} is square, but the size is {link.cols}x{link.rows}",
                             size_at, size_at + len(size), hint="COLS and ROWS are equal")
        puzzle = spec.read(body, link.cols, link.rows)
        body.finish()
        return Decoded(link, puzzle)

    def encode(self, clues: Puzzle) -> str:
        assert self.spec is not None
        return self.spec.body(clues)

    def from_case(self, case: Readback) -> Puzzle:
        name = self.puzzlink or ""
        puzzle = PUZZLES[name](case.case, case.rows, case.cols, case.declares)
        check_range(case.case, name, puzzle)
        return puzzle

    def read_pzprv3(self, file: Pzprv3) -> Answer:
        return read_answer(file)


def _bridged(puzzlekit: str | None, spec: LinkGenre | None) -> type[_BridgedGenre]:
    """The bridged genre of a puzzlekit builder, a puz.link codec, or both."""
    name = spec.name if spec is not None else None
    tells, carries = EXPORTS.get(name or "", (set(), set()))
    kinds = KINDS[puzzlekit] if puzzlekit else KINDS[spec.puzzlekit] if spec else ()
    attrs = {"__module__": __name__, "puzzlekit": puzzlekit, "puzzlink": name, "spec": spec,
             "aliases": tuple(a for a, n in ALIASES.items() if n == name),
             "kinds": tuple(kinds), "tells": tuple(sorted(tells)),
             "link_kinds": frozenset(carries)}
    title = puzzlekit or (name or "").capitalize()
    return type(title, (_BridgedGenre,), attrs)


def _all() -> list[type[_BridgedGenre]]:
    """Every bridged genre: those with links in the old export table's order (which export
    falls back on), then the rest of the links, then the puzzlekit genres without a link."""
    alone = {s.name for s in GENRES.values() if s.case is not None}  # a link's own rules
    links = sorted(GENRES.values(), key=lambda s: list(EXPORTS).index(s.name)
                   if s.name in EXPORTS else len(EXPORTS))
    out = [_bridged(None if s.name in alone else s.puzzlekit, s) for s in links]
    linked = {s.puzzlekit for s in GENRES.values() if s.name not in alone}
    out += [_bridged(g, None) for g in BUILDERS if g not in linked]
    return out


for _genre in _all():
    globals()[_genre.__name__] = _genre
