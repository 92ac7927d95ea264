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
