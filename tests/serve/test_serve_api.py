"""The page's requests answered without a browser (Starlette's TestClient, the real worker
pool): statuses, answers, candidates, why, imports and exports, cancelling, and the limits on
what a request may do."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from page_cases import (
    BROKEN_TOTAL_LINE,
    CLASSIC,
    KILLER,
    PUZZLINK_SUDOKU,
    SLOW,
    broken_total,
    without_given,
)
from starlette.testclient import TestClient

import sapphire
from sapphire.serve import Config, create_app
from sapphire.serve.app import LOCAL_HOSTS, MAX_BODY
from sapphire.serve.work import Settings


def client_for(tmp: Path, time_limit: float = 5.0, library: str | None = None) -> TestClient:
    case_path = (Path(library).parent if library else tmp) / "page.case"
    settings = Settings(str(case_path), library, time_limit)
    return TestClient(create_app(Config(settings, 2, None, (*LOCAL_HOSTS, "testserver"))))


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with client_for(tmp_path_factory.mktemp("page")) as c:
        yield c


def solve(client: TestClient, text: str, who: str = "test") -> dict[str, Any]:
    reply = client.post("/api/solve", json={"client": who, "case": text})
    assert reply.status_code == 200, reply.text
    return reply.json()


def test_a_killer_is_unique_with_its_answer_and_its_links(client: TestClient) -> None:
    r = solve(client, KILLER)
    expected = sapphire.load(KILLER).solve().solutions[0]
    assert (r["status"], r["count"], r["complete"]) == ("unique", 1, True)
    assert r["answer"] == expected and r["diagnostics"] == []
    digits = [row for row in expected["digits"]]
    assert r["svg"].count('class="digit"') == sum(len(row) for row in digits)


def draw(client: TestClient, text: str) -> dict[str, Any]:
    reply = client.post("/api/draw", json={"client": "test", "case": text})
    assert reply.status_code == 200, reply.text
    return reply.json()


def test_a_killer_is_drawn_with_its_links_before_it_is_solved(client: TestClient) -> None:
    r = draw(client, KILLER)
    assert r["status"] == "drawn"
    assert r["svg"].startswith("<svg")
    assert 'class="digit"' not in r["svg"]
    assert r["exports"]["fpuzzles"]["link"].startswith("https://www.f-puzzles.com/?load=")
    assert r["exports"]["fpuzzles"]["sudokupad"].startswith("https://sudokupad.app/")
    assert "refused" in r["exports"]["puzzlink"]  # puzz.link has no killers
    mistyped = draw(client, KILLER.replace(" total 3\n", " totl 3\n"))
    assert mistyped["svg"].startswith("<svg") and mistyped["exports"] is None
    broken = draw(client, "---\nlibrary: std\n---\nsudoku 9x9\ncage r10c1 total 3\n")
    assert broken["status"] == "error" and "svg" not in broken
    assert broken["diagnostics"][0]["kind"] == "off-board-cell"


def test_a_broken_cage_total_has_none_and_why_names_its_line(client: TestClient) -> None:
    r = solve(client, broken_total())
    assert (r["status"], r["count"]) == ("none", 0)
    why = client.post("/api/why", json={"client": "test", "case": broken_total()}).json()
    conflict = {e["line"] for e in why["why"]["conflict"]}
    assert BROKEN_TOTAL_LINE in conflict
    assert {"line": BROKEN_TOTAL_LINE, "text": "cage-1: cage r1c1-r1c2 total 4"} in \
        why["why"]["fixes"]
    assert 'class="highlight"' in why["svg"]  # the clashing cages' cells tinted


def test_a_removed_given_has_several_answers_and_their_differing_cells(
        client: TestClient) -> None:
    r = solve(client, without_given())
    assert r["status"] == "multiple" and r["count"] == 2 and not r["complete"]
    assert r["differ"], "the cells where the two answers differ"
    cands = r["candidates"]["candidates"]["digits"]
    for name in r["differ"]:
        row, col = (int(x) for x in name[1:].split("c"))
        assert len(cands[row - 1][col - 1]) >= 2, name  # a differing cell has two candidates
    assert r["candidates_complete"] is True
    assert r["svg"].count('class="differ"') == len(r["differ"])
    assert 'class="candidate"' in r["svg"]


def test_a_case_with_a_mistake_gets_its_problems_at_their_lines(client: TestClient) -> None:
    r = solve(client, "---\nlibrary: std\n---\nsudoku 9x9\ncage r1c1-r1c2 totl 3\n")
    assert r["status"] == "error"
    (d,) = r["diagnostics"]
    assert (d["kind"], d["line"], d["col"]) == ("unknown-parameter", 5, 16)
    assert "total" in d["hint"]


def test_a_library_folder_is_refused_unless_named_when_started(
        client: TestClient, tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    r = solve(client, f"---\nlibrary: [std, {tmp_path / 'mine'}]\n---\nsudoku 4x4\n")
    assert r["status"] == "error"
    (d,) = r["diagnostics"]
    assert (d["kind"], d["line"]) == ("library-not-served", 2)
    assert "--library" in d["hint"]


def test_with_library_its_folder_is_read_and_no_other(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "other").mkdir()
    with client_for(tmp_path, library=str(tmp_path / "mine")) as c:
        ok = solve(c, "---\nlibrary: [std, ./mine]\n---\nsudoku 4x4\n")
        assert ok["status"] == "multiple"
        refused = solve(c, "---\nlibrary: [std, ./other]\n---\nsudoku 4x4\n")
        assert refused["diagnostics"][0]["kind"] == "library-not-served"
        assert str(tmp_path / "mine") in refused["diagnostics"][0]["message"]


def test_kinds_are_offered_with_their_parameters(client: TestClient) -> None:
    r = client.get("/api/kinds").json()
    by_kind = {k["kind"]: k for k in r["kinds"]}
    assert "total" in by_kind["cage"]["params"]
    assert by_kind["sudoku"]["positional"] is True
    assert {"iss", "fpuzzles", "puzzlink", "puzzlekit:Sudoku"} <= set(r["formats"])
    assert r["time_limit"] == 5.0


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<textarea id="editor"' in page.text
    assert "function solve()" in client.get("/static/app.js").text
    assert client.get("/static/style.css").status_code == 200
    assert client.get("/static/../work.py").status_code == 404


def test_an_fpuzzles_link_comes_back_as_the_same_case(client: TestClient) -> None:
    link = draw(client, KILLER)["exports"]["fpuzzles"]["link"]
    r = client.post("/api/import", json={"client": "test", "format": "auto", "text": link}).json()
    assert (r["status"], r["format"]) == ("imported", "fpuzzles")
    rules = [line for line in KILLER.splitlines() if line.startswith("cage")]
    assert [line for line in r["case"].splitlines() if line.startswith("cage")] == rules
    assert solve(client, r["case"])["answer"] == solve(client, KILLER)["answer"]


def test_a_puzzlink_link_comes_back_character_for_character(client: TestClient) -> None:
    r = client.post("/api/import", json={"client": "t", "format": "auto",
                                         "text": PUZZLINK_SUDOKU}).json()
    assert (r["status"], r["format"]) == ("imported", "puzzlink")
    assert solve(client, r["case"])["status"] == "unique"
    assert draw(client, r["case"])["exports"]["puzzlink"]["link"] == PUZZLINK_SUDOKU


def test_a_sudokupad_link_with_unexplained_drawings_imports_without_them_when_asked(
        client: TestClient) -> None:
    fixtures = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
    entries = json.loads((fixtures / "fpuzzles_mit.json").read_text(encoding="utf-8"))
    link = "https://sudokupad.app/" + next(e["raw"] for e in entries
                                           if e["raw"].startswith("scl"))
    refused = client.post("/api/import", json={"text": link}).json()
    assert {d["kind"] for d in refused["diagnostics"]} == {"cosmetic-shape"}
    r = client.post("/api/import", json={"text": link, "ignore_cosmetic": True}).json()
    assert (r["status"], r["format"]) == ("imported", "fpuzzles")
    assert "circle on r4c1" in r["case"]  # listed in the case's notes
    assert solve(client, r["case"])["status"] in ("unique", "multiple")


def test_puzzlekit_text_imports_under_its_genre_and_solves_to_its_recorded_answer(
        client: TestClient) -> None:
    fixtures = Path(__file__).resolve().parents[1] / "fixtures" / "genres"
    entry = json.loads((fixtures / "sudokus.json").read_text(
        encoding="utf-8"))["puzzlekit"]["genres"]["KillerSudoku"][0]
    r = client.post("/api/import", json={"format": "puzzlekit:killersudoku",
                                         "text": entry["problem"]}).json()
    assert (r["status"], r["format"]) == ("imported", "puzzlekit:KillerSudoku")
    rows = [[int(x) for x in line.split()] for line in entry["solution"].splitlines()[1:]]
    assert solve(client, r["case"])["answer"] == {"digits": rows}


def test_an_import_that_fails_says_where(client: TestClient) -> None:
    r = client.post("/api/import", json={"client": "t", "format": "iss",
                                         "text": ".~R1C1_5.NoSuchThing"}).json()
    assert r["status"] == "error" and r["diagnostics"][0]["line"] == 1
    r = client.post("/api/import", json={"client": "t", "format": "auto", "text": "hello"})
    assert r.json()["diagnostics"][0]["kind"] == "unknown-format"


def test_a_new_edit_cancels_the_solve_in_progress(client: TestClient) -> None:
    before = client.get("/api/stats").json()
    first: list[dict[str, Any]] = []
    slow = threading.Thread(target=lambda: first.append(solve(client, SLOW, "editing")))
    slow.start()
    time.sleep(1.0)  # the slow solve is running on a worker
    t0 = time.perf_counter()
    second = solve(client, KILLER, "editing")
    slow.join(timeout=20)
    assert first == [{"status": "cancelled"}]
    assert second["status"] == "unique"
    assert time.perf_counter() - t0 < 4.0
    after = client.get("/api/stats").json()
    assert after["cancelled"] == before["cancelled"] + 1
    assert solve(client, CLASSIC, "editing")["status"] == "unique"  # the pool goes on


def test_the_time_limit_stops_a_solve_and_says_so(tmp_path: Path) -> None:
    with client_for(tmp_path, time_limit=1.0) as c:
        r = solve(c, SLOW)
    # two answers are found in well under the second on an idle machine, none on a busy one:
    # either way the search for candidates, which takes minutes, is stopped by the limit
    assert r["status"] in ("multiple", "unknown") and r["time_limit"] == 1.0
    assert r["candidates_complete"] is False
    assert r["seconds"] < 15.0


@pytest.mark.parametrize(("headers", "body", "status"), [
    ({"content-type": "text/plain"}, b'{"case": ""}', 415),
    ({"content-type": "application/json", "origin": "http://evil.example"}, b'{"case": ""}',
     403),
    ({"content-type": "application/json"}, b"[1, 2]", 400),
    ({"content-type": "application/json"}, b'{"case": 3}', 400),
    ({"content-type": "application/json"}, b'{"case": "' + b"x" * MAX_BODY + b'"}', 413),
])
def test_requests_the_page_never_makes_are_refused(client: TestClient, headers: dict[str, str],
                                                   body: bytes, status: int) -> None:
    reply = client.post("/api/solve", content=body, headers=headers)
    assert reply.status_code == status
    assert "error" in reply.json()


@pytest.mark.parametrize(("body", "message"), [
    (b'{"case": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "the body nests too deeply"),
    (b'{"case": "", "n": ' + b"7" * 5_000 + b"}", "5,000 digits"),
    (b'{"case": "", "n": -' + b"7" * 5_000 + b"}", "5,000 digits"),
])
def test_a_body_too_deep_or_with_a_huge_number_is_a_bad_request(
        client: TestClient, body: bytes, message: str) -> None:
    reply = client.post("/api/solve", content=body,
                        headers={"content-type": "application/json"})
    assert reply.status_code == 400
    assert message in reply.json()["error"]


@pytest.mark.parametrize(("origin", "status"), [
    ("http://testserver", 200),
    ("https://testserver", 403),
    ("ws://testserver", 403),
    ("testserver", 403),
    ("null", 403),
])
def test_the_origin_must_be_the_page_itself_scheme_and_all(
        client: TestClient, origin: str, status: int) -> None:
    reply = client.post("/api/share", json={"case": "sudoku 4x4\n"},
                        headers={"origin": origin})
    assert reply.status_code == status, reply.text


def test_a_request_for_another_host_name_is_refused(client: TestClient) -> None:
    reply = client.get("/api/kinds", headers={"host": "attacker.example"})
    assert reply.status_code == 400


def test_a_number_too_long_to_read_is_a_bad_request_that_says_where(client: TestClient
                                                                     ) -> None:
    body = b'{"client": "t",\n "case": ' + b"1" * 5000 + b"}"
    reply = client.post("/api/solve", content=body, headers={"content-type": "application/json"})
    assert reply.status_code == 400
    assert reply.json()["error"].startswith("the body:2:10: the number 1111111111111111…")
    reply = client.post("/api/solve", content=b"{}", headers={
        "content-type": "application/json", "content-length": "9" * 5000})
    assert reply.status_code == 413
