"""The modules of `sapphire.library` depend on each other one way: no two import each other,
directly or round a longer loop, whether at the top of a file or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parents[2] / "src" / "sapphire" / "library"


def imports(path: Path) -> set[str]:
    """The modules of the package that `path` imports anywhere (`from sapphire.library import
    fetch` names the module `fetch`)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "sapphire.library":
                out.update(a.name for a in node.names if (PACKAGE / f"{a.name}.py").exists())
            elif node.module.startswith("sapphire.library."):
                out.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            out.update(a.name.split(".")[2] for a in node.names
                       if a.name.startswith("sapphire.library."))
    return out


def test_no_module_of_the_library_reaches_back() -> None:
    graph = {p.stem: imports(p) - {p.stem} for p in PACKAGE.glob("*.py")
             if p.stem != "__init__"}
    assert {"validate", "reader", "definition", "library"} <= set(graph)
    seen: dict[str, int] = {}  # 1: on the path being walked, 2: done

    def walk(module: str, path: list[str]) -> None:
        seen[module] = 1
        for after in sorted(graph.get(module, ())):
            assert seen.get(after) != 1, "import cycle: " + " -> ".join([*path, after])
            if after not in seen:
                walk(after, [*path, after])
        seen[module] = 2

    for module in sorted(graph):
        if module not in seen:
            walk(module, [module])
