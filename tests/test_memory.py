"""The memory cap of a worker (`sapphire.memory`) counts what the process holds, and a
command whose puzzle runs out of memory says so instead of reporting a bug."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sapphire.memory import OUT_OF_MEMORY, resident_bytes

ROOT = Path(__file__).resolve().parents[1]
KILLER = str(ROOT / "examples" / "cases" / "killer-sudoku.case")


def run(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def test_the_resident_size_grows_with_what_is_held() -> None:
    before = resident_bytes()
    held = b"x" * (64 << 20)
    assert resident_bytes() - before >= 60 << 20
    del held


def test_a_forked_worker_counts_its_own_pages_not_those_it_shares_with_its_parent() -> None:
    # a pool's worker forked from a large process (a test runner, a page's server) started
    # over its cap at once when the cap counted the parent's pages it shares
    code = ("import os\nfrom sapphire.memory import resident_bytes\n"
            "held = bytearray(300 << 20)\nheld[::4096] = b'x' * len(held[::4096])\n"
            "r, w = os.pipe()\nif os.fork() == 0:\n"
            "    os.write(w, str(resident_bytes()).encode()); os._exit(0)\n"
            "os.wait()\nprint(resident_bytes(), os.read(r, 100).decode())\n")
    parent, child = map(int, run(code).stdout.split())
    assert parent > 300 << 20 and child < 100 << 20


def test_a_capped_process_solves_on_its_deep_stack_and_ends_past_the_cap() -> None:
    code = ("import sys\nfrom sapphire.batch.work import warm\nwarm(300)\n"
            "from sapphire.cli import main\nassert main(['solve', sys.argv[1]]) == 0\n"
            "print('solved', flush=True)\nheld = [b'x' * (1 << 20) for _ in range(2000)]\n"
            "print('not stopped')\n")
    done = run(code, KILLER)
    assert done.returncode == OUT_OF_MEMORY, done.stderr
    assert done.stdout.splitlines()[-1] == "solved"


def test_a_puzzle_out_of_memory_under_ulimit_is_reported_as_such() -> None:
    code = ("import resource, sys\n"
            "resource.setrlimit(resource.RLIMIT_AS, (600 << 20, 600 << 20))\n"
            "import sapphire.cli.solve as solve\n"
            "solve.run = lambda args: bytearray(2 << 30)  # a puzzle that needs 2 GB\n"
            "from sapphire.cli import main\nsys.exit(main(['solve', sys.argv[1]]))\n")
    done = run(code, KILLER)
    assert done.returncode == 1
    assert done.stderr.startswith("error: out of memory: ")
    assert "Traceback" not in done.stderr and "internal" not in done.stderr
