"""A long-lived subprocess that answers JSON lines, for timing a reference solver in its own
process beside Sapphire: the process starts once (its start and warm-up are in no puzzle's
time), and a puzzle that runs past its limit costs only the limit, since the process is then
killed and started again for the next one."""

from __future__ import annotations

import json
import os
import select
import subprocess
import time
from pathlib import Path
from typing import IO, Any

STARTUP = 30.0
"""Seconds a reference process may take to start and warm up."""


class WorkerError(Exception):
    """The process failed (would not start, exited, or replied with something not JSON); the
    bench records it for the puzzle at hand and goes on."""


class LineWorker:
    """A subprocess that answers each JSON line on its stdin with one JSON line on its stdout.

    It stays up between puzzles (so no puzzle pays for its start), and a reply that does not
    come within the puzzle's limit kills it; the next request starts it again. A start waits
    until the process is ready: for its first line (`ready_line`), or for its reply to `probe`,
    a puzzle it solves at once; only then does a puzzle's limit begin."""

    def __init__(self, argv: list[str], label: str, log: Path, ready_line: bool = False,
                 probe: dict[str, Any] | None = None) -> None:
        self.argv, self.label, self.log_path = argv, label, log
        self.ready_line, self.probe = ready_line, probe
        self.proc: subprocess.Popen[bytes] | None = None
        self.log: IO[bytes] | None = None
        self.buf = b""
        self.info: dict[str, Any] = {}
        self.failures = 0
        self.disabled = ""
        """Why the worker is given up on (three failed starts or exits in a row)."""

    def _start(self) -> None:
        self.log = self.log_path.open("ab")
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log)
        self.buf = b""
        if self.probe is not None:
            self._send(self.probe)
        if self.ready_line or self.probe is not None:
            line = self._read(time.monotonic() + STARTUP)
            if line is None:
                self.stop()
                raise WorkerError(f"{self.label} was not ready within {STARTUP:g} s")
            self.info = json.loads(line)

    def _send(self, request: dict[str, Any]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(request) + "\n").encode())
        self.proc.stdin.flush()

    def _read(self, until: float) -> bytes | None:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = until - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                self.stop()
                raise WorkerError(f"{self.label} exited: {self.log_tail()}")
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line

    def log_tail(self) -> str:
        try:
            lines = self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return "(no log)"
        return " | ".join(lines[-3:]) or "(nothing on stderr)"

    def ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any] | None:
        """The reply to `request`, or None when none came within `timeout` seconds (the
        process is then killed). Raises WorkerError when the process fails."""
        if self.disabled:
            raise WorkerError(self.disabled)
        try:
            if self.proc is None or self.proc.poll() is not None:
                self._start()
            self._send(request)
            line = self._read(time.monotonic() + timeout)
        except (WorkerError, OSError, ValueError) as e:
            self.stop()
            self.failures += 1
            if self.failures >= 3:
                self.disabled = f"{self.label} given up after three failures in a row: {e}"
            raise WorkerError(str(e)) from None
        if line is None:
            self.stop()
            return None
        self.failures = 0
        try:
            return dict(json.loads(line))
        except ValueError:
            raise WorkerError(f"{self.label} replied {line[:200]!r}") from None

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            for pipe in (self.proc.stdin, self.proc.stdout):
                if pipe is not None:
                    pipe.close()
            self.proc = None
        if self.log is not None:
            self.log.close()
            self.log = None
