"""The grounding package's modules import one another without a cycle, counting imports made
only for type checking: each step's module is readable without the ones that use it, and
`grounder.py`, which puts the steps together, is imported by none of them."""

from __future__ import annotations

import ast
from pathlib import Path

import sapphire.ground

PACKAGE = Path(sapphire.ground.__file__).parent


def imports() -> dict[str, set[str]]:
    """Each module of the package, with the modules of the package it imports anywhere."""
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("sapphire.ground."):
                    found.add(node.module.removeprefix("sapphire.ground."))
                elif node.module == "sapphire.ground":
                    found.update(a.name for a in node.names)
        graph[path.stem] = found
    return graph


def test_no_module_imports_the_grounder() -> None:
    assert [name for name, found in imports().items() if "grounder" in found] == []


def test_the_modules_import_one_another_without_a_cycle() -> None:
    graph = imports()
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " → ".join((*path, name))
        if name in done:
            return
        for dep in graph.get(name, ()):
            visit(dep, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())
    assert {"facts", "variables", "unroll", "evaluate", "quantifiers"} <= set(graph)
