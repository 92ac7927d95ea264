"""Collects diagnostics while a case file is read, so one run reports every problem at once."""

from __future__ import annotations

from sapphire.diagnostics import Diagnostic, SapphireError, Span


class Reporter:
    """Builds `Diagnostic`s with spans and source lines for one file."""

    def __init__(self, path: str, lines: list[str]) -> None:
        self.path = path
        self.lines = lines
        self.diagnostics: list[Diagnostic] = []

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
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else None
        self.diagnostics.append(Diagnostic(kind, message, self.span(line, col, width), hint, text))

    def raise_if_any(self) -> None:
        if self.diagnostics:
            ordered = sorted(
                self.diagnostics,
                key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0),
            )
            raise SapphireError(ordered)
