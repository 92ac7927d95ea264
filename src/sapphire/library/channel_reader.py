"""Reading the prelude's `channels` table (`sapphire.library.channels`), and checking a
library's kinds and prelude against it where both are known: a kind's definition is read alone
(and cached), so what it declares is checked with the library that uses it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, get_args

import yaml

from sapphire.case.givens import GridKind
from sapphire.diagnostics import Diagnostic, Span, did_you_mean
from sapphire.library.channels import LAYERS, RENDERERS, Channel
from sapphire.library.definition import (
    DECLARATIONS,
    IDENT_RE,
    KIND_RE,
    MODIFIABLE_CHANNELS,
    Prelude,
    RuleDefinition,
)
from sapphire.library.shapes import SHAPES

_KEYS = ("maps", "shows", "block", "symbols", "plain", "noun", "given", "extra", "bare", "draw")

MODIFIED_SITUATIONS = tuple(f"{w} {c}" for w in ("modified", "unmodified")
                            for c in MODIFIABLE_CHANNELS)
"""The channel blocks that bind a modifiable channel, with and without a rule modifying it."""


def read_channels(r: Any, node: yaml.Node) -> tuple[Channel, ...]:
    """The prelude's `channels` field read from its YAML node, each problem reported at its
    place through the reader `r` (a `sapphire.library.document.Reader`)."""
    if not isinstance(node, yaml.MappingNode):
        r.add("bad-channel", "'channels' maps each channel's name to its entry, such as "
              "shading: {maps: {shade: cell}}", r.node_span(node))
        return ()
    out: list[Channel] = []
    bound: dict[str, str] = {}
    for k, v in node.value:
        name = str(k.value)
        if not KIND_RE.match(name):
            r.add("bad-channel", f"a channel's name is a word such as shading, not {name!r}",
                  r.node_span(k))
            continue
        if any(c.name == name for c in out):
            r.add("bad-channel", f"channel '{name}' is declared twice", r.node_span(k))
            continue
        channel = _channel(r, name, v)
        if channel is None:
            continue
        for m, _ in channel.maps:
            if m in bound:
                r.add("bad-channel", f"map '{m}' of '{name}' is bound by '{bound[m]}' too",
                      r.node_span(v), hint="give each channel maps of its own")
            bound[m] = name
        out.append(channel)
    return tuple(out)


def _channel(r: Any, name: str, node: yaml.Node) -> Channel | None:
    if not isinstance(node, yaml.MappingNode):
        r.add("bad-channel", f"channel '{name}' is a mapping such as {{maps: {{x: cell}}}}",
              r.node_span(node))
        return None
    fields: dict[str, yaml.Node] = {}
    for k, v in node.value:
        key = str(k.value)
        if key not in _KEYS:
            r.add("bad-channel", f"unknown field '{key}' in channel '{name}'", r.node_span(k),
                  hint=did_you_mean(key, _KEYS) or "fields: " + ", ".join(_KEYS))
        fields[key] = v
    ok = True

    def fail(message: str, at: yaml.Node, hint: str | None = None) -> None:
        nonlocal ok
        r.add("bad-channel", message, r.node_span(at), hint=hint)
        ok = False

    maps: list[tuple[str, str]] = []
    if "maps" not in fields:
        fail(f"channel '{name}' binds no maps", node, "maps: {NAME: SHAPE}")
    elif not isinstance(fields["maps"], yaml.MappingNode) or not fields["maps"].value:
        fail("'maps' maps each map's name to its shape, such as {shade: cell}", fields["maps"])
    else:
        for mk, mv in fields["maps"].value:
            m, shape = str(mk.value), r.value(mv)
            if not IDENT_RE.match(m):
                fail(f"map name '{m}' is not a Sapphire identifier", mk)
            elif shape not in SHAPES:
                fail(f"'{m}' has no shape {shape!r}", mv,
                     did_you_mean(str(shape), SHAPES) or "shapes: " + ", ".join(SHAPES))
            else:
                maps.append((m, str(shape)))
    names = [m for m, _ in maps]
    shows: list[tuple[str, str]] = []
    if "shows" not in fields:
        if len(maps) == 1:
            shows = [("", maps[0][0])]
        elif maps:
            fail(f"channel '{name}' binds several maps and shows none", node,
                 "shows: {KEY: MAP, …}, the answer's JSON keys for the maps it shows")
    else:
        v = r.value(fields["shows"])
        if isinstance(v, str):
            shows = [("", v)]
        elif isinstance(v, dict) and v:
            shows = [(str(key), str(m)) for key, m in v.items()]
        else:
            fail("'shows' is a map's name, or maps each JSON key to a map", fields["shows"])
        for key, m in shows:
            if m not in names:
                fail(f"'{name}' shows {m!r}, which it does not bind", fields["shows"],
                     did_you_mean(m, names))
            elif key and not IDENT_RE.match(key):
                fail(f"'{key}' is not a JSON key such as across", fields["shows"])
    symbols: list[tuple[int, str]] = []
    if "symbols" in fields:
        v = r.value(fields["symbols"])
        good = isinstance(v, dict) and all(
            isinstance(x, int) and not isinstance(x, bool) and isinstance(s, str)
            and s.strip() == s and len(s) == 1 and not s.isdigit() for x, s in v.items())
        if not good:
            fail("'symbols' maps values to one character each, such as {0: '.', 1: '#'}",
                 fields["symbols"], "a symbol is no digit or space, which read as values")
        else:
            symbols = sorted(v.items())
    draw = _draw(r, name, fields.get("draw"))
    if draw is False:
        ok = False
    texts: dict[str, str | None] = {}
    for key in ("noun", "given", "extra"):
        v = r.value(fields[key]) if key in fields else None
        if v is not None and not isinstance(v, str):
            fail(f"'{key}' of channel '{name}' is text", fields[key])
        texts[key] = v
    one_grid = len(shows) == 1 and dict(maps).get(shows[0][1]) == "cell"
    if texts["extra"] is not None and not one_grid:
        fail("only a channel showing one map of cells has extra cells", fields["extra"])
    if texts["given"] is not None and texts["given"] not in get_args(GridKind):
        fail(f"no front-matter grid is called {texts['given']!r}", fields["given"],
             "given: one of " + ", ".join(get_args(GridKind)))
    if texts["given"] is not None and not one_grid:
        fail("only a channel showing one map of cells is given in a grid", fields["given"])
    flags = {key: _flag(r, fields.get(key), key) for key in ("block", "plain", "bare")}
    if not ok or None in flags.values():
        return None
    return Channel(name, tuple(maps), tuple(shows), flags["block"] is not False,
                   tuple(symbols), bool(flags["plain"]), texts["noun"] or "", texts["given"],
                   texts["extra"], bool(flags["bare"]),
                   draw if isinstance(draw, tuple) else None)


def _flag(r: Any, node: yaml.Node | None, key: str) -> bool | None:
    if node is None:
        return key == "block"
    v = r.value(node)
    if not isinstance(v, bool):
        r.add("bad-channel", f"'{key}' is true or false", r.node_span(node))
        return None
    return v


def _draw(r: Any, name: str, node: yaml.Node | None
          ) -> tuple[str, tuple[tuple[str, str], ...]] | None | bool:
    """The `draw` field: a renderer's name, or {as: NAME, OPTION: VALUE}; False when wrong."""
    if node is None:
        return None
    v = r.value(node)
    options: dict[str, Any] = {}
    if isinstance(v, dict):
        options = dict(v)
        v = options.pop("as", None)
    if v not in RENDERERS:
        r.add("bad-channel", f"channel '{name}' is drawn as one of {', '.join(RENDERERS)}, "
              f"not {v!r}", r.node_span(node), hint=did_you_mean(str(v), RENDERERS))
        return False
    for key, value in options.items():
        if key not in RENDERERS[v]:
            r.add("bad-channel", f"'{v}' takes no option {key!r}", r.node_span(node),
                  hint="options: " + (", ".join(RENDERERS[v]) or "none"))
            return False
        if not isinstance(value, str) or (key == "layer" and value not in LAYERS):
            r.add("bad-channel", f"{key} of '{v}' is " + (" or ".join(LAYERS)
                  if key == "layer" else "a word"), r.node_span(node))
            return False
    return str(v), tuple(sorted((k, str(x)) for k, x in options.items()))


def definition_problems(d: RuleDefinition, channels: tuple[Channel, ...]
                        ) -> list[tuple[str, str, str | None]]:
    """What a kind gets wrong about the channels of its library's prelude, as (kind, message,
    hint): a declaration of no channel, or a name of its own that is a channel's map."""
    declarable = [*DECLARATIONS, *(c.name for c in channels if c.block)]
    out: list[tuple[str, str, str | None]] = []
    for x in sorted(d.declares - set(declarable)):
        out.append(("bad-field", f"'{d.kind}' declares {x!r}, which is no channel of the "
                    "prelude", did_you_mean(x, declarable) or "declares: " + ", ".join(declarable)))
    maps = {m: c.name for c in channels for m, _ in c.maps}
    names = [*(p.name for p in d.params), *(n for n, _ in d.binds), *(n for n, _ in d.answer)]
    for name in names:
        if name in maps:
            out.append(("reserved-name", f"'{d.kind}' names {name!r}, a map of the "
                        f"'{maps[name]}' channel, which its meaning may read",
                        "give it another name"))
    return out


def prelude_problems(prelude: Prelude, channels: tuple[Channel, ...],
                     bundled_blocks: Iterable[str]) -> list[Diagnostic]:
    """What a prelude gets wrong about the library's channels (`channels`, the bundled table
    with its own): a block for no channel, a channel of its own with no block (here or in the
    bundled prelude, `bundled_blocks`), a predicate needing no channel."""
    names = [c.name for c in channels if c.block]
    known = [*names, *MODIFIED_SITUATIONS]
    blocks = {situation for situation, _, _ in prelude.channels} | set(bundled_blocks)
    out = []
    for situation, _, line in prelude.channels:
        if situation not in known:
            out.append(Diagnostic("unknown-block", f"no channels are bound for '{situation}'",
                                  Span(prelude.path, line - 1, 1),
                                  did_you_mean(situation, known) or "channel blocks: "
                                  + ", ".join(known)))
    for c in prelude.answer_channels:
        if c.block and c.name not in blocks:
            out.append(Diagnostic("missing-channel", f"channel '{c.name}' has no block",
                                  Span(prelude.path, 1, 1),
                                  f"add a ```sapphire channel {c.name} block binding its maps"))
    for p in prelude.predicates:
        for need in sorted(p.needs - set(names)):
            out.append(Diagnostic("bad-field", f"predicate '{p.name}' needs {need!r}, which is "
                                  "no channel", Span(prelude.path, 1, 1),
                                  did_you_mean(need, names)))
    return out
