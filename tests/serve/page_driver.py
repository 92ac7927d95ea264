"""Driving the page in the browser as a setter does: typing and pasting in the editor, and
clicking and dragging on the picture (Selenium's pointer actions at the cells' places on the
screen), and waiting for what the page shows after each edit."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from pathlib import Path
from typing import Any

from selenium.webdriver.common.action_chains import ActionChains

WAIT = 20.0
"""Seconds a status may take to show (a loaded machine; a killer takes well under one)."""


def shot(browser: Any, name: str) -> None:
    folder = os.environ.get("SAPPHIRE_SCREENSHOTS")
    if folder:
        browser.save_screenshot(str(Path(folder) / f"serve-{name}.png"))


def wait_for(condition: Any, timeout: float = WAIT, what: str = "") -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"waited {timeout:g} s for {what}")


def answered(browser: Any) -> int:
    """How many solves the page has shown so far."""
    return int(browser.execute_script(
        "return window.sapphire ? window.sapphire.timings.length : 0"))


def status(browser: Any) -> str:
    return str(browser.execute_script("return document.getElementById('status').dataset.status"))


def edit_and_wait(browser: Any, edit: Any, expected: str) -> None:
    """Make `edit`, then wait until the page shows the status of a solve after it."""
    before = answered(browser)
    edit()
    wait_for(lambda: answered(browser) > before and status(browser) != "solving",
             what=f"a status after the edit (expected {expected})")
    assert status(browser) == expected, browser.find_element("id", "problems").text


def paste(browser: Any, text: str) -> None:
    """Replace the editor's text as a paste does (the browser's own text input)."""
    editor = browser.find_element("id", "editor")
    editor.click()
    browser.execute_script("arguments[0].select()", editor)
    browser.execute_cdp_cmd("Input.insertText", {"text": text})


def retype(browser: Any, line: int, col: int, length: int, text: str) -> None:
    """Select `length` characters at `line`:`col` of the editor and type `text` over them."""
    browser.execute_script("""
        const [editor, line, col, length] = arguments;
        const lines = editor.value.split('\\n');
        let at = col - 1;
        for (let i = 0; i < line - 1; i++) at += lines[i].length + 1;
        editor.focus();
        editor.setSelectionRange(at, at + length);
    """, browser.find_element("id", "editor"), line, col, length)
    browser.execute_cdp_cmd("Input.insertText", {"text": text})


def fresh(browser: Any, server: str) -> None:
    """The page as a new user first opens it: the starter case, solved."""
    browser.get(server + "/")
    browser.execute_script("localStorage.clear()")
    browser.get(server + "/")
    wait_for(lambda: answered(browser) > 0, what="the starter case's status")


def editor_text(browser: Any) -> str:
    return str(browser.execute_script("return document.getElementById('editor').value"))


def stats(server: str) -> dict[str, int]:
    with urllib.request.urlopen(server + "/api/stats") as reply:
        return json.load(reply)  # type: ignore[no-any-return]


def show_answer(browser: Any, shown: bool) -> None:
    """Turn the switch that shows the solver's answer on or off (it starts off)."""
    box = browser.find_element("id", "show-answer")
    if box.is_selected() != shown:
        box.click()


def open_with(browser: Any, server: str, text: str) -> None:
    """The page opened on `text` (as a setter comes back to a puzzle), solved."""
    browser.get(server + "/api/stats")  # the page's origin, with no page to save its own case
    browser.execute_script("localStorage.clear(); localStorage.setItem('sapphire-case', "
                           "arguments[0])", text)
    browser.get(server + "/")
    wait_for(lambda: answered(browser) > 0 and status(browser) != "solving",
             what="the case's status")


def point(browser: Any, row: float, col: float) -> tuple[int, int]:
    """Where on the screen the point at `row`, `col` of the picture's grid is (cell r,c's
    centre is r - 0.5, c - 0.5 from the grid's top-left corner, in cells)."""
    x, y = browser.execute_script("""
        const [row, col] = arguments;
        const panel = document.querySelector('#picture svg g.answer');
        const p = panel.ownerSVGElement.createSVGPoint();
        p.x = col * 40; p.y = row * 40;
        const q = p.matrixTransform(panel.getScreenCTM());
        return [q.x, q.y];
    """, row, col)
    return round(x), round(y)


def centre(browser: Any, r: int, c: int) -> tuple[int, int]:
    return point(browser, r - 0.5, c - 0.5)


def drag(browser: Any, places: list[tuple[int, int]], keys: str = "") -> None:
    """Press the mouse at the first screen place, move through the others and let go (a
    click when there is one place); with `keys` held (Shift) if given."""
    actions = ActionChains(browser, duration=0)  # moves at once, not in 250 ms
    if keys:
        actions.key_down(keys)
    pointer, key = actions.w3c_actions.pointer_action, actions.w3c_actions.key_action
    steps = [lambda: pointer.move_to_location(*places[0]), pointer.pointer_down,
             *(lambda p=p: pointer.move_to_location(*p) for p in places[1:]),
             pointer.pointer_up]
    for step in steps:
        step()
        key.pause(0)  # the keys held stay held while the pointer acts
    if keys:
        actions.key_up(keys)
    actions.perform()


def click_and_type(browser: Any, entries: list[tuple[tuple[int, int], str]]) -> None:
    """For each (screen place, text): a click there, then the text typed; all in one go."""
    actions = ActionChains(browser, duration=0)  # moves at once, not in 250 ms
    pointer, key = actions.w3c_actions.pointer_action, actions.w3c_actions.key_action
    for place, text in entries:
        for step in (lambda p=place: pointer.move_to_location(*p), pointer.pointer_down,
                     pointer.pointer_up):
            step()
            key.pause(0)
        actions.send_keys(text)
    actions.perform()


def drag_cells(browser: Any, cells: list[tuple[int, int]]) -> None:
    drag(browser, [centre(browser, r, c) for r, c in cells])


def choose_kind(browser: Any, search: str, kind: str) -> None:
    """Search the palette and pick `kind` among what it offers."""
    field = browser.find_element("id", "palette-search")
    field.clear()
    field.send_keys(search)
    browser.find_element("css selector", f"#palette li[data-kind='{kind}']").click()


def texts(browser: Any, selector: str) -> list[str]:
    return [e.text for e in browser.find_elements("css selector", selector)]
