"""The answer's channels are declared once, in the prelude's `channels` table: Python outside
the importers names none of them, so that a new channel is a declaration, not edits in the
code that shows, reads, compares and draws answers.

Every plain string literal of `src/sapphire/**/*.py` outside `src/sapphire/importers/`,
`src/sapphire/genres/` and `src/sapphire/formats/` (which read and write other formats, whose
answer keys are theirs) is compared with the
name of every channel the bundled prelude binds with a block, and with their maps' names. Only
the case format may spell a channel's name: its front matter has a `shading:` grid of given
shades (`sapphire.case.givens`, and the key's entry in `sapphire.case.frontmatter`), which the
shading's entry names as its `given`. Two maps share their names with words of other
vocabularies, which may stand as literals: `shade`, a drawing element that tints cells
(`sapphire.library.drawing`), and `region`, the SVG class of a region's border.
"""

from __future__ import annotations

from pathlib import Path

from test_kind_names import literals

from sapphire.library import load_library

SRC = Path(__file__).parents[1] / "src" / "sapphire"
CASE_FORMAT = {SRC / "case" / "givens.py", SRC / "case" / "frontmatter.py"}
OTHER_WORDS = frozenset({"shade", "region"})
IMPORTING = {SRC / "importers", SRC / "genres", SRC / "formats"}
"""The packages that read and write other formats (puzzlekit, puz.link, pzprv3), whose
answers are written in keys of their own that happen to be the channels' names."""


def channel_words() -> tuple[frozenset[str], frozenset[str]]:
    """The bundled channels' names (those bound by a block, not the digits the case binds),
    and their maps' names."""
    channels = [c for c in load_library("std", Path(".")).channels() if c.block]
    return (frozenset(c.name for c in channels),
            frozenset(m for c in channels for m, _ in c.maps))


def found(names: frozenset[str], allowed: frozenset[str] = frozenset(),
          files: set[Path] | frozenset[Path] = frozenset()) -> list[str]:
    out = []
    for path in sorted(SRC.rglob("*.py")):
        if IMPORTING & set(path.parents) or path in files:
            continue
        out += [f"{path.relative_to(SRC.parents[1])}:{line}: {value!r}"
                for line, value in literals(path.read_text(encoding="utf-8"))
                if value in names and value not in allowed]
    return out


def test_the_bundled_channels_are_read_from_the_prelude() -> None:
    names, maps = channel_words()
    assert names == {"shading", "regions", "loop", "links", "diagonals"}
    assert {"shade", "region", "across", "link_down", "slant", "inside"} <= maps


def test_only_the_case_format_names_a_channel() -> None:
    names, _ = channel_words()
    assert not found(names, files=CASE_FORMAT), "channels named in Python:\n" + "\n".join(
        found(names, files=CASE_FORMAT))
    assert {p.name for p in CASE_FORMAT} == {"givens.py", "frontmatter.py"}  # at most two


def test_no_channel_map_is_named() -> None:
    _, maps = channel_words()
    hits = found(maps, OTHER_WORDS)
    assert not hits, "channel maps named in Python:\n" + "\n".join(hits)
