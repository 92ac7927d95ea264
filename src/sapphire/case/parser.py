"""Reads a case file into a `Case`, reporting every problem at once.

A bad line does not stop the others being read: each line is parsed on its own, then checks
across lines (ids, repeated kinds, the board) run on whatever could be read. Errors stay errors
whatever the line's `not`s or condition, because a negated or inactive rule must still mean
something.
"""

from __future__ import annotations

from pathlib import Path
from typing import get_args

from sapphire.case._report import Reporter
from sapphire.case.frontmatter import FrontMatterResult, parse_front_matter
from sapphire.case.givens import (
    MAX_BOARD_SIDE,
    DeclaresBoard,
    GridKind,
    check_size,
    extra_cell_count,
    max_digit,
    may_declare_board,
    on_board,
    outside,
    parse_board,
    parse_digits,
    read_grid,
    too_large_board,
)
from sapphire.case.model import BlankLine, BodyLine, Case, Cell, RuleLine
from sapphire.case.rule_line import WS, ParsedRule, RuleLineParser, parse_comment_line
from sapphire.diagnostics import Diagnostic, SapphireError, Span, read_text


def split_lines(text: str) -> tuple[str, list[str]]:
    """Normalised text and its lines: a BOM and CR-LF endings are dropped; only '\\n' splits
    (not `str.splitlines`, which would also split at characters JSON strings may hold)."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return text, lines


def parse_case(text: str, path: str = "<case>",
               declares_board: DeclaresBoard | None = None) -> Case:
    """Parse case-file text; raises `SapphireError` holding every diagnostic found.

    Which rule lines declare the board (`sudoku 9x9`) only the library knows: pass its
    `declares_board`. Without it, the checks that hang on the board's size are left to the
    library's validation (`board_problems`) whenever a line carries a size."""
    case, diagnostics = parse_case_partial(text, path, declares_board)
    if diagnostics:
        raise SapphireError(diagnostics)
    return case


def parse_case_partial(text: str, path: str = "<case>",
                       declares_board: DeclaresBoard | None = None
                       ) -> tuple[Case, list[Diagnostic]]:
    """The case made of every line that parsed, and the diagnostics of those that did not,
    so `sapphire check` can also run the library's checks on the good lines."""
    case, diagnostics, _ = _read(text, path, declares_board)
    return case, diagnostics


def board_problems(text: str, path: str, declares_board: DeclaresBoard) -> list[Diagnostic]:
    """The problems of a case's board and of what stands on it (its size against a line
    that declares it, the grids, cells off the board), now that the library says which lines
    declare the board; none when no line could (the reader found them all already)."""
    return _read(text, path, declares_board)[2]


def _read(text: str, path: str, declares_board: DeclaresBoard | None
          ) -> tuple[Case, list[Diagnostic], list[Diagnostic]]:
    """The case, every diagnostic in order, and those of the board's checks alone."""
    text, lines = split_lines(text)
    rep = Reporter(path, lines)
    front = parse_front_matter(lines, rep)
    body: list[BodyLine] = []
    parsed: list[ParsedRule] = []
    for index in range(front.body_start, len(lines)):
        line = lines[index]
        if not line.strip(WS):
            body.append(BlankLine())
            continue
        comment = parse_comment_line(line)
        if comment is not None:
            body.append(comment)
            continue
        result = RuleLineParser(line, index + 1, rep).parse()
        if result is not None:
            body.append(result.rule)
            parsed.append(result)
    _check_ids(parsed, rep)
    before = len(rep.diagnostics)
    rules = [p.rule for p in parsed]
    deferred = declares_board is None and may_declare_board(rules)
    if not deferred:
        _check_board(front, parsed, rep, declares_board or (lambda _: False))
    board = rep.diagnostics[before:]
    ordered = sorted(rep.diagnostics,
                     key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))
    return Case(front.front, tuple(body), path, text, deferred), ordered, board


def parse_case_file(path: str | Path) -> Case:
    """Read and parse a case file; an unreadable file is a `SapphireError` too."""
    return parse_case(read_case_text(path), str(path))


def read_case_text(path: str | Path) -> str:
    """A case file's text as written (no newline translation)."""
    return read_text(path, "unreadable-file", newlines=False)


def _line_of(rule: RuleLine) -> int:
    return rule.span.line if rule.span is not None else 0


def _report_at(rep: Reporter, span: Span | None, kind: str, message: str, hint: str) -> None:
    line, col, width = (span.line, span.col, span.end_col - span.col) if span else (1, 1, 1)
    rep.report(kind, message, line, col, width, hint)


def _check_ids(parsed: list[ParsedRule], rep: Reporter) -> None:
    """Ids are unique; a kind used more than once needs an id on every instance."""
    first: dict[str, int] = {}
    for p in parsed:
        rule = p.rule
        if rule.id is None:
            continue
        if rule.id in first:
            _report_at(
                rep,
                p.id_span,
                "duplicate-id",
                f"the id '{rule.id}' is already used",
                f"it is first used on line {first[rule.id]}; give each rule line its own id",
            )
        else:
            first[rule.id] = _line_of(rule)
    by_reference: dict[str, list[ParsedRule]] = {}
    for p in parsed:
        by_reference.setdefault(p.rule.reference, []).append(p)
    for reference, group in by_reference.items():
        if len(group) < 2:
            continue
        listed = _lines_listed([_line_of(p.rule) for p in group])
        stem = reference if not reference.startswith("https://") else "rule"
        n = 0
        for p in group:
            if p.rule.id is not None:
                continue
            n += 1
            while f"{stem}-{n}" in first:
                n += 1
            _report_at(
                rep,
                p.rule.reference_span,
                "repeated-kind-needs-id",
                f"'{reference}' is used on lines {listed}, so each instance needs its own id",
                f"start this line with an id, e.g. '{stem}-{n}: "
                f"{'not ' * p.rule.nots}{reference} ...'; 'sapphire fmt --add-ids' adds "
                "them all",
            )


def _lines_listed(lines: list[int], shown: int = 5) -> str:
    """`5, 6 and 9`; past `shown` lines, the first ones and how many more (`5, 6, 7, 8, 9
    and 1,995 more`), so that each of thousands of errors does not list every line."""
    if len(lines) > shown:
        return ", ".join(map(str, lines[:shown])) + f" and {len(lines) - shown:,} more"
    return ", ".join(map(str, lines[:-1])) + " and " + str(lines[-1])


def _check_board(front: FrontMatterResult, parsed: list[ParsedRule], rep: Reporter,
                 declares_board: DeclaresBoard) -> None:
    """Board size agreement, givens and shading against it, and cells on the board."""
    fields = front.front.fields
    board = parse_board(fields.get("board"))
    board_from = "the front matter's 'board'"
    declared_n: int | None = None
    for p in parsed:
        rule = p.rule
        if rule.positional is None or not declares_board(rule.reference):
            continue
        size = parse_board(rule.positional)
        if size is None:
            continue
        if max(size) > MAX_BOARD_SIDE:
            _report_at(rep, p.positional_span, *too_large_board(size))
            continue
        if board is not None and size != board:
            _report_at(
                rep,
                p.positional_span,
                "board-conflict",
                f"'{rule.reference} {rule.positional}' disagrees with the board "
                f"{board[0]}×{board[1]} declared by {board_from}",
                "declare the board once, or make the sizes agree",
            )
            continue
        if board is None:
            board = size
            board_from = f"line {_line_of(rule)}"
        if size[0] == size[1] and declared_n is None:
            declared_n = size[0]
    extra = extra_cell_count(fields.get("extra-cells"))
    if extra and board is None:
        _report_at(
            rep,
            front.front.spans.get("extra-cells"),
            "extra-cells-need-board",
            "extra cells stand below the board, but the case does not say how big it is",
            "add 'board: 9x9' to the front matter, or a rule that declares the board such as "
            "'sudoku 9x9'",
        )
    for kind in get_args(GridKind):
        shape = _check_grid(front, kind, board, declared_n, extra, rep)
        if board is None and shape is not None:
            board = shape
    if board is None:
        return
    for p in parsed:
        cells: list[tuple[Cell, Span | None]] = [(c.cell, c.span) for c in p.rule.cells]
        cells += [(q.value, q.value_span) for q in p.rule.params if isinstance(q.value, Cell)]
        for cell, span in cells:
            if not on_board(cell.row, cell.col, board, extra):
                _report_at(
                    rep,
                    span,
                    "off-board-cell",
                    f"the cell {cell} is not on the board",
                    outside(cell, board, extra),
                )


def _check_grid(
    front: FrontMatterResult,
    kind: GridKind,
    board: tuple[int, int] | None,
    declared_n: int | None,
    extra: int,
    rep: Reporter,
) -> tuple[int, int] | None:
    """Report alphabet and size problems of one grid; its shape when it is consistent."""
    text = front.front.fields.get(kind)
    place = front.places.get(kind)
    if not isinstance(text, str) or place is None:
        return None
    cols = board[1] if board is not None else None
    grid = read_grid(text, kind, 16)
    if cols is None and grid.rows:
        cols = len(grid.rows[0])
    digits = parse_digits(front.front.fields.get("digits"))
    low = digits.start if digits is not None else 1
    grid = read_grid(text, kind, max_digit(cols, declared_n, digits), low)
    problems = grid.problems + check_size(grid, kind, board, extra)
    for problem in problems:
        line, col = place.locate(problem.line, problem.index)
        rep.report(problem.kind, problem.message, line, col, hint=problem.hint)
    if problems:
        return None
    return grid.size
