"""Definition files whose front matter YAML refuses outright: placed errors, no traceback."""

from __future__ import annotations

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.library.reader import parse_definition


def test_a_definition_with_a_control_character_is_placed_too() -> None:
    with pytest.raises(SapphireError) as info:
        parse_definition('---\nkind: foo\ntitle: "a\x01"\n---\n', "foo.md")
    first = info.value.diagnostics[0]
    assert (first.kind, first.span.line, first.span.col) == ("bad-front-matter", 3, 10)


def laughs(key: str, levels: int = 9) -> str:
    """YAML whose `key` expands to 9**levels strings ("billion laughs"), in a few lines."""
    lines = ['l0: &l0 "lol"']
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, levels + 1)]
    return "\n".join(lines) + f"\n{key}: *l{levels}\n"


@pytest.mark.parametrize("key", ["title", "kind", "description", "scope"])
def test_aliases_that_expand_past_a_small_size_are_refused(key: str) -> None:
    text = "---\n" + laughs(key) + "---\n"
    with pytest.raises(SapphireError) as info:
        parse_definition(text, "foo.md")
    first = info.value.diagnostics[0]
    assert first.kind == "yaml-aliases-too-large"
    assert (first.span.file, first.span.line) == ("foo.md", 7)  # l5: 9**5 strings, past it
    assert len(str(info.value)) < 2000


def test_an_alias_of_a_value_holding_itself_is_refused() -> None:
    with pytest.raises(SapphireError) as info:
        parse_definition("---\nkind: foo\ntitle: &t [*t]\n---\n", "foo.md")
    assert info.value.kinds[0] == "yaml-aliases-too-large"


def test_a_few_aliases_are_fine() -> None:
    text = ("---\nkind: foo\nscope: cells\ncells: set\nx: &x [1, 2]\ntitle: Foo\n---\n"
            "```sapphire\ntrue\n```\nProse.\n")
    with pytest.raises(SapphireError) as info:
        parse_definition(text, "foo.md")
    assert info.value.kinds == ["unknown-field"]  # only 'x' itself


def test_a_title_that_is_not_text_is_refused() -> None:
    text = "---\nkind: foo\nscope: global\ntitle: [a, b]\n---\n```sapphire\ntrue\n```\nProse.\n"
    with pytest.raises(SapphireError) as info:
        parse_definition(text, "foo.md")
    d = info.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("bad-field", 4, 8)
    assert d.message == "'title' must be text, not a list"


def test_an_integer_too_long_to_read_is_placed() -> None:
    text = f"---\nkind: foo\nscope: global\ntitle: {'9' * 5000}\n---\n"
    with pytest.raises(SapphireError) as info:
        parse_definition(text, "foo.md")
    d = info.value.diagnostics[0]
    assert (d.kind, d.span.line, d.span.col) == ("number-too-long", 4, 8)
