"""The SAT backend against brute force: random small ground models (comparisons of one to
five terms, sets, connectives nested and negated, all-different, automata, elements,
connected groups) have exactly as many answers with it as assignments that the independent
evaluator accepts; its graph encodings propagate to arc consistency; its time limit and its
refusals behave as documented."""

from __future__ import annotations

import itertools
import random
import time

import pytest
from pysat.solvers import Solver

from sapphire.backend import BackendResult
from sapphire.backend import solve as backend_solve
from sapphire.backend.sat import Unsupported
from sapphire.backend.sat.cnf import Cnf
from sapphire.backend.sat.layered import flow, sum_graph
from sapphire.backend.sat.lowering import MAX_VALUES, SatLowering
from sapphire.backend.sat.search import solve as sat_solve
from sapphire.builtins import Accepts, AllDifferent, Connected, Element
from sapphire.deadline import Deadline
from sapphire.diagnostics import SapphireError
from sapphire.evaluator import holds
from sapphire.model import (
    And,
    Cmp,
    Constraint,
    Domain,
    Formula,
    GroundModel,
    Iff,
    Implies,
    InSet,
    Lin,
    Not,
    Or,
    Origin,
    Variable,
)

NOWHERE = Origin(None)


def brute_force(gm: GroundModel) -> int:
    """Assignments of every variable that keep every domain, element and constraint."""
    count = 0
    for values in itertools.product(*(v.domain.values() for v in gm.variables)):
        vals = list(values)
        ok = all(vals[el.result] == _lin(dict(el.table).get(tuple(_lin(i, vals)
                 for i in el.index)), vals) for el, _ in gm.elements)
        if ok and all(holds(c.formula, vals) for c in gm.constraints):
            count += 1
    return count


def _lin(lin: Lin | None, vals: list[int]) -> int | None:
    if lin is None:
        return None
    return lin.const + sum(c * vals[v] for v, c in lin.terms)


def random_lin(rng: random.Random, n: int, most: int) -> Lin:
    k = rng.randint(1, most)
    vs = rng.sample(range(n), min(k, n))
    return Lin(tuple((v, rng.choice((-3, -2, -1, 1, 1, 2))) for v in vs), rng.randint(-4, 4))


def random_atom(rng: random.Random, n: int) -> Formula:
    lin = random_lin(rng, n, 5)
    if rng.random() < 0.2:
        return InSet(lin, Domain.of(rng.sample(range(-6, 7), 4)))
    return Cmp(rng.choice(("=", "¬=", "<=", ">=")), lin)


def random_formula(rng: random.Random, n: int, depth: int) -> Formula:
    roll = rng.random()
    if depth == 0 or roll < 0.35:
        return random_atom(rng, n)
    if roll < 0.5:
        return And(tuple(random_formula(rng, n, depth - 1) for _ in range(rng.randint(2, 3))))
    if roll < 0.65:
        return Or(tuple(random_formula(rng, n, depth - 1) for _ in range(rng.randint(2, 3))))
    if roll < 0.72:
        return Not(random_formula(rng, n, depth - 1))
    if roll < 0.8:
        return Implies(random_formula(rng, n, depth - 1), random_formula(rng, n, depth - 1))
    if roll < 0.86:
        return Iff(random_formula(rng, n, depth - 1), random_formula(rng, n, depth - 1))
    if roll < 0.93:
        vs = rng.sample(range(n), rng.randint(2, n))
        return AllDifferent(tuple(Lin(((v, 1),), 0) for v in vs))
    # words over {0, 1, 2} with an even number of 1s, read by a two-state automaton
    vs = rng.sample(range(n), rng.randint(1, n))
    moves = ((0, 0, 0), (0, 1, 1), (1, 1, 0), (1, 0, 1), (0, 2, 0), (1, 2, 1))
    return Accepts(tuple(Lin(((v, 1),), 0) for v in vs), moves, (0,), (0,))


def random_model(seed: int) -> GroundModel:
    rng = random.Random(seed)
    n = rng.randint(3, 5)
    variables = [Variable("x", (i,), Domain.of(rng.sample(range(-1, 4), rng.randint(2, 4))))
                 for i in range(n)]
    constraints = [Constraint(random_formula(rng, n, 3), NOWHERE)
                   for _ in range(rng.randint(1, 3))]
    gm = GroundModel(variables, constraints, answer=("x",))
    if rng.random() < 0.3:  # y = table[x0]
        gm.variables.append(Variable("y", (), Domain.range(-3, 4)))
        table = tuple(((k,), Lin(((1, 1),), k) if k % 2 else Lin((), k))
                      for k in variables[0].domain.values())
        gm.elements.append((Element(n, (Lin(((0, 1),), 0),), table), NOWHERE))
    return gm


@pytest.mark.parametrize("seed", range(60))
def test_random_models_have_as_many_answers_as_brute_force_finds(seed: int) -> None:
    gm = random_model(seed)
    every = list(range(len(gm.variables)))
    res = sat_solve(gm, every, max_solutions=10_000)
    assert len(res.solutions) == brute_force(gm)
    assert all(not [c for c in gm.constraints if not holds(c.formula, s)]
               for s in res.solutions)
    assert len({tuple(s) for s in res.solutions}) == len(res.solutions)


def grid_model(rows: int, cols: int, negated: bool) -> GroundModel:
    """A 0/1 variable per cell, the cells set to 1 connected (or, negated, not)."""
    cells = tuple((r, c) for r in range(rows) for c in range(cols))
    variables = [Variable("s", cell, Domain.range(0, 1)) for cell in cells]
    members = tuple(Cmp("=", Lin(((i, 1),), -1)) for i in range(len(cells)))
    f: Formula = Connected(cells, members)
    return GroundModel(variables, [Constraint(Not(f) if negated else f, NOWHERE)],
                       answer=("s",))


@pytest.mark.parametrize(("rows", "cols"), [(2, 3), (3, 3)])
def test_connected_groups_are_counted_exactly(rows: int, cols: int) -> None:
    for negated in (False, True):
        gm = grid_model(rows, cols, negated)
        res = sat_solve(gm, list(range(len(gm.variables))), max_solutions=10_000)
        assert len(res.solutions) == brute_force(gm)


def test_a_sum_graph_propagates_to_arc_consistency() -> None:
    """x + y + z = 9 with x, y, z ∈ {1…4}. With x = 2, y + z = 7 leaves y ∈ {3, 4}: unit
    propagation alone rules out 1 and 2 and leaves 3 and 4 open; with x = 1, y = 4."""
    cnf = Cnf()
    lits = [cnf.news(4) for _ in range(3)]
    for ls in lits:  # exactly one value each
        cnf.add(ls)
        cnf.at_most_one(ls)
    weights = [[1, 2, 3, 4]] * 3
    accepted = 1 << (9 - 3)  # totals from 3, bit k for 3 + k
    flow(cnf, sum_graph(lits, weights, 0, accepted, 3, 10_000), 1)
    y = lits[1]
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        ok, implied = s.propagate(assumptions=[lits[0][1]])
        assert ok
        assert {-y[0], -y[1]} <= set(implied)
        assert not {y[2], -y[2], y[3], -y[3]} & set(implied)
        ok, implied = s.propagate(assumptions=[lits[0][0]])
        assert ok and y[3] in implied


def test_the_time_limit_stops_the_search() -> None:
    """A pigeonhole of 12 in 11 holes takes CaDiCaL far longer than 0.2 s to refute."""
    n = 12
    variables = [Variable("p", (i,), Domain.range(1, n - 1)) for i in range(n)]
    gm = GroundModel(variables, [Constraint(AllDifferent(tuple(
        Lin(((i, 1),), 0) for i in range(n))), NOWHERE)], answer=("p",))
    res = sat_solve(gm, list(range(n)), deadline=Deadline.after(0.2))
    assert res.status == "unknown" and res.solutions == []


def wide_model() -> GroundModel:
    variables = [Variable("w", (), Domain.range(0, MAX_VALUES)), Variable("v", (),
                                                                          Domain.range(0, 3))]
    return GroundModel(variables, [Constraint(Cmp("=", Lin(((0, 1), (1, -2)), 0)), NOWHERE)],
                       answer=("w", "v"))


def test_a_variable_too_wide_for_literals_is_cpsats() -> None:
    gm = wide_model()
    with pytest.raises(Unsupported):
        SatLowering(gm, [0, 1])
    res: BackendResult = backend_solve(gm, [0, 1], backend="auto", max_solutions=10)
    assert (res.backend, len(res.solutions)) == ("cpsat", 4)
    with pytest.raises(SapphireError) as e:
        backend_solve(gm, [0, 1], backend="sat")
    assert e.value.diagnostics[0].kind == "sat-unsupported"


@pytest.mark.parametrize("negated", [False, True])
def test_automata_over_one_word_in_a_disjunction_are_counted_exactly(negated: bool) -> None:
    """Some of three automata accepts the word (a loop's sum line, one automaton per start):
    written as one automaton of their states side by side, with the count brute force finds,
    and its negation too."""
    variables = [Variable("x", (i,), Domain.range(0, 2)) for i in range(5)]
    word = tuple(Lin(((i, 1),), 0) for i in range(5))

    def mod3(start: int) -> Accepts:  # the word's sum is `start` more than a multiple of 3
        moves = tuple((s, a, (s + a) % 3) for s in range(3) for a in range(3))
        return Accepts(word, moves, (0,), (start,))

    f: Formula = Or((mod3(1), mod3(2), Accepts(word, ((0, 0, 0),), (0,), (0,))))
    gm = GroundModel(variables, [Constraint(Not(f) if negated else f, NOWHERE)], answer=("x",))
    res = sat_solve(gm, list(range(5)), max_solutions=1000)
    assert len(res.solutions) == brute_force(gm) == (80 if negated else 243 - 81 + 1)


def test_writing_a_huge_sum_stops_at_the_time_limit() -> None:
    # 5,000 digits weighing 20 each, summing to 500,000: finding out that its graph is too
    # large takes seconds (7.6 s here), writing its digits' literals a tenth of one
    from sapphire.ground.grounder import data_to_instance, ground
    from sapphire.lang.parser import parse_program

    gm = ground(parse_program("∀i∈{1⋯5000} ⦗x i⦘∈{1⋯9}\n(Σi∈{1⋯5000}: 20·⦗x i⦘) = 500000\n",
                              "t.sapphire"), data_to_instance({}))
    t = time.process_time()  # CPU time: the bound holds on a loaded machine
    res = sat_solve(gm, list(range(len(gm.variables))), deadline=Deadline.after(0.5))
    assert time.process_time() - t < 2.5
    assert res.status == "unknown" and res.timed_out


def test_writing_many_variables_stops_at_the_time_limit() -> None:
    # 60,000 digits: their literals alone take over a second to write
    from sapphire.ground.grounder import data_to_instance, ground
    from sapphire.lang.parser import parse_program

    gm = ground(parse_program("∀i∈{1⋯60000} ⦗x i⦘∈{1⋯9}\n", "t.sapphire"),
                data_to_instance({}))
    t = time.process_time()
    res = sat_solve(gm, list(range(len(gm.variables))), deadline=Deadline.after(0.1))
    assert time.process_time() - t < 1.0
    assert res.status == "unknown" and res.timed_out


def test_a_full_connectivity_encoding_stops_at_the_time_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a 30×30 shading's group, allowed a full encoding: 900 layers of 900 cells, seconds
    import sapphire.backend.sat.connectivity as connectivity
    from sapphire.backend.sat.cnf import TimeUp

    monkeypatch.setattr(connectivity, "FULL_LITERALS", 10**6)
    from sapphire.ground.grounder import data_to_instance, ground
    from sapphire.lang.parser import parse_program

    gm = ground(parse_program("∀⟨x y⟩∈{1⋯30}×{1⋯30} ⦗s x y⦘∈{0 1}\n"
                              "(connected⟨x y⟩∈{1⋯30}×{1⋯30}: ⦗s x y⦘=1)\n", "t.sapphire"),
                data_to_instance({}))
    low = SatLowering(gm, list(range(len(gm.variables))))
    low.post_model()
    assert low.lazy
    low.deadline = Deadline(time.perf_counter() - 1)
    t = time.process_time()
    with pytest.raises(TimeUp):
        low.encode_lazy()
    assert time.process_time() - t < 1.5
