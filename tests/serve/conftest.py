"""One `sapphire serve` and one headless Chromium for the whole session: the browser tests
drive the system's browser (Debian's `chromium` and `chromium-driver`, which `.ci/run`
installs) against the command as a user starts it."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import sapphire

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
TIME_LIMIT = 8.0
"""The served page's time limit: the slow case's candidates run past it."""


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The address of a `sapphire serve --port 0` started for the session."""
    src = str(Path(sapphire.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [src, *filter(None, [os.environ.get("PYTHONPATH")])])}
    command = ("import sys; from sapphire.cli import main; sys.exit(main(['serve', '--port', "
               f"'0', '--time-limit', '{TIME_LIMIT}']))")
    proc = subprocess.Popen([sys.executable, "-c", command], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.kill()
        raise AssertionError(f"sapphire serve did not start: {line}{proc.stderr.read()}")
    url = line.split("http://", 1)[1].split()[0]
    try:
        yield f"http://{url}".rstrip("/")
    finally:
        proc.send_signal(signal.SIGINT)  # as Ctrl-C stops it
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def browser_missing() -> str | None:
    """Why no browser test can run here, or None."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not Path(path).is_file():
            return f"{path} is missing (apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium driven through chromedriver; skipped on a machine without them
    (never in CI, whose script installs them)."""
    yield from chromium()


@pytest.fixture
def second_browser() -> Iterator[Any]:
    """Another Chromium for one test, with a profile of its own: nothing the first one kept
    (a share link opened elsewhere)."""
    yield from chromium()


def chromium() -> Iterator[Any]:
    missing = browser_missing()
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the browser tests cannot run in CI: {missing}")
        pytest.skip(f"no browser for the page's tests: {missing}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="sapphire-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu",
                 "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-extensions", "--window-size=1280,900",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
