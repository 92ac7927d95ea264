"""The board size, the given digits and the given shading of a case.

Both grids are written in the front matter as YAML block text, one board row per line::

    givens: |
      . . . | . 7 . | . . .
      ------+-------+------
      ...

* Spaces and ``|`` are layout only; a row made only of ``-``, ``+``, ``|`` and spaces is a
  separator line and is skipped, so a setter can draw boxes without changing the meaning.
* ``givens``: ``.`` is an empty cell; ``1``-``9`` are the digits 1-9. On boards wider than 9
  columns the letters ``A``-``G`` stand for 10-16 (``A`` = 10 ... ``G`` = 16), so every cell
  is still one character. A line declaring an N×N board (``sudoku NxN``) limits the digits
  to 1..N; the front matter's ``digits: LOW-HIGH`` (``digits: 0-8``) says which digits the
  cells hold instead, and with it ``0`` is a digit when LOW is 0 and letters stand for 10-16
  whenever HIGH is above 9.
* ``shading``: ``1`` or ``b`` (black) is shaded, ``0`` or ``w`` (white) unshaded, ``.`` unknown.
* ``clues``: ``.`` is a cell without a clue; ``0``-``9`` are the numbers 0-9 and the letters
  ``A``-``Z`` stand for 10-35 (a Hitori's numbers on boards up to 35 wide), one character a
  cell as in ``givens``.
* Extra cells (``extra-cells: N``) stand in rows of the board's width below it: on a 9×9 board
  ``r10c1``-``r10c9`` are the first nine. They hold digits that clues read (a clue's hidden
  total, a cell outside the grid), take part in no global rule, and count in the answer. A
  ``givens`` grid may go on below the board with their rows; cells past the N-th stay ``.``.

The parser reports problems with exact positions; `digit_grid` and `shading_grid` read a case
that has already been parsed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, get_args

from sapphire.case.model import Case, JsonValue, RuleLine
from sapphire.diagnostics import Diagnostic, SapphireError, long_number

GridKind = Literal["givens", "shading", "clues"]

BOARD_RE = re.compile(r"([1-9][0-9]*)x([1-9][0-9]*)")
"""A board size as written in ``board:`` or after ``sudoku``: rows ``x`` columns."""
DIGITS_RE = re.compile(r"([0-9]+)-([0-9]+)")
"""The digits a case's cells hold, as written in ``digits:``: ``LOW-HIGH``."""
MAX_DIGIT = 16
"""The largest digit a givens grid can write (``G``)."""
MAX_DIGITS = 10_000
"""The largest digit ``digits:`` may declare: the numbers of a Hidoku on a 100×100 board (the
cells past 16 are given by rules, since a givens grid writes one character a cell)."""
MAX_BOARD_SIDE = 1000
"""The most rows or columns a board may have: far beyond any puzzle (the corpus's largest is
60×60), so that a typo such as `board: 9x90000` is an error rather than hours of unrolling."""
MAX_EXTRA_CELLS = 10_000
"""The most extra cells a case may declare (far beyond any puzzle; it keeps typos small)."""

DeclaresBoard = Callable[[str], bool]
"""Whether a rule line's reference names a kind whose ``NxN`` argument declares the board (even
when negated): the library knows, from each kind's ``declares: [board]``. The case reader
itself knows no kind, so a caller that has the library passes its `Library.declares_board`."""

LETTERS = "ABCDEFG"
CLUE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The letters a `clues` grid writes for the numbers 10-35."""
SHADING_SYMBOLS: dict[str, int] = {"1": 1, "b": 1, "0": 0, "w": 0}
LAYOUT = frozenset(" \t|")
SEPARATOR = frozenset(" \t|-+")


def parse_board(text: JsonValue) -> tuple[int, int] | None:
    """``'9x9'`` -> ``(9, 9)``; anything else -> None."""
    if not isinstance(text, str):
        return None
    m = BOARD_RE.fullmatch(text)
    if m is None or long_number(text):  # a number too long to read: its reader says so
        return None
    return int(m.group(1)), int(m.group(2))


def too_large_board(size: tuple[int, int]) -> tuple[str, str, str]:
    """The error (kind, message, hint) of a board with more than `MAX_BOARD_SIDE` rows or
    columns."""
    return ("bad-board", f"the board {size[0]}x{size[1]} is larger than {MAX_BOARD_SIDE} rows "
            f"and {MAX_BOARD_SIDE} columns", "check the size for a typo")


def extra_cell_count(value: JsonValue) -> int:
    """The front matter's ``extra-cells:`` as a count (0 when absent or not a count)."""
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_EXTRA_CELLS
    return value if ok else 0  # type: ignore[return-value]


def extra_cells(board: tuple[int, int], count: int) -> list[tuple[int, int]]:
    """The extra cells below `board`, in reading order: rows of the board's width."""
    rows, cols = board
    return [(rows + 1 + i // cols, 1 + i % cols) for i in range(count)]


def extra_rows(board: tuple[int, int], count: int) -> int:
    """How many rows below the board the extra cells take."""
    return -(-count // board[1])


def on_board(row: int, col: int, board: tuple[int, int], extra: int = 0) -> bool:
    """Whether `r{row}c{col}` names a cell: one of the board's, or one of its extra cells."""
    rows, cols = board
    if not (1 <= col <= cols and row >= 1):
        return False
    return row <= rows or (row - rows - 1) * cols + col <= extra


def parse_digits(text: JsonValue) -> range | None:
    """``'0-8'`` -> ``range(0, 9)``; anything else (or HIGH below LOW, or above `MAX_DIGITS`)
    -> None."""
    if not isinstance(text, str):
        return None
    m = DIGITS_RE.fullmatch(text.strip())
    if not m or long_number(text):
        return None
    low, high = int(m.group(1)), int(m.group(2))
    if low > high or high > MAX_DIGITS:
        return None
    return range(low, high + 1)


def case_digits(case: Case) -> range | None:
    """The digits the front matter's ``digits:`` declares, or None when it says nothing."""
    return parse_digits(case.front.fields.get("digits"))


def outside(cell: object, board: tuple[int, int], extra: int) -> str:
    """The hint for a cell that names none: what the case's cells are."""
    below = f" and its {extra} extra cells" if extra else ""
    return f"{cell} is outside the {board[0]}×{board[1]} board{below}"


def case_extra_cells(case: Case) -> int:
    """How many extra cells the front matter's ``extra-cells:`` declares (0 when none)."""
    return extra_cell_count(case.front.fields.get("extra-cells"))


def may_declare_board(rules: tuple[RuleLine, ...] | list[RuleLine]) -> bool:
    """Whether some rule line carries a size (`NxN`) that may declare the board, which only
    the library can say."""
    return any(parse_board(rule.positional) is not None for rule in rules if rule.positional)


def declared_board(
    rules: tuple[RuleLine, ...] | list[RuleLine], declares_board: DeclaresBoard | None,
) -> tuple[RuleLine, int, int] | None:
    """The first rule line that declares the board (`sudoku 9x9`), with its size; None too
    when `declares_board` is not known."""
    if declares_board is None:
        return None
    for rule in rules:
        if rule.positional is not None and declares_board(rule.reference):
            size = parse_board(rule.positional)
            if size is not None:
                return rule, size[0], size[1]
    return None


@dataclass(frozen=True)
class GridProblem:
    """A problem in grid text; `line` and `index` are 0-based within the text."""

    kind: str
    message: str
    line: int
    index: int
    hint: str | None = None


@dataclass
class Grid:
    """A grid read from text, with where each cell stood so errors can point at it."""

    rows: list[list[int | None]] = field(default_factory=list)
    row_lines: list[int] = field(default_factory=list)
    """For each row, its 0-based line in the text."""
    cell_index: list[list[int]] = field(default_factory=list)
    """For each cell, its 0-based character index in its line."""
    problems: list[GridProblem] = field(default_factory=list)

    @property
    def size(self) -> tuple[int, int] | None:
        return (len(self.rows), len(self.rows[0])) if self.rows else None


def max_digit(cols: int | None, declared_n: int | None, digits: range | None = None) -> int:
    """The largest given digit allowed: the top of ``digits:`` (up to 16, what a grid can
    write), else N under a rule declaring an N×N board (`sudoku NxN`), else 9, or the width up
    to 16."""
    if digits is not None:
        return min(digits.stop - 1, MAX_DIGIT)
    if declared_n is not None:
        return declared_n
    if cols is None or cols <= 9:
        return 9
    return min(cols, 9 + len(LETTERS))


def _symbol_value(ch: str, kind: GridKind, limit: int, low: int = 1
                  ) -> tuple[int | None, str | None]:
    """The value of one cell symbol, or (None, hint) when it is outside the alphabet."""
    if ch == ".":
        return None, None
    if kind == "clues":
        if ch in "0123456789":
            return int(ch), None
        if ch in CLUE_LETTERS:
            return 10 + CLUE_LETTERS.index(ch), None
        return None, "clues use '.' for an empty cell, the numbers 0-9 and A-Z for 10-35"
    if kind == "shading":
        if ch in SHADING_SYMBOLS:
            return SHADING_SYMBOLS[ch], None
        if ch.lower() in SHADING_SYMBOLS:
            return None, f"write shading in lower case: '{ch.lower()}'"
        return None, "shading uses 1 or b (shaded), 0 or w (unshaded) and '.' (unknown)"
    if ch in "123456789":
        value = int(ch)
    elif ch in LETTERS:
        value = 10 + LETTERS.index(ch)
        if limit <= 9:
            return None, "letters A-G stand for 10-16 only on boards wider than 9 columns"
    elif ch.upper() in LETTERS:
        return None, f"write letters in upper case: '{ch.upper()}'"
    elif ch == "0":
        if low == 0:
            return 0, None
        return None, "'.' marks an empty cell; digits start at 1 (say 'digits: 0-N' for a 0)"
    else:
        return None, _alphabet_hint(limit, low)
    if value > limit or value < low:
        return None, _alphabet_hint(limit, low)
    return value, None


def _alphabet_hint(limit: int, low: int = 1) -> str:
    top = str(limit) if limit <= 9 else f"9, then A-{LETTERS[limit - 10]} for 10-{limit}"
    return f"givens use '.' for an empty cell and the digits {low}-{top}"


def read_grid(text: str, kind: GridKind, limit: int = 16, low: int = 1) -> Grid:
    """Read grid text; symbols outside the alphabet become `givens-alphabet` problems."""
    grid = Grid()
    for line_no, line in enumerate(text.split("\n")):
        if all(ch in SEPARATOR for ch in line):
            continue
        row: list[int | None] = []
        where: list[int] = []
        numbers = _numbers_in_one_cell(line) if kind != "shading" else {}
        for i, ch in enumerate(line):
            if ch in LAYOUT or numbers.get(i) == 0:
                continue
            if i in numbers:
                token = line[i:i + numbers[i]]
                grid.problems.append(GridProblem(
                    "givens-alphabet", f"'{token}' stands in one cell, and a cell holds one "
                    "symbol", line_no, i, _number_hint(kind, limit, low)))
                row.append(None)
                where.append(i)
                continue
            value, hint = _symbol_value(ch, kind, limit, low)
            if hint is not None:
                what = kind
                grid.problems.append(
                    GridProblem(
                        "givens-alphabet", f"'{ch}' is not a symbol of the {what}", line_no, i, hint
                    )
                )
            row.append(value)
            where.append(i)
        grid.rows.append(row)
        grid.row_lines.append(line_no)
        grid.cell_index.append(where)
    return grid


def _numbers_in_one_cell(line: str) -> dict[int, int]:
    """The numbers of two or more digits a row written one cell a word holds (`2 8 10`): by
    where each starts, its length, and 0 for its other characters. A row whose words are all
    longer (`534 678 912`, cells grouped by box) holds none: there every character is a
    cell."""
    words = [m for m in re.finditer(r"[^ \t|]+", line)]
    if not any(len(m.group()) == 1 for m in words):
        return {}
    found: dict[int, int] = {}
    for m in words:
        if len(m.group()) > 1 and m.group().isdigit():
            found[m.start()] = len(m.group())
            found.update((i, 0) for i in range(m.start() + 1, m.end()))
    return found


def _number_hint(kind: GridKind, limit: int, low: int) -> str:
    if kind == "clues":
        return "clues 10-35 are written A-Z, one character a cell"
    if limit > 9:
        return "digits 10-16 are written A-G, one character a cell"
    return f"the digits of this board are {low}-{limit}, one character a cell"


def check_size(grid: Grid, kind: GridKind, board: tuple[int, int] | None, extra: int = 0
               ) -> list[GridProblem]:
    """`givens-size` problems: rows of the wrong width, or the wrong number of rows. Givens may
    go on below the board with the rows of its `extra` cells."""
    problems: list[GridProblem] = []
    if not grid.rows:
        return problems
    rows, cols = board if board is not None else (None, len(grid.rows[0]))
    against = f"the {rows}×{cols} board" if board is not None else "the first row"
    widths = {len(row) for row in grid.rows}
    if board is not None and len(widths) == 1 and cols not in widths:
        # Every row has the same wrong width: one problem, not one per row.
        problems.append(
            GridProblem(
                "givens-size",
                f"{kind} rows have {widths.pop()} cells, {against} has {cols}",
                grid.row_lines[0],
                grid.cell_index[0][0] if grid.cell_index[0] else 0,
                "write one symbol per cell; spaces and '|' are only layout",
            )
        )
    else:
        for r, row in enumerate(grid.rows):
            if len(row) != cols:
                problems.append(
                    GridProblem(
                        "givens-size",
                        f"{kind} row {r + 1} has {len(row)} cells, {against} has {cols}",
                        grid.row_lines[r],
                        grid.cell_index[r][0] if grid.cell_index[r] else 0,
                        "write one symbol per cell; spaces and '|' are only layout",
                    )
                )
    if rows is None or len(grid.rows) == rows:
        return problems
    below = extra_rows(board, extra) if board is not None and kind == "givens" else 0
    if below and len(grid.rows) > rows:
        problems.extend(_past_extra(grid, board, extra))  # type: ignore[arg-type]
        if len(grid.rows) == rows + below:
            return problems
    too_many = len(grid.rows) > rows + below
    r = rows + below if too_many else len(grid.rows) - 1
    counted = f"{rows} and {below} of extra cells" if below else f"{rows}"
    problems.append(
        GridProblem(
            "givens-size",
            f"{kind} have {len(grid.rows)} rows, the {rows}×{cols} board has {counted}",
            grid.row_lines[r],
            grid.cell_index[r][0] if grid.cell_index[r] else 0,
            ("this row is beyond the extra cells" if below else
             "this row is beyond the board; write one line per board row")
            if too_many
            else "a row is missing after this one",
        )
    )
    return problems


def _past_extra(grid: Grid, board: tuple[int, int], extra: int) -> list[GridProblem]:
    """A digit given in the last extra row beyond the last extra cell."""
    out = []
    for r in range(board[0], len(grid.rows)):
        for c, v in enumerate(grid.rows[r]):
            if v is not None and not on_board(r + 1, c + 1, board, extra):
                out.append(GridProblem(
                    "off-board-cell", f"r{r + 1}c{c + 1} is past the last extra cell",
                    grid.row_lines[r], grid.cell_index[r][c],
                    f"the case declares {extra} extra cells; leave the cells after them '.'"))
    return out


def board_size(case: Case, declares_board: DeclaresBoard | None = None
               ) -> tuple[int, int] | None:
    """Rows and columns: from ``board:``, else a line declaring the board (`sudoku NxN`, as
    `declares_board` says), else the givens' shape."""
    size = parse_board(case.front.fields.get("board"))
    if size is not None:
        return size
    declared = declared_board(case.rules, declares_board)
    if declared is not None:
        return declared[1], declared[2]
    for key in ("givens", "shading", "clues"):
        text = case.front.fields.get(key)
        if isinstance(text, str):
            shape = read_grid(text, key).size  # type: ignore[arg-type]
            if shape is not None:
                return shape
    return None


def _read_checked(case: Case, kind: GridKind, declares_board: DeclaresBoard | None
                  ) -> list[list[int | None]] | None:
    text = case.front.fields.get(kind)
    if text is None:
        return None
    if not isinstance(text, str):
        raise SapphireError([Diagnostic("bad-front-matter-value", f"{kind} must be text")])
    board = board_size(case, declares_board)
    declared = declared_board(case.rules, declares_board)
    digits = case_digits(case)
    limit = max_digit(board[1] if board else None, declared[1] if declared else None, digits)
    grid = read_grid(text, kind, limit, digits.start if digits is not None else 1)
    problems = grid.problems + check_size(grid, kind, board, case_extra_cells(case))
    if problems:
        raise SapphireError([Diagnostic(p.kind, p.message, hint=p.hint) for p in problems])
    return grid.rows


def digit_grid(case: Case, declares_board: DeclaresBoard | None = None
               ) -> list[list[int | None]] | None:
    """The given digits, row by row (None for an empty cell); None when there are no givens.
    `declares_board` as for `board_size`."""
    return _read_checked(case, "givens", declares_board)


def clue_grid(case: Case, declares_board: DeclaresBoard | None = None
              ) -> list[list[int | None]] | None:
    """Numbers shown in cells that are clues, not answer digits (a Slitherlink's 0-3)."""
    return _read_checked(case, "clues", declares_board)


def given_grid(case: Case, key: str, declares_board: DeclaresBoard | None = None
               ) -> list[list[int | None]] | None:
    """The front-matter grid `key` (`givens`, `shading` or `clues`, `GridKind`) read as that
    key's symbols say; None when the case has none. A channel's `given` names its key."""
    if key not in get_args(GridKind):
        raise ValueError(f"no front-matter grid is called {key!r}")
    return _read_checked(case, key, declares_board)  # type: ignore[arg-type]


def shading_grid(case: Case, declares_board: DeclaresBoard | None = None
                 ) -> list[list[int | None]] | None:
    """The given shading (1 shaded, 0 unshaded, None unknown); None when none is given."""
    return _read_checked(case, "shading", declares_board)


def corner_cells(a: int, b: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """The board's cells around grid corner a,b (the bottom-right corner of cell a,b, 0 to
    rows and 0 to cols), in reading order: four inside, two on the edge, one at a corner."""
    return [(r, c) for r in (a, a + 1) for c in (b, b + 1) if 1 <= r <= rows and 1 <= c <= cols]


CORNER_STEPS = {1: (-1, -1), 2: (-1, 0), 3: (0, 0), 4: (0, -1)}
"""A cell's corners by number (1 top-left, 2 top-right, 3 bottom-right, 4 bottom-left), as the
step from the cell to the cell whose bottom-right corner it is."""


def shared_corner(cells: list[tuple[int, int]], rows: int, cols: int, which: int = 0
                  ) -> tuple[int, int] | None:
    """The grid corner where the cells (1-based), and no other cell of the board, meet: four
    inside the board, two on its edge, one at its corner. Corner a,b is the bottom-right corner
    of cell a,b (0 to rows, 0 to cols). `which` (1-4, `CORNER_STEPS`) picks a corner of the
    first cell, where the cells meet at several (a board one cell tall or wide); 0 takes the
    first that fits. None when there is no such corner."""
    if not cells:
        return None
    r, c = cells[0]
    steps = [CORNER_STEPS[which]] if which in CORNER_STEPS else list(CORNER_STEPS.values())
    for dr, dc in sorted(steps):
        a, b = r + dr, c + dc
        if set(corner_cells(a, b, rows, cols)) == set(cells):
            return a, b
    return None


def corner_number(a: int, b: int, rows: int, cols: int) -> int:
    """What a corner clue at grid corner a,b writes as its `corner`: 0 when its cells meet at
    no other corner, else which corner of its first cell it is (`CORNER_STEPS`)."""
    cells = corner_cells(a, b, rows, cols)
    r, c = cells[0]
    meets = [(r + dr, c + dc) for dr, dc in CORNER_STEPS.values()
             if set(corner_cells(r + dr, c + dc, rows, cols)) == set(cells)]
    if len(meets) == 1:
        return 0
    return next(k for k, (dr, dc) in CORNER_STEPS.items() if (r + dr, c + dc) == (a, b))
