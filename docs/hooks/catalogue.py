"""The kind catalogue of the docs, generated from the bundled library when the site is built.

Each kind of `src/sapphire/library/std/*.md` gets a page (`kinds/KIND.md`): its title, the
other names setters use (`also`), how a rule line is written, its parameters, its prose, the
picture of its example as `sapphire draw` draws it, and its meaning in Sapphire. The
catalogue's index replaces the text of `docs/kinds.md` (which says, where the site is not
built, that it is generated), and the prelude's page (`kinds/prelude.md`) says what a meaning
may read. Nothing here is written by hand about a kind: the Markdown of the library is the one
home of what a kind means, and this module only lays it out.

MkDocs runs `on_files` and `on_page_markdown` as hooks (`mkdocs.yml`: `hooks`); `catalogue()`
is the same without MkDocs, for the test that every kind has its page and picture.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from sapphire.library import RuleDefinition, load_library
from sapphire.library.channels import needed
from sapphire.library.search import first_sentence
from sapphire.meaning import load_case
from sapphire.render import picture

SOURCE = "src/sapphire/library/std"
"""Where the kinds' Markdown lives in the repository, as the pages name it."""

PLACEHOLDERS = {
    "integer": "N", "boolean": "true|false", "digits": "[D,…]", "cell": "rRcC",
    "integers": "[N,…]", "pairs": "[[A,B],…]", "weights": "[W,…]", "moves": "[[S,D,T],…]",
    "pattern": '"REGEX"', "rules": '["LINE",…]', "json": "JSON",
}
"""How a parameter's value is shown in a kind's rule-line synopsis, by type."""

SIZES = (4, 6, 9)
"""Boards an example of rule lines alone is drawn on: the smallest that holds its cells."""


def example(d: RuleDefinition) -> str:
    """The kind's example: the first ```text block of its prose."""
    found = re.search(r"^```text\n(.*?)^```", d.prose, re.S | re.M)
    return found.group(1) if found else ""


def _kind_of(line: str) -> tuple[str | None, str]:
    """A rule line's id (None without one) and kind: `cage-2: not cage r1c1` gives
    `cage-2`, `cage`."""
    words = line.split()
    ident = words.pop(0)[:-1] if words and words[0].endswith(":") else None
    while words and words[0] == "not":
        words.pop(0)
    return ident, words[0] if words else ""


def _with_ids(lines: list[str]) -> list[str]:
    """Rule lines of one kind written several times get ids (`cage-1: …`), as a case needs;
    an example lists such lines as alternatives."""
    kinds = [_kind_of(line) for line in lines]
    out = []
    seen: dict[str, int] = {}
    for line, (ident, kind) in zip(lines, kinds, strict=True):
        if ident is None and [k for _, k in kinds].count(kind) > 1:
            seen[kind] = seen.get(kind, 0) + 1
            line = f"{kind}-{seen[kind]}: {line}"
        out.append(line)
    return out


def example_case(d: RuleDefinition, lib: Any) -> tuple[str, bool]:
    """The case the picture of `d`'s example is drawn from, and whether it is the example as
    written. An example that is a whole case is drawn as it is; rule lines alone are put on
    the smallest of `SIZES` boards that holds their cells (the board their kind requires, or
    none when a line declares it), with ids where a kind repeats and, when the lines read a
    channel that none declares, the first rule that declares it and lets the case check."""
    text = example(d)
    if text.startswith("---"):
        return text, True
    lines = _with_ids([ln for ln in text.splitlines() if ln.strip()])
    front = "---\nlibrary: std\n"
    declared = any(lib.declares_board(_kind_of(ln)[1]) for ln in lines)
    if d.requires.board is not None:
        front += f"board: {d.requires.board[0]}x{d.requires.board[1]}\n"
    elif not declared:
        rows = [int(r) for r in re.findall(r"\br(\d+)c\d+\b", text)]
        cols = [int(c) for c in re.findall(r"\br\d+c(\d+)\b", text)]
        side = max([*rows, *cols, 1])
        digits = d.requires.digits or d.requires.digits_within
        if digits is not None:
            side = max(side, digits.stop - 1)
        side = next((s for s in SIZES if s >= side), side)
        front += f"board: {side}x{side}\n"
    case = front + "---\n" + "\n".join(lines) + "\n"
    if not _problems(case, d.kind):
        return case, False
    needs = sorted(needed(d.applied, lib.channels()) - d.declares)
    first = re.search(r"\br\d+c\d+(?:[-,]r\d+c\d+)*", text)
    lines_for = [_declaring(kind, lib, first) for kind in lib.declarers(*needs)]
    # no one rule declares them all: the first of each
    lines_for.append("".join(_declaring(next(iter(lib.declarers(n)), ""), lib, first)
                             for n in needs))
    for line in lines_for:
        if line and not _problems(case + line, d.kind):
            return case + line, False
    return case, False


def _declaring(kind: str, lib: Any, cells: re.Match[str] | None) -> str:
    """A rule line of a declaring `kind`: the kind alone, or on the example's first cells."""
    rule = lib.resolve(kind) if kind else None
    if rule is None or (rule.scope == "cells" and cells is None):
        return ""
    return f"{kind}\n" if rule.scope == "global" else f"{kind} {cells.group()}\n"


def _problems(case: str, kind: str) -> list[str]:
    """What `sapphire check` says of a case (its library's errors), as text."""
    from sapphire.diagnostics import SapphireError

    try:
        parsed, lib = load_case(f"{kind}.case", text=case, fetch="offline")
        return [p.render() for p in lib.check_case(parsed)]
    except SapphireError as e:
        return [str(e)]


def draw(case: str, kind: str) -> str:
    """The SVG `sapphire draw` draws of a case, which must check: a kind's picture is never
    drawn from a case `sapphire check` refuses."""
    parsed, lib = load_case(f"{kind}.case", text=case, fetch="offline")
    problems = lib.check_case(parsed)
    if problems:
        raise ValueError(f"the example of '{kind}' does not check:\n"
                         + "\n".join(p.render() for p in problems))
    return picture(parsed, lib)


def synopsis(d: RuleDefinition) -> str:
    """How a rule line of the kind is written: `cage CELLS total N [repeats true|false]`."""
    parts = [d.kind]
    if d.scope == "cells":
        parts.append("PATH" if d.cells == "path" else "CELLS")
    if d.positional is not None:
        size = "|".join(d.positional.values) or ("RxC" if d.positional.type == "size" else "HxW")
        parts.append(size if d.positional.required else f"[{size}]")
    for p in d.params:
        written = f"{p.preferred or p.name} {PLACEHOLDERS[p.type]}"
        parts.append(written if p.required else f"[{written}]")
    return " ".join(parts)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def parameters(d: RuleDefinition) -> str:
    """The kind's parameters as a Markdown table: name, type, default, other spellings."""
    if not d.params and d.positional is None:
        return "It takes no parameters.\n"
    rows = ["| parameter | type | default | also written | what it says |",
            "|---|---|---|---|---|"]
    if d.positional is not None:
        p = d.positional
        values = ", ".join(p.values) or "any"
        rows.append(f"| {p.name} (written bare) | {p.type} | "
                    f"{'required' if p.required else 'none'} | | sizes: {values} |")
    for p in d.params:
        default = "required" if p.required else f"`{json.dumps(p.default)}`"
        spellings = ", ".join(f"`{a}`" + (" (preferred)" if a == p.preferred else "")
                              for a in p.aliases)
        bounds = "".join(f" {w} {v}" for w, v in (("min", p.minimum), ("max", p.maximum))
                         if v is not None)
        rows.append(f"| `{p.name}` | {p.type}{bounds} | {default} | {spellings} | "
                    f"{_cell(p.description)} |")
    return "\n".join(rows) + "\n"


def kind_page(d: RuleDefinition, case: str, as_written: bool) -> str:
    """The Markdown page of one kind."""
    prose = re.sub(r"\A#[^\n]*\n+", "", d.prose.strip())
    also = ", ".join(d.also)
    out = [
        "---",
        f"title: {json.dumps(d.title or d.kind)}",
        f"description: {json.dumps(first_sentence(d.prose))}",
        "---",
        "",
        f"# {d.title or d.kind}",
        "",
        f"Kind `{d.kind}` ({d.scope}"
        + (f", its cells a {d.cells}" if d.scope == "cells" else "") + ")."
        + (f" Also called: {also}." if also else ""),
        "",
        "```text",
        synopsis(d),
        "```",
        "",
        parameters(d),
        prose,
        "",
        "## Picture",
        "",
        f"![{d.title or d.kind}: the example drawn](pictures/{d.kind}.svg)",
        "",
    ]
    if not as_written:
        out += ["Drawn from this case: the example on a board"
                + (", with what it needs declared" if case.count("\n") > 4 + len(
                    example(d).splitlines()) else "") + ".", "", "```text", case.rstrip(),
                "```", ""]
    out += ["## Meaning", "",
            f"In Sapphire (`{SOURCE}/{d.kind}.md`; see [the language](../language.md)):", "",
            "```sapphire", d.meaning.rstrip(), "```", ""]
    if d.implied:
        out += ["Implied facts (`sapphire implied`):", "", "```sapphire", d.implied.rstrip(),
                "```", ""]
    if d.guide:
        out += ["Guide (`sapphire guide`):", "", "```sapphire", d.guide.rstrip(), "```", ""]
    return "\n".join(out)


INDEX = "kinds.md"
"""The page whose text the catalogue's index replaces."""


def index_page(definitions: list[RuleDefinition]) -> str:
    """Every kind, with its title, other names and first sentence."""
    out = ["# Kind catalogue", "",
           f"The {len(definitions)} kinds of the bundled library (`library: std`), generated "
           f"from `{SOURCE}`. Search (top of the page) finds a kind by its title and by the "
           "names setters use; on the command line, `sapphire kinds WORD` searches the same "
           "way. What a meaning may read, and how `not` and conditions wrap it, is in "
           "[the prelude](kinds/prelude.md).", "",
           "| kind | title | also called | |", "|---|---|---|---|"]
    for d in definitions:
        out.append(f"| [`{d.kind}`](kinds/{d.kind}.md) | {_cell(d.title)} | "
                   f"{_cell(', '.join(d.also))} | {_cell(first_sentence(d.prose))} |")
    return "\n".join(out) + "\n"


def prelude_page(lib: Any) -> str:
    """The prelude's prose and its Sapphire: what every meaning may read."""
    p = lib.prelude
    prose = re.sub(r"\A#[^\n]*\n+", "", p.prose.strip())
    blocks = ["```sapphire", p.meaning.rstrip(), "```"]
    for situation, text, _line in p.channels:
        blocks += ["", f"Channel block `{situation}`:", "", "```sapphire", text.rstrip(), "```"]
    return "\n".join(["---", "title: The prelude", "---", "", "# The prelude", "",
                      f"`{SOURCE}/prelude.md`, generated.", "", prose, "",
                      "## Its Sapphire", "", *blocks, ""])


def catalogue(root: Path | None = None) -> dict[str, str]:
    """Every generated file by its path under docs/: the pages and the pictures."""
    lib = load_library("std", root or Path("."))
    definitions = [d for d in lib.definitions() if not d.predicate]
    files = {INDEX: index_page(definitions), "kinds/prelude.md": prelude_page(lib)}
    for d in definitions:
        case, as_written = example_case(d, lib)
        files[f"kinds/{d.kind}.md"] = kind_page(d, case, as_written)
        files[f"kinds/pictures/{d.kind}.svg"] = draw(case, d.kind)
    return files


_BUILT: dict[str, str] = {}
"""The catalogue of the build under way, made once by `on_files`."""


def on_files(files: Any, config: Any) -> Any:
    """MkDocs: add the catalogue's pages and pictures to the site."""
    from mkdocs.structure.files import File

    _BUILT.clear()
    _BUILT.update(catalogue())
    for path, content in _BUILT.items():
        if path != INDEX:
            files.append(File.generated(config, path, content=content))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """MkDocs: the catalogue's index in place of the text of `docs/kinds.md`."""
    if page.file.src_uri == INDEX:
        return _BUILT[INDEX]
    return markdown
