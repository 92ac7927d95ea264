"""puzz.link links of the genres whose answers are lines (hashikake, yajilin): what a
link reads as, its export back character for character, and the refusals. That each corpus
link solves to its accepted answer is tested with the other genres' (test_puzzlink.py, on
tests/fixtures/importers/puzzlink_samples.json)."""

from __future__ import annotations

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.genres import read_pzprv3
from sapphire.importers.puzzlink import export_puzzlink, puzzlink_to_case

HASHI = "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"
YAJILIN = "https://puzz.link/p?yajilin/5/5/m32j10"


def body(text: str) -> str:
    return text.split("library: std\n", 1)[1]


def test_a_hashikake_link_is_its_islands() -> None:
    assert body(puzzlink_to_case(HASHI)) == """\
board: 5x5
---
hashi r1c1-r1c3-r2c2-r2c5-r3c1-r4c2-r4c4-r5c1-r5c3-r5c5
bridges-1: bridge-count r4c4 count 1
bridges-2: bridge-count r1c3-r2c5 count 2
bridges-3: bridge-count r2c2-r3c1-r4c2-r5c1-r5c5 count 3
bridges-4: bridge-count r1c1-r5c3 count 4
"""


def test_a_yajilin_link_is_its_arrows() -> None:
    case = body(puzzlink_to_case(YAJILIN))
    assert case.splitlines()[-3:] == [
        "blank-cell r3c4-r5c5",
        "arrow-shade-count-1: arrow-shade-count r3c4-r3c3-r3c2-r3c1 count 2",
        "arrow-shade-count-2: arrow-shade-count r5c5-r4c5-r3c5-r2c5-r1c5 count 0"]


@pytest.mark.parametrize("link", [HASHI, YAJILIN, "https://puzz.link/p?yajirin/5/5/m32j10"])
def test_export_gives_the_link_back(link: str) -> None:
    back = export_puzzlink(puzzlink_to_case(link))
    assert back == link.replace("yajirin", "yajilin")


def test_an_arrow_off_the_board_is_written_pointing_off_it() -> None:
    # r1c2's arrow points up, off the board: its line lists r1c2 alone, and the link written
    # points it up again (any way off the board counts no cell)
    case = puzzlink_to_case("https://puzz.link/p?yajilin/3/3/a10g")
    assert "arrow-shade-count r1c2 count 0" in case
    assert export_puzzlink(case) == "https://puzz.link/p?yajilin/3/3/a10g"


def test_an_arrow_without_a_number_is_refused_at_its_place() -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlink_to_case("https://puzz.link/p?yajilin/3/3/a1.")
    (d,) = exc.value.diagnostics
    assert d.span is not None and d.span.col == len("https://puzz.link/p?yajilin/3/3/a1") + 1
    assert "an arrow without its number" in d.message


def test_answers_read_as_links() -> None:
    got = read_pzprv3("pzprv3/hashikake/1/3/1 . 1 /1 -1 /")
    assert got == {"links": {"across": [[1, 0, 0]], "down": [[0, 0, 0]]}}


def test_an_island_without_a_number_is_refused() -> None:
    with pytest.raises(SapphireError) as exc:
        puzzlink_to_case("https://puzz.link/p?hashikake/3/1/.g1")
    (d,) = exc.value.diagnostics
    assert "the island at r1c1 has no number" in d.message
