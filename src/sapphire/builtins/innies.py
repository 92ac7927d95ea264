"""Innies and outies: the sums that digit groups and stated sums imply together.

A solver by hand reads a killer this way: a region less the cages inside it, a cage sticking
out of a region by one cell, the cells that cages covering a region have outside it, the
cells by which a band of neighbouring regions and the cages mostly inside it differ, and a
long sum read with the rest of the regions it mostly covers. `derived_sums` finds these
(`sapphire.builtins.sums.DerivedSum`) for the implied-facts pass.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from sapphire.builtins.all_different import Permutation
from sapphire.builtins.sums import MIN_PART, DerivedSum, ends
from sapphire.model import Cmp, Domain, Formula, GroundModel

MAX_SUM_SIZE = 3
"""Cells at most in a derived sum, bar the reads of a long sum with complements (which
replace a longer sum): a SAT encoding of a longer one costs the search more than it saves it
on most killers, however much a propagator for sums gains from it."""

MAX_DIFFERENCE = 8
"""Terms at most in the difference of two equations that share terms (see
`_Deriver._differences`)."""

MAX_RUN = 16
"""Regions at most in a band: the rows of a 16×16 board, but not the hundreds of a family of
small groups, whose runs would take quadratic time."""

FOLD_FROM = 8
"""Terms a sum needs for its read with regions' complements to be worth deriving."""


Point = tuple[int, ...]
"""A map point: the index of a variable of that map."""

_Classes = dict[tuple[str, tuple[Point, ...]], list[tuple[Point, int, frozenset[Point]]]]
"""Regions by map and shape (points less the first): each one's place, index and points."""


@dataclass(frozen=True)
class _Known:
    """Free variables (those with more than one possible value) whose total is known."""

    cells: frozenset[int]
    total: int


def derived_sums(gm: GroundModel, perms: tuple[Permutation, ...],
                 widths: dict[tuple[int, ...], int], formulas: list[Formula],
                 groups: list[tuple[int, ...]]) -> tuple[DerivedSum, ...]:
    """The sums that the permutation groups `perms` (each as wide as `widths` says, givens
    counted) and the unconditional sums among `formulas` imply together (see `_Deriver`)."""
    return _Deriver(gm, perms, widths, formulas, groups).derive()


class _Deriver:
    """The sums that permutation groups (regions, each with its total) and unconditional
    unit-coefficient sums (pieces: cages, little killers) imply together, the way a solver
    by hand reads a killer: a region less the pieces inside it, a piece sticking out of a
    region by one cell, the cells that pieces covering a region have outside it, the cells
    by which a band of neighbouring regions and the pieces mostly inside it differ, and a long
    sum read with the rest of the regions it mostly covers.

    Variables with one possible value count as constants throughout, so that a given cell
    neither lengthens a sum nor keeps a region from being covered. Every sum found is a
    combination of the regions' and pieces' equations, so it holds in every answer.
    """

    def __init__(self, gm: GroundModel, perms: tuple[Permutation, ...],
                 widths: dict[tuple[int, ...], int], formulas: list[Formula],
                 groups: list[tuple[int, ...]]) -> None:
        self.gm = gm
        fixed: dict[int, int] = {}
        """The variables with one possible value (among those read), and that value."""
        variables = gm.variables

        def note_fixed(vs: Iterable[int]) -> None:
            for v in vs:
                ivs = variables[v].domain.intervals
                if len(ivs) == 1 and ivs[0][0] == ivs[0][1]:
                    fixed[v] = ivs[0][0]

        for p in perms:
            note_fixed(p.variables)
        self.regions: list[_Known] = []
        self.full: list[tuple[int, ...]] = []
        """Each region's variables, fixed ones too."""
        self.width: list[int] = []
        """Each region's members: its variables and the constants (given digits) among them."""
        seen: set[frozenset[int]] = set()
        for p in perms:
            key = frozenset(p.variables)
            if key in seen:
                continue
            seen.add(key)
            total = sum(p.values) - sum(fixed[v] for v in p.variables if v in fixed)
            self.regions.append(_Known(frozenset(v for v in p.variables if v not in fixed),
                                       total))
            self.full.append(p.variables)
            self.width.append(widths.get(p.variables, len(p.variables)))
        self.region_of: dict[int, list[int]] = {}
        for i, r in enumerate(self.regions):
            for v in r.cells:
                self.region_of.setdefault(v, []).append(i)
        self._stated: set[tuple[tuple[tuple[int, int], ...], int]] | None = None
        self.pieces: list[_Known] = []
        self.sums: list[tuple[list[tuple[int, int]], int]] = []
        """The model's equations, given variables taken out: `Σ terms = total`."""
        pieces_seen: set[frozenset[int]] = set()
        touched = self.region_of.keys()
        for f in formulas:
            if type(f) is not Cmp or f.op != "=" or touched.isdisjoint(dict(f.lin.terms)):
                continue  # a sum that reads no region is no part of any derived sum
            total = -f.lin.const
            terms = list(f.lin.terms)
            note_fixed(v for v, _ in terms)
            if fixed and any(v in fixed for v, _ in terms):
                total -= sum(c * fixed[v] for v, c in terms if v in fixed)
                terms = [(v, c) for v, c in terms if v not in fixed]
                if not terms:
                    continue
            self.sums.append((terms, total))
            sign = terms[0][1]
            if sign not in (1, -1) or any(c != sign for _, c in terms):
                continue
            cells = frozenset(v for v, _ in terms)
            if cells in pieces_seen:
                continue
            pieces_seen.add(cells)
            self.pieces.append(_Known(cells, sign * total))
        self.piece_of: dict[int, list[int]] = {}
        for i, p in enumerate(self.pieces):
            for v in p.cells:
                self.piece_of.setdefault(v, []).append(i)
        self.overlapping = [{q for v in p.cells for q in self.piece_of[v] if q != i}
                            for i, p in enumerate(self.pieces)]
        self.distinct_of: dict[int, list[int]] = {}
        self.groups = groups
        for i, xs in enumerate(groups):
            for v in xs:
                self.distinct_of.setdefault(v, []).append(i)
        self.out: dict[tuple[tuple[tuple[int, int], ...], int], DerivedSum] = {}

    def derive(self) -> tuple[DerivedSum, ...]:
        if not self.regions:
            return ()
        for i, region in enumerate(self.regions):
            ids = sorted({p for v in region.cells for p in self.piece_of.get(v, ())})
            if not ids:
                continue
            chosen = self._disjoint(ids)
            self._hidden(region, chosen)
            self._covering(i, region, chosen)
        self._bands()
        self._folds()
        self._differences()
        return tuple(self.out.values())

    def _differences(self) -> None:
        """Two equations that share terms, one less a multiple of the other so that the
        shared terms cancel, when that leaves fewer terms than either and at most
        `MAX_DIFFERENCE`: two arrows along one long tail differ by their short heads."""
        using: dict[int, list[int]] = {}
        for i, (terms, _) in enumerate(self.sums):
            for v, _c in terms:
                using.setdefault(v, []).append(i)
        for i, (ti, total_i) in enumerate(self.sums):
            ci = dict(ti)
            for j in sorted({j for v in ci for j in using[v] if j > i}):
                tj, total_j = self.sums[j]
                cj = dict(tj)
                shared = [v for v in ci if v in cj]
                a, b = cj[shared[0]], ci[shared[0]]  # a·Ei − b·Ej cancels the first
                if any(a * ci[v] != b * cj[v] for v in shared):
                    continue  # no one multiple cancels them all
                terms = [(v, a * ci.get(v, 0) - b * cj.get(v, 0)) for v in {**ci, **cj}]
                terms = [(v, c) for v, c in terms if c]
                if not terms or len(terms) > MAX_DIFFERENCE \
                        or len(terms) >= min(len(ti), len(tj)):
                    continue
                total = a * total_i - b * total_j
                g = math.gcd(*(c for _, c in terms), total)
                self._emit_terms([(v, c // g) for v, c in terms], total // g)

    def _folds(self) -> None:
        """Each sum that reads more than half of some regions with one coefficient, read
        with the rest of those regions instead: the same equation in fewer terms, where the
        part that was long shows its true range (eight cells of a row add up to 45 less the
        ninth, not anything from 8 up)."""
        for terms, total in self.sums:
            if len(terms) < FOLD_FROM:
                continue
            coef = dict(terms)
            hit = sorted({g for v in coef for g in self.region_of.get(v, ())})
            parts = []
            for g in hit:
                cells = self.regions[g].cells
                part = [v for v in cells if v in coef]
                if 2 * len(part) > len(cells) and len({coef[v] for v in part}) == 1:
                    parts.append((-len(part), g, part))
            touched: set[int] = set()
            for _, g, part in sorted(parts):
                region = self.regions[g]
                if not touched.isdisjoint(region.cells):
                    continue
                c = coef[part[0]]
                for v in part:
                    del coef[v]
                for v in region.cells - set(part):
                    coef[v] = -c
                total -= c * region.total
                touched |= region.cells
            if touched:
                self._emit_terms(coef.items(), total)

    def _emit(self, plus: Iterable[int], minus: Iterable[int], total: int) -> None:
        """Record `Σ plus − Σ minus = total` unless the model states it already or it is
        longer than `MAX_SUM_SIZE`."""
        terms = [(v, 1) for v in plus] + [(v, -1) for v in minus]
        if len(terms) <= MAX_SUM_SIZE:
            self._emit_terms(terms, total)

    def _emit_terms(self, terms: Iterable[tuple[int, int]], total: int) -> None:
        """Record `Σ coef·var = total` unless the model states it already."""
        terms = list(terms)
        if not terms:
            return
        key = _key(terms, total)
        if key in self.out or key in self.stated():
            return
        self.out[key] = DerivedSum(*key)

    def stated(self) -> set[tuple[tuple[tuple[int, int], ...], int]]:
        """The sums the model states already (regions' totals among them), in `_key` form:
        worked out when a sum is first derived, since most models derive none."""
        if self._stated is None:
            self._stated = {_key(terms, total) for terms, total in self.sums}
            self._stated.update(_key([(v, 1) for v in r.cells], r.total)
                                for r in self.regions if r.cells)
        return self._stated

    def _disjoint(self, ids: list[int]) -> list[int]:
        """Pieces of `ids`, no two sharing a variable: those that overlap the fewest others
        of `ids` first, since each taken piece shuts out the ones it overlaps."""
        members = set(ids)
        order = sorted(ids, key=lambda p: (len(self.overlapping[p] & members), p))
        taken: set[int] = set()
        out = []
        for p in order:
            cells = self.pieces[p].cells
            if taken.isdisjoint(cells):
                out.append(p)
                taken |= cells
        return out

    def _hidden(self, region: _Known, chosen: list[int]) -> None:
        """The region's cells outside the pieces inside it (a hidden cage), and for each
        piece with one cell outside the region, the rest of the region less that cell."""
        covered: set[int] = set()
        inner = 0
        for p in chosen:
            piece = self.pieces[p]
            if piece.cells <= region.cells:
                covered |= piece.cells
                inner += piece.total
        rest = region.cells - covered
        rest_total = region.total - inner
        for p in chosen:
            piece = self.pieces[p]
            out = piece.cells - region.cells
            if len(out) == 1:
                self._emit(rest - piece.cells, out, rest_total - piece.total)
        if len(covered) >= 2 and rest:
            self._emit(rest, (), rest_total)

    def _covering(self, index: int, region: _Known, chosen: list[int]) -> None:
        """When the pieces meeting a region, and other regions filling its gaps, cover it:
        their cells outside it add up to their totals less the region's. Regions lying
        wholly among those cells come off with their totals. Kept only when the total is
        near either end of what the cells can reach, where it rules digits out. Pieces
        more than twice the region's size leave too much outside it to be worth the work."""
        if any(len(self.pieces[p].cells) > 2 * len(region.cells) for p in chosen):
            return
        cover: set[int] = set()
        total = 0
        for p in chosen:
            cover |= self.pieces[p].cells
            total += self.pieces[p].total
        missing = region.cells - cover
        if missing:
            near = sorted({g for v in region.cells for g in self.region_of[v]} - {index})
            for g in near:
                other = self.regions[g]
                if not cover.isdisjoint(other.cells) or len(other.cells & region.cells) < 2:
                    continue
                cover |= other.cells
                total += other.total
                missing -= other.cells
                if not missing:
                    break
            if missing:
                return
        outside = cover - region.cells
        total -= region.total
        inner = {g for v in outside for g in self.region_of.get(v, ())}
        for g in sorted(inner, key=lambda g: (len(self.regions[g].cells), g)):
            other = self.regions[g]
            if len(other.cells) > len(outside):
                break
            if other.cells <= outside:
                outside -= other.cells
                total -= other.total
        if not outside or len(outside) > MAX_SUM_SIZE:
            return
        lo, hi = self._spread(outside)
        if lo <= total <= hi and (hi == lo or hi - lo <= 4 * min(total - lo, hi - total)):
            return
        self._emit(outside, (), total)

    def _spread(self, cells: set[int]) -> tuple[int, int]:
        """The least and greatest totals `cells` can have, reading groups of them that must
        differ (parts of all-different groups, largest first) as distinct values."""
        left = set(cells)
        lo = hi = 0
        while left:
            counts = Counter(g for v in left for g in self.distinct_of.get(v, ()))
            best = max(counts.items(), key=lambda t: (t[1], -t[0]), default=None)
            if best is None or best[1] < 2:
                for v in left:
                    d = self.gm.variables[v].domain
                    lo, hi = lo + d.lo, hi + d.hi
                break
            part = left.intersection(self.groups[best[0]])
            left -= part
            joined = Domain.join(self.gm.variables[v].domain for v in part)
            if len(part) > joined.size:
                return 1, 0  # no answer: any total is out of reach
            lo += sum(ends(joined, len(part), False))
            hi += sum(ends(joined, len(part), True))
        return lo, hi

    def _families(self) -> list[list[int]]:
        """Regions that are translates of one another among the points of one map (the rows
        of a board, its columns, its boxes), split into sets of pairwise disjoint ones, each
        in the order of its place: neighbours in that order are neighbours on the board,
        where a band of them collects the pieces that cross between them.

        A region with given digits lacks their points; it takes the place of a translate
        whose missing points are exactly constants of its map."""
        classes: _Classes = {}
        partial: list[tuple[int, str, list[Point]]] = []
        for i, xs in enumerate(self.full):
            variables = [self.gm.variables[v] for v in xs]
            name = variables[0].name
            if any(var.name != name or len(var.index) != len(variables[0].index)
                   for var in variables):
                continue
            points = sorted(var.index for var in variables)
            if self.width[i] > len(xs):
                partial.append((i, name, points))
                continue
            shape = tuple(_minus(q, points[0]) for q in points)
            classes.setdefault((name, shape), []).append((points[0], i, frozenset(points)))
        for i, name, points in partial:
            self._place(i, name, points, classes)
        out = []
        for members in classes.values():
            if len(members) < 2:
                continue
            families: list[tuple[set[Point], list[int]]] = []
            for _, i, cells in sorted(members):
                for used, family in families:
                    if used.isdisjoint(cells):
                        used.update(cells)
                        family.append(i)
                        break
                else:
                    families.append((set(cells), [i]))
            out.extend(family for _, family in families if len(family) >= 2)
        return out

    def _place(self, i: int, name: str, points: list[Point], classes: _Classes) -> None:
        """Add region i, whose points lack some of its members, to the class of the first
        shape that covers them where every missing point is a constant of the map."""
        constants = self.gm.constants.get(name, {})
        have = set(points)
        for (cname, shape), members in classes.items():
            if cname != name or len(shape) != self.width[i]:
                continue
            offsets = set(shape)
            for first in shape:
                at = _minus(points[0], first)
                if not all(_minus(q, at) in offsets for q in points):
                    continue
                cells = frozenset(_plus(at, d) for d in shape)
                if all(q in constants for q in cells - have):
                    members.append((at, i, cells))
                    return

    def _bands(self) -> None:
        """For each run of two or more neighbouring regions of a family, the pieces with
        more than half their cells in it: the run's cells they miss less their cells outside
        it add up to the run's total less theirs, when few cells differ."""
        if not self.pieces:
            return
        chosen = self._disjoint(list(range(len(self.pieces))))
        piece_at = {v: p for p in chosen for v in self.pieces[p].cells}
        for family in self._families():
            most = self.width[family[0]]
            if most < MIN_PART or not any(v in piece_at for g in family
                                          for v in self.regions[g].cells):
                continue  # pairs of cells: bands of them are many and say little
            for i in range(len(family)):
                inside: dict[int, int] = {}
                taken: list[int] = []
                size_a = size_b = 0  # cells of the run no piece taken covers; cells outside
                total = known = 0
                for j in range(i, min(i + MAX_RUN, len(family))):
                    region = self.regions[family[j]]
                    total += region.total
                    for v in region.cells:
                        p = piece_at.get(v)
                        if p is None:
                            size_a += 1
                            continue
                        k = inside[p] = inside.get(p, 0) + 1
                        size = len(self.pieces[p].cells)
                        if 2 * (k - 1) > size:
                            size_b -= 1
                        elif 2 * k > size:  # now mostly inside: the piece joins
                            taken.append(p)
                            known += self.pieces[p].total
                            size_a -= k - 1
                            size_b += size - k
                        else:
                            size_a += 1
                    n = size_a + size_b
                    if j == i or not 0 < n <= min(most, MAX_SUM_SIZE):
                        continue
                    run = set().union(*(self.regions[g].cells for g in family[i:j + 1]))
                    joined = set().union(*(self.pieces[p].cells for p in taken))
                    self._emit(run - joined, joined - run, total - known)


def _minus(a: Point, b: Point) -> Point:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _plus(a: Point, b: Point) -> Point:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _key(terms: Iterable[tuple[int, int]], total: int
         ) -> tuple[tuple[tuple[int, int], ...], int]:
    """`Σ terms = total` in one form per equation: sorted by variable, with more positive
    coefficients than negative ones (or, as many of each, the first one positive)."""
    ts = tuple(sorted(terms))
    balance = sum(1 if c > 0 else -1 for _, c in ts)
    if balance < 0 or (balance == 0 and ts and ts[0][1] < 0):
        return tuple((v, -c) for v, c in ts), -total
    return ts, total
