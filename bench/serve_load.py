"""`sapphire serve` under load: how long a light solve waits while other pages ask for more.

Starts a server (`--workers 2`, `--time-limit 10` by default) from the source tree `--src`
(default: this checkout's), then runs 20 clients at once, each a page of its own:

* 16 light pages, each posting `--requests` solves of a 9×9 killer sudoku (some 0.1 s of
  work) one after the other, as a setter's page does after each edit;
* 2 heavy pages, each posting the solve of an empty 16×16 sudoku (its candidates run to the
  time limit) again and again until the light pages are done;
* 2 abandoning pages, each posting that heavy solve `ABANDONED` times, a second apart,
  under a new page id each time and closing the connection 0.3 s later, as a reloaded or
  closed tab does.

A light solve's latency is from its first send to its answer; one answered 503 (the queue
full) is sent again after its Retry-After, and the wait counts. Prints the median, p95 and
maximum latency of the light solves, and how many were refused or failed. Compare two trees
in the same hour on the same machine: the numbers depend on what else the machine runs.

Usage:
    python bench/serve_load.py [--src DIR] [--requests 10] [--workers 2] [--time-limit 10]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIGHT = (ROOT / "examples" / "pictures" / "killer.case").read_text(encoding="utf-8")
HEAVY = "---\nlibrary: std\n---\nsudoku 16x16\n"
LIGHT_PAGES, HEAVY_PAGES, ABANDONING_PAGES = 16, 2, 2
ABANDONED = 3


def start_server(src: Path, workers: int, time_limit: float) -> tuple[subprocess.Popen[str], int]:
    """A `sapphire serve` on a free port, from `src`; returns once it answers."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = ("import sys; from sapphire.cli import main; sys.exit(main(sys.argv[1:]))")
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", "0",
                             "--workers", str(workers), "--time-limit", str(time_limit)],
                            env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r":(\d+)/", line)
    if not found:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, int(found.group(1))


def post(port: int, page: str, case: str, timeout: float = 120.0) -> tuple[int, dict[str, str],
                                                                              bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        body = json.dumps({"client": page, "case": case})
        conn.request("POST", "/api/solve", body, {"Content-Type": "application/json"})
        reply = conn.getresponse()
        return reply.status, dict(reply.getheaders()), reply.read()
    finally:
        conn.close()


def light_page(port: int, page: str, requests: int, latencies: list[float],
               refused: list[int], failed: list[str]) -> None:
    for _ in range(requests):
        t0 = time.perf_counter()
        while True:
            status, headers, body = post(port, page, LIGHT)
            if status != 503:
                break
            refused.append(1)
            time.sleep(float(headers.get("retry-after", headers.get("Retry-After", "1"))))
        latencies.append(time.perf_counter() - t0)
        answer = json.loads(body) if status == 200 else {}
        if answer.get("status") != "unique":
            failed.append(f"{status} {body[:200]!r}")


def heavy_page(port: int, page: str, done: threading.Event, answered: list[str]) -> None:
    while not done.is_set():
        status, _, body = post(port, page, HEAVY)
        answered.append(str(json.loads(body).get("status")) if status == 200 else str(status))
        if status == 503:
            time.sleep(1.0)


def abandoning_page(port: int, name: str, sent: list[int]) -> None:
    for n in range(ABANDONED):
        body = json.dumps({"client": f"{name}-{n}", "case": HEAVY}).encode()
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Content-Type: application/json\r\n"
                         + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
            time.sleep(0.3)
        sent.append(1)
        time.sleep(0.7)


def stats(port: int) -> dict[str, int]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", "/api/stats")
        return json.loads(conn.getresponse().read())  # type: ignore[no-any-return]
    finally:
        conn.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", type=Path, default=ROOT / "src")
    ap.add_argument("--requests", type=int, default=10)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=10.0)
    args = ap.parse_args()
    proc, port = start_server(args.src.resolve(), args.workers, args.time_limit)
    try:
        post(port, "warm-up", LIGHT)
        done = threading.Event()
        latencies: list[float] = []
        refused: list[int] = []
        failed: list[str] = []
        heavy: list[str] = []
        abandoned: list[int] = []
        others = [threading.Thread(target=heavy_page, args=(port, f"heavy-{i}", done, heavy))
                  for i in range(HEAVY_PAGES)]
        others += [threading.Thread(target=abandoning_page,
                                    args=(port, f"gone-{i}", abandoned))
                   for i in range(ABANDONING_PAGES)]
        for t in others:
            t.start()
        time.sleep(1.0)  # the heavy solves are under way
        t0 = time.perf_counter()
        lights = [threading.Thread(target=light_page, args=(port, f"light-{i}", args.requests,
                                                            latencies, refused, failed))
                  for i in range(LIGHT_PAGES)]
        for t in lights:
            t.start()
        for t in lights:
            t.join()
        wall = time.perf_counter() - t0
        done.set()
        for t in others:
            t.join()
        ordered = sorted(latencies)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        print(f"light solves: {len(latencies)} in {wall:.1f} s; median "
              f"{statistics.median(latencies):.2f} s, p95 {p95:.2f} s, max {ordered[-1]:.2f} s")
        print(f"503 answers: {len(refused)}; light solves not unique: {len(failed)}"
              + (f" (first: {failed[0]})" if failed else ""))
        print(f"heavy solves answered: {len(heavy)}; abandoned requests: {len(abandoned)}")
        print(f"server stats: {stats(port)}")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
