"""Connectivity in the backend: checked on answers with cuts, or encoded in full.

Every way through the search must give the connected subsets a brute force counts, and a
cut must never remove a connected answer while it removes the answer it was made from.
"""

from __future__ import annotations

from itertools import product

import pytest

from sapphire.backend.cpsat import connectivity
from sapphire.backend.cpsat import search as cpsat
from sapphire.backend.cpsat.connectivity import literal_holds
from sapphire.backend.cpsat.lowering import Lowering
from sapphire.ground.grounder import data_to_instance, ground
from sapphire.ground.implied import imply
from sapphire.lang.parser import parse_program
from sapphire.pipeline import answer_variables


def connected(cells: set[tuple[int, int]]) -> bool:
    if not cells:
        return True
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen == cells


def subsets(rows: int, cols: int) -> list[set[tuple[int, int]]]:
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    return [{c for c, on in zip(cells, bits, strict=True) if on}
            for bits in product((0, 1), repeat=len(cells))]


def board(rows: int, cols: int) -> str:
    return f"∀⟨r c⟩∈{{1⋯{rows}}}×{{1⋯{cols}}} ⦗s r c⦘∈{{0 1}}\n"


def plain(rows: int, cols: int) -> str:
    return board(rows, cols) + f"connected⟨r c⟩∈{{1⋯{rows}}}×{{1⋯{cols}}}: ⦗s r c⦘=1\n"


def enforced(rows: int, cols: int) -> str:
    """With x=1 the shaded cells are one group, with x=0 anything goes."""
    return (board(rows, cols) + "x∈{0 1}\n"
            + f"x=1 ⇒ (connected⟨r c⟩∈{{1⋯{rows}}}×{{1⋯{cols}}}: ⦗s r c⦘=1)\n")


def count(text: str) -> tuple[str, int]:
    gm = imply(ground(parse_program(text, "t.sapphire"), data_to_instance({})))
    av = answer_variables(gm)
    res = cpsat.solve(gm, av, max_solutions=10_000)
    return res.status, len({tuple(s[v] for v in av) for s in res.solutions})


def spy_reach(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes `Connectivity.post_reach` is called with, one per group it encodes."""
    reached: list[int] = []
    original = connectivity.Connectivity.post_reach

    def spy(self: connectivity.Connectivity, member: list, root: list, near: list,
            most: int) -> None:
        reached.append(most)
        original(self, member, root, near, most)

    monkeypatch.setattr(connectivity.Connectivity, "post_reach", spy)
    return reached


# always cuts; encoded in full after the first answer with pieces (a copy of the model is
# then being solved); after one round; the defaults; encoded from the start
WAYS = {"cuts": (True, (10**6, 10**6)), "switch at once": (True, (0, 0)),
        "switch after one": (True, (1, 1)), "default": (True, cpsat.LAZY_ROUNDS),
        "encoded": (False, cpsat.LAZY_ROUNDS)}


@pytest.mark.parametrize("way", list(WAYS))
def test_every_way_counts_the_connected_subsets(way: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    lazy, rounds = WAYS[way]
    monkeypatch.setattr(cpsat, "LAZY_CONNECTIVITY", lazy)
    monkeypatch.setattr(cpsat, "LAZY_ROUNDS", rounds)
    # the empty set and the 40 connected pieces of a 2×3 board; 2×2: 14 of all 16
    assert sum(connected(s) for s in subsets(2, 3)) == 41
    assert count(plain(2, 3)) == ("multiple", 41)
    assert count(enforced(2, 2)) == ("multiple", 14 + 16)


def test_an_encoding_costs_only_the_cells_that_may_be_members() -> None:
    # an island that can only lie in the first two columns costs what a line over them costs
    near = board(2, 3) + "connected⟨r c⟩∈{1⋯2}×{1⋯3}: c<=2 ∧ ⦗s r c⦘=1\n"
    only = board(2, 3) + "connected⟨r c⟩∈{1⋯2}×{1⋯2}: ⦗s r c⦘=1\n"
    sizes = []
    for text in (near, only):
        gm = imply(ground(parse_program(text, "t.sapphire"), data_to_instance({})))
        low = Lowering(gm, lazy_connectivity=False)
        low.post_model()
        sizes.append(len(low.m.proto.variables))
    assert sizes[0] == sizes[1]
    # and it still means the same: a connected part of the 2×2 columns, the last column free
    assert sum(connected(s) for s in subsets(2, 2)) == 14
    assert count(near) == ("multiple", 14 * 2**2)


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("size", [1, 3, 4])
def test_a_group_with_a_sure_member_and_a_size_is_reached_from_it(
        way: str, size: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # r1c2 is shaded and the shading has `size` cells: layers from r1c2 (a Nurikabe island
    # from its numbered cell); every way counts the connected sets through r1c2
    lazy, rounds = WAYS[way]
    monkeypatch.setattr(cpsat, "LAZY_CONNECTIVITY", lazy)
    monkeypatch.setattr(cpsat, "LAZY_ROUNDS", rounds)
    reached = spy_reach(monkeypatch)
    text = (plain(2, 3) + "⦗s 1 2⦘=1\n"
            + f"(#⟨r c⟩∈{{1⋯2}}×{{1⋯3}}: ⦗s r c⦘=1)={size}\n")
    expected = sum(connected(s) for s in subsets(2, 3) if (1, 2) in s and len(s) == size)
    assert expected == {1: 1, 3: 7, 4: 8}[size]
    assert count(text) == ("unique" if expected == 1 else "multiple", expected)
    # encoded from the start, the group is reached from its sure member (with cuts first,
    # the answers may never need the encoding)
    if way == "encoded":
        assert reached == [size]


def test_cuts_keep_every_connected_answer_and_remove_their_own() -> None:
    gm = imply(ground(parse_program(plain(3, 3), "t.sapphire"), data_to_instance({})))
    low = Lowering(gm, lazy_connectivity=True)
    low.post_model()
    (lazy,) = low.lazy
    size = len(low.m.proto.variables)

    def solution(cells: set[tuple[int, int]]) -> list[int]:
        sol = [0] * size
        for lit, cell in zip(lazy.members, lazy.formula.cells, strict=True):
            i, on = lit.index, cell in cells
            if i >= 0:
                sol[i] = int(on)
            else:
                sol[-i - 1] = int(not on)
        return sol

    made = 0
    every = subsets(3, 3)
    for broken in every:
        cuts = lazy.cuts(solution(broken))
        assert bool(cuts) == (not connected(broken))
        made += len(cuts)
        for cut in cuts:
            assert not any(literal_holds(solution(broken), lit) for lit in cut)
        for kept in every[::7]:
            if connected(kept):
                sol = solution(kept)
                assert all(any(literal_holds(sol, lit) for lit in cut) for cut in cuts)
    assert made > 0
