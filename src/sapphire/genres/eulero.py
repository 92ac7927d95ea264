"""Eulero (janko.at): every cell of an N×N board holds a pair, a letter and a number, each from
N (A, B, … and 1, 2, …); every row and column holds each letter once and each number once,
and no pair stands twice on the board (a Graeco-Latin square).

A pair is one digit from 1 to N²: letter a and number b are (a−1)·N + b (`pair-parts`, whose
`base` is N). The case is `digits: 1-N²`, `all-different` over the board (no pair twice), and
a `pair-parts … base N` line on each row and column (`row-1`, `column-1`, …). A whole pair
given is a given digit; a cell with only its letter or only its number given is an
`absent-digits` line of the pairs it cannot hold, one per letter or number given. The rules
are those of the puzzlekit solver; with them each of the dataset's puzzles has its recorded
answer alone. The answer is the digits.

* puzzlekit (`Eulero`): the grid, a two-digit token per cell, the letter's place in the
  alphabet then the number, 0 where a part is not given (`00` empty, `20` the letter B, `03`
  the number 3, `23` both). A solution gives every cell's pair so.
"""

from __future__ import annotations

from dataclasses import dataclass

from sapphire.formats.answer import Answer
from sapphire.formats.builder import CaseBuilder
from sapphire.formats.common import Cell, grid_columns, grid_rows
from sapphire.formats.genre import ClueError, Genre
from sapphire.formats.puzzlekit import Source, Token, rc, read_layout, solution_grid, square_side

HINT = ("a cell is two digits, its letter (1 for A) then its number, each 1-N or 0 when not "
        "given: 00, 20, 03, 23")

Pair = tuple[int, int]
"""A cell's letter and number, each from 1, 0 when not given."""


@dataclass(frozen=True)
class Clues:
    """An Eulero puzzle: the board and each cell's given letter and number."""

    rows: int
    cols: int
    pairs: tuple[tuple[Pair, ...], ...] = ()
    """Each row's (letter, number) pairs, 0 for a part not given."""


def digit(pair: Pair, n: int) -> int:
    """The digit that stands for a whole pair on a board of side `n`."""
    return (pair[0] - 1) * n + pair[1]


class Eulero(Genre[Clues]):
    puzzlekit = "Eulero"
    kinds = ("all-different", "pair-parts", "absent-digits", "given-number")

    def build(self, b: CaseBuilder, clues: Clues) -> None:
        n = clues.rows
        if clues.cols != n:
            raise ClueError(f"a {clues.rows}x{clues.cols} board is not square",
                            "an Eulero's rows and columns hold the same pairs", at="size")
        givens: list[list[int | None]] = []
        letters: dict[int, list[Cell]] = {}
        numbers: dict[int, list[Cell]] = {}
        for r, row in enumerate(clues.pairs, 1):
            givens.append([])
            for c, (a, x) in enumerate(row, 1):
                if not (0 <= a <= n and 0 <= x <= n):
                    raise ClueError(f"the pair {a}{x} at {rc(r - 1, c - 1)} has a part "
                                    f"outside 1-{n}", HINT, at=(r, c))
                givens[-1].append(digit((a, x), n) if a and x else None)
                if a and not x:
                    letters.setdefault(a, []).append((r, c))
                elif x and not a:
                    numbers.setdefault(x, []).append((r, c))
        b.board = (n, n)
        b.digits = (1, n * n)
        b.add_givens(givens)
        cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
        b.add("all-different", cells)
        for what, lines in (("row", grid_rows(n, n)), ("column", grid_columns(n, n))):
            for line in lines:
                b.add("pair-parts", line, id_stem=what, base=n)
        everything = range(1, n * n + 1)
        for a, where in sorted(letters.items()):
            b.add("absent-digits", where, id_stem="letter",
                  digits=[d for d in everything if (d - 1) // n != a - 1])
        for x, where in sorted(numbers.items()):
            b.add("absent-digits", where, id_stem="number",
                  digits=[d for d in everything if (d - 1) % n != x - 1])

    def read_puzzlekit(self, src: Source) -> Clues:
        lay = read_layout(src, ("the grid",))
        n = square_side(src, lay)
        src.places["size"] = lay.head[0]
        pairs = []
        for r, row in enumerate(lay.blocks[0], 1):
            for c, tok in enumerate(row, 1):
                src.places[(r, c)] = tok
            pairs.append(tuple(pair(src, tok, r, c) for c, tok in enumerate(row, 1)))
        return Clues(n, n, tuple(pairs))

    def read_solution(self, src: Source) -> Answer:
        grid = solution_grid(src)
        n = len(grid)
        out = []
        for r, row in enumerate(grid, 1):
            line = []
            for c, tok in enumerate(row, 1):
                a, x = pair(src, tok, r, c)
                if not (1 <= a <= n and 1 <= x <= n):
                    raise src.at(tok, f"'{tok.text}' at {rc(r - 1, c - 1)} is no whole pair "
                                 f"of 1-{n}", HINT)
                line.append(digit((a, x), n))
            out.append(line)
        return {"digits": out}


def pair(src: Source, tok: Token, r: int, c: int) -> Pair:
    """A cell's two-digit token as its (letter, number)."""
    if len(tok.text) != 2 or not tok.text.isdecimal():
        raise src.at(tok, f"'{tok.text}' at {rc(r - 1, c - 1)} is not two digits", HINT)
    return int(tok.text[0]), int(tok.text[1])
