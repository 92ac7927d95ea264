"""The genres Sapphire reads and writes: one module each (or one per small family), holding
everything that is the genre's own, and a registry that finds them.

A genre module defines a subclass of `sapphire.formats.genre.Genre` (see that module for its
sections, and docs/adding-a-genre.md for a worked example): its clues as a small frozen
dataclass, the builder that states its rules from them, and whichever of its puzzlekit layout,
puz.link codec, case read-back and answer readers it has. Adding a genre is adding a module
here; nothing else lists it.

Finding genres: every module of this package is imported, and each public `Genre` subclass it
defines (not imported from elsewhere; a name starting with `_` is a family's shared base) is a
genre. `genres()` lists them in the modules' alphabetical order, each module's in the order it
defines them. Names never collide: no two genres share a puzzlekit name (ignoring case) or a
puz.link name or alias (a collision is a bug, reported when the registry is first read).

Looking a genre up: by its puzzlekit name, in any case (`by_puzzlekit`, with a "did you mean"
on a miss); by its puz.link name or one of pzprjs's aliases (`by_puzzlink`); from a case, for
export (`of_case`). `read_solution` and `read_pzprv3` read answers through the genre's readers.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from types import ModuleType

from sapphire.case import Case
from sapphire.diagnostics import InternalError, did_you_mean, error
from sapphire.formats.answer import Answer
from sapphire.formats.common import unsupported
from sapphire.formats.genre import Genre
from sapphire.formats.puzzlekit import LABEL, Source
from sapphire.formats.pzprv3 import Pzprv3


def genres_of(module: ModuleType) -> list[Genre]:
    """The genres `module` defines: its public `Genre` subclasses, in the order it defines
    them, one instance each."""
    return [value() for name, value in vars(module).items()
            if isinstance(value, type) and issubclass(value, Genre)
            and value.__module__ == module.__name__ and not name.startswith("_")]


def modules() -> list[ModuleType]:
    """Every module of this package, in alphabetical order."""
    names = sorted(info.name for info in pkgutil.iter_modules(__path__))
    return [importlib.import_module(f"{__name__}.{name}") for name in names]


@cache
def genres() -> tuple[Genre, ...]:
    """Every genre, found in the modules of this package (see the module docstring)."""
    found = [g for module in modules() for g in genres_of(module)]
    clashes = collisions(found)
    if clashes:
        raise InternalError("genre names collide: " + "; ".join(clashes))
    return tuple(found)


def collisions(found: list[Genre] | tuple[Genre, ...]) -> list[str]:
    """Each name two genres share, with the genres: puzzlekit names ignoring case, puz.link
    names and aliases."""
    seen: dict[str, Genre] = {}
    out = []
    for g in found:
        names = [f"puzzlekit:{g.puzzlekit.casefold()}"] if g.puzzlekit else []
        names += [f"puzzlink:{n}" for n in (g.puzzlink, *g.aliases) if n]
        for name in names:
            if name in seen:
                out.append(f"{name} is {seen[name]!r} and {g!r}")
            seen[name] = g
    return out


# -- the puzzlekit dataset --------------------------------------------------------------------


def puzzlekit_names() -> tuple[str, ...]:
    """The puzzlekit genres read, by their dataset names, in alphabetical order."""
    return tuple(sorted((g.puzzlekit for g in genres()
                         if g.puzzlekit and g.offers("read_puzzlekit")), key=str.casefold))


def by_puzzlekit(name: str) -> Genre:
    """The genre of a puzzlekit name, in any case; an error naming the closest when none is."""
    folded = name.casefold()
    found = next((g for g in genres() if g.puzzlekit and g.puzzlekit.casefold() == folded
                  and g.offers("read_puzzlekit")), None)
    if found is None:
        names = puzzlekit_names()
        raise unsupported(f"puzzlekit genre '{name}'", "not imported",
                          hint=did_you_mean(name, names) or "genres: " + ", ".join(names))
    return found


def read_solution(genre: str, text: str, label: str = LABEL,
                  problem: str | None = None) -> Answer:
    """A puzzlekit solution of `genre` as the answer parts Sapphire reports; `problem`, the
    text of its problem, is read too by the genres whose solutions leave out what the problem
    says."""
    g = by_puzzlekit(genre)
    if not g.offers("read_solution"):
        raise unsupported(f"puzzlekit genre '{g.puzzlekit}'", "no reader of its solutions")
    return g.read_solution(Source(text, label, g.puzzlekit or genre, "solution",
                                  problem=problem))


# -- puz.link -----------------------------------------------------------------------------------


def puzzlink_names() -> tuple[str, ...]:
    """The puz.link genres read, by pzprjs's names, in alphabetical order."""
    return tuple(sorted(g.puzzlink for g in genres() if g.puzzlink and g.offers("decode")))


def by_puzzlink(name: str) -> Genre | None:
    """The genre of a pzprjs name or alias, or None."""
    return next((g for g in genres() if g.puzzlink and name in (g.puzzlink, *g.aliases)),
                None)


def exported() -> tuple[Genre, ...]:
    """The genres whose cases can be written as links, in the registry's order."""
    return tuple(g for g in genres() if g.puzzlink and g.tells and g.offers("from_case")
                 and g.offers("encode"))


def of_case(case: Case, kinds: set[str]) -> Genre | None:
    """The genre a case of `kinds` is written as: of those whose telling kinds it holds (and
    that claim it), the first whose link carries all its kinds; else the first of them, whose
    export then names the kinds it cannot carry; None when no genre's telling kinds are
    there."""
    told = [g for g in exported() if set(g.tells) <= kinds]
    claimed = [g for g in told if g.claims(case)] or told
    return next((g for g in claimed if kinds <= g.carries), claimed[0] if claimed else None)


def read_pzprv3(text: str) -> Answer:
    """A pzprv3 answer file as the answer parts Sapphire reports, by its genre's reader."""
    file = Pzprv3.read(text)
    g = by_puzzlink(file.genre)
    if g is None or not g.offers("read_pzprv3"):
        raise error("unsupported", f"no reader of pzprv3 answers of '{file.genre}'")
    return g.read_pzprv3(file)


__all__ = ["Genre", "by_puzzlekit", "by_puzzlink", "collisions", "exported",
           "genres", "genres_of", "modules", "of_case", "puzzlekit_names", "puzzlink_names",
           "read_pzprv3", "read_solution"]
