"""The bundled std library: every file loads, validates and says what the seed fixes."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from sapphire.case.model import Param
from sapphire.diagnostics import SapphireError
from sapphire.library import load_library, std_root

SEED_SLITHERLINK = (
    Path(__file__).parents[2] / "examples" / "slitherlink" / "slitherlink-rules.sapphire"
)
# the typed composition terms of the rule-line seed, as it writes them
SEED_TERMS = [
    "term negateRule(base:boolean):boolean = ¬base;",
    "term conditionalRule(base:boolean,condition:boolean):boolean = condition → base;",
    "term unlessRule(base:boolean,condition:boolean):boolean = ¬condition → base;",
    "term negatedUnlessRule(base:boolean,condition:boolean):boolean = ¬condition → ¬base;",
    "term composeRules(instantiated:list<boolean>):boolean = ∀meaning∈instantiated: meaning;",
]

STD_KINDS = [
    "absent-digits", "anti-king", "cage", "nabner", "quadruple", "renban", "slitherlink",
    "sudoku", "value-modifier", "yin-yang",
]


@pytest.fixture(scope="module")
def std():
    return load_library("std", Path("."))


def test_every_std_file_loads(std) -> None:
    # the seed's kinds are all there; every other file is a kind of its own
    assert set(STD_KINDS) <= set(std.kinds())
    files = sorted(p.stem for p in std_root().glob("*.md"))
    assert files == sorted([*std.kinds(), "prelude"])
    assert std.predicates() == ["connected", "distinct", "uniform"]


@pytest.mark.parametrize("kind", STD_KINDS)
def test_definition_has_prose_example_and_located_meaning(std, kind: str) -> None:
    d = std.resolve(kind)
    assert d is not None and d.kind == kind
    assert Path(d.path).name == f"{kind}.md"
    # prose explains the rule and shows a line using it
    assert len(d.prose) > 100
    assert re.search(rf"^(\S+: )?(not )*{re.escape(kind)}\b", d.prose, re.M)
    # meaning_line is the line right after the ```sapphire fence, and the text matches
    lines = Path(d.path).read_text(encoding="utf-8").splitlines()
    assert lines[d.meaning_line - 2] == "```sapphire"
    first = d.meaning.splitlines()[0]
    assert lines[d.meaning_line - 1] == first
    assert "```" not in d.meaning


def test_scopes_and_cells(std) -> None:
    globals_ = {k for k in STD_KINDS if std.resolve(k).scope == "global"}
    assert globals_ == {"anti-king", "slitherlink", "sudoku", "yin-yang"}
    for k in STD_KINDS:
        d = std.resolve(k)
        assert d.cells == ("none" if k in globals_ else "set")


def test_sudoku_sizes_boxes_and_declarations(std) -> None:
    d = std.resolve("sudoku")
    assert d.positional is not None and d.positional.name == "N"
    assert d.positional.values == ("4x4", "6x6", "8x8", "9x9", "16x16")
    assert d.declares == {"board", "alphabet", "boxes"}
    assert dict(d.boxes) == {
        "4x4": (2, 2), "6x6": (2, 3), "8x8": (2, 4), "9x9": (3, 3), "16x16": (4, 4)
    }
    assert d.positional_bindings("9x9") == {"N": 9, "bh": 3, "bw": 3}
    assert d.positional_bindings("6x6") == {"N": 6, "bh": 2, "bw": 3}
    assert d.board_for("16x16") == (16, 16)
    assert d.alphabet_for("4x4") == range(1, 5)
    # one formula: rows, columns and boxes conjoined on one line
    code = [ln for ln in d.meaning.splitlines() if ln.strip() and not ln.startswith("--")]
    assert len(code) == 1 and code[0].count("distinct") == 3


def test_parameters(std) -> None:
    cage = std.resolve("cage")
    total, repeats = cage.params
    assert (total.name, total.type, total.required, total.aliases, total.preferred) == (
        "sum", "integer", True, ("total",), "total"
    )
    assert (repeats.name, repeats.type, repeats.default, repeats.required) == (
        "repeats", "boolean", False, False
    )
    (different,) = std.resolve("nabner").params
    assert (different.type, different.default, different.preferred) == ("boolean", False,
                                                                        "distinct")
    for kind in ("quadruple", "absent-digits"):
        (digits,) = std.resolve(kind).params
        assert (digits.name, digits.type, digits.required) == ("digits", "digits", True)
    count, multiply = std.resolve("value-modifier").params
    assert (count.name, count.default, multiply.name, multiply.default) == (
        "count", 1, "multiply", 2
    )
    assert std.resolve("yin-yang").declares == {"shading"}


def test_alias_resolution(std) -> None:
    assert std.canonical_param("cage", "total") == "sum"
    assert std.canonical_param("cage", "sum") == "sum"
    assert std.canonical_param("cage", "totl") is None
    assert std.canonical_param("nowhere", "total") is None
    assert std.preferred_name("cage", "sum") == "total"
    assert std.preferred_name("cage", "total") == "total"
    assert std.preferred_name("cage", "repeats") == "repeats"
    assert std.preferred_name("nabner", "different") == "distinct"
    assert std.preferred_name("cage", "unknown") == "unknown"


def test_arguments_apply_aliases_and_defaults(std) -> None:
    cage = std.resolve("cage")
    assert cage.arguments([Param("total", 17)]) == {"sum": 17, "repeats": False}
    assert cage.arguments([Param("sum", 9), Param("repeats", True)]) == {
        "sum": 9, "repeats": True
    }
    assert std.resolve("value-modifier").arguments([]) == {"count": 1, "multiply": 2}


def test_slitherlink_meaning_keeps_the_seed_but_its_ordering(std) -> None:
    """The kind's meaning is the seed's lines up to the inside cells, then connectivity in place
    of the ordering `id` (tests/library/test_slitherlink_kind.py: both find the same loops)."""
    d = std.resolve("slitherlink")
    seed = SEED_SLITHERLINK.read_text(encoding="utf-8")
    kept = seed[:seed.index("dc=(n+1)·(m+1)")].rstrip()
    code = [line for line in kept.splitlines() if line.strip() and not line.startswith("--|")]
    assert all(line in d.meaning.splitlines() for line in code)
    assert "id" not in re.findall(r"⦗(\S+)", d.meaning) and "connected⟨" in d.meaning
    assert dict(d.binds) == {"n": "rows", "m": "cols", "pim": "clues"}


def test_prelude_holds_the_seeds_five_terms_verbatim(std) -> None:
    seed_terms = SEED_TERMS
    block = std.prelude.meaning.splitlines()
    for term in seed_terms:
        assert term in block
    names = [t.name for t in std.prelude.terms]
    assert names[:5] == [
        "negateRule", "conditionalRule", "unlessRule", "negatedUnlessRule", "composeRules"
    ]
    assert std.prelude.term("unlessRule").params == (("base", "boolean"),
                                                     ("condition", "boolean"))


def test_prelude_predicates(std) -> None:
    uniform = std.predicate("uniform")
    assert (uniform.set_term, uniform.path_term, uniform.needs) == ("uniform", "uniform",
                                                                    {"shading"})
    distinct = std.predicate("distinct")
    assert (distinct.term_for("set"), distinct.term_for("path")) == ("distinct_D", "distinctAt")
    assert std.predicate("connected").needs == frozenset()
    for name in ("uniform", "connected", "distinct_D"):
        term = std.prelude.term(name)
        assert term.params == (("S", "set<cell>"),) and term.result == "boolean"
    assert std.prelude.term("distinctAt").params == (("P", "list<position>"),)
    assert std.predicate("negateRule") is None


def test_a_copied_folder_loads_relative_to_base_dir(tmp_path: Path) -> None:
    shutil.copytree(std_root(), tmp_path / "rules")
    lib = load_library("rules", tmp_path)
    assert lib.kinds() == load_library("std", Path(".")).kinds()
    assert lib.prelude.path.endswith("prelude.md")


def test_folder_without_prelude_uses_the_bundled_one(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    shutil.copy(std_root() / "cage.md", tmp_path / "lib" / "cage.md")
    lib = load_library("lib", tmp_path)
    assert lib.kinds() == ["cage"]
    assert lib.predicates() == ["connected", "distinct", "uniform"]


def test_missing_folder_and_insecure_url(tmp_path: Path) -> None:
    with pytest.raises(SapphireError) as exc:
        load_library("nowhere", tmp_path)
    assert exc.value.kinds == ["library-not-found"]
    with pytest.raises(SapphireError) as exc:
        load_library("http://example.org/lib", tmp_path)
    assert exc.value.kinds == ["insecure-library-url"]
