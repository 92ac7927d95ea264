"""What front matter may hold, checked on its composed YAML nodes before any value is built:
the case reader and the library's definition reader both call `node_problem` first.

Two things a YAML document can write that no front matter needs, and that would cost far
more than the text's size once built or printed:

* aliases that expand past a small size: `a: &a [x, x]`, `b: &b [*a, *a]`, … (a "billion
  laughs") builds cheaply, as lists that share their items, and then takes all the memory
  when anything prints or walks it;
* an integer of more than `LONGEST_NUMBER` digits, which Python refuses to convert from
  decimal, and which, read in another base (`0x…`), no message could print.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from sapphire.diagnostics import LONGEST_NUMBER, NUMBER_HINT, clip

MAX_ALIAS_GROWTH = 100_000
"""How much aliases may add to a front matter's size, in characters of its scalars and
values of its lists and mappings: a setter's anchors for a repeated value stay far below, and
a document that grows more on expansion is refused."""

INT_TAG = "tag:yaml.org,2002:int"


@dataclass(frozen=True)
class NodeProblem:
    """Why a front matter is refused, and the node to place the error at."""

    kind: str
    message: str
    hint: str
    node: yaml.Node


def node_problem(root: yaml.Node) -> NodeProblem | None:
    """The first problem of the composed document `root`: an integer too long to read, an
    alias that refers to a value holding itself, or aliases that grow the document by more
    than `MAX_ALIAS_GROWTH`; None when it may be built. Each node is visited once, however
    many aliases refer to it, so the check takes time in proportion to the text."""
    size: dict[int, int] = {}
    """Each node's size, expanded, by its id."""
    own = 0
    """The size of the text as written: each node counted once."""
    open_nodes: set[int] = set()
    todo: list[tuple[yaml.Node, bool]] = [(root, False)]
    while todo:
        node, children_done = todo.pop()
        key = id(node)
        if children_done:
            open_nodes.discard(key)
            size[key] = 1 + sum(size[id(child)] for child in _children(node))
            if size[key] - own > MAX_ALIAS_GROWTH:
                return NodeProblem(
                    "yaml-aliases-too-large",
                    f"the front matter's aliases expand it by more than {MAX_ALIAS_GROWTH:,} "
                    "values and characters",
                    "write the values out; front matter needs no aliases that repeat this "
                    "much", node)
            continue
        if key in size:
            continue
        if key in open_nodes:
            return NodeProblem("yaml-aliases-too-large",
                               "an alias in the front matter refers to a value that holds it",
                               "write the value out without the alias", node)
        if isinstance(node, yaml.ScalarNode):
            digits = _digits(node.value) if node.tag == INT_TAG else 0
            if digits > LONGEST_NUMBER:
                return NodeProblem(
                    "number-too-long", f"the number {clip(node.value, 25)} has {digits:,} "
                    "digits, too many to read", NUMBER_HINT, node)
            size[key] = 1 + len(node.value)
            own += size[key]
            continue
        own += 1
        open_nodes.add(key)
        todo.append((node, True))
        todo.extend((child, False) for child in _children(node))
    return None


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def _digits(text: str) -> int:
    """How many digits YAML's integer `text` has, in any base (`0x…`, `0o…`, `1_000`), its
    sign, base and leading zeros aside."""
    body = text.replace("_", "").strip().lstrip("+-")
    if body[:2].lower() in ("0x", "0o", "0b"):
        body = body[2:]
    return len(body.lstrip("0"))
