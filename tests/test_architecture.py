"""The import contracts in pyproject.toml: the pipeline (docs/architecture.md) runs one way,
and no module imports itself round a circle.

`lint-imports` reads the contracts from pyproject.toml; these tests run it on the package as
it is, and on a copy with one backward import added, which must break the build. Then every
module's imports are read with `ast`, those inside functions too, and checked for cycles and
against the layers.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def lint_imports(cwd: Path, src: Path) -> subprocess.CompletedProcess[str]:
    """Run the contracts of `cwd`'s pyproject.toml against the package in `src`."""
    code = "import sys; from importlinter.cli import lint_imports_command; lint_imports_command()"
    return subprocess.run(
        [sys.executable, "-c", code, "--no-cache", "--config", str(cwd / "pyproject.toml")],
        cwd=cwd, capture_output=True, text=True, timeout=120,
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"},
    )


def test_every_import_contract_is_kept() -> None:
    run = lint_imports(ROOT, ROOT / "src")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def backward_copy(tmp_path: Path, module: str, line: str) -> Path:
    """A copy of the package and its contracts with `line` appended to `module`'s file."""
    shutil.copytree(ROOT / "src" / "sapphire", tmp_path / "src" / "sapphire",
                    ignore=shutil.ignore_patterns("__pycache__", "std"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "src" / Path(*module.split(".")).with_suffix(".py")
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    return tmp_path


def test_a_stage_importing_a_later_one_breaks_the_layers(tmp_path: Path) -> None:
    copy = backward_copy(tmp_path, "sapphire.lang.lexer", "import sapphire.pipeline  # noqa")
    run = lint_imports(copy, copy / "src")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "A stage never imports a later one" in run.stdout
    assert "sapphire.lang.lexer -> sapphire.pipeline" in run.stdout


def test_the_api_importing_the_assistant_breaks_the_layers(tmp_path: Path) -> None:
    copy = backward_copy(tmp_path, "sapphire.api", "import sapphire.assistant.grade  # noqa")
    run = lint_imports(copy, copy / "src")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "sapphire.api -> sapphire.assistant.grade" in run.stdout


def test_the_assistant_loading_a_solver_breaks_its_contract(tmp_path: Path) -> None:
    copy = backward_copy(tmp_path, "sapphire.assistant.grade", "import pysat  # noqa")
    run = lint_imports(copy, copy / "src")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "Only the backends load a solver BROKEN" in run.stdout


def test_the_evaluator_importing_the_grounder_breaks_its_contract(tmp_path: Path) -> None:
    copy = backward_copy(tmp_path, "sapphire.evaluator",
                         "import sapphire.ground.grounder  # noqa")
    run = lint_imports(copy, copy / "src")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "The independent evaluator shares no code with grounding or the backends BROKEN" \
        in run.stdout


# ---------------------------------------------------------------- the import graph, by `ast`
# `lint-imports` checks the layers; these tests also find cycles, and read every import as
# written: at the top of a module, inside a function (an import placed there to dodge a cycle
# is still a dependency) and under `if TYPE_CHECKING:` (a type is a dependency too).

CYCLES_LEFT_IN_IMPORTERS: tuple[str, ...] = ()
"""Packages whose modules may still import each other in a circle: the old genre code that the
genre modules replace. Imports between such a package and the rest of Sapphire are checked like
any other; empty this once they have no cycle left."""

OUTSIDE_THE_LAYERS: tuple[str, ...] = ()
"""Modules in no layer (none: code only tests and bench use lives in bench/)."""

ROOT_LAYER = "api"
"""The layer of the package's root module, which hands out the public API (`sapphire.load`)."""


@dataclass(frozen=True)
class Import:
    """One import statement's target module, and where it is written."""

    target: str
    line: int
    nested: bool
    """Written inside a function or under `if TYPE_CHECKING:`, not at a module's top."""


def module_names(src: Path) -> dict[str, Path]:
    """Every module of the package under `src`, by its dotted name."""
    out = {}
    for path in sorted((src / "sapphire").rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports_of(name: str, text: str, modules: Collection[str]) -> list[Import]:
    """The modules of the package that `text` (module `name`'s source) imports: a name
    imported from a package is its submodule when it is one, else the package itself."""
    tree = ast.parse(text)
    package = name if _is_package(name, modules) else name.rpartition(".")[0]
    top = {id(node) for node in tree.body if not isinstance(node, ast.If)}
    out = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.append(Import(target, node.lineno, id(node) not in top))
    return out


def _is_package(name: str, modules: Collection[str]) -> bool:
    return any(other.startswith(name + ".") for other in modules)


def import_graph(sources: dict[str, str]) -> dict[str, list[Import]]:
    """Each module's imports of the package's modules (`sources`: module name → text)."""
    return {name: imports_of(name, text, sources) for name, text in sources.items()}


def layer_ranks() -> dict[str, int]:
    """Each top-level module's layer in pyproject.toml's contract, 0 the highest."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (contract,) = [c for c in config["tool"]["importlinter"]["contracts"]
                   if c["type"] == "layers"]
    ranks = {}
    for rank, layer in enumerate(contract["layers"]):
        for member in layer.split("|"):
            ranks[member.strip()] = rank
    return ranks


def layer_of(module: str) -> str:
    """The top-level name whose layer `module` is in (the root's is `ROOT_LAYER`)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ROOT_LAYER


def against_the_layers(graph: dict[str, list[Import]], ranks: dict[str, int]) -> list[str]:
    """Imports from a layer to a higher one or to another in the same layer, and modules in
    no layer at all."""
    out = []
    for module, found in sorted(graph.items()):
        if module.startswith(OUTSIDE_THE_LAYERS):
            continue
        mine = layer_of(module)
        if mine not in ranks:
            out.append(f"{module} is in no layer of pyproject.toml")
            continue
        for imp in found:
            theirs = layer_of(imp.target)
            if theirs != mine and theirs in ranks and ranks[theirs] <= ranks[mine]:
                where = "inside a function" if imp.nested else "at the top"
                out.append(f"{module}:{imp.line} -> {imp.target} ({where}): "
                           f"layer {mine!r} may not import {theirs!r}")
    return out


def cycles(graph: dict[str, list[Import]]) -> list[list[str]]:
    """The import cycles (strongly connected sets of two modules or more), leaving out the
    imports within a package of `CYCLES_LEFT_IN_IMPORTERS`."""

    def exempt(a: str, b: str) -> bool:
        return any(a.startswith(p) and b.startswith(p) for p in CYCLES_LEFT_IN_IMPORTERS)

    edges = {m: sorted({i.target for i in found if not exempt(m, i.target)})
             for m, found in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            members = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                members.append(w)
                if w == v:
                    break
            if len(members) > 1:
                out.append(sorted(members))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def package_sources() -> dict[str, str]:
    return {name: path.read_text(encoding="utf-8")
            for name, path in module_names(ROOT / "src").items()}


def test_no_module_imports_against_the_layers_even_inside_a_function() -> None:
    assert against_the_layers(import_graph(package_sources()), layer_ranks()) == []


def test_the_import_graph_has_no_cycle() -> None:
    assert cycles(import_graph(package_sources())) == []


def test_an_import_inside_a_function_against_the_layers_is_found() -> None:
    sources = package_sources()
    sources["sapphire.lang.lexer"] += "\n\ndef _late() -> None:\n    import sapphire.pipeline\n"
    found = against_the_layers(import_graph(sources), layer_ranks())
    assert len(found) == 1 and found[0].startswith("sapphire.lang.lexer:")
    assert "-> sapphire.pipeline (inside a function): layer 'lang' may not import 'pipeline'" \
        in found[0]


def test_a_cycle_through_a_type_checking_import_is_found() -> None:
    sources = package_sources()
    sources["sapphire.backend.sat.cnf"] += (
        "\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
        "    from sapphire.backend.sat.lowering import SatLowering\n")
    assert ["sapphire.backend.sat.cnf", "sapphire.backend.sat.lowering"] in [
        [m for m in cycle if m in ("sapphire.backend.sat.cnf", "sapphire.backend.sat.lowering")]
        for cycle in cycles(import_graph(sources))]


def test_a_module_in_no_layer_is_found() -> None:
    sources = package_sources()
    sources["sapphire.helpers"] = "import sapphire.diagnostics\n"
    assert "sapphire.helpers is in no layer of pyproject.toml" in against_the_layers(
        import_graph(sources), layer_ranks())
