"""NumberLink's ```sapphire guide-settles: with cells allowed to stay empty, one answer keeping
the guide that fills the board is the only answer, so such a case is solved by counting the
answers that keep the guide. Brute force (`test_shapes_kinds`) checks the claim on small
boards and the solver's answers; `fill true`, another rule or a given keep it from applying."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import pytest
from counting import Cell, write_case
from test_shapes_kinds import line_names, link_edges, pairs_of

from sapphire import pipeline
from sapphire.meaning.instantiate import instantiate_checked, load_case
from sapphire.pipeline import ground_model, settles, solve_case

Lines = tuple[dict, dict[Cell, int]]


def lines(rows: int, cols: int, pairs: list[tuple[Cell, Cell]]) -> list[Lines]:
    """Every answer with cells allowed to stay empty: its links and its region map."""
    edges = link_edges(rows, cols)
    out = []
    for ms in itertools.product((0, 1), repeat=len(edges)):
        links = dict(zip(edges, ms, strict=True))
        names = line_names(rows, cols, pairs, False, links)
        if names is not None:
            out.append((links, names))
    return out


def keeps_guide(links: dict, names: dict[Cell, int]) -> bool:
    """No two side neighbours on the same line without the link between them."""
    return all(names[a] != names[b] or links[frozenset({a, b})]
               for a, b in (tuple(e) for e in links))


def fills(rows: int, cols: int, links: dict) -> bool:
    return len({x for e, m in links.items() if m for x in e}) == rows * cols


def settled(rows: int, cols: int, pairs: list[tuple[Cell, Cell]]) -> Lines | None:
    """The one guided answer, when it is one and fills the board."""
    guided = [a for a in lines(rows, cols, pairs) if keeps_guide(*a)]
    return guided[0] if len(guided) == 1 and fills(rows, cols, guided[0][0]) else None


def placements(rows: int, cols: int, n: int) -> list[list[tuple[Cell, Cell]]]:
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    return [[(combo[2 * i], combo[2 * i + 1]) for i in range(n)]
            for combo in itertools.combinations(cells, 2 * n)]


@pytest.mark.parametrize(("rows", "cols", "n"), [(2, 3, 2), (3, 3, 3)])
def test_one_guided_answer_filling_the_board_is_the_only_answer(rows: int, cols: int,
                                                                 n: int) -> None:
    # the kind's prose, checked on every placement of n pairs in reading order
    seen = 0
    for pairs in placements(rows, cols, n):
        if settled(rows, cols, pairs) is not None:
            seen += 1
            assert len(lines(rows, cols, pairs)) == 1, pairs
    assert seen == {2: 3, 3: 6}[n]


SETTLED = ["r1c3-r2c1-r2c2-r2c3-r3c1-r3c3", "r1c1-r1c3-r2c1-r2c2-r2c3-r3c1",
           "r1c1-r1c2-r1c3-r2c1-r3c1-r3c3"]


def answer_links(links: dict, rows: int, cols: int) -> dict[str, list[list[int]]]:
    across = [[links.get(frozenset({(r, c), (r, c + 1)}), 0) for c in range(1, cols + 1)]
              for r in range(1, rows + 1)]
    down = [[links.get(frozenset({(r, c), (r + 1, c)}), 0) for c in range(1, cols + 1)]
            for r in range(1, rows + 1)]
    return {"across": across, "down": down}


@pytest.mark.parametrize("ends", SETTLED)
def test_a_case_the_guide_settles_is_solved_under_it(tmp_path: Path, ends: str) -> None:
    want = settled(3, 3, pairs_of(ends))
    assert want is not None
    res = solve_case(write_case(tmp_path, "board: 3x3\n", f"numberlink {ends}"), count_limit=10)
    assert (res.status, res.count, res.complete) == ("unique", 1, True)
    assert res.timings.get("settled by the guides") == 1
    assert res.solutions[0]["links"] == answer_links(want[0], 3, 3)


def test_under_fill_true_the_guide_settles_nothing(tmp_path: Path) -> None:
    path = write_case(tmp_path, "board: 3x3\n", f"numberlink {SETTLED[0]} fill true")
    inst = instantiate_checked(*load_case(path, ()))
    assert not settles(ground_model(inst.program, inst.instance))
    res = solve_case(path)
    assert res.status == "unique" and "settled by the guides" not in res.timings


def test_a_guided_answer_leaving_cells_empty_settles_nothing(tmp_path: Path) -> None:
    # 2x2 r1c1-r1c2: the direct link keeps the guide and leaves the bottom row empty; the way
    # round by r2c1 and r2c2 is the other answer, so the search goes on without the guide
    res = solve_case(write_case(tmp_path, "board: 2x2\n", "numberlink r1c1-r1c2"), count_limit=5)
    assert (res.status, res.count, res.complete) == ("multiple", 2, True)
    assert "settled by the guides" not in res.timings and "guided search" in res.timings


@pytest.mark.parametrize("extra", ["", "givens: |\n  . . .\n  . 1 .\n  . . .\n"])
def test_only_a_case_of_the_rule_alone_may_be_settled(tmp_path: Path, extra: str) -> None:
    alone = write_case(tmp_path, "board: 3x3\n", f"numberlink {SETTLED[0]}")
    assert instantiate_checked(*load_case(alone, ())).program.settles
    # another rule or a given may rule out the answer the guide settles on
    body = (f"numberlink {SETTLED[0]}" if extra else
            f"lines: numberlink {SETTLED[0]}\nsplit: not numberlink r1c1-r1c2")
    (tmp_path / "other").mkdir()
    other = write_case(tmp_path / "other", "board: 3x3\n" + extra, body)
    assert instantiate_checked(*load_case(other, ())).program.settles == ()


def test_a_guided_search_that_takes_all_the_time_leaves_the_status_unknown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(*args: object) -> None:
        time.sleep(0.5)  # the guided search, settling nothing, past the time limit

    # the time limit covers the guided search: the search without the guides gets what is left
    monkeypatch.setattr(pipeline, "_settled", slow)
    path = write_case(tmp_path, "board: 3x3\n", f"numberlink {SETTLED[0]}")
    res = solve_case(path, time_limit=0.3)
    assert (res.status, res.solutions, res.complete) == ("unknown", [], False)
    assert res.timings["guided search"] >= 0.5
