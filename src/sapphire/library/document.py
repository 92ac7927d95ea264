"""Reading a library's Markdown files: the front matter's YAML nodes (kept for their places),
the ```sapphire blocks and the prose, and the typed fields common to every file.

The Markdown is parsed with markdown-it-py and the YAML with PyYAML's safe loader, so reading a
file never runs code. Every problem is collected at the .md file's line and column, so that all
of them are reported at once. `sapphire.library.reader` reads definitions and the prelude with
it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from sapphire.case.yaml_nodes import node_problem
from sapphire.diagnostics import (
    Collector,
    SapphireError,
    Span,
    clip,
    did_you_mean,
    line_col,
    unreadable_character,
)

_YamlLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader on libyaml when the wheel has it: reading the front matter of the
whole library took half its load time with the pure-Python parser."""

_MARKDOWN: list[Any] = []
"""One parser for every definition (a `MarkdownIt`), building block tokens only: the fences
are blocks, and a parser made per file spent longer setting itself up than reading the file.
Made on first use, so that a process reading no Markdown never imports markdown-it."""


def _markdown() -> Any:
    if not _MARKDOWN:
        from markdown_it import MarkdownIt

        _MARKDOWN.append(MarkdownIt("commonmark").disable("inline"))
    return _MARKDOWN[0]



class Reader(Collector):
    """The collector of one .md file, so every problem is reported together, with what places
    a problem in its YAML."""

    def __init__(self, text: str, path: str) -> None:
        super().__init__(path, text.splitlines())
        self.text = text
        self.yaml_offset = 2  # YAML line 0 is file line 2
        self.loader: Any = None  # a _YamlLoader

    def span(self, line: int, col: int, end_col: int = 0) -> Span:
        return Span(self.path, line, col, 0, end_col)

    def node_span(self, node: yaml.Node) -> Span:
        start, end = node.start_mark, node.end_mark
        line = start.line + self.yaml_offset
        end_col = end.column + 1 if end.line == start.line else 0
        return Span(self.path, line, start.column + 1, 0, end_col)

    def value(self, node: yaml.Node) -> Any:
        assert self.loader is not None
        return self.loader.construct_object(node, deep=True)



@dataclass
class Document:
    """A definition file split into its front matter's nodes (kept for their positions) and
    the Markdown's blocks and prose."""

    front: yaml.MappingNode | None
    fields: dict[str, yaml.Node]
    meaning: str
    meaning_line: int
    prose: str
    implied: str = ""
    implied_line: int = 0
    implied_span: Span | None = None
    channels: tuple[tuple[str, str, int], ...] = ()
    guide: str = ""
    guide_line: int = 0
    guide_span: Span | None = None
    settles: str = ""
    settles_line: int = 0
    settles_span: Span | None = None


def read_document(r: Reader, keys: tuple[str, ...], channel_block: bool = False) -> Document:
    """Split off and compose the front matter (reporting fields not among `keys`), then find
    the one ```sapphire fence (and, in the prelude, `channel_block`, its ```sapphire channel
    blocks)."""
    lines = r.text.splitlines()
    if not lines or lines[0].rstrip() != "---":
        r.add(
            "missing-front-matter",
            "a rule definition starts with YAML front matter between '---' lines",
            r.span(1, 1),
            hint="begin the file with '---', then 'kind: NAME', then '---'",
        )
        raise SapphireError(r.diagnostics)
    close = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if close is None:
        r.add("unclosed-front-matter", "the front matter has no closing '---' line", r.span(1, 1))
        raise SapphireError(r.diagnostics)
    front_text = "\n".join(lines[1:close]) + "\n"
    body_lines = lines[close + 1 :]
    body_offset = close + 2  # Markdown line 0 is this file line

    front: yaml.MappingNode | None = None
    fields: dict[str, yaml.Node] = {}
    node = None
    try:
        # the pure-Python loader refuses a control character as it is built, libyaml's as it
        # parses; either way a ReaderError with an offset, not a mark
        loader = _YamlLoader(front_text)
        r.loader = loader
        node = loader.get_single_node()
    except yaml.reader.ReaderError as exc:
        line, col = line_col(front_text, exc.position)
        r.add("bad-front-matter", f"the front matter holds {unreadable_character(exc.character)}",
              r.span(line - 1 + r.yaml_offset, col),
              hint="delete it; inside double quotes it can be written as an escape such as "
              "\\x01")
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        span = (
            r.span(mark.line + r.yaml_offset, mark.column + 1) if mark is not None else r.span(2, 1)
        )
        problem = getattr(exc, "problem", None) or str(exc)
        r.add("bad-front-matter", f"the front matter is not valid YAML: {problem}", span)
        node = None
    problem = node_problem(node) if node is not None else None
    if problem is not None:
        r.add(problem.kind, problem.message, r.node_span(problem.node), hint=problem.hint)
        node = None
    if node is not None:
        try:  # construct once up front, so later reads of any node cannot fail
            loader.construct_document(node)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None) or node.start_mark
            problem = getattr(exc, "problem", None) or str(exc)
            r.add("bad-front-matter", f"the front matter cannot be read: {problem}",
                  r.span(mark.line + r.yaml_offset, mark.column + 1),
                  hint="plain YAML only: no tags such as !!python")
            node = None
    if node is not None and not isinstance(node, yaml.MappingNode):
        r.add("bad-front-matter", "the front matter must be a mapping of fields", r.node_span(node))
    elif isinstance(node, yaml.MappingNode):
        front = node
        for key, val in node.value:
            name = str(key.value)
            if name in fields:
                r.add("duplicate-field", f"front-matter field '{name}' is given twice",
                      r.node_span(key))
            fields[name] = val
            if name not in keys:
                r.add("unknown-field", f"unknown front-matter field '{name}'", r.node_span(key),
                      hint=did_you_mean(name, keys)
                      or "fields: " + ", ".join(keys))
    elif node is None and not r.diagnostics:
        r.add("bad-front-matter", "the front matter is empty", r.span(1, 1),
              hint="give at least 'kind' and 'scope'")

    body = "\n".join(body_lines) + "\n"
    tokens = _markdown().parse(body)
    fences = [
        t for t in tokens
        if t.type == "fence" and t.info.strip().split(" ")[0].lower() == "sapphire"
    ]
    blocks: dict[str, list] = {"": [], "implied": [], "guide": [], "guide-settles": []}
    channels: list[tuple[str, str, int]] = []
    for t in fences:
        assert t.map is not None
        role = " ".join(t.info.strip().split()[1:]).lower()
        if role in blocks:
            blocks[role].append(t)
        elif role.startswith("channel ") and channel_block:
            situation = role.removeprefix("channel ").strip()
            if any(situation == c[0] for c in channels):
                r.add("several-channels", f"the channels of '{situation}' are given twice",
                      r.span(body_offset + t.map[0], 1),
                      hint="put them all in the first ```sapphire channel block")
            text, line = block_text(r, t, body_lines, body_offset)
            channels.append((situation, text, line))
        elif role.startswith("channel "):
            r.add("unknown-block", "channels are bound in the prelude, not in a rule kind",
                  r.span(body_offset + t.map[0], 1),
                  hint="a kind declares them (declares: [...]) and the prelude binds them")
        else:
            r.add("unknown-block", f"a ```sapphire block is the meaning or, as ```sapphire "
                  f"implied, facts the meaning implies, or, as ```sapphire guide, a rule "
                  f"answers usually keep, or, as ```sapphire guide-settles, when the guide "
                  f"settles the count; not '{role}'",
                  r.span(body_offset + t.map[0], 1),
                  hint="open the meaning with ```sapphire, implied facts with "
                  "```sapphire implied, a guide with ```sapphire guide and when it settles "
                  "the count with ```sapphire guide-settles")
    meaning, meaning_line = "", 0
    if not blocks[""]:
        r.add("missing-meaning", "the definition has no ```sapphire block with its meaning",
              r.span(body_offset, 1),
              hint="add a fenced block opened by ```sapphire holding the formal meaning")
    else:
        for extra in blocks[""][1:]:
            r.add("several-meanings", "a definition holds exactly one ```sapphire block",
                  r.span(body_offset + extra.map[0], 1),
                  hint="put the whole meaning in the first block; use ```text for examples")
        meaning, meaning_line = block_text(r, blocks[""][0], body_lines, body_offset)
    optional: dict[str, tuple[str, int, Span | None]] = {}
    for role, what in (("implied", "implied fact"), ("guide", "guide"),
                       ("guide-settles", "condition")):
        optional[role] = "", 0, None
        if blocks[role]:
            for extra in blocks[role][1:]:
                r.add(f"several-{role}", f"a definition holds at most one ```sapphire {role} "
                      "block", r.span(body_offset + extra.map[0], 1),
                      hint=f"put every {what} in the first such block")
            text, line = block_text(r, blocks[role][0], body_lines, body_offset)
            optional[role] = text, line, r.span(line - 1, 1)
    if blocks["guide-settles"] and not blocks["guide"]:
        r.add("settles-without-guide", "a ```sapphire guide-settles block says when the guide "
              "settles the count, and the definition has no guide",
              r.span(body_offset + blocks["guide-settles"][0].map[0], 1),
              hint="add the ```sapphire guide block, or remove this one")
    fence_rows: set[int] = set()
    for f in fences:
        assert f.map is not None
        fence_rows.update(range(f.map[0], f.map[1]))
    prose = "\n".join(ln for i, ln in enumerate(body_lines) if i not in fence_rows).strip()
    return Document(front, fields, meaning, meaning_line, prose, *optional["implied"],
                    tuple(channels), *optional["guide"], *optional["guide-settles"])


def block_text(r: Reader, fence: Any, body_lines: list[str], body_offset: int
                ) -> tuple[str, int]:
    """A fenced block's text and the .md line of its first content line; a block that is
    nested or empty is reported."""
    fence_line = body_offset + fence.map[0]
    if body_lines[fence.map[0]][:1] not in ("`", "~"):
        r.add("nested-meaning", "the ```sapphire block must start in the first column",
              r.span(fence_line, 1), hint="move the block out of any list or quote")
    elif not fence.content.strip():
        r.add("empty-meaning", "the ```sapphire block is empty", r.span(fence_line, 1))
    return fence.content, fence_line + 1


def shown(value: Any) -> str:
    """How a message names a front-matter value: a scalar as written (cut when long), a list
    or a mapping by what it is, never its whole contents."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return clip(repr(value), 60)


def text_field(r: Reader, node: yaml.Node | None, what: str) -> str:
    """The text of a field such as 'title' ('' when absent), checked to be text before it is
    used."""
    if node is None:
        return ""
    v = r.value(node)
    if not isinstance(v, str):
        r.add("bad-field", f"{what} must be text, not {shown(v)}", r.node_span(node))
        return ""
    return v


def bool_field(r: Reader, node: yaml.Node | None, what: str, default: bool) -> bool:
    if node is None:
        return default
    v = r.value(node)
    if not isinstance(v, bool):
        r.add("bad-field", f"{what} must be true or false", r.node_span(node))
        return default
    return v


def choice(
    r: Reader, node: yaml.Node | None, what: str, choices: tuple[str, ...]
) -> str | None:
    if node is None:
        return None
    v = r.value(node)
    if v not in choices:
        r.add("bad-field", f"{what} must be one of {', '.join(choices)}, not {shown(v)}",
              r.node_span(node), hint=did_you_mean(v, choices) if isinstance(v, str) else None)
        return None
    return str(v)


def mapping(r: Reader, node: yaml.Node, what: str) -> list[tuple[yaml.Node, yaml.Node]]:
    if not isinstance(node, yaml.MappingNode):
        r.add("bad-field", f"{what} must be a mapping", r.node_span(node))
        return []
    return list(node.value)


def string_list(r: Reader, node: yaml.Node, what: str) -> list[tuple[str, yaml.Node]]:
    if not isinstance(node, yaml.SequenceNode):
        r.add("bad-field", f"{what} must be a list such as [a, b]", r.node_span(node))
        return []
    out = []
    for item in node.value:
        v = r.value(item)
        if not isinstance(v, str):
            r.add("bad-field", f"{what} holds names, not {shown(v)}", r.node_span(item))
        else:
            out.append((v, item))
    return out
