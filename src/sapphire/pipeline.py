"""The pipeline in one place: read → (instantiate) → ground → search → verify → decode.

Every stage is a call to one function of its package; the data between them are the stage
dataclasses (`Case`, `Program` with its `Instance`, `GroundModel`, `BackendResult`), and the
result of a solve is one `Solved`. A `.sapphire` program and its data enter at
`solve_program`; a case file at `solve_case`, whose first stage (`sapphire.meaning`) turns the
case into a `Program` plus an `Instance`. From there both take the same path (`ground_within`,
then `search_answers`); only the shape of the answer differs. A loaded case
(`sapphire.api.Puzzle`) runs these same stages once each and keeps what they made. Time
travels as one `Deadline`, made where the time limit is given.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

import sapphire.backend as backends
from sapphire.backend.base import BackendResult
from sapphire.deadline import UNBOUNDED, Deadline
from sapphire.diagnostics import InternalError, error, read_text
from sapphire.evaluator import holds, violations
from sapphire.ground.grounder import TimeUp, ground
from sapphire.ground.implied import imply
from sapphire.lang.instance import Instance, check_data, data_to_instance, key_places
from sapphire.lang.parser import parse_program
from sapphire.lang.syntax import Program
from sapphire.lang.types import typecheck_program
from sapphire.meaning import AnswerForm, bundled_form, case_answer, instantiate_checked, load_case
from sapphire.meaning.answer import decided as count_decided
from sapphire.meaning.answer import named_candidates
from sapphire.model import FALSE, GroundModel

Answer = dict[str, Any]


STOPPED_BY_TIME = "time"
STOPPED_BY_LIMIT = "limit"


@dataclass
class Count:
    """How many answers a search found, and whether that is all there are."""

    found: int
    """Distinct answers found, each verified."""
    complete: bool
    """The search was exhausted: `found` is the number of all the answers."""
    stopped: str = ""
    """Why it is not complete: `STOPPED_BY_TIME` or `STOPPED_BY_LIMIT` (the answers asked
    for were found, and there may be more); empty when complete."""


class Explanation(Protocol):
    """What `--why` found (`sapphire.explain.Why`), as a result carries it."""

    def to_json(self) -> dict[str, Any]: ...


@dataclass
class Solved:
    """What a solve found, as every entry point gives it: the object `sapphire solve --format
    json` prints (`to_json`), `Puzzle.solve()`'s result, a batch record's source."""

    status: str
    """`unique`, `multiple`, `none` or `unknown` (the time limit came first)."""
    solutions: list[Answer]
    """The answers shown, at most the `max_solutions` asked for: a case's `digits` (and
    `shading`, `regions`, `loop`, `extra`, `values` where its rules declare them), a
    program's maps by name."""
    seconds: float
    """From reading the input to the verified answers, less `timings["load"]` (loading the
    solver)."""
    timings: dict[str, float] = field(default_factory=dict)
    """Seconds per stage (`load` is loading the solver)."""
    model: GroundModel | None = None
    backend: str = ""
    """The backend that answered (`cpsat` or `sat`); empty when no search ran."""
    counted: Count | None = None
    """The answers found and whether that is all of them; None when no search ran (the time
    limit passed first), which counts what is shown, incompletely."""
    why: Explanation | None = None
    """`--why`, when asked for (`Puzzle.why()`)."""
    picture: Callable[[list[Answer]], str] | None = field(default=None, repr=False,
                                                         compare=False)
    """Draws answers over their puzzle (a case's), for `_repr_svg_`; None for a program."""

    @property
    def count(self) -> int:
        """The answers found: those shown, or with `--count` all those counted."""
        return self.counted.found if self.counted is not None else len(self.solutions)

    @property
    def complete(self) -> bool:
        """Whether `count` is the number of all the answers (the search was exhausted)."""
        return self.counted is not None and self.counted.complete

    @property
    def stopped(self) -> str:
        """Why the count is not complete (`STOPPED_BY_TIME` or `STOPPED_BY_LIMIT`); empty
        when it is."""
        if self.complete:
            return ""
        if self.counted is None:
            return STOPPED_BY_TIME
        return self.counted.stopped

    def to_json(self) -> dict[str, Any]:
        """The object `sapphire solve --format json` prints, as plain JSON values."""
        out: dict[str, Any] = {
            "status": self.status, "count": self.count, "complete": self.complete,
            "solutions": self.solutions, "seconds": round(self.seconds, 4),
            "backend": self.backend, "timings": {k: round(v, 4) for k, v in self.timings.items()}}
        if not self.complete:  # why the count is only a lower bound
            out["stopped"] = self.stopped
        if self.why is not None:
            out["why"] = self.why.to_json()
        return out

    def _repr_svg_(self) -> str | None:
        """The answers over their puzzle as SVG (Jupyter shows it); None without answers or
        a puzzle to draw them on."""
        if self.picture is None or not self.solutions:
            return None
        return self.picture(self.solutions)


def read_program(path: str) -> Program:
    return parse_program(read_text(path), path)


def decode(gm: GroundModel, values: list[int]) -> Answer:
    """An answer in source terms: scalars by value, maps as `[index..., value]` rows."""
    out: Answer = {}
    maps: dict[str, dict[tuple[int, ...], int]] = {}
    for var, x in zip(gm.variables, values, strict=True):
        if not var.source or var.name not in gm.answer:
            continue
        if var.index:
            maps.setdefault(var.name, {})[var.index] = x
        else:
            out[var.name] = x
    for name in gm.answer:
        consts = gm.constants.get(name)
        if consts and () in consts:
            out[name] = consts[()]
        elif consts:
            maps.setdefault(name, {}).update(consts)
    for name, pts in maps.items():
        out[name] = [[*idx, v] for idx, v in sorted(pts.items())]
    return out


def answer_variables(gm: GroundModel) -> list[int]:
    names = set(gm.answer)
    return [i for i, v in enumerate(gm.variables) if v.source and v.name in names]


def solve_model(gm: GroundModel, *, max_solutions: int = 2, deadline: Deadline = UNBOUNDED,
                workers: int | None = None, backend: str = "auto") -> BackendResult:
    """Solve with the named backend and verify every answer with the independent evaluator.

    `timings["load"]` is the import of the backend's solver (OR-Tools: about a third of a
    second in a fresh process; 0 after). Callers leave it out of the seconds they report,
    which then measure the puzzle rather than the process."""
    return search_model(gm, max_solutions=max_solutions, deadline=deadline, workers=workers,
                        backend=backend)[0]


def search_model(gm: GroundModel, *, max_solutions: int = 2, count_limit: int | None = None,
                 deadline: Deadline = UNBOUNDED, workers: int | None = None,
                 backend: str = "auto") -> tuple[BackendResult, Count]:
    """`solve_model`, with how many answers were found and whether that is all of them.

    With `count_limit` the search goes on past the `max_solutions` kept, counting answers up
    to that many (each still verified); without, it stops at `max_solutions` (at least two,
    so that `multiple` is known). The count is complete only when the search was exhausted:
    it found fewer answers than it asked for, and not because the deadline stopped it."""
    asked = max(2, max_solutions, count_limit or 0)
    t0 = time.perf_counter()
    search_deadline = deadline
    reserve = 0.0
    if count_limit is not None and deadline.bounded:  # leave time to verify them
        reserve = VERIFY_MARGIN * _verify_cost(gm)
    res = _settled(gm, backend, search_deadline, workers)
    if res is None:
        tried = time.perf_counter() - t0
        if search_deadline.expired():  # the guided search had all the time there was
            res = BackendResult("unknown", [], {"load": 0.0}, "", True)
        else:
            res = backends.solve(gm, answer_variables(gm), backend=backend,
                                 max_solutions=asked, deadline=search_deadline,
                                 workers=workers, reserve=reserve)
        if settles(gm):
            res.timings["guided search"] = tried
    timed_out = res.status == "unknown" or res.timed_out
    t1 = time.perf_counter()
    shown = max(2, max_solutions)
    _verify(gm, res.solutions[:shown])
    verified = shown + _verify_until(gm, res.solutions[shown:], deadline)
    res.timings["verify"] = time.perf_counter() - t1
    found = len(res.solutions)
    if verified < found:  # the time limit came first: only verified answers count
        del res.solutions[verified:]
        counted = Count(verified, False, STOPPED_BY_TIME)
    elif found >= asked:
        counted = Count(found, False, STOPPED_BY_LIMIT)
    elif res.status in ("none", "unique") or not timed_out:
        counted = Count(found, True)  # "none" and "unique" are proven, the clock or not
    else:
        counted = Count(found, False, STOPPED_BY_TIME)
    if count_limit is None:
        counted.found = min(found, max_solutions)
        if found > max_solutions:  # more were found than are shown: there may be more still
            counted = Count(max_solutions, False, STOPPED_BY_LIMIT)
    res.solutions = res.solutions[:max_solutions]
    return res, counted


def _settled(gm: GroundModel, backend: str, deadline: Deadline, workers: int | None
             ) -> BackendResult | None:
    """The one answer keeping the guides, when they settle the count (a rule's ```sapphire
    guide-settles): one answer keeps them and the condition holds of it, so the rule's kind
    says no other answer exists. None when the guides cannot settle it or did not; the search
    then runs as usual in the time left."""
    if not settles(gm):
        return None
    guided = replace(gm, constraints=[*gm.constraints, *gm.guides], guides=[], settles=[])
    res = backends.solve(guided, answer_variables(guided), backend=backend, max_solutions=2,
                         deadline=deadline, workers=workers)
    if res.status == "unique" and all(holds(c.formula, res.solutions[0]) for c in gm.settles):
        res.timings["settled by the guides"] = 1
        return res
    return None


def settles(gm: GroundModel) -> bool:
    """Whether the model's guides may settle its count (`_settled`): it has guides and a
    condition that did not fold to false (a NumberLink under `fill true`)."""
    return bool(gm.guides and gm.settles) and all(c.formula != FALSE for c in gm.settles)


VERIFY_MARGIN = 3.0
"""How much longer than `_verify_cost` a count's search keeps free per answer it found, for
verifying it. A count under a time limit searches until the time left is what verifying its
answers takes: a SAT count of a 4×4 with free digits (120 µs to find an answer, 60-80 µs to
verify it) stops at about 60% of the limit, and a CP-SAT count, whose answers take a solve
each, runs to the limit. (A fixed 60% before stopped CP-SAT counts at about 55%.)"""


def _verify_cost(gm: GroundModel) -> float:
    """Seconds the evaluator takes to check one assignment of `gm` (each variable at its
    lowest value, which checks every domain, element and constraint as an answer does), the
    least of three tries."""
    values = [v.domain.lo if v.domain.intervals else 0 for v in gm.variables]
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        violations(gm, values)
        best = min(best, time.perf_counter() - t)
    return best

VERIFY_BATCH = 256
"""Answers verified between looks at the clock when a count runs against the time limit."""


def _verify_until(gm: GroundModel, solutions: list[list[int]], deadline: Deadline) -> int:
    """Verify answers in order until `deadline`; how many were verified. A count of many
    answers spends as long verifying them as finding them (80 µs each on a 4×4), and the time
    limit covers that too, so a count cut short counts the verified ones."""
    for start in range(0, len(solutions), VERIFY_BATCH):
        if deadline.expired():
            return start
        _verify(gm, solutions[start:start + VERIFY_BATCH])
    return len(solutions)


def _verify(gm: GroundModel, solutions: list[list[int]]) -> None:
    """Every answer against the independent evaluator. A failure is the solver's fault, unless
    only implied constraints fail: then a rule's implied block says more than its meaning."""
    for vals in solutions:
        bad = violations(gm, vals)
        if bad and all(b.implied for b in bad) and bad[0].span is not None:
            raise error("not-implied", "an answer of the rules breaks this implied fact",
                        bad[0].span, hint="a ```sapphire implied block may state only what its "
                        "rule's meaning implies; correct the fact or remove it")
        if bad:
            detail = "; ".join(f"{b.what} ({b.origin})" for b in bad[:5])
            raise InternalError(f"the solver's answer fails verification: {detail}")


def has_answer(gm: GroundModel, *, deadline: Deadline = UNBOUNDED, workers: int | None = None,
               backend: str = "auto") -> bool | None:
    """Whether the model has an answer (None: the deadline came first); the search stops at
    the first answer, which is verified like any other."""
    res = backends.solve(gm, answer_variables(gm), backend=backend, max_solutions=1,
                         deadline=deadline, workers=workers)
    if res.status == "unknown" and not res.solutions:
        return None
    _verify(gm, res.solutions)
    return bool(res.solutions)


def ground_model(program: Program, inst: Instance, deadline: Deadline = UNBOUNDED
                 ) -> GroundModel:
    """The ground stage: unroll and fold the program on its instance (raises `TimeUp` past
    `deadline`), then the passes over the ground model (the facts its rules imply)."""
    return imply(ground(program, inst, deadline))


def check_grounded(program: Program, inst: Instance, deadline: Deadline) -> bool:
    """What a solve tests before it searches, after the program is instantiated and typed:
    ground it and ask whether the backend refuses the model (`sapphire.backend.static`);
    raises the same `SapphireError` a solve would. False when `deadline` passed first."""
    from sapphire.backend.static import refusals

    try:
        gm = ground_model(program, inst, deadline)
    except TimeUp:
        return False
    refusals(gm)
    return True


def ground_within(program: Program, inst: Instance, deadline: Deadline) -> GroundModel | None:
    """Ground before the deadline: the model, or None when the deadline passed first (the
    search then never starts). The limit covers reading and grounding too, so that a big
    model does not outrun it."""
    try:
        gm = ground_model(program, inst, deadline)
    except TimeUp:
        return None
    return None if deadline.expired() else gm


def search_answers(gm: GroundModel | None, *, start: float, timings: dict[str, float],
                   max_solutions: int = 2, deadline: Deadline = UNBOUNDED,
                   workers: int | None = None, backend: str = "auto",
                   count_limit: int | None = None,
                   answer: Callable[[Answer], Answer] | None = None) -> Solved:
    """The search stage and after: up to `max_solutions` verified answers of `gm` (None when
    the deadline passed before it was grounded), each decoded and shaped by `answer` (a
    case's grids; by default left as decoded). `count_limit` counts answers up to that many
    (see `search_model`). `timings` are the stages before, `start` the moment the input was
    first read, which the seconds count from."""
    if gm is None or deadline.expired():
        return Solved("unknown", [], time.perf_counter() - start, {**timings, "load": 0.0})
    res, counted = search_model(gm, max_solutions=max_solutions, count_limit=count_limit,
                                deadline=deadline, workers=workers, backend=backend)
    timings = {**timings, **res.timings}
    shape = answer or (lambda decoded: decoded)
    answers = [shape(decode(gm, s)) for s in res.solutions]
    return Solved(res.status, answers, time.perf_counter() - start - timings["load"], timings,
                  gm, res.backend, counted)


def solve_grounded(program: Program, inst: Instance, *, max_solutions: int = 2,
                   deadline: Deadline = UNBOUNDED, workers: int | None = None,
                   backend: str = "auto", count_limit: int | None = None) -> Solved:
    """Ground and solve a program on its instance (`search_answers`); the seconds count from
    now."""
    t0 = time.perf_counter()
    gm = ground_within(program, inst, deadline)
    t1 = time.perf_counter()
    return search_answers(gm, start=t0, timings={"ground": t1 - t0},
                          max_solutions=max_solutions, deadline=deadline, workers=workers,
                          backend=backend, count_limit=count_limit)


def solve_case(path: str, *, max_solutions: int = 2, time_limit: float | None = None,
               workers: int | None = None, backend: str = "auto",
               count_limit: int | None = None,
               library_roots: Sequence[Path | str] = (),
               fetch: str = "auto", text: str | None = None) -> Solved:
    """The whole chain for a case file, from its text to verified answers: read, resolve
    its library, instantiate, ground, search, verify and decode; `time_limit` counts from
    reading the case. `count_limit` counts its answers up to that many (`search_model`),
    `library_roots` are folders besides the case file's own that its library may be in, and
    `fetch` how fetched definitions use their cache. With `text`, that is the case and `path`
    only names it (in errors, and as the place a library folder is found from). A loaded
    `sapphire.api.Puzzle` runs the same stages and keeps what each made."""
    deadline = Deadline.after(time_limit)
    t0 = time.perf_counter()
    case, lib = load_case(path, library_roots, fetch, text=text)
    inst = instantiate_checked(case, lib)
    t1 = time.perf_counter()
    gm = ground_within(inst.program, inst.instance, deadline)
    t2 = time.perf_counter()
    return search_answers(gm, start=t0, timings={"instantiate": t1 - t0, "ground": t2 - t1},
                          max_solutions=max_solutions, deadline=deadline, workers=workers,
                          backend=backend, count_limit=count_limit,
                          answer=lambda decoded: case_answer(inst, decoded))


@dataclass
class Candidates:
    """The values some answer gives each answer point ("true candidates"), with the answers
    that show them: every value listed is in a verified answer."""

    status: str
    """'unique' | 'multiple' | 'none' | 'unknown', as a solve says it."""
    candidates: Answer
    """The answer's shape (a case's `digits`, `shading`, …), each point's value replaced by
    the sorted list of its candidates (`None` where the answer has no point)."""
    complete: bool
    """No answer gives a point a value missing here (the search was exhausted)."""
    seen: int
    """The answers found, each verified: one per round, each with a value not seen before."""
    seconds: float
    timings: dict[str, float] = field(default_factory=dict)
    backend: str = ""
    model: GroundModel | None = None
    form: AnswerForm | None = None
    """The parts of the case's answer (`sapphire.meaning.answer`); None: the bundled
    prelude's channels."""

    @property
    def stopped(self) -> str:
        """Why the candidates are not complete (`STOPPED_BY_TIME`); empty when they are."""
        return "" if self.complete else STOPPED_BY_TIME

    def to_json(self) -> dict[str, Any]:
        """The object `sapphire solve --candidates --format json` prints (README): with the
        points that are not cells (a loop's edges) by name under `points`."""
        out: dict[str, Any] = {"status": self.status, "complete": self.complete}
        if not self.complete:
            out["stopped"] = self.stopped
        form = self.form or bundled_form()
        named = named_candidates(form, self.candidates)
        out.update(candidates=self.candidates, decided=decided(self.candidates, form),
                   **({"points": named} if named else {}),
                   solutions_seen=self.seen, seconds=round(self.seconds, 4),
                   backend=self.backend,
                   timings={k: round(v, 4) for k, v in self.timings.items()})
        return out


def decided(cands: Answer, form: AnswerForm | None = None) -> dict[str, Any]:
    """Per part of the answer, how many of its points have one candidate; `values` per map
    (`sapphire.meaning.answer.decided`, over the case's `form`)."""
    return count_decided(form or bundled_form(), cands)


CANDIDATES_SEARCH_SHARE = 0.85
"""The part of the time left a candidates search gets; the rest is for verifying the answers
it found, which takes about a fifth as long per answer as finding it (an empty 16×16 sudoku:
20 ms to find an answer with the SAT backend, 4 ms to verify it)."""


def search_candidates(gm: GroundModel, *, deadline: Deadline = UNBOUNDED,
                      workers: int | None = None, backend: str = "auto"
                      ) -> tuple[BackendResult, dict[int, list[int]]]:
    """The backend's candidates search (`sapphire.backend.candidates`), each answer verified
    with the independent evaluator, and per answer variable the values those answers give it.
    Verifying stops at `deadline` (a search of hundreds of answers on a 16×16 spent most of a
    second past it): the answers left unverified are left out, and the search counts as
    stopped by the time limit."""
    answer_vars = answer_variables(gm)
    res = backends.candidates(gm, answer_vars, backend=backend,
                              deadline=deadline.share(CANDIDATES_SEARCH_SHARE), workers=workers)
    t1 = time.perf_counter()
    verified = min(2, len(res.solutions))  # the status rests on these
    _verify(gm, res.solutions[:verified])
    while verified < len(res.solutions) and not deadline.expired():
        _verify(gm, res.solutions[verified:verified + 1])  # some ms each on a 16×16
        verified += 1
    if verified < len(res.solutions):  # the time limit came first: the rest are left out
        res.solutions = res.solutions[:verified]
        res.timed_out = True
    res.timings["verify"] = time.perf_counter() - t1
    return res, {v: sorted({s[v] for s in res.solutions}) for v in answer_vars}


def decode_candidates(gm: GroundModel, values: dict[int, list[int]]) -> Answer:
    """`decode`'s answer with each value a list of candidates: a constant's is itself."""
    out: Answer = {}
    maps: dict[str, dict[tuple[int, ...], list[int]]] = {}
    for v, xs in values.items():
        var = gm.variables[v]
        if var.index:
            maps.setdefault(var.name, {})[var.index] = xs
        else:
            out[var.name] = xs
    for name in gm.answer:
        consts = gm.constants.get(name)
        if consts and () in consts:
            out[name] = [consts[()]]
        elif consts:
            maps.setdefault(name, {}).update((k, [x]) for k, x in consts.items())
    for name, pts in maps.items():
        out[name] = [[*idx, xs] for idx, xs in sorted(pts.items())]
    return out


def search_candidate_values(gm: GroundModel | None, *, start: float,
                            timings: dict[str, float], answer: Callable[[Answer], Answer],
                            deadline: Deadline = UNBOUNDED, workers: int | None = None,
                            backend: str = "auto", form: AnswerForm | None = None
                            ) -> Candidates:
    """The candidates stage: every value some answer of `gm` (None when the deadline passed
    before it was grounded) gives each answer point, in the shape `answer` gives; with no
    answer found at the deadline the status is `unknown` and the candidates are empty lists.
    `timings` are the stages before, `start` the moment the input was first read; `form` the
    case's answer parts (None: the bundled prelude's)."""
    if gm is None or deadline.expired():
        return Candidates("unknown", {}, False, 0, time.perf_counter() - start,
                          {**timings, "load": 0.0}, form=form)
    res, values = search_candidates(gm, deadline=deadline, workers=workers, backend=backend)
    timings = {**timings, **res.timings}
    shaped = answer(decode_candidates(gm, values))
    complete = not res.timed_out and res.status != "unknown"
    return Candidates(res.status, shaped, complete, len(res.solutions),
                      time.perf_counter() - start - timings["load"], timings, res.backend, gm,
                      form)


def candidates_case(path: str, *, time_limit: float | None = None, workers: int | None = None,
                    backend: str = "auto", library_roots: Sequence[Path | str] = (),
                    fetch: str = "auto", text: str | None = None) -> Candidates:
    """Every value some answer of a case gives each of its answer points, in the case's answer
    shape (`case_answer`), without listing every answer (`search_candidates`). The time limit
    counts from reading the case, as `solve_case`'s does."""
    deadline = Deadline.after(time_limit)
    t0 = time.perf_counter()
    case, lib = load_case(path, library_roots, fetch, text=text)
    inst = instantiate_checked(case, lib)
    t1 = time.perf_counter()
    gm = ground_within(inst.program, inst.instance, deadline)
    t2 = time.perf_counter()
    return search_candidate_values(gm, start=t0,
                                   timings={"instantiate": t1 - t0, "ground": t2 - t1},
                                   answer=lambda decoded: case_answer(inst, decoded),
                                   deadline=deadline, workers=workers, backend=backend,
                                   form=inst.form)


def prepare_program(program_path: str, data: dict[str, Any], data_path: str | None = None,
                    data_text: str | None = None, text: str | None = None
                    ) -> tuple[Program, Instance]:
    """Read a `.sapphire` program, bind its instance data (checked against what the program
    declares) and type-check it: what a solve and a `check` do before grounding. With the data
    file's path and text, errors about the data point into it; with `text`, that is the
    program and `program_path` only names it in errors."""
    program = read_program(program_path) if text is None else parse_program(text, program_path)
    if data_path is not None and data_text is not None:
        place = key_places(data_path, data_text)
        inst = data_to_instance(data, place, data_text, data_path)
        check_data(program, inst, place, data_text)
    else:
        inst = data_to_instance(data)
        check_data(program, inst)
    typecheck_program(program, inst.constants, inst.terms)
    return program, inst


def solve_program(program_path: str, data: dict[str, Any], *, max_solutions: int = 2,
                  time_limit: float | None = None, workers: int | None = None,
                  data_path: str | None = None, data_text: str | None = None,
                  backend: str = "auto", count_limit: int | None = None,
                  text: str | None = None) -> Solved:
    """The whole chain for a `.sapphire` program on instance data (scalars and nested-list
    maps): read, bind the data, type-check, ground, search, verify and decode; `time_limit`
    counts from reading the program. With the data file's path and text, errors about the
    data point into it. With `text`, that is the program and `program_path` only names it in
    errors."""
    deadline = Deadline.after(time_limit)
    t0 = time.perf_counter()
    program, inst = prepare_program(program_path, data, data_path, data_text, text)
    t1 = time.perf_counter()
    gm = ground_within(program, inst, deadline)
    t2 = time.perf_counter()
    return search_answers(gm, start=t0, timings={"parse": t1 - t0, "ground": t2 - t1},
                          max_solutions=max_solutions, deadline=deadline, workers=workers,
                          backend=backend, count_limit=count_limit)
