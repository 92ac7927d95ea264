"""Reading rule definitions: the Markdown file of a kind, or the prelude, into `definition`'s
dataclasses.

The Markdown is parsed with markdown-it-py and the YAML with PyYAML's safe loader, so reading a
definition never runs code. Every problem is reported at the .md file's line and column, all at
once. Kept apart from the dataclasses, which a process served by the definition cache needs
without this module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from sapphire.diagnostics import (
    Collector,
    SapphireError,
    Span,
    did_you_mean,
    line_col,
    unreadable_character,
)
from sapphire.lang.lexer import tokenize
from sapphire.lang.parser import parse_expression, parse_program
from sapphire.lang.syntax import Binary, Expr, Name, Num
from sapphire.library.definition import (
    ALIAS_RE,
    ANSWER_SHAPES,
    BOARD_BINDINGS,
    CHANNEL_DECLARATIONS,
    DECLARATIONS,
    IDENT_RE,
    KIND_RE,
    LENGTH_OPS,
    MODIFIABLE_CHANNELS,
    PARAM_TYPES,
    RESERVED_NAMES,
    TYPE_WORDS,
    JsonValue,
    ParamSpec,
    PositionalSpec,
    Predicate,
    Prelude,
    RuleDefinition,
    Term,
    parse_size,
    type_matches,
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

_FRONT_KEYS = (
    "kind", "title", "scope", "cells", "parameters", "positional", "declares", "predicate",
    "boxes", "binds", "predicates", "length", "modifies", "answer",
)
_PARAM_KEYS = ("type", "default", "required", "aliases", "preferred", "min", "max", "places",
               "description")
_POSITIONAL_KEYS = ("name", "type", "values", "required")


# ---------------------------------------------------------------------------------------------
# Reading a Markdown file


class _Reader(Collector):
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
class _Document:
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


def _read_document(r: _Reader, channel_block: bool = False) -> _Document:
    """Split off and compose the front matter, then find the one ```sapphire fence (and, in
    the prelude, `channel_block`, its ```sapphire channel blocks)."""
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
            if name not in _FRONT_KEYS:
                r.add("unknown-field", f"unknown front-matter field '{name}'", r.node_span(key),
                      hint=did_you_mean(name, _FRONT_KEYS)
                      or "fields: " + ", ".join(_FRONT_KEYS))
    elif node is None and not r.diagnostics:
        r.add("bad-front-matter", "the front matter is empty", r.span(1, 1),
              hint="give at least 'kind' and 'scope'")

    body = "\n".join(body_lines) + "\n"
    tokens = _markdown().parse(body)
    fences = [
        t for t in tokens
        if t.type == "fence" and t.info.strip().split(" ")[0].lower() == "sapphire"
    ]
    blocks: dict[str, list] = {"": [], "implied": []}
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
            text, line = _block_text(r, t, body_lines, body_offset)
            channels.append((situation, text, line))
        elif role.startswith("channel "):
            r.add("unknown-block", "channels are bound in the prelude, not in a rule kind",
                  r.span(body_offset + t.map[0], 1),
                  hint="a kind declares them (declares: [...]) and the prelude binds them")
        else:
            r.add("unknown-block", f"a ```sapphire block is the meaning or, as ```sapphire "
                  f"implied, facts the meaning implies; not '{role}'",
                  r.span(body_offset + t.map[0], 1),
                  hint="open the meaning with ```sapphire and implied facts with "
                  "```sapphire implied")
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
        meaning, meaning_line = _block_text(r, blocks[""][0], body_lines, body_offset)
    implied, implied_line, implied_span = "", 0, None
    if blocks["implied"]:
        for extra in blocks["implied"][1:]:
            r.add("several-implied", "a definition holds at most one ```sapphire implied block",
                  r.span(body_offset + extra.map[0], 1),
                  hint="put every implied fact in the first such block")
        implied, implied_line = _block_text(r, blocks["implied"][0], body_lines, body_offset)
        implied_span = r.span(implied_line - 1, 1)
    fence_rows: set[int] = set()
    for f in fences:
        assert f.map is not None
        fence_rows.update(range(f.map[0], f.map[1]))
    prose = "\n".join(ln for i, ln in enumerate(body_lines) if i not in fence_rows).strip()
    return _Document(front, fields, meaning, meaning_line, prose, implied, implied_line,
                     implied_span, tuple(channels))


def _block_text(r: _Reader, fence: Any, body_lines: list[str], body_offset: int
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


def _bool_field(r: _Reader, node: yaml.Node | None, what: str, default: bool) -> bool:
    if node is None:
        return default
    v = r.value(node)
    if not isinstance(v, bool):
        r.add("bad-field", f"{what} must be true or false", r.node_span(node))
        return default
    return v


def _choice(
    r: _Reader, node: yaml.Node | None, what: str, choices: tuple[str, ...]
) -> str | None:
    if node is None:
        return None
    v = r.value(node)
    if v not in choices:
        r.add("bad-field", f"{what} must be one of {', '.join(choices)}, not {v!r}",
              r.node_span(node), hint=did_you_mean(str(v), choices))
        return None
    return str(v)


def _mapping(r: _Reader, node: yaml.Node, what: str) -> list[tuple[yaml.Node, yaml.Node]]:
    if not isinstance(node, yaml.MappingNode):
        r.add("bad-field", f"{what} must be a mapping", r.node_span(node))
        return []
    return list(node.value)


def _string_list(r: _Reader, node: yaml.Node, what: str) -> list[tuple[str, yaml.Node]]:
    if not isinstance(node, yaml.SequenceNode):
        r.add("bad-field", f"{what} must be a list such as [a, b]", r.node_span(node))
        return []
    out = []
    for item in node.value:
        v = r.value(item)
        if not isinstance(v, str):
            r.add("bad-field", f"{what} holds names, not {v!r}", r.node_span(item))
        else:
            out.append((v, item))
    return out


def _param(r: _Reader, key: yaml.Node, node: yaml.Node) -> ParamSpec | None:
    name = str(key.value)
    ok = True
    if not IDENT_RE.match(name):
        r.add("bad-parameter-name", f"parameter name '{name}' is not a Sapphire identifier",
              r.node_span(key))
        ok = False
    elif name in RESERVED_NAMES:
        r.add("reserved-name", f"parameter name '{name}' is reserved in meanings",
              r.node_span(key),
              hint="give the parameter another real name and make the wanted word an alias "
              "with 'preferred'")
        ok = False
    pairs = _mapping(r, node, f"parameter '{name}'")
    if not isinstance(node, yaml.MappingNode):
        return None
    fields: dict[str, yaml.Node] = {}
    for k, v in pairs:
        kname = str(k.value)
        if kname not in _PARAM_KEYS:
            r.add("unknown-field", f"unknown field '{kname}' in parameter '{name}'",
                  r.node_span(k), hint=did_you_mean(kname, _PARAM_KEYS)
                  or "fields: " + ", ".join(_PARAM_KEYS))
            ok = False
        fields[kname] = v
    if "type" not in fields:
        r.add("missing-field", f"parameter '{name}' has no 'type'", r.node_span(key),
              hint="type: " + " | ".join(PARAM_TYPES))
        return None
    ptype = _choice(r, fields["type"], f"the type of '{name}'", PARAM_TYPES)
    if ptype is None:
        return None
    required = _bool_field(r, fields.get("required"), "'required'", False)
    default: JsonValue = None
    if "default" in fields:
        default = r.value(fields["default"])
        if required:
            r.add("required-with-default", f"parameter '{name}' is required and has a default",
                  r.node_span(fields["default"]), hint="drop one of the two")
            ok = False
        elif not type_matches(ptype, default):
            r.add("bad-default", f"the default of '{name}' must be {TYPE_WORDS[ptype]}",
                  r.node_span(fields["default"]))
            ok = False
    elif not required:
        r.add("parameter-without-default",
              f"parameter '{name}' is neither required nor has a default", r.node_span(key),
              hint="add 'default: VALUE' or 'required: true'")
        ok = False
    aliases: list[str] = []
    if "aliases" in fields:
        for alias, anode in _string_list(r, fields["aliases"], f"the aliases of '{name}'"):
            if not ALIAS_RE.match(alias):
                r.add("bad-parameter-name", f"alias '{alias}' is not a parameter word",
                      r.node_span(anode))
                ok = False
            aliases.append(alias)
    preferred = name
    if "preferred" in fields:
        p = r.value(fields["preferred"])
        if p != name and p not in aliases:
            r.add("bad-preferred", f"preferred spelling {p!r} is neither '{name}' nor an alias",
                  r.node_span(fields["preferred"]), hint=did_you_mean(str(p), aliases))
            ok = False
        else:
            preferred = str(p)
    bounds: list[int | None] = []
    for bkey in ("min", "max"):
        b = r.value(fields[bkey]) if bkey in fields else None
        if b is not None and (ptype != "integer" or not type_matches("integer", b)):
            r.add("bad-field", f"'{bkey}' of '{name}' must be an integer on an integer parameter",
                  r.node_span(fields[bkey]))
            ok, b = False, None
        bounds.append(b)
    places = r.value(fields["places"]) if "places" in fields else False
    if places is not False and (ptype != "integers" or places is not True):
        r.add("bad-field", f"'places' of '{name}' must be true, on an integers parameter",
              r.node_span(fields["places"]))
        ok = False
    desc = r.value(fields["description"]) if "description" in fields else ""
    if not ok:
        return None
    return ParamSpec(name, ptype, default, required, tuple(aliases), preferred,  # type: ignore[arg-type]
                     bounds[0], bounds[1], str(desc), places is True)


def _positional(r: _Reader, node: yaml.Node) -> PositionalSpec | None:
    fields: dict[str, yaml.Node] = {}
    for k, v in _mapping(r, node, "'positional'"):
        kname = str(k.value)
        if kname not in _POSITIONAL_KEYS:
            r.add("unknown-field", f"unknown field '{kname}' in 'positional'", r.node_span(k),
                  hint=did_you_mean(kname, _POSITIONAL_KEYS))
        fields[kname] = v
    if not isinstance(node, yaml.MappingNode):
        return None
    if "name" not in fields:
        r.add("missing-field", "'positional' has no 'name'", r.node_span(node))
        return None
    name = r.value(fields["name"])
    if not isinstance(name, str) or not IDENT_RE.match(name) or name in RESERVED_NAMES:
        r.add("bad-parameter-name", f"positional name {name!r} must be an unreserved identifier",
              r.node_span(fields["name"]))
        return None
    ptype = _choice(r, fields.get("type"), "'positional' type", ("size", "box"))
    if ptype is None:
        if "type" not in fields:
            r.add("missing-field", "'positional' has no 'type'", r.node_span(node),
                  hint="type: size")
        return None
    values: list[str] = []
    if "values" in fields:
        for v, vnode in _string_list(r, fields["values"], "'values'"):
            if parse_size(v) is None:
                r.add("bad-field", f"size {v!r} is not of the form 9x9", r.node_span(vnode))
            values.append(v)
    required = _bool_field(r, fields.get("required"), "'required'", True)
    return PositionalSpec(str(name), ptype, tuple(values), required)  # type: ignore[arg-type]


def parse_definition(text: str, path: str) -> RuleDefinition:
    """Read one rule definition; raise SapphireError with every problem in the file."""
    r = _Reader(text, path)
    doc = _read_document(r)
    f = doc.fields
    top = r.node_span(doc.front) if doc.front is not None else r.span(1, 1)

    kind = ""
    if "kind" not in f:
        if doc.front is not None:
            r.add("missing-field", "the front matter has no 'kind'", top, hint="kind: NAME")
    else:
        kind_value = r.value(f["kind"])
        if not isinstance(kind_value, str) or not KIND_RE.match(kind_value):
            r.add("bad-kind", f"kind {kind_value!r} must be lowercase words joined by '-'",
                  r.node_span(f["kind"]))
        else:
            kind = kind_value
    if "predicates" in f:
        r.add("unknown-field", "'predicates' belongs in the prelude only",
              r.node_span(f["predicates"]))

    scope = _choice(r, f.get("scope"), "'scope'", ("cells", "global"))
    if "scope" not in f and doc.front is not None:
        r.add("missing-field", "the front matter has no 'scope'", top, hint="scope: cells | global")
    cells = _choice(r, f.get("cells"), "'cells'", ("set", "path", "none"))
    if scope == "global":
        if cells not in (None, "none"):
            r.add("bad-field", "a global rule has no cells", r.node_span(f["cells"]),
                  hint="cells: none, or scope: cells")
        cells = "none"
    elif scope == "cells":
        if "cells" not in f:
            r.add("missing-field", "a rule with cells says whether they are a set or a path", top,
                  hint="cells: set | path")
        elif cells == "none":
            r.add("bad-field", "a rule with scope 'cells' has cells: set or path",
                  r.node_span(f["cells"]))

    params: list[ParamSpec] = []
    if "parameters" in f and not (
        isinstance(f["parameters"], yaml.ScalarNode) and r.value(f["parameters"]) is None
    ):
        spellings: dict[str, str] = {}
        for key, node in _mapping(r, f["parameters"], "'parameters'"):
            spec = _param(r, key, node)
            if spec is None:
                continue
            for word in spec.spellings():
                if word in spellings:
                    r.add("duplicate-parameter-name",
                          f"'{word}' names both '{spellings[word]}' and '{spec.name}'",
                          r.node_span(key))
                spellings[word] = spec.name
            params.append(spec)

    positional = _positional(r, f["positional"]) if "positional" in f else None
    if positional is not None:
        if scope == "cells":
            r.add("bad-field", "only a global rule takes a positional argument",
                  r.node_span(f["positional"]))
        if any(positional.name == p.name for p in params):
            r.add("duplicate-parameter-name", f"'{positional.name}' is a parameter too",
                  r.node_span(f["positional"]))

    declares: set[str] = set()
    if "declares" in f:
        for d, dnode in _string_list(r, f["declares"], "'declares'"):
            if d not in DECLARATIONS:
                r.add("bad-field", f"cannot declare {d!r}", r.node_span(dnode),
                      hint=did_you_mean(d, DECLARATIONS) or "declares: " + ", ".join(DECLARATIONS))
            else:
                declares.add(d)
    sized = declares & {"board", "alphabet", "boxes"}
    if sized and positional is None and "declares" in f:
        r.add("bad-field", f"declaring {', '.join(sorted(sized))} needs a positional size",
              r.node_span(f["declares"]), hint="positional: {name: N, type: size}")
    if "alphabet" in declares and positional is not None:
        for v in positional.values:
            s = parse_size(v)
            if s is not None and s[0] != s[1]:
                r.add("bad-field", f"declaring the alphabet 1..N needs square sizes, not {v}",
                      r.node_span(f["positional"]))

    boxes: list[tuple[str, tuple[int, int]]] = []
    if "boxes" in f:
        if "boxes" not in declares:
            r.add("bad-field", "a 'boxes' table needs 'boxes' in 'declares'",
                  r.node_span(f["boxes"]))
        for k, v in _mapping(r, f["boxes"], "'boxes'"):
            size, box = parse_size(r.value(k)), parse_size(r.value(v))
            if size is None or box is None:
                r.add("bad-boxes", "a box entry maps a size to a box size, such as 9x9: 3x3",
                      r.node_span(k))
            elif size[0] != size[1] or box[0] * box[1] != size[0]:
                r.add("bad-boxes", f"{k.value}: {v.value} does not tile the board with boxes "
                      "holding every digit once", r.node_span(v))
            else:
                boxes.append((str(k.value), box))
    if "boxes" in declares and positional is not None:
        have = {s for s, _ in boxes}
        missing = [v for v in positional.values if v not in have]
        if missing or not positional.values:
            r.add("bad-boxes", "declaring boxes needs a box size for every allowed size"
                  + (f"; missing {', '.join(missing)}" if missing else ""),
                  r.node_span(f.get("boxes", f["declares"])))

    binds: list[tuple[str, str]] = []
    if "binds" in f:
        for k, v in _mapping(r, f["binds"], "'binds'"):
            name, what = str(k.value), r.value(v)
            if not IDENT_RE.match(name) or name in RESERVED_NAMES:
                r.add("bad-field", f"cannot bind {name!r}", r.node_span(k))
            elif what not in BOARD_BINDINGS:
                r.add("bad-field", f"'{name}' binds one of {', '.join(BOARD_BINDINGS)}",
                      r.node_span(v), hint=did_you_mean(str(what), BOARD_BINDINGS))
            else:
                binds.append((name, str(what)))

    length = _length(r, f["length"], scope, params) if "length" in f else None
    modifies = _modifies(r, f["modifies"], scope, params) if "modifies" in f else []
    answer = _answer(r, f["answer"], params) if "answer" in f else []

    predicate = _bool_field(r, f.get("predicate"), "'predicate'", False)
    if predicate and (scope != "cells" or params or positional or declares):
        r.add("bad-predicate", "a shared predicate has cells and no parameters or declarations",
              r.node_span(f["predicate"]))
    title = r.value(f["title"]) if "title" in f else ""
    if not doc.prose:
        r.add("missing-prose", "the definition has no prose explaining the rule", top,
              hint="say what the rule means to a setter and show an example line")
    r.raise_if_any()
    assert scope is not None and cells is not None
    return RuleDefinition(
        kind=kind,
        scope=scope,  # type: ignore[arg-type]
        cells=cells,  # type: ignore[arg-type]
        params=tuple(params),
        positional=positional,
        declares=frozenset(declares),
        meaning=doc.meaning,
        meaning_line=doc.meaning_line,
        prose=doc.prose,
        path=path,
        title=str(title),
        predicate=predicate,
        boxes=tuple(boxes),
        binds=tuple(binds),
        length=length,
        implied=doc.implied,
        implied_line=doc.implied_line,
        modifies=tuple(modifies),
        answer=tuple(answer),
    )


def _modifies(r: _Reader, node: yaml.Node, scope: str | None, params: list[ParamSpec]
              ) -> list[tuple[str, str]]:
    """The `modifies` field: channel -> the integer parameter that scales it."""
    out: list[tuple[str, str]] = []
    if scope != "cells":
        r.add("bad-field", "only a rule with cells decides a channel for them",
              r.node_span(node))
        return out
    integers = [p.name for p in params if p.type == "integer"]
    for k, v in _mapping(r, node, "'modifies'"):
        channel, scale = str(k.value), r.value(v)
        if channel not in MODIFIABLE_CHANNELS:
            r.add("bad-field", f"cannot modify {channel!r}", r.node_span(k),
                  hint="modifies: " + ", ".join(f"{{{c}: PARAMETER}}" for c in MODIFIABLE_CHANNELS))
        elif scale not in integers:
            r.add("bad-field", f"{channel!r} is scaled by an integer parameter, not {scale!r}",
                  r.node_span(v), hint=did_you_mean(str(scale), integers)
                  or "declare an integer parameter and name it here")
        else:
            out.append((channel, str(scale)))
    return out


def _answer(r: _Reader, node: yaml.Node, params: list[ParamSpec]) -> list[tuple[str, str]]:
    """The `answer` field: map name -> the shape it is drawn as."""
    out: list[tuple[str, str]] = []
    taken = {p.name for p in params}
    for k, v in _mapping(r, node, "'answer'"):
        name, shape = str(k.value), r.value(v)
        if not IDENT_RE.match(name) or name in RESERVED_NAMES or name in taken:
            r.add("bad-field", f"the answer cannot show {name!r}", r.node_span(k),
                  hint="name maps the meaning decides, not parameters or reserved names")
        elif shape not in ANSWER_SHAPES:
            r.add("bad-field", f"'{name}' is drawn as one of {', '.join(ANSWER_SHAPES)}, "
                  f"not {shape!r}", r.node_span(v), hint=did_you_mean(str(shape), ANSWER_SHAPES))
        else:
            out.append((name, str(shape)))
    return out


def _length(r: _Reader, node: yaml.Node, scope: str | None, params: list[ParamSpec]
            ) -> Expr | None:
    """The `length` field: integer arithmetic over rows, cols and integer parameters."""
    span = r.node_span(node)
    names = {"rows", "cols"} | {p.name for p in params if p.type == "integer"}
    hint = (f"write arithmetic (+ ⨫ · ÷ mod) over {', '.join(sorted(names))} and numbers, "
            "such as '3·rows'")
    text = r.value(node)
    if scope != "cells":
        r.add("bad-field", "only a rule with cells has a 'length'", span)
        return None
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str):
        r.add("bad-field", "'length' must be an arithmetic expression", span, hint)
        return None
    try:
        expr = parse_expression(text, span.file)
    except SapphireError:
        r.add("bad-field", f"'length' {text!r} does not parse", span, hint)
        return None

    def ok(e: Expr) -> bool:
        if isinstance(e, Num):
            return True
        if isinstance(e, Name):
            return e.name in names
        return isinstance(e, Binary) and e.op in LENGTH_OPS and ok(e.left) and ok(e.right)

    if not ok(expr):
        r.add("bad-field", f"'length' {text!r} reads more than rows, cols, integer "
              "parameters and numbers", span, hint)
        return None
    return expr


# ---------------------------------------------------------------------------------------------
# The prelude


_TERM_TYPES = re.compile(
    r"(boolean|integer|cell|position)\Z|(list|set)<(boolean|integer|cell|position)>\Z"
)
PREDICATE_ARG_TYPES = ("set<cell>", "list<cell>", "list<position>")
"""What a predicate term may take: the rule's cells deduplicated, as written, or with positions."""


def parse_terms(r: _Reader, meaning: str, first_line: int) -> list[Term]:
    """Read the `term` definitions of a block with the language's own parser, one definition at
    a time so that every problem is reported; check that their signatures are ones the prelude
    can use. Anything in the block besides terms is reported where it starts."""
    source = "\n" * (first_line - 1) + meaning
    try:
        lines = tokenize(source, r.path)
    except SapphireError as exc:
        r.diagnostics.extend(exc.diagnostics)
        return []
    rows = source.split("\n")
    terms: list[Term] = []
    i = 0
    while i < len(lines):
        head = lines[i].tokens[0]
        where = r.span(head.span.line, head.span.col)
        if head.kind != "ident" or head.text != "term":
            r.add("bad-term", "the prelude holds only `term name(x:type,...):type = body;`",
                  where)
            break
        j = i  # a definition runs on to the line that holds its ';', as the parser reads it
        while not any(t.kind == "op" and t.text == ";" for t in lines[j].tokens) \
                and j + 1 < len(lines):
            j += 1
        first, last = head.span.line, lines[j].number
        i = j + 1
        try:
            program = parse_program("\n" * (first - 1) + "\n".join(rows[first - 1:last]),
                                    r.path)
        except SapphireError as exc:
            r.diagnostics.extend(exc.diagnostics)
            continue
        (term,) = program.terms
        semi = [t for t in lines[j].tokens if t.kind == "op" and t.text == ";"][-1].span
        whole = "\n".join(rows[first - 1:last])
        text = whole[head.span.col - 1:len(whole) - len(rows[last - 1]) + semi.col]
        sig = tuple((name, str(ptype)) for name, ptype in term.params)
        for pname, ptype in sig:
            if not IDENT_RE.match(pname) or not _TERM_TYPES.match(ptype):
                r.add("bad-term", f"term '{term.name}': parameter '{pname}:{ptype}' is not "
                      "`name:type`", where,
                      hint="types: boolean, integer, cell, position, list<T>, set<T>")
        if not _TERM_TYPES.match(str(term.result)):
            r.add("bad-term", f"term '{term.name}': unknown result type '{term.result}'", where)
        if any(t.name == term.name for t in terms):
            r.add("duplicate-term", f"term '{term.name}' is defined twice", where)
        body = text.split("=", 1)[1][:-1].strip()
        terms.append(Term(term.name, sig, str(term.result), body, first, head.span.col, text))
    return terms


def parse_prelude(text: str, path: str) -> Prelude:
    """Read the prelude: `kind: prelude`, a `predicates` table, and a block of `term`s."""
    r = _Reader(text, path)
    doc = _read_document(r, channel_block=True)
    f = doc.fields
    situations = sorted({*CHANNEL_DECLARATIONS.values(),
                         *(f"{w} {c}" for w in ("modified", "unmodified")
                           for c in MODIFIABLE_CHANNELS)})
    for situation, _, line in doc.channels:
        if situation not in situations:
            r.add("unknown-block", f"no channels are bound for '{situation}'",
                  r.span(line - 1, 1), hint=did_you_mean(situation, situations)
                  or "channel blocks: " + ", ".join(situations))
    if "kind" in f and r.value(f["kind"]) != "prelude":
        r.add("bad-kind", "the prelude's kind is 'prelude'", r.node_span(f["kind"]))
    for key in f:
        if key not in ("kind", "title", "predicates"):
            r.add("unknown-field", f"'{key}' does not belong in the prelude",
                  r.node_span(f[key]), hint="the prelude has kind, title and predicates")
    if doc.implied_span is not None:
        r.add("unknown-block", "the prelude holds terms, not implied facts",
              doc.implied_span, hint="implied facts belong in a rule kind's definition")
    terms = parse_terms(r, doc.meaning, doc.meaning_line) if doc.meaning else []
    by_name = {t.name: t for t in terms}
    predicates: list[Predicate] = []
    if "predicates" in f:
        for k, v in _mapping(r, f["predicates"], "'predicates'"):
            name = str(k.value)
            entry = {str(a.value): b for a, b in _mapping(r, v, f"predicate '{name}'")}
            chosen: dict[str, str | None] = {"set": None, "path": None}
            for shape in chosen:
                if shape not in entry:
                    r.add("missing-field", f"predicate '{name}' names no term for a {shape}",
                          r.node_span(k), hint=f"{shape}: TERM")
                    continue
                tname = r.value(entry[shape])
                term = by_name.get(str(tname))
                if term is None:
                    r.add("unknown-term", f"predicate '{name}' calls undefined term {tname!r}",
                          r.node_span(entry[shape]), hint=did_you_mean(str(tname), by_name))
                elif (
                    len(term.params) != 1
                    or term.params[0][1] not in PREDICATE_ARG_TYPES
                    or term.result != "boolean"
                ):
                    r.add("bad-predicate", f"term '{term.name}' is not a predicate on a cell list",
                          r.node_span(entry[shape]),
                          hint="a predicate term takes exactly one of "
                          + ", ".join(PREDICATE_ARG_TYPES) + " and returns boolean")
                else:
                    chosen[shape] = term.name
            needs: set[str] = set()
            if "needs" in entry:
                for d, dnode in _string_list(r, entry["needs"], "'needs'"):
                    if d not in DECLARATIONS:
                        r.add("bad-field", f"cannot need {d!r}", r.node_span(dnode),
                              hint=did_you_mean(d, DECLARATIONS))
                    needs.add(d)
            for extra in set(entry) - {"set", "path", "needs"}:
                r.add("unknown-field", f"unknown field '{extra}' in predicate '{name}'",
                      r.node_span(k))
            predicates.append(Predicate(name, chosen["set"], chosen["path"], frozenset(needs)))
    r.raise_if_any()
    return Prelude(tuple(terms), tuple(predicates), doc.meaning, doc.meaning_line, doc.prose, path,
                   doc.channels)
