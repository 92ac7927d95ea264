"""Memory, time and output size of `sapphire check` and `sapphire solve` on case files full of
errors, for the sizes where the error report once grew with the square of the input.

Two shapes of case, each at 25 KB, 100 KB and 260 KB:
* `long-line`: one rule line of malformed cells (`cage r0c1,r0c1,…`), an error per cell, each
  of which once repeated the whole line;
* `many-lines`: thousands of lines of one misspelt kind without ids, each error of which once
  listed every line the kind is used on.

Each command runs in its own process under `/usr/bin/time -v` (peak resident memory) with an
address-space cap (`--memory-mb`, default 4096) and a wall-clock cap (`--timeout`), so that a
run that still grows does not take the machine with it.

Usage:
    python bench/error_output.py [--memory-mb MB] [--timeout S] [--sizes 25,100,260]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HEAD = "---\nlibrary: std\n---\nsudoku 9x9\n"


def long_line(size: int) -> str:
    cells = ",".join(["r0c1"] * max(1, (size - len(HEAD) - 20) // 5))
    return f"{HEAD}cage {cells} total 3\n"


def many_lines(size: int) -> str:
    line = "skyscra r1c1 clue 3\n"
    return HEAD + line * max(1, (size - len(HEAD)) // len(line))


SHAPES = {"long-line": long_line, "many-lines": many_lines}


def run(argv: list[str], memory_mb: int, timeout: float) -> dict[str, object]:
    """Exit code, seconds, peak resident MB and bytes written to stderr of one command; the
    output is counted as it comes, never kept (it once ran to gigabytes)."""
    def cap() -> None:
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    t0 = time.perf_counter()
    proc = subprocess.Popen(["/usr/bin/time", "-v", *argv], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, preexec_fn=cap)
    assert proc.stderr is not None
    watchdog = threading.Timer(timeout, proc.kill)
    watchdog.start()
    size, tail, traceback = 0, b"", False
    while chunk := proc.stderr.read(1 << 20):
        size += len(chunk)
        traceback = traceback or b"Traceback" in tail[-16:] + chunk
        tail = (tail + chunk)[-8192:]
    proc.wait()
    watchdog.cancel()
    code = "timeout" if proc.returncode == -9 else None
    seconds = time.perf_counter() - t0
    report = tail[tail.rfind(b"\tCommand being timed"):].decode("utf-8", "replace")
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report)
    return {"code": code or proc.returncode, "seconds": seconds,
            "peak_mb": int(peak[1]) / 1024 if peak else None,
            "stderr_bytes": size - len(report.encode()), "traceback": traceback}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--memory-mb", type=int, default=4096)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--sizes", default="25,100,260", help="sizes in KB, comma-separated")
    args = ap.parse_args()
    sapphire = [sys.executable, "-c", "import sys; from sapphire.cli import main; sys.exit(main())"]
    env_note = os.environ.get("PYTHONPATH", "")
    print(f"# sapphire from {env_note or 'the installed package'}; cap {args.memory_mb} MB")
    print("| shape | KB | command | exit | seconds | peak MB | stderr KB | traceback |")
    print("|---|---:|---|---|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for shape, make in SHAPES.items():
            for kb in (int(k) for k in args.sizes.split(",")):
                path = Path(tmp) / f"{shape}-{kb}.case"
                path.write_text(make(kb * 1024), encoding="utf-8")
                for command in ("check", "solve"):
                    r = run([*sapphire, command, str(path)], args.memory_mb, args.timeout)
                    peak = f"{r['peak_mb']:.0f}" if r["peak_mb"] is not None else "-"
                    print(f"| {shape} | {kb} | {command} | {r['code']} | {r['seconds']:.1f} | "
                          f"{peak} | {int(r['stderr_bytes']) / 1024:,.0f} | "
                          f"{'yes' if r['traceback'] else 'no'} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
