"""The one diagnostics collector that the case reader, the definition reader and a case's
validation share: every problem kept with its source line, raised together."""

from __future__ import annotations

import pytest

from sapphire.diagnostics import Collector, SapphireError, Span


def test_each_diagnostic_gets_its_source_line() -> None:
    c = Collector("f.case", ["first", "second"])
    c.add("k", "on line 2", Span("f.case", 2, 3), "a hint", ("a note",))
    c.add("k", "past the end", Span("f.case", 9, 1))
    c.add("k", "nowhere", None)
    assert [d.source_line for d in c.diagnostics] == ["second", None, None]
    assert (c.diagnostics[0].hint, c.diagnostics[0].notes) == ("a hint", ("a note",))


def test_raising_keeps_the_order_added_or_sorts_by_place() -> None:
    c = Collector("f.case", ["a", "b"])
    c.raise_if_any()  # nothing collected: no error
    c.add("later", "x", Span("f.case", 2, 1))
    c.add("earlier", "y", Span("f.case", 1, 5))
    with pytest.raises(SapphireError) as info:
        c.raise_if_any()
    assert info.value.kinds == ["later", "earlier"]
    with pytest.raises(SapphireError) as info:
        c.raise_if_any(ordered=True)
    assert info.value.kinds == ["earlier", "later"]
