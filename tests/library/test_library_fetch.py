"""https definitions: fetched once, size-limited, cached with their hash, usable offline.

There is no network here: `fetch._open` is replaced by a server of local files (the real
https server of `test_fetch_https.py` tests deadlines, redirects and revalidation).
"""

from __future__ import annotations

import hashlib
import io
import shutil
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from sapphire.case.model import Case, Cell, CellRef, FrontMatter, Param, RuleLine
from sapphire.diagnostics import SapphireError, Span
from sapphire.library import fetch, load_library, std_root
from sapphire.library.budget import one_budget

BASE = "https://rules.example.org/lib"
URL = "https://rules.example.org/defs/my-cage.md"


class _Response(io.BytesIO):
    def __init__(self, data: bytes, url: str) -> None:
        super().__init__(data)
        self.url = url

    def geturl(self) -> str:
        return self.url


class Server:
    """Serves files from a folder under URLs; counts requests; can go offline."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files
        self.requests: list[str] = []
        self.offline = False
        self.redirect: dict[str, str] = {}

    def urlopen(self, request: urllib.request.Request, timeout: float = 0) -> _Response:
        url = request.full_url
        self.requests.append(url)
        assert 0 < timeout <= fetch.TIMEOUT_SECONDS
        if self.offline:
            raise urllib.error.URLError("network is unreachable")
        if url not in self.files:
            raise urllib.error.HTTPError(url, 404, "Not Found", {}, None)  # type: ignore[arg-type]
        return _Response(self.files[url].read_bytes(), self.redirect.get(url, url))


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Server:
    my_cage = (std_root() / "cage.md").read_text(encoding="utf-8").replace(
        "kind: cage", "kind: my-cage"
    )
    (tmp_path / "my-cage.md").write_text(my_cage, encoding="utf-8")
    s = Server({
        URL: tmp_path / "my-cage.md",
        f"{BASE}/cage.md": std_root() / "cage.md",
        f"{BASE}/renban.md": std_root() / "renban.md",
    })
    monkeypatch.setattr(fetch, "_open", s.urlopen)
    return s


def rule(reference: str, *, nots: int = 0, line: int = 4) -> RuleLine:
    cells = (CellRef(Cell(1, 1)), CellRef(Cell(1, 2)))
    return RuleLine(reference, None, nots, cells, (), None, (Param("total", 3),), None, None,
                    Span("case.md", line, 1), Span("case.md", line, 1 + 4 * nots))


def case(*rules: RuleLine) -> Case:
    return Case(FrontMatter({"library": "std"}), rules, "case.md", "")


def test_fetched_once_then_cached_with_its_hash(server: Server, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    lib = load_library("std", tmp_path, cache_dir=cache)
    d = lib.resolve(URL)
    assert d is not None and d.kind == "my-cage" and d.path == URL
    assert lib.canonical_param(URL, "total") == "sum"
    assert lib.preferred_name(URL, "sum") == "total"
    assert lib.check_case(case(rule(URL))) == []
    assert server.requests == [URL]

    key = hashlib.sha256(URL.encode()).hexdigest()
    text = (cache / f"{key}.md").read_bytes()
    assert (cache / f"{key}.md.sha256").read_text().strip() == hashlib.sha256(text).hexdigest()
    assert text == (tmp_path / "my-cage.md").read_bytes()

    # a new library (a new run) reads the cache, even with the network gone
    server.offline = True
    again = load_library("std", tmp_path, cache_dir=cache)
    assert again.resolve(URL) == d
    assert server.requests == [URL]


def test_a_damaged_cache_is_fetched_again(server: Server, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    fetch.fetch_text(URL, cache)
    text_path, _ = fetch.cache_paths(URL, cache)
    text_path.write_text("---\nkind: tampered\n---\n", encoding="utf-8")
    assert "kind: my-cage" in fetch.fetch_text(URL, cache)
    assert server.requests == [URL, URL]
    assert "kind: my-cage" in text_path.read_text(encoding="utf-8")


def test_offline_without_cache_is_an_error_at_the_rule_line(
    server: Server, tmp_path: Path
) -> None:
    server.offline = True
    lib = load_library("std", tmp_path, cache_dir=tmp_path / "cache")
    (d,) = lib.check_case(case(rule(URL, line=7)))
    assert (d.kind, d.span.line, d.span.col) == ("fetch-failed", 7, 1)
    with pytest.raises(SapphireError):
        lib.resolve(URL)


def test_size_limit(server: Server, tmp_path: Path) -> None:
    big = tmp_path / "big.md"
    big.write_bytes(b"x" * (fetch.MAX_BYTES + 1))
    server.files["https://rules.example.org/big.md"] = big
    with pytest.raises(SapphireError) as exc:
        fetch.fetch_text("https://rules.example.org/big.md", tmp_path / "cache")
    assert exc.value.kinds == ["definition-too-large"]
    assert list((tmp_path / "cache").glob("*.md")) == []  # nothing cached
    ok = tmp_path / "ok.md"
    ok.write_bytes(b"x" * fetch.MAX_BYTES)
    server.files["https://rules.example.org/ok.md"] = ok
    assert len(fetch.fetch_text("https://rules.example.org/ok.md", tmp_path / "cache")) == (
        fetch.MAX_BYTES
    )


def test_only_https_is_fetched(server: Server, tmp_path: Path) -> None:
    with pytest.raises(SapphireError) as exc:
        fetch.download("http://rules.example.org/defs/my-cage.md")
    assert exc.value.kinds == ["insecure-url"]
    server.redirect[URL] = "http://elsewhere.example.org/my-cage.md"
    with pytest.raises(SapphireError) as exc:
        fetch.fetch_text(URL, tmp_path / "cache")
    assert exc.value.kinds == ["insecure-url"]
    lib = load_library("std", tmp_path, cache_dir=tmp_path / "cache")
    (d,) = lib.check_case(case(rule("http://rules.example.org/defs/my-cage.md")))
    assert d.kind == "missing-definition" and d.hint == "only https URLs name definitions"


def test_not_found_is_a_missing_definition(server: Server, tmp_path: Path) -> None:
    lib = load_library("std", tmp_path, cache_dir=tmp_path / "cache")
    missing = "https://rules.example.org/defs/nothing.md"
    assert lib.resolve(missing) is None
    (d,) = lib.check_case(case(rule(missing)))
    assert d.kind == "missing-definition" and d.hint == "nothing was found at that URL"


def test_a_broken_remote_definition_is_reported_where_it_breaks(
    server: Server, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.md"
    bad.write_text("---\nkind: bad\nscope: cels\n---\n\nProse.\n", encoding="utf-8")
    url = "https://rules.example.org/defs/bad.md"
    server.files[url] = bad
    lib = load_library("std", tmp_path, cache_dir=tmp_path / "cache")
    got = lib.check_case(case(rule(url, line=9)))
    assert [(d.kind, d.span.file, d.span.line, d.span.col) for d in got] == [
        ("bad-field", url, 3, 8), ("missing-meaning", url, 5, 1)
    ]
    assert all(d.notes == (f"while resolving '{url}' at case.md:9:1",) for d in got)


def test_an_https_library_root(server: Server, tmp_path: Path) -> None:
    lib = load_library(BASE, tmp_path, cache_dir=tmp_path / "cache")
    assert lib.resolve("cage") is not None
    assert lib.resolve("sudoku") is None  # not served: a missing definition
    assert lib.kinds() == ["cage"]
    # no prelude.md at the root: the bundled prelude gives the predicates
    assert lib.predicates() == ["connected", "distinct", "uniform"]
    (d,) = lib.check_case(case(rule("renbam")))
    assert d.kind == "missing-definition"
    assert f"{BASE}/cage.md" in server.requests and f"{BASE}/prelude.md" in server.requests


def test_the_default_cache_lives_under_the_user_cache(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    monkeypatch.delenv("SAPPHIRE_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert fetch.default_cache_dir() == tmp_path / ".cache" / "sapphire" / "library"
    monkeypatch.setenv("SAPPHIRE_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert fetch.default_cache_dir() == tmp_path / "elsewhere"


def test_local_library_files_are_never_fetched(server: Server, tmp_path: Path) -> None:
    shutil.copytree(std_root(), tmp_path / "rules")
    lib = load_library("rules", tmp_path, cache_dir=tmp_path / "cache")
    assert lib.resolve("cage") is not None and lib.resolve("nothing") is None
    assert server.requests == []


def test_time_limit(server: Server, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    slow = tmp_path / "slow.md"
    slow.write_bytes(b"x" * 200_000)  # several chunks
    url = "https://rules.example.org/slow.md"
    server.files[url] = slow
    clock = iter(range(0, 1000, 6))  # every look at the clock is 6 s later
    monkeypatch.setattr(fetch.time, "monotonic", lambda: next(clock))
    with pytest.raises(SapphireError) as exc:
        fetch.fetch_text(url, tmp_path / "cache")
    assert exc.value.kinds == ["fetch-timeout"]

    def timing_out(request: urllib.request.Request, timeout: float = 0) -> None:
        raise urllib.error.URLError(TimeoutError("timed out"))

    monkeypatch.setattr(fetch, "_open", timing_out)
    with pytest.raises(SapphireError) as exc:
        fetch.fetch_text(URL, tmp_path / "cache")
    assert exc.value.kinds == ["fetch-timeout"]


def test_an_unreachable_remote_prelude_is_reported_once(server: Server, tmp_path: Path) -> None:
    lib = load_library(BASE, tmp_path, cache_dir=tmp_path / "cache")
    server.offline = True
    library_span = Span("case.md", 2, 10)
    c = Case(FrontMatter({"library": BASE}, spans={"library": library_span}),
             (rule("cage"),), "case.md", "")
    got = lib.check_case(c)
    assert [(d.kind, d.span) for d in got] == [
        ("fetch-failed", library_span), ("fetch-failed", Span("case.md", 4, 1))
    ]


def test_offline_and_refresh_on_the_command_line(server: Server, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from sapphire.cli import main
    from sapphire.library import library

    monkeypatch.setenv("SAPPHIRE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(library, "_STD", [])  # the process's std library keeps what it fetches
    path = tmp_path / "p.case"
    path.write_text(f"---\nlibrary: std\nboard: 4x4\n---\n{URL} r1c1-r1c2 total 3\n",
                    encoding="utf-8")
    assert main(["check", str(path), "--offline"]) == 1  # nothing cached: nothing fetched
    err = capsys.readouterr().err
    assert f"{path}:5:1: error: {URL} is not in the cache" in err and server.requests == []
    assert main(["check", str(path)]) == 0 and server.requests == [URL]
    server.offline = True
    assert main(["check", str(path), "--offline"]) == 0
    capsys.readouterr()
    assert main(["check", str(path), "--refresh"]) == 1  # asked, and the server is gone
    assert f"{path}:5:1: error: fetching {URL} failed" in capsys.readouterr().err
    assert server.requests == [URL, URL]


@pytest.fixture
def hanging(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """A server that accepts every connection and never answers: each request holds the
    client for the whole timeout it was given, on a clock that jumps ahead rather than waits.
    The timeouts given, in order."""
    given: list[float] = []
    ahead = [0.0]
    real = time.monotonic
    monkeypatch.setattr(time, "monotonic", lambda: real() + ahead[0])

    def urlopen(request: urllib.request.Request, timeout: float = 0) -> None:
        given.append(timeout)
        ahead[0] += timeout
        raise urllib.error.URLError(TimeoutError("timed out"))

    monkeypatch.setattr(fetch, "_open", urlopen)
    return given


def urls(n: int) -> list[str]:
    return [f"https://rules.example.org/hang-{i}.md" for i in range(n)]


def test_the_fetches_of_a_command_share_one_allowance(hanging: list[float],
                                                      tmp_path: Path) -> None:
    lib = load_library("std", tmp_path, cache_dir=tmp_path / "cache")
    lines = [rule(u, line=4 + i) for i, u in enumerate(urls(3))]
    with one_budget():
        found = lib.check_case(case(*lines))
    assert [d.kind for d in found] == ["fetch-timeout"] * 3
    assert sum(hanging) <= fetch.TIMEOUT_SECONDS and len(hanging) == 1  # once 30 s
    assert found[0].message.endswith("took more than 10 s, the time all of a command's "
                                     "fetches share")
    assert "was not fetched: the fetches before it took the 10 s" in found[1].message


def test_the_time_limit_of_solve_covers_its_fetches(hanging: list[float], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from sapphire.cli import main
    from sapphire.library import library

    monkeypatch.setenv("SAPPHIRE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(library, "_STD", [])
    path = tmp_path / "p.case"
    lines = "".join(f"{u} r1c1-r1c2 total 3\n" for u in urls(4))
    path.write_text(f"---\nlibrary: std\nboard: 4x4\n---\n{lines}", encoding="utf-8")
    assert main(["solve", str(path), "--time-limit", "5"]) == 1
    err = capsys.readouterr().err
    assert len(hanging) == 1 and hanging[0] <= 5  # once 4 × 10 s
    assert f"{path}:5:1: error: fetching {urls(4)[0]} took more than the time limit" in err
    assert f"{path}:6:1: error: {urls(4)[1]} was not fetched: the time limit ran out" in err
    assert main(["check", str(path)]) == 1  # no time limit: the shared 10 s
    assert len(hanging) == 2 and 5 < hanging[1] <= fetch.TIMEOUT_SECONDS
