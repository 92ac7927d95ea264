"""`sapphire serve`'s command line: what it refuses before it serves anything."""

from __future__ import annotations

import socket

import pytest

from sapphire.cli import main


@pytest.mark.parametrize(("args", "message"), [
    (["--port", "70000"], "--port 70000: a port is a number from 0 to 65535"),
    (["--time-limit", "0"], "--time-limit must be more than 0 seconds"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--library", "no-such-folder"], "--library no-such-folder: no such folder"),
])
def test_a_bad_option_is_refused_with_exit_status_1(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *args]) == 1
    assert message in capsys.readouterr().err


def test_a_port_in_use_is_refused_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert f"cannot answer on 127.0.0.1:{port}" in err and "--port" in err


def test_the_help_says_each_option_and_its_default(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for option in ("--port", "--host", "--open", "--library", "--time-limit", "--workers",
                   "--memory-limit", "--backend"):
        assert option in out
    assert "default: 127.0.0.1" in out and "sapphire serve --open" in out
