"""Reading rule definitions: the Markdown file of a kind, or the prelude, into `definition`'s
dataclasses, every problem reported at the .md file's line and column, all at once
(`sapphire.library.document` splits the file and collects them). Kept apart from the
dataclasses, which a process served by the definition cache needs without this module.
"""

from __future__ import annotations

import re

import yaml

from sapphire.case.givens import parse_digits
from sapphire.diagnostics import SapphireError, did_you_mean
from sapphire.lang.lexer import tokenize
from sapphire.lang.parser import parse_expression, parse_program
from sapphire.lang.syntax import Binary, Expr, Name, Num
from sapphire.library.channel_reader import MODIFIED_SITUATIONS, read_channels
from sapphire.library.definition import (
    ADJACENCY,
    ALIAS_RE,
    BOARD_BINDINGS,
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
    Requires,
    RuleDefinition,
    Term,
    parse_size,
    type_matches,
)
from sapphire.library.document import (
    Reader,
    bool_field,
    choice,
    mapping,
    read_document,
    shown,
    string_list,
    text_field,
)
from sapphire.library.drawing import read_draw
from sapphire.library.shapes import SHAPES

_FRONT_KEYS = (
    "kind", "title", "scope", "cells", "parameters", "positional", "declares", "predicate",
    "boxes", "binds", "predicates", "length", "modifies", "answer", "overrides", "draw",
    "requires", "cells-may-be-empty", "also", "channels", "adjacent",
)
_PARAM_KEYS = ("type", "default", "required", "aliases", "preferred", "min", "max", "places",
               "description")
_POSITIONAL_KEYS = ("name", "type", "values", "required")


def _param(r: Reader, key: yaml.Node, node: yaml.Node) -> ParamSpec | None:
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
    pairs = mapping(r, node, f"parameter '{name}'")
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
    ptype = choice(r, fields["type"], f"the type of '{name}'", PARAM_TYPES)
    if ptype is None:
        return None
    required = bool_field(r, fields.get("required"), "'required'", False)
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
        for alias, anode in string_list(r, fields["aliases"], f"the aliases of '{name}'"):
            if not ALIAS_RE.match(alias):
                r.add("bad-parameter-name", f"alias '{alias}' is not a parameter word",
                      r.node_span(anode))
                ok = False
            aliases.append(alias)
    preferred = name
    if "preferred" in fields:
        p = r.value(fields["preferred"])
        if p != name and p not in aliases:
            r.add("bad-preferred", f"preferred spelling {shown(p)} is neither '{name}' nor an "
                  "alias", r.node_span(fields["preferred"]),
                  hint=did_you_mean(p, aliases) if isinstance(p, str) else None)
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
    desc = text_field(r, fields.get("description"), f"the description of '{name}'")
    if not ok:
        return None
    return ParamSpec(name, ptype, default, required, tuple(aliases), preferred,  # type: ignore[arg-type]
                     bounds[0], bounds[1], desc, places is True)


def _positional(r: Reader, node: yaml.Node) -> PositionalSpec | None:
    fields: dict[str, yaml.Node] = {}
    for k, v in mapping(r, node, "'positional'"):
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
    ptype = choice(r, fields.get("type"), "'positional' type", ("size", "box"))
    if ptype is None:
        if "type" not in fields:
            r.add("missing-field", "'positional' has no 'type'", r.node_span(node),
                  hint="type: size")
        return None
    values: list[str] = []
    if "values" in fields:
        for v, vnode in string_list(r, fields["values"], "'values'"):
            if parse_size(v) is None:
                r.add("bad-field", f"size {v!r} is not of the form 9x9", r.node_span(vnode))
            values.append(v)
    required = bool_field(r, fields.get("required"), "'required'", True)
    return PositionalSpec(str(name), ptype, tuple(values), required)  # type: ignore[arg-type]


def parse_definition(text: str, path: str) -> RuleDefinition:
    """Read one rule definition; raise SapphireError with every problem in the file."""
    r = Reader(text, path)
    doc = read_document(r, _FRONT_KEYS)
    f = doc.fields
    top = r.node_span(doc.front) if doc.front is not None else r.span(1, 1)

    kind = ""
    if "kind" not in f:
        if doc.front is not None:
            r.add("missing-field", "the front matter has no 'kind'", top, hint="kind: NAME")
    else:
        kind_value = r.value(f["kind"])
        if not isinstance(kind_value, str) or not KIND_RE.match(kind_value):
            r.add("bad-kind", f"kind {shown(kind_value)} must be lowercase words joined by '-'",
                  r.node_span(f["kind"]))
        else:
            kind = kind_value
    for key in ("predicates", "channels"):
        if key in f:
            r.add("unknown-field", f"'{key}' belongs in the prelude only", r.node_span(f[key]))

    scope = choice(r, f.get("scope"), "'scope'", ("cells", "global"))
    if "scope" not in f and doc.front is not None:
        r.add("missing-field", "the front matter has no 'scope'", top, hint="scope: cells | global")
    cells = choice(r, f.get("cells"), "'cells'", ("set", "path", "none"))
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
        for key, node in mapping(r, f["parameters"], "'parameters'"):
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
        for d, dnode in string_list(r, f["declares"], "'declares'"):
            if d not in DECLARATIONS and not KIND_RE.match(d):  # else a channel of the prelude
                r.add("bad-field", f"cannot declare {d!r}", r.node_span(dnode),
                      hint=did_you_mean(d, DECLARATIONS) or "declares: " + ", ".join(DECLARATIONS)
                      + " or a channel of the prelude")
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
        for k, v in mapping(r, f["boxes"], "'boxes'"):
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
        for k, v in mapping(r, f["binds"], "'binds'"):
            name, what = str(k.value), r.value(v)
            if not IDENT_RE.match(name) or name in RESERVED_NAMES:
                r.add("bad-field", f"cannot bind {name!r}", r.node_span(k))
            elif what not in BOARD_BINDINGS:
                r.add("bad-field", f"'{name}' binds one of {', '.join(BOARD_BINDINGS)}",
                      r.node_span(v),
                      hint=did_you_mean(what, BOARD_BINDINGS) if isinstance(what, str) else None)
            else:
                binds.append((name, str(what)))

    length = _length(r, f["length"], scope, params) if "length" in f else None
    modifies = _modifies(r, f["modifies"], scope, params) if "modifies" in f else []
    answer = _answer(r, f["answer"], params) if "answer" in f else []
    draw = read_draw(r, f["draw"], params) if "draw" in f else None
    requires = _requires(r, f["requires"]) if "requires" in f else Requires()

    predicate = bool_field(r, f.get("predicate"), "'predicate'", False)
    if predicate and (scope != "cells" or params or positional or declares):
        r.add("bad-predicate", "a shared predicate has cells and no parameters or declarations",
              r.node_span(f["predicate"]))
    title = text_field(r, f.get("title"), "'title'")
    also = _also(r, f["also"]) if "also" in f else []
    overrides = bool_field(r, f.get("overrides"), "'overrides'", False)
    may_be_empty = bool_field(r, f.get("cells-may-be-empty"), "'cells-may-be-empty'", False)
    if may_be_empty and scope != "cells":
        r.add("bad-field", "only a rule with cells may list none of them",
              r.node_span(f["cells-may-be-empty"]), hint="drop 'cells-may-be-empty'")
    adjacent = choice(r, f.get("adjacent"), "'adjacent'", ADJACENCY)
    if adjacent is not None and scope != "cells":
        r.add("bad-field", "only a rule with cells says how they join",
              r.node_span(f["adjacent"]), hint="drop 'adjacent'")
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
        title=title,
        predicate=predicate,
        boxes=tuple(boxes),
        binds=tuple(binds),
        length=length,
        implied=doc.implied,
        implied_line=doc.implied_line,
        guide=doc.guide,
        guide_line=doc.guide_line,
        settles=doc.settles,
        settles_line=doc.settles_line,
        modifies=tuple(modifies),
        answer=tuple(answer),
        overrides=overrides,
        cells_may_be_empty=may_be_empty,
        draw=draw,
        requires=requires,
        also=tuple(also),
        adjacent=adjacent,
    )


def _also(r: Reader, node: yaml.Node) -> list[str]:
    """The `also` field: the other names setters give the rule (`killer` for a cage), which
    the catalogue, `sapphire kinds` and the "did you mean" of an unknown kind search."""
    names: list[str] = []
    for name, item in string_list(r, node, "'also'"):
        if not name.strip() or "\n" in name:
            r.add("bad-field", "'also' holds names of one line, not an empty one",
                  r.node_span(item), hint="also: [killer, killer cage]")
        elif name.strip().lower() in names:
            r.add("bad-field", f"'also' names {name!r} twice", r.node_span(item))
        else:
            names.append(name.strip().lower())
    return names


def _modifies(r: Reader, node: yaml.Node, scope: str | None, params: list[ParamSpec]
              ) -> list[tuple[str, str]]:
    """The `modifies` field: channel -> the integer parameter that scales it."""
    out: list[tuple[str, str]] = []
    if scope != "cells":
        r.add("bad-field", "only a rule with cells decides a channel for them",
              r.node_span(node))
        return out
    integers = [p.name for p in params if p.type == "integer"]
    for k, v in mapping(r, node, "'modifies'"):
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


def _requires(r: Reader, node: yaml.Node) -> Requires:
    """The `requires` field: the board size (`9x9`) and digits (`1-9`, or `digits-within`)
    the meaning is written for."""
    keys = ("board", "digits", "digits-within")
    found: dict[str, object] = {}
    for k, v in mapping(r, node, "'requires'"):
        key, value = str(k.value), r.value(v)
        read = parse_size(value) if key == "board" else parse_digits(value)
        if key not in keys:
            r.add("unknown-field", f"unknown field '{key}' in 'requires'", r.node_span(k),
                  hint=did_you_mean(key, keys) or "requires: " + ", ".join(keys))
        elif read is None:
            r.add("bad-field", f"'requires: {key}' is "
                  + ("a size such as 9x9" if key == "board" else "a range such as 1-9"),
                  r.node_span(v))
        else:
            found[key] = read
    return Requires(found.get("board"), found.get("digits"),  # type: ignore[arg-type]
                    found.get("digits-within"))  # type: ignore[arg-type]


def _answer(r: Reader, node: yaml.Node, params: list[ParamSpec]) -> list[tuple[str, str]]:
    """The `answer` field: map name -> the shape it is drawn as."""
    out: list[tuple[str, str]] = []
    taken = {p.name for p in params}
    for k, v in mapping(r, node, "'answer'"):
        name, shape = str(k.value), r.value(v)
        if not IDENT_RE.match(name) or name in RESERVED_NAMES or name in taken:
            r.add("bad-field", f"the answer cannot show {name!r}", r.node_span(k),
                  hint="name maps the meaning decides, not parameters or reserved names")
        elif shape not in SHAPES:
            r.add("bad-field", f"'{name}' is drawn as one of {', '.join(SHAPES)}, "
                  f"not {shape!r}", r.node_span(v), hint=did_you_mean(str(shape), SHAPES))
        else:
            out.append((name, str(shape)))
    return out


def _length(r: Reader, node: yaml.Node, scope: str | None, params: list[ParamSpec]
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


def parse_terms(r: Reader, meaning: str, first_line: int) -> list[Term]:
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
    r = Reader(text, path)
    doc = read_document(r, _FRONT_KEYS, channel_block=True)
    f = doc.fields
    table = read_channels(r, f["channels"]) if "channels" in f else ()
    for situation, _, line in doc.channels:  # a channel's name is checked with the library's
        if not KIND_RE.match(situation) and situation not in MODIFIED_SITUATIONS:
            r.add("unknown-block", f"no channels are bound for '{situation}'",
                  r.span(line - 1, 1), hint=did_you_mean(situation, MODIFIED_SITUATIONS)
                  or "channel blocks: a channel's name, " + ", ".join(MODIFIED_SITUATIONS))
    for c in table:
        if not c.block and any(situation == c.name for situation, _, _ in doc.channels):
            r.add("unknown-block", f"'{c.name}' is bound by the case, not by a block",
                  r.node_span(f["channels"]), hint="drop 'block: false', or the block")
    if "kind" in f and r.value(f["kind"]) != "prelude":
        r.add("bad-kind", "the prelude's kind is 'prelude'", r.node_span(f["kind"]))
    for key in f:
        if key not in ("kind", "title", "predicates", "channels"):
            r.add("unknown-field", f"'{key}' does not belong in the prelude",
                  r.node_span(f[key]), hint="the prelude has kind, title, predicates and "
                  "channels")
    for span, what in ((doc.implied_span, "implied facts"), (doc.guide_span, "a guide"),
                       (doc.settles_span, "a guide's condition")):
        if span is not None:
            r.add("unknown-block", f"the prelude holds terms, not {what}", span,
                  hint=f"{what} belong in a rule kind's definition")
    terms = parse_terms(r, doc.meaning, doc.meaning_line) if doc.meaning else []
    by_name = {t.name: t for t in terms}
    predicates: list[Predicate] = []
    if "predicates" in f:
        for k, v in mapping(r, f["predicates"], "'predicates'"):
            name = str(k.value)
            entry = {str(a.value): b for a, b in mapping(r, v, f"predicate '{name}'")}
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
                for d, dnode in string_list(r, entry["needs"], "'needs'"):
                    if not KIND_RE.match(d):  # a channel, checked with the library's
                        r.add("bad-field", f"cannot need {d!r}", r.node_span(dnode),
                              hint="needs: [CHANNEL], such as [shading]")
                    needs.add(d)
            by = entry.get("declared-by")
            if by is not None and (not isinstance(r.value(by), str)
                                   or not KIND_RE.fullmatch(str(r.value(by)))):
                r.add("bad-field", "'declared-by' names a kind, such as yin-yang",
                      r.node_span(by))
            for extra in set(entry) - {"set", "path", "needs", "declared-by"}:
                r.add("unknown-field", f"unknown field '{extra}' in predicate '{name}'",
                      r.node_span(k))
            predicates.append(Predicate(name, chosen["set"], chosen["path"], frozenset(needs),
                                        None if by is None else str(r.value(by))))
    r.raise_if_any()
    return Prelude(tuple(terms), tuple(predicates), doc.meaning, doc.meaning_line, doc.prose, path,
                   doc.channels, table)

