"""Write what the importers make of every puzzle we hold, so that two versions can be diffed.

Every entry of `tests/fixtures/importers/*.json` and of the shared corpus (`puzzlekit/GENRE.json`
for each genre Sapphire reads, `puzzlink.json`, `iss.json`, `fpuzzles.json`) is imported, and
the outcome is written as one JSON line: the case text, or the errors (kind, message, place,
hint). A puzzlekit entry also records its solution as read, its case written back as a
puz.link link and that link imported again; a puz.link entry its pzprv3 answer as read and its
case written back. Each puzzlekit problem and link is also imported with a few tokens or
characters changed, so that the errors of malformed input are compared too. Nothing is solved.

Usage:
    PYTHONPATH=src python bench/case_texts.py OUT.jsonl [--corpus DIR]
    python bench/case_texts.py --compare BEFORE.jsonl AFTER.jsonl

Run it on two checkouts and compare the two files: a refactoring of the importers should leave
every record as it was (see docs/adding-a-genre.md). `--compare` prints each record that
differs, part by part, taking a hint's list of genre names (`genres read: …`) in any order.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
try:
    from sapphire.diagnostics import SapphireError
except ImportError:  # running from a checkout without an install
    sys.path.insert(0, str(REPO / "src"))
    from sapphire.diagnostics import SapphireError

from sapphire.importers import import_puzzle  # noqa: E402
from sapphire.importers.puzzlink import export_puzzlink  # noqa: E402

try:  # the genre registry, where there is one
    from sapphire.genres import puzzlekit_names, read_pzprv3, read_solution
except ImportError:  # the importers before it
    from sapphire.importers.puzzlekit import GENRES as _OLD
    from sapphire.importers.puzzlekit import read_solution  # type: ignore[no-redef]
    from sapphire.importers.puzzlink import read_answer as read_pzprv3  # type: ignore[no-redef]

    def puzzlekit_names() -> tuple[str, ...]:  # type: ignore[misc]
        return tuple(_OLD)

FIXTURES = REPO / "tests" / "fixtures"
DEFAULT_CORPUS = REPO.parents[1] / "shared" / "corpus"
SWAPS = ("q", "0", "9", "99", "-")
"""What a changed puzzlekit token becomes."""


def outcome(run: Callable[..., Any], *args: Any) -> Any:
    """What `run(*args)` returns, or its errors as plain data."""
    try:
        return run(*args)
    except SapphireError as e:
        return {"errors": [[d.kind, d.message, str(d.span) if d.span else None,
                            d.span.end_col if d.span else None, d.hint]
                           for d in e.diagnostics]}
    except Exception as e:  # a crash is an outcome to compare too
        return {"crash": f"{type(e).__name__}: {e}"}


def puzzlekit_entries(corpus: Path) -> Iterator[tuple[str, str, dict, bool]]:
    """(where, genre, entry, whether to vary it) for every puzzlekit problem of the fixtures
    (each varied) and the corpus (every eighth of a genre varied)."""
    for path in sorted(FIXTURES.glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            continue
        data = data.get("puzzlekit", data) if path.parent.name == "genres" else data
        if not path.name.startswith("puzzlekit") and path.parent.name != "genres":
            continue
        groups = dict(data.get("genres", {}))
        if "genre" in data and "puzzles" in data:
            groups.setdefault(data["genre"], []).extend(data["puzzles"])
        for genre, entries in [*groups.items(), *data.get("disputed", {}).items()]:
            for entry in entries:
                yield "fixture", genre, entry, True
    for genre in puzzlekit_names():
        path = corpus / "puzzlekit" / f"{genre}.json"
        if path.is_file():
            for k, entry in enumerate(json.loads(path.read_text(encoding="utf-8"))["puzzles"]):
                yield f"corpus/{genre}", genre, entry, k % 8 == 0


def swapped(text: str) -> Iterator[tuple[str, str]]:
    """The text with one token changed, at three places and in several ways."""
    lines = text.splitlines()
    places = [(i, k) for i, line in enumerate(lines) for k, _ in enumerate(line.split())]
    if not places:
        return
    for at in sorted({places[0], places[len(places) // 2], places[-1]}):
        i, k = at
        for swap in SWAPS:
            tokens = lines[i].split()
            tokens[k] = swap
            yield f"{i}:{k}={swap}", "\n".join([*lines[:i], " ".join(tokens), *lines[i + 1:]])


def link_variants(url: str) -> Iterator[tuple[str, str]]:
    body = url.rsplit("/", 1)
    yield "cut", url[:-1]
    yield "longer", url + "0"
    if len(body) == 2 and body[1]:
        mid = len(body[0]) + 1 + len(body[1]) // 2
        for ch in ("0", "z", ".", "-", "!"):
            yield f"mid={ch}", url[:mid] + ch + url[mid + 1:]


def link_entries(data: Any) -> list[dict]:
    """The puz.link entries of a fixture file (a genre's file holds them under `puzzlink`)."""
    data = data.get("puzzlink", data) if isinstance(data, dict) else {}
    return [e for e in data.get("puzzles", []) if isinstance(e, dict) and "url" in e]


def records(corpus: Path) -> Iterator[dict]:
    for where, genre, entry, vary in puzzlekit_entries(corpus):
        key = f"{where} {genre} {entry.get('key')}"
        case = outcome(import_puzzle, f"puzzlekit:{genre}", entry["problem"])
        rec: dict[str, Any] = {"key": key, "case": case}
        if entry.get("solution"):
            rec["solution"] = outcome(read_solution, genre, entry["solution"])
        if isinstance(case, str):
            link = outcome(export_puzzlink, case)
            rec["link"] = link
            if isinstance(link, str):
                rec["again"] = outcome(import_puzzle, "puzzlink", link)
        yield rec
        if not vary:
            continue
        for name, text in swapped(entry["problem"]):
            yield {"key": f"{key} {name}",
                   "case": outcome(import_puzzle, f"puzzlekit:{genre}", text)}
    links = [("fixture", e) for p in sorted(FIXTURES.glob("*/*.json"))
             if p.name.startswith("puzzlink") or p.parent.name == "genres"
             for e in link_entries(json.loads(p.read_text(encoding="utf-8")))]
    if (corpus / "puzzlink.json").is_file():
        links += [("corpus", e) for e in json.loads(
            (corpus / "puzzlink.json").read_text(encoding="utf-8"))["puzzles"]]
    for where, entry in links:
        rec = {"key": f"{where} {entry['genre']} answer",
               "answer": outcome(read_pzprv3, entry["answer"])}
        yield rec
        for url in entry["url"]:
            case = outcome(import_puzzle, "puzzlink", url)
            rec = {"key": f"{where} {url}", "case": case}
            if isinstance(case, str):
                rec["link"] = outcome(export_puzzlink, case)
            yield rec
            for name, text in link_variants(url):
                yield {"key": f"{where} {url} {name}",
                       "case": outcome(import_puzzle, "puzzlink", text)}
    for fmt, name, field in (("iss", "iss.json", "canonical_input"),
                             ("fpuzzles", "fpuzzles.json", "raw")):
        paths = sorted(FIXTURES.glob(f"importers/{fmt}_*.json"))
        if (corpus / name).is_file():
            paths.append(corpus / name)
        for path in paths:
            data = json.loads(path.read_text(encoding="utf-8"))
            for k, entry in enumerate(data["puzzles"] if isinstance(data, dict) else data):
                yield {"key": f"{path.name} {k} {entry.get('name')}",
                       "case": outcome(import_puzzle, fmt, entry[field])}


def normal(value: Any) -> Any:
    """`value` with the names a hint lists (`genres read: a, b`) in sorted order."""
    if isinstance(value, str) and value.startswith(LISTS):
        head, _, names = value.partition(": ")
        return f"{head}: " + ", ".join(sorted(names.split(", ")))
    if isinstance(value, dict):
        return {k: normal(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normal(v) for v in value]
    return value


LISTS = ("genres read: ", "genres written: ", "genres: ")


def compare(before: Path, after: Path) -> int:
    """Print each record of `after` that differs from `before`'s of its key; 1 when any does."""
    def load(path: Path) -> dict[str, dict]:
        lines = path.read_text(encoding="utf-8").splitlines()
        return {r["key"]: normal(r) for r in map(json.loads, lines)}
    old, new = load(before), load(after)
    differ = 0
    for key in sorted(old.keys() | new.keys()):
        a, b = old.get(key), new.get(key)
        if a == b:
            continue
        differ += 1
        print(f"== {key}")
        for part in sorted((a or {}).keys() | (b or {}).keys()):
            if (a or {}).get(part) != (b or {}).get(part):
                print(f"  {part}:\n    before: {(a or {}).get(part)}\n    after:  "
                      f"{(b or {}).get(part)}")
    print(f"{differ} of {len(old.keys() | new.keys())} records differ", file=sys.stderr)
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path, nargs="*")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--compare", action="store_true",
                    help="compare two files written before (BEFORE AFTER)")
    args = ap.parse_args(argv)
    if args.compare:
        if len(args.out) != 2:
            ap.error("--compare takes two files, BEFORE and AFTER")
        return compare(*args.out)
    if len(args.out) != 1:
        ap.error("give one file to write")
    args.out = args.out[0]
    n = 0
    with args.out.open("w", encoding="utf-8") as f:
        for rec in records(args.corpus):
            f.write(json.dumps(rec, sort_keys=True) + "\n")
            n += 1
    print(f"{n} records written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
