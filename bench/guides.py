"""Seconds to a first answer with a rule's guides and without them, paired per case.

Each case is read and grounded once; then the SAT backend is asked for one answer (the search
a setter waits for before anything is shown), once with the model's guides and once with them
left out, one right after the other. A cell `-` is a search the time limit stopped. The
answers of both runs are checked by the evaluator like every answer, so the guides' first
answer is also an answer of the rules.

Usage:
    python bench/guides.py CASE... [--time-limit S]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from sapphire.deadline import Deadline
from sapphire.meaning.instantiate import instantiate_checked, load_case
from sapphire.model import GroundModel
from sapphire.pipeline import ground_model, has_answer


def first_answer(gm: GroundModel, limit: float) -> float | None:
    """Seconds to one verified answer of `gm` by the SAT backend, or None at the limit."""
    t0 = time.perf_counter()
    found = has_answer(gm, deadline=Deadline.after(limit), backend="sat")
    return time.perf_counter() - t0 if found else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cases", nargs="+")
    ap.add_argument("--time-limit", type=float, default=60.0, metavar="S")
    args = ap.parse_args()
    rows: list[tuple[str, int, float | None, float | None]] = []
    for path in args.cases:
        case, lib = load_case(path, ())
        inst = instantiate_checked(case, lib)
        gm = ground_model(inst.program, inst.instance)
        guides = list(gm.guides)
        with_guides = first_answer(gm, args.time_limit)
        gm.guides = []
        without = first_answer(gm, args.time_limit)
        gm.guides = guides
        rows.append((Path(path).stem, len(guides), with_guides, without))
    show = lambda s: "-" if s is None else f"{s:.2f}"  # noqa: E731
    print("| case | guide constraints | with guides s | without s |")
    print("|---|---:|---:|---:|")
    for name, n, a, b in rows:
        print(f"| {name} | {n} | {show(a)} | {show(b)} |")
    done = [a for _, _, a, _ in rows if a is not None]
    if done:
        print(f"\nwith guides: {len(done)}/{len(rows)} within {args.time_limit:g} s, "
              f"median {statistics.median(done):.2f} s")


if __name__ == "__main__":
    main()
