"""What the page's grid editor, its test solve and its share links ask of the server: the
kinds with their parameters and drawing, the board of the case, the puzzle without its answer,
and a case carried in a link and back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lzstring import LZString  # type: ignore[import-untyped]
from page_cases import CLASSIC, KILLER
from starlette.testclient import TestClient

from sapphire.serve import Config, create_app
from sapphire.serve.app import LOCAL_HOSTS
from sapphire.serve.work import Settings

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = Settings(str(tmp_path_factory.mktemp("page") / "page.case"), None, 5.0)
    with TestClient(create_app(Config(settings, 2, None, (*LOCAL_HOSTS, "testserver")))) as c:
        yield c


def post(client: TestClient, path: str, **body: Any) -> dict[str, Any]:
    reply = client.post(path, json={"client": "editor", **body})
    assert reply.status_code == 200, reply.text
    return reply.json()  # type: ignore[no-any-return]


def test_each_kind_comes_with_its_parameters_and_its_drawing(client: TestClient) -> None:
    kinds = {k["kind"]: k for k in client.get("/api/kinds").json()["kinds"]}
    cage = kinds["cage"]
    assert (cage["title"], cage["scope"], cage["cells"]) == ("Killer cage", "cells", "set")
    assert "killer" in cage["also"]
    assert cage["parameters"][0] == {
        "name": "total", "real": "sum", "type": "integer", "required": True, "default": None,
        "description": "the total of the cage's values", "min": None, "max": None}
    assert [e["element"] for e in cage["draw"]] == ["outside", "outline"]
    assert cage["draw"][0]["when"] == {"shape": "after-wall"}
    assert kinds["xv"]["draw"][0]["options"]["labels"] == {"10": "X", "5": "V"}
    assert kinds["sudoku"]["size"]["values"] == ["4x4", "6x6", "8x8", "9x9", "16x16"]
    assert kinds["hashi"]["draw"] == [] and kinds["loop"]["declares"] == ["loop"]


def test_a_solve_gives_the_board_and_the_puzzle_without_its_answer(client: TestClient) -> None:
    r = post(client, "/api/solve", case=KILLER)
    assert r["status"] == "unique"
    assert r["board"] == {"rows": 9, "cols": 9, "extra": 0, "cell": 40, "gap": 24,
                          "digits": [1, 9], "clues": False, "channels": [], "edges": {}}
    assert r["svg"].count('class="digit"') == 81
    assert 'class="digit"' not in r["puzzle_svg"] and 'class="cage"' in r["puzzle_svg"]


@pytest.mark.parametrize(("case", "board"), [
    ("cases/slitherlink-4x4.case", {"rows": 4, "digits": None, "clues": True,
                                     "edges": {"vrt": "edges-across", "hrz": "edges-down"}}),
    ("pictures/nurikabe.case", {"rows": 5, "digits": None,
                                "channels": ["regions", "shading"]}),
    ("cases/yin-yang-sudoku.case", {"rows": 6, "digits": [1, 6], "channels": ["shading"]}),
])
def test_the_board_says_what_a_grid_edit_writes(client: TestClient, case: str,
                                                 board: dict[str, Any]) -> None:
    drawn = post(client, "/api/draw", case=(EXAMPLES / case).read_text(encoding="utf-8"))
    assert board.items() <= drawn["board"].items()


def test_a_case_with_problems_still_has_its_board(client: TestClient) -> None:
    drawn = post(client, "/api/draw", case=KILLER.replace(" total 3\n", " totl 3\n"))
    assert drawn["exports"] is None
    assert (drawn["board"]["rows"], drawn["board"]["cols"]) == (9, 9)


def test_a_shared_case_opens_as_it_was(client: TestClient) -> None:
    fragment = post(client, "/api/share", case=CLASSIC)["fragment"]
    assert fragment.startswith("case=")
    # LZ-String's URI-safe form, as f-puzzles links carry their puzzles
    assert LZString.decompressFromEncodedURIComponent(fragment[5:]) == CLASSIC
    assert post(client, "/api/open", fragment="#" + fragment) == {"status": "opened",
                                                                "case": CLASSIC}


@pytest.mark.parametrize("fragment", ["", "case=", "case=!!!", "puzzle=N4Ig", "case=abc",
                                      "case=0jW"])
def test_a_damaged_share_link_says_so(client: TestClient, fragment: str) -> None:
    r = post(client, "/api/open", fragment=fragment)
    assert r["status"] == "error"
    assert [d["kind"] for d in r["diagnostics"]] == ["bad-share-link"]
