"""Collects diagnostics while a case file is read, so one run reports every problem at once."""

from __future__ import annotations

from sapphire.diagnostics import Collector, Span


class Reporter(Collector):
    """The case reader's collector: problems placed by line, column and width in one file."""

    def span(self, line: int, col: int, width: int = 1) -> Span:
        """A span on 1-based `line` from 1-based `col`, `width` characters wide."""
        return Span(self.path, line, col, line, col + max(1, width))

    def report(
        self,
        kind: str,
        message: str,
        line: int,
        col: int,
        width: int = 1,
        hint: str | None = None,
    ) -> None:
        self.add(kind, message, self.span(line, col, width), hint)
