"""The page in a real browser (headless Chromium through Selenium) against `sapphire serve`:
a setter pastes a killer, breaks a total, removes a given, imports a link and exports it back,
and edits while a long solve runs.

`SAPPHIRE_SCREENSHOTS=DIR` saves a picture of each state in DIR (the README's and the
issue's pictures were made so); `SAPPHIRE_TIMINGS=FILE` writes the edit-to-status times.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from page_cases import (
    BROKEN_TOTAL_LINE,
    CLASSIC,
    GIVEN_COL,
    GIVEN_LINE,
    KILLER,
    PUZZLINK_SUDOKU,
    SLOW,
)
from page_driver import (
    edit_and_wait,
    editor_text,
    fresh,
    paste,
    retype,
    shot,
    show_answer,
    stats,
    status,
    wait_for,
)

import sapphire


def test_a_pasted_killer_is_unique_and_its_answer_is_drawn_when_asked(
        browser: Any, server: str) -> None:
    fresh(browser, server)
    edit_and_wait(browser, lambda: paste(browser, KILLER), "unique")
    # the answer is hidden until the switch shows it, which the page remembers
    assert not browser.find_elements("css selector", "#picture svg text.digit")
    assert browser.find_elements("css selector", "#picture svg path.cage")
    show_answer(browser, True)
    answer = sapphire.load(KILLER).solve().solutions[0]["digits"]
    drawn = [e.text for e in browser.find_elements("css selector", "#picture svg text.digit")]
    assert drawn == [str(d) for row in answer for d in row]
    assert browser.find_element("id", "count").text == "one solution"
    shot(browser, "unique")


def downloaded(browser: Any, button: str) -> tuple[str, str]:
    """The name and the text of the file a click on `button` downloads."""
    return tuple(browser.execute_async_script("""
        const [button, done] = arguments;
        const click = HTMLAnchorElement.prototype.click;
        HTMLAnchorElement.prototype.click = function () {
            HTMLAnchorElement.prototype.click = click;
            fetch(this.href).then((r) => r.text()).then((text) => done([this.download, text]));
        };
        document.getElementById(button).click();
    """, button))


def test_the_case_file_and_the_picture_download(browser: Any, server: str) -> None:
    fresh(browser, server)
    edit_and_wait(browser, lambda: paste(browser, KILLER), "unique")
    assert downloaded(browser, "download-case") == ("Killer.case", KILLER)
    name, svg = downloaded(browser, "download-svg")  # the picture shown: the puzzle
    assert name == "Killer.svg" and svg.startswith("<svg") and 'class="cage"' in svg
    assert 'class="digit"' not in svg and 'class="selected"' not in svg
    show_answer(browser, True)
    assert 'class="digit"' in downloaded(browser, "download-svg")[1]


def test_a_broken_cage_total_is_none_with_its_line_named(browser: Any, server: str) -> None:
    fresh(browser, server)
    edit_and_wait(browser, lambda: paste(browser, KILLER), "unique")
    col = KILLER.splitlines()[BROKEN_TOTAL_LINE - 1].index("total 3") + len("total ") + 1
    edit_and_wait(browser, lambda: retype(browser, BROKEN_TOTAL_LINE, col, 1, "4"), "none")
    named = wait_for(lambda: browser.find_elements(
        "css selector", f"#why .line[data-line='{BROKEN_TOTAL_LINE}']"), what="the why")
    assert named[0].text == f"line {BROKEN_TOTAL_LINE}: cage-1: cage r1c1-r1c2 total 4"
    marked = browser.find_element("css selector", f"#backdrop div[data-line='{BROKEN_TOTAL_LINE}']")
    assert marked.get_attribute("class") == "conflict"
    assert "Removing any one of these alone" in browser.find_element("id", "why").text
    assert browser.find_elements("css selector", "#picture svg rect.highlight")
    shot(browser, "none")


def test_a_removed_given_is_multiple_with_the_differing_cells_marked(
        browser: Any, server: str) -> None:
    fresh(browser, server)
    edit_and_wait(browser, lambda: paste(browser, CLASSIC), "unique")
    show_answer(browser, True)
    edit_and_wait(browser, lambda: retype(browser, GIVEN_LINE, GIVEN_COL, 1, "."), "multiple")
    differ = browser.find_elements("css selector", "#picture svg rect.differ")
    why = browser.find_element("id", "why").text
    assert differ and "The first two solutions differ in r" in why
    assert len(differ) == len(re.findall(r"r\d+c\d+", why))  # one tint per cell named
    assert browser.find_elements("css selector", "#picture svg text.candidate")
    assert browser.find_element("id", "count").text == "at least 2 solutions"
    shot(browser, "multiple")


def test_a_mistake_is_shown_at_its_line(browser: Any, server: str) -> None:
    fresh(browser, server)
    edit_and_wait(browser, lambda: paste(browser, KILLER.replace(" total 3\n", " totl 3\n")),
                  "error")
    problem = browser.find_element("css selector", "#problems li")
    assert problem.get_attribute("data-line") == str(BROKEN_TOTAL_LINE)
    assert "'cage' has no parameter 'totl'" in problem.text
    marked = browser.find_element("css selector", f"#backdrop div[data-line='{BROKEN_TOTAL_LINE}']")
    assert marked.get_attribute("class") == "error"


def test_kinds_are_offered_as_a_setter_types(browser: Any, server: str) -> None:
    fresh(browser, server)
    editor = browser.find_element("id", "editor")
    browser.execute_script("arguments[0].setSelectionRange(1e6, 1e6)", editor)
    editor.send_keys("thermo")
    offered = wait_for(lambda: [e.get_attribute("data-kind") for e in browser.find_elements(
        "css selector", "#suggest li")], what="suggestions")
    assert "thermometer" in offered
    shot(browser, "suggest")
    while offered[browser.execute_script("return window.sapphire.page.chosen")] != "thermometer":
        editor.send_keys("\ue015")  # arrow down
    editor.send_keys("\ue004")  # tab takes it
    assert editor_text(browser).endswith("\nthermometer ")
    assert browser.find_element("id", "kind-hint").text.startswith("thermometer CELLS")


def test_an_imported_link_exports_back(browser: Any, server: str) -> None:
    fresh(browser, server)

    def import_(link: str) -> None:
        field = browser.find_element("id", "import-text")
        field.clear()
        field.send_keys(link)
        browser.find_element("id", "import-button").click()

    edit_and_wait(browser, lambda: import_(PUZZLINK_SUDOKU), "unique")
    assert "sudoku 4x4" in editor_text(browser)
    assert browser.find_element("id", "link-puzzlink").get_attribute("href") == PUZZLINK_SUDOKU
    shot(browser, "import")
    edit_and_wait(browser, lambda: paste(browser, KILLER), "unique")
    link = browser.find_element("id", "link-fpuzzles").get_attribute("href")
    assert link.startswith("https://www.f-puzzles.com/?load=")
    edit_and_wait(browser, lambda: import_(link), "unique")
    cages = [line for line in editor_text(browser).splitlines() if line.startswith("cage")]
    assert cages == [line for line in KILLER.splitlines() if line.startswith("cage")]


def test_a_new_edit_cancels_the_solve_in_progress(browser: Any, server: str) -> None:
    fresh(browser, server)
    before = stats(server)
    paste(browser, SLOW)
    wait_for(lambda: stats(server)["running"] >= 1, what="the slow solve to start")
    time.sleep(0.5)
    assert status(browser) == "solving"
    assert "time limit" in browser.find_element("id", "count").text
    shot(browser, "solving")
    t0 = time.monotonic()
    edit_and_wait(browser, lambda: paste(browser, KILLER), "unique")
    assert time.monotonic() - t0 < 5.0  # the slow one's candidates take longer than that
    assert stats(server)["cancelled"] >= before["cancelled"] + 1


def test_each_edit_of_a_killer_shows_its_status_at_once(browser: Any, server: str) -> None:
    fresh(browser, server)
    edit_and_wait(browser, lambda: paste(browser, KILLER), "unique")
    line = KILLER.splitlines()[BROKEN_TOTAL_LINE - 1]
    col = line.index("total 3") + len("total ") + 1
    browser.execute_script("window.sapphire.timings.length = 0; window.sapphire.shown = []")
    for i in range(10):
        digit, expected = ("4", "none") if i % 2 == 0 else ("3", "unique")
        edit_and_wait(browser, lambda d=digit: retype(browser, BROKEN_TOTAL_LINE, col, 1, d),
                      expected)
    times = browser.execute_script("return window.sapphire.timings")
    assert len(times) == 10
    out = os.environ.get("SAPPHIRE_TIMINGS")
    if out:
        Path(out).write_text(json.dumps(browser.execute_script("return window.sapphire.shown")))
    assert statistics.median(times) < 3000, times


pytestmark = pytest.mark.usefixtures("browser")
