"""The picture as an editor in a real browser (headless Chromium through Selenium): a setter
drags a cage and sees its line in the text, types a given, places dots, clues outside the grid
and corner clues with the mouse, undoes and redoes, shares the puzzle and opens the link in a
new browser, and test-solves a classic sudoku to the end."""

from __future__ import annotations

from typing import Any

from page_cases import CLASSIC, KILLER
from page_driver import (
    answered,
    centre,
    choose_kind,
    click_and_type,
    drag,
    drag_cells,
    edit_and_wait,
    editor_text,
    open_with,
    point,
    shot,
    status,
    texts,
    wait_for,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

import sapphire

SUDOKU = "---\ntitle: Setting\nlibrary: std\n---\nsudoku 4x4\n"
"""An empty 4×4 sudoku: its candidates are found at once."""


def body(browser: Any) -> list[str]:
    """The rule lines of the editor's text (after the front matter)."""
    return editor_text(browser).split("---\n")[-1].splitlines()


def grid_edit(browser: Any, edit: Any) -> None:
    """Make an edit on the grid and wait for the page to show the case after it."""
    before = answered(browser)
    edit()
    wait_for(lambda: answered(browser) > before and status(browser) != "solving",
             what="the status after a grid edit")


def test_a_cage_drawn_by_dragging_is_written_in_the_text(browser: Any, server: str) -> None:
    open_with(browser, server, SUDOKU)
    choose_kind(browser, "killer", "cage")  # found by its title, Killer cage
    drag_cells(browser, [(1, 1), (1, 2), (2, 2)])
    total = browser.find_element("css selector", "#value-form input[name='total']")
    assert browser.find_element("css selector", "#value-form p").text == \
        "Killer cage on r1c1-r1c2-r2c2"
    total.send_keys("7")
    grid_edit(browser, lambda: total.send_keys(Keys.ENTER))
    assert body(browser) == ["sudoku 4x4", "cage r1c1-r1c2-r2c2 total 7"]
    (label,) = texts(browser, "#picture svg text.cage-total")
    assert label == "7"
    # a second cage: the kind repeats, so both lines get ids
    drag_cells(browser, [(4, 4), (4, 3)])
    total = browser.find_element("css selector", "#value-form input[name='total']")
    total.send_keys("3")
    grid_edit(browser, lambda: total.send_keys(Keys.ENTER))
    assert body(browser) == ["sudoku 4x4", "cage-1: cage r1c1-r1c2-r2c2 total 7",
                             "cage-2: cage r4c3-r4c4 total 3"]
    shot(browser, "cage")
    # undo takes the second cage back, redo puts it again; the picture follows the text
    grid_edit(browser, lambda: browser.find_element("id", "undo").click())
    assert body(browser) == ["sudoku 4x4", "cage r1c1-r1c2-r2c2 total 7"]
    assert len(browser.find_elements("css selector", "#picture svg path.cage")) == 1
    grid_edit(browser, lambda: browser.find_element("id", "redo").click())
    assert len(browser.find_elements("css selector", "#picture svg path.cage")) == 2
    # the same cells again take the cage away
    grid_edit(browser, lambda: drag_cells(browser, [(4, 3), (4, 4)]))
    assert body(browser)[-1] == "cage-1: cage r1c1-r1c2-r2c2 total 7"


def test_a_typed_given_is_written_in_the_givens_grid(browser: Any, server: str) -> None:
    open_with(browser, server, SUDOKU)
    drag_cells(browser, [(2, 3)])
    grid_edit(browser, lambda: ActionChains(browser).send_keys("4").perform())
    assert "givens: |\n  . . . .\n  . . 4 .\n  . . . .\n  . . . .\n---" in editor_text(browser)
    (given,) = browser.find_elements("css selector", "#picture svg text.given")
    assert (given.text, given.get_attribute("x"), given.get_attribute("y")) == ("4", "100", "60")
    # Shift adds a cell to the selection; both get the digit, then Delete clears them
    drag(browser, [centre(browser, 3, 1)], keys=Keys.SHIFT)
    grid_edit(browser, lambda: ActionChains(browser).send_keys("1").perform())
    assert "  . . 1 .\n  1 . . .\n" in editor_text(browser)
    grid_edit(browser, lambda: ActionChains(browser).send_keys(Keys.DELETE).perform())
    assert "givens" not in editor_text(browser)  # an empty grid is taken away
    # an edit in the text is drawn as well
    edit_and_wait(browser, lambda: browser.execute_script(
        "const e = document.getElementById('editor');"
        "e.value = e.value.replace('library: std', 'library: std\\ngivens: |\\n  2 . . .\\n"
        "  . . . .\\n  . . . .\\n  . . . .');"
        "e.dispatchEvent(new Event('input'))"), "multiple")
    assert texts(browser, "#picture svg text.given") == ["2"]


def test_dots_outside_clues_and_corner_clues_are_placed_where_clicked(
        browser: Any, server: str) -> None:
    open_with(browser, server, SUDOKU)
    # a white dot: a click near the edge between r2c2 and r2c3
    choose_kind(browser, "kropki white", "white-dot")
    grid_edit(browser, lambda: drag(browser, [point(browser, 1.5, 1.9)]))
    assert body(browser)[-1] == "white-dot r2c2-r2c3"
    assert browser.find_elements("css selector", "#picture svg circle.dot")
    # a skyscraper: a click left of row 3 gives the row from there
    choose_kind(browser, "skyscraper", "skyscraper")
    drag(browser, [point(browser, 2.5, -0.3)])
    field = browser.find_element("css selector", "#value-form input[name='visible']")
    field.send_keys("2")
    grid_edit(browser, lambda: field.send_keys(Keys.ENTER))
    assert body(browser)[-1] == "skyscraper r3c1-r3c2-r3c3-r3c4 visible 2"
    # a little killer: from outside the top-left corner, along the diagonal
    choose_kind(browser, "little killer", "little-killer")
    drag(browser, [point(browser, -0.3, -0.3), centre(browser, 1, 1)])
    field = browser.find_element("css selector", "#value-form input[name='total']")
    field.send_keys("10")
    grid_edit(browser, lambda: field.send_keys(Keys.ENTER))
    assert body(browser)[-1] == "little-killer r1c1-r2c2-r3c3-r4c4 total 10"
    # a quadruple: a click near the corner of r1c1, r1c2, r2c1 and r2c2
    choose_kind(browser, "quadruple", "quadruple")
    drag(browser, [point(browser, 1.1, 0.9)])
    field = browser.find_element("css selector", "#value-form input[name='digits']")
    field.send_keys("1 2")
    grid_edit(browser, lambda: field.send_keys(Keys.ENTER))
    assert body(browser)[-1] == "quadruple r1c1-r1c2-r2c1-r2c2 digits [1,2]"
    assert "1 2" in texts(browser, "#picture svg text.corner-label")
    shot(browser, "palette")
    # a global rule is added from the palette, and taken away the same way
    grid_edit(browser, lambda: choose_kind(browser, "knight", "anti-knight"))
    assert body(browser)[-1] == "anti-knight"
    grid_edit(browser, lambda: choose_kind(browser, "knight", "anti-knight"))
    assert "anti-knight" not in body(browser)
    assert "took away line 10: anti-knight" in browser.find_element("id", "edit-message").text


def test_exports_that_leave_lines_out_say_so_beside_their_buttons(
        browser: Any, server: str) -> None:
    repeats = KILLER.replace("cage-1: cage r1c1-r1c2 total 3",
                             "cage-1: cage r1c1-r1c2 total 3 repeats true")
    open_with(browser, server, repeats)
    notes = browser.find_element("id", "export-notes").text
    assert "f-puzzles and SudokuPad leave out 1 line" in notes
    assert "line 7: cage-1: cage r1c1-r1c2 total 3 repeats true" in notes
    assert "puzz.link: not offered:" in notes
    button = browser.find_element("id", "link-fpuzzles")
    assert "partial" in button.get_attribute("class").split()
    assert browser.find_element("id", "link-puzzlink").get_attribute("aria-disabled") == "true"


def test_a_share_link_opens_the_case_in_a_new_browser(
        browser: Any, server: str, second_browser: Any) -> None:
    open_with(browser, server, KILLER)
    browser.find_element("id", "share").click()
    field = browser.find_element("id", "share-link")
    link = wait_for(lambda: field.get_attribute("value"), what="the share link")
    assert link.startswith(server + "/#case=")
    second_browser.get(link)
    wait_for(lambda: second_browser.execute_script(
        "return window.sapphire && window.sapphire.timings.length") and status(
        second_browser) == "unique", what="the shared case solved")
    assert editor_text(second_browser) == KILLER
    assert second_browser.execute_script("return location.hash") == ""  # a reload keeps edits
    second_browser.find_element("css selector", "#recent-box summary").click()
    assert texts(second_browser, "#recent button") == ["Killer"]


def test_a_classic_sudoku_is_test_solved_to_the_end(browser: Any, server: str) -> None:
    open_with(browser, server, CLASSIC)
    assert status(browser) == "unique"
    assert not browser.find_elements("css selector", "#picture svg text.digit")
    browser.find_element("id", "mode-solve").click()
    answer = sapphire.load(CLASSIC).solve().solutions[0]["digits"]
    givens = [[ch for ch in line.split()] for line in CLASSIC.split("|\n")[1].split("---")[0]
              .splitlines()]
    empty = [(r, c) for r in range(1, 10) for c in range(1, 10) if givens[r - 1][c - 1] == "."]
    # a wrong digit is marked at once, as are pencil marks no answer has
    r, c = empty[0]
    wrong = answer[r - 1][c - 1] % 9 + 1
    drag_cells(browser, [(r, c)])
    ActionChains(browser).send_keys(str(wrong)).perform()
    assert texts(browser, "#picture svg text.solve-digit.wrong") == [str(wrong)]
    assert "1 entry is wrong" in browser.find_element("id", "solve-verdict").text
    # undo takes the entry back, not the case's text
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    assert browser.find_element("id", "solve-verdict").text == "No mistakes so far."
    assert editor_text(browser) == CLASSIC
    ActionChains(browser).key_down(Keys.SHIFT).send_keys("1").key_up(Keys.SHIFT).perform()
    assert texts(browser, "#picture svg text.solve-corner") == ["1"]
    ActionChains(browser).send_keys(Keys.DELETE).perform()
    click_and_type(browser, [(centre(browser, r, c), str(answer[r - 1][c - 1]))
                             for r, c in empty])
    verdict = browser.find_element("id", "solve-verdict")
    assert verdict.text == "Solved: every cell is the puzzle's one answer."
    assert not browser.find_elements("css selector", "#picture svg text.solve-digit.wrong")
    assert len(browser.find_elements("css selector", "#picture svg text.solve-digit")) == \
        len(empty)
    shot(browser, "solved")


def text_edit(browser: Any, call: str, *args: Any) -> Any:
    """`call` of the page's own text-editing module (casetext.js) run in the browser."""
    return browser.execute_async_script(f"""
        const done = arguments[arguments.length - 1];
        import('/static/casetext.js').then((t) => {{
            try {{ done({call}); }} catch (e) {{ done('error: ' + e.message); }}
        }});""", *args)


def test_grid_edits_keep_the_setters_layout_and_lines(browser: Any, server: str) -> None:
    browser.get(server + "/static/style.css")  # the page's origin, and no page running
    boxed = ("---\nlibrary: std\ngivens: |\n  . . . | . . .\n  ------+------\n"
             "  . . . | . . .\n---\nsudoku 6x6 # six\ncage r1c1-r1c2 total 3 # a cage\n")
    # a digit lands on its cell, past the separators; the grid's layout stays as written
    edited = text_edit(browser, "t.setGridCells(arguments[0], 'givens', [[2, 4]], '5', 2, 6)",
                       boxed)
    assert edited == boxed.replace("  . . . | . . .\n---", "  . . . | 5 . .\n---")
    # a repeated kind gives every line of it an id, comments kept
    added = text_edit(browser, "t.addRule(arguments[0], 'cage', 'cage r2c1-r2c2 total 4')",
                      edited)
    assert added.endswith("sudoku 6x6 # six\ncage-1: cage r1c1-r1c2 total 3 # a cage\n"
                          "cage-2: cage r2c1-r2c2 total 4\n")
    # an extra cell's digit goes in the rows below the board's
    extra = "---\nlibrary: std\nextra-cells: 2\n---\nsudoku 4x4\n"
    assert text_edit(browser, "t.setGridCells(arguments[0], 'givens', [[5, 2]], '3', 4, 4)",
                     extra) == ("---\nlibrary: std\nextra-cells: 2\ngivens: |\n  . . . .\n"
                                "  . . . .\n  . . . .\n  . . . .\n  . 3 . .\n---\nsudoku 4x4\n")
    # a grid written otherwise than as a block is not rewritten
    assert text_edit(browser, "t.setGridCells(arguments[0], 'givens', [[1, 1]], '1', 4, 4)",
                     '---\ngivens: "1 . . ."\n---\n') == (
        "error: the front matter's givens is not written as a 'givens: |' block, which the "
        "grid can edit")
    assert text_edit(browser, "[t.formatValue('digits', '1 2, 3'), t.formatValue('pattern', "
                     "'1*'), t.formatValue('integer', 'x')]") == "error: 'x' is not a whole number"


def test_a_loop_is_test_solved_by_dragging_through_the_cells(browser: Any, server: str) -> None:
    open_with(browser, server, "---\nlibrary: std\nboard: 2x3\n---\nloop\nwhite-circle r1c2\n")
    assert status(browser) == "unique"
    browser.find_element("id", "mode-solve").click()
    modes = [b.get_attribute("data-mode") for b in browser.find_elements(
        "css selector", "#solve-tools button[data-mode]") if b.is_displayed()]
    assert modes == ["loop"]  # no digits in this answer: a loop only
    drag_cells(browser, [(1, 1), (1, 2), (2, 2)])  # the first edge right, the second wrong
    assert len(browser.find_elements("css selector", "#picture svg line.solve-loop.wrong")) == 1
    assert "1 entry is wrong" in browser.find_element("id", "solve-verdict").text
    drag_cells(browser, [(2, 2), (1, 2)])  # dragged again, the edge goes
    drag_cells(browser, [(1, 2), (1, 3), (2, 3), (2, 2), (2, 1), (1, 1)])
    assert browser.find_element("id", "solve-verdict").text == \
        "Solved: every cell is the puzzle's one answer."
    assert len(browser.find_elements("css selector", "#picture svg line.solve-loop")) == 6
