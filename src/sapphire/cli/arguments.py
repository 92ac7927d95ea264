"""What the commands share of the command line: reading their file, the library options, the
help layout, and the loaded case (`sapphire.api.Puzzle`) a command's arguments name.

The subcommands import this module, never the package that registers them (`sapphire.cli`),
so that the commands depend on each other in one direction only.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sapphire.api import Puzzle


def is_program(path: str) -> bool:
    """A `.sapphire` program (any case of the suffix), rather than a case file."""
    return path.lower().endswith(".sapphire")


def take_stdin(args: argparse.Namespace, *, newlines: bool = True) -> str | None:
    """When the command's file is `-`, read standard input whole and name the file `<stdin>`
    (in errors, and as the place a case's library folder is found from: the current
    directory); the text, or None for a file named on the command line."""
    from sapphire.diagnostics import STDIN, STDIN_LABEL, read_stdin

    if args.file != STDIN:
        return None
    text = read_stdin("unreadable-file", newlines=newlines)
    args.file = STDIN_LABEL
    return text


def reads_program(args: argparse.Namespace) -> bool:
    """Whether the command's file is a `.sapphire` program: `--program`, or its name."""
    return bool(getattr(args, "program", False)) or is_program(args.file)


class BackendNames(Sequence[str]):
    """`sapphire.backend.BACKENDS`, imported when argparse first looks at it: only a command
    line naming a backend, or a help or usage text, does, so that `check`, `fmt` and `import`
    never load the backend package (and the ground model it imports)."""

    @staticmethod
    def _names() -> tuple[str, ...]:
        from sapphire.backend import BACKENDS

        return BACKENDS

    def __getitem__(self, i: Any) -> Any:
        return self._names()[i]

    def __len__(self) -> int:
        return len(self._names())

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())


def library_root_options(command: argparse.ArgumentParser) -> None:
    """What a case's library may read and fetch: `--library-root`, `--offline`, `--refresh`."""
    command.add_argument(
        "--library-root", action="append", metavar="DIR",
        help="a folder (with its subfolders) a case's library folder may be in, besides the "
             "case file's own folder; may be given more than once (default: the case file's "
             "folder only)")
    cache = command.add_mutually_exclusive_group()
    cache.add_argument("--offline", action="store_true",
                       help="fetch nothing: definitions named by https URLs come from the "
                            "cache, however old")
    cache.add_argument("--refresh", action="store_true",
                       help="ask the server of every fetched definition whether it changed, "
                            "however recently it was cached")


def fetch_mode(args: argparse.Namespace) -> str:
    """How the command's fetched definitions use their cache (`sapphire.library.fetch`)."""
    if getattr(args, "offline", False):
        return "offline"
    return "refresh" if getattr(args, "refresh", False) else "auto"


def command_help(description: str, epilog: str) -> dict[str, Any]:
    """A subcommand's help: its description, and examples and exit statuses below the
    options, kept as written."""
    return {"help": description, "description": description, "epilog": epilog,
            "formatter_class": argparse.RawDescriptionHelpFormatter}


def file_argument(command: argparse.ArgumentParser, what: str) -> None:
    command.add_argument("file", help=f"{what}, or - for standard input (named <stdin> in "
                                      "errors; a case's library folder is then found from "
                                      "the current directory)")


def load_puzzle(args: argparse.Namespace, text: str | None = None) -> Puzzle:
    """The case `args.file` names, loaded when first asked (`sapphire.api.Puzzle`): with
    `text`, that is the case (read from standard input), and `args.file` only names it."""
    from sapphire.api import Puzzle

    return Puzzle(text, args.file, tuple(getattr(args, "library_root", None) or ()),
                  fetch_mode(args))
