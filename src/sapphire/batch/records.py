"""The batch's output: one JSON line per puzzle, appended as each finishes, so that a run
stopped halfway (killed, a power cut) resumes where it stopped."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO, Any

from sapphire.diagnostics import error


def done_ids(path: Path) -> set[str]:
    """The ids an earlier run of this output already recorded. A last line cut short by a
    killed run is not a record: its puzzle runs again."""
    if not path.exists():
        return set()
    ids: set[str] = set()
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise error("io", f"cannot read {path} to resume it: {e}", None,
                    hint="give another -o, or remove the file to start again") from None
    for line in lines:
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(rec, dict) and isinstance(rec.get("id"), str):
            ids.add(rec["id"])
    return ids


class Records:
    """Appends records to the output file (or standard output), one flushed line each."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.stream: IO[str] = sys.stdout
        if path is not None:
            try:
                self.stream = path.open("a", encoding="utf-8")
            except OSError as e:
                raise error("io", f"cannot write {path}: {e.strerror}", None) from None
            if path.stat().st_size and not path.read_bytes().endswith(b"\n"):
                self.stream.write("\n")  # after a line a killed run left unfinished

    def write(self, rec: dict[str, Any]) -> None:
        self.stream.write(json.dumps(rec, separators=(",", ":")) + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.path is not None:
            self.stream.close()
