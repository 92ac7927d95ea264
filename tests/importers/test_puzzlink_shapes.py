"""puzz.link links of the genres whose answers are lines (yajilin): what a
link reads as, its export back character for character, and the refusals. That each corpus
link solves to its accepted answer is tested with the other genres' (test_puzzlink.py, on
tests/fixtures/importers/puzzlink_samples.json)."""

from __future__ import annotations

import pytest

from sapphire.diagnostics import SapphireError
from sapphire.importers.puzzlink import export_puzzlink, puzzlink_to_case

YAJILIN = "https://puzz.link/p?yajilin/5/5/m32j10"


def body(text: str) -> str:
    return text.split("library: std\n", 1)[1]


def test_a_yajilin_link_is_its_arrows() -> None:
    case = body(puzzlink_to_case(YAJILIN))
    assert case.splitlines()[-3:] == [
        "blank-cell r3c4-r5c5",
        "arrow-shade-count-1: arrow-shade-count r3c4-r3c3-r3c2-r3c1 count 2",
        "arrow-shade-count-2: arrow-shade-count r5c5-r4c5-r3c5-r2c5-r1c5 count 0"]


@pytest.mark.parametrize("link", [YAJILIN, "https://puzz.link/p?yajirin/5/5/m32j10"])
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
