"""What a kind's Markdown declares reaches the case through its declarations alone: a rule
that `modifies` the value channel, the maps it reports as its `answer`, and the prelude's
channel blocks. Each test renames or rewrites a bundled kind, so no behaviour can hang on the
kind's name."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from sapphire.cli import main
from sapphire.library import std_root
from sapphire.meaning import instantiate, load_case
from sapphire.pipeline import solve_case


def _folder(tmp_path: Path, kinds: dict[str, str]) -> Path:
    """A library folder beside the case holding each bundled kind under a new name (and the
    text replaced as `kinds` says), plus the bundled prelude."""
    folder = tmp_path / "rules"
    folder.mkdir()
    shutil.copy(std_root() / "prelude.md", folder / "prelude.md")
    for new, source in kinds.items():
        text = (std_root() / f"{source}.md").read_text(encoding="utf-8")
        text = re.sub(r"^kind: .*$", f"kind: {new}", text, count=1, flags=re.M)
        (folder / f"{new}.md").write_text(text, encoding="utf-8")
    return folder


def _case(tmp_path: Path, front: str, body: str) -> str:
    path = tmp_path / "t.case"
    path.write_text(f"---\nlibrary: rules\n{front}---\n{body}\n", encoding="utf-8")
    return str(path)


def test_a_renamed_value_modifier_scales_by_its_own_default(tmp_path: Path) -> None:
    """`modifies: {value: multiply}` reads the scale from the parameter's default in the
    Markdown: with the default raised to 3, one cell of two counts three times its digit."""
    folder = _folder(tmp_path, {"tripler": "value-modifier", "total": "cage"})
    text = (folder / "tripler.md").read_text(encoding="utf-8")
    (folder / "tripler.md").write_text(text.replace("    default: 2\n", "    default: 3\n"),
                                       encoding="utf-8")
    case = _case(tmp_path, "board: 1x2\n", "tripler r1c1-r1c2\ntotal r1c1-r1c2 total 7")
    res = solve_case(case, max_solutions=5)
    assert (res.status, res.count) == ("multiple", 2)
    assert sorted(a["digits"][0] for a in res.solutions) == [[1, 2], [2, 1]]
    # the bundled value-modifier doubles, and 7 is then out of reach
    (folder / "doubler.md").write_text(text.replace("kind: tripler", "kind: doubler"),
                                       encoding="utf-8")
    case = _case(tmp_path, "board: 1x2\n", "doubler r1c1-r1c2\ntotal r1c1-r1c2 total 7")
    assert solve_case(case).status == "none"


def test_cells_no_modifier_covers_keep_their_face(tmp_path: Path) -> None:
    _folder(tmp_path, {"doubler": "value-modifier", "total": "cage"})
    case, lib = load_case(_case(tmp_path, "board: 1x3\n",
                                "doubler r1c1-r1c2\ntotal r1c3 total 3"))
    inst = instantiate(case, lib)
    assert inst.instance.constants["covered"] == [(1, 1), (1, 2)]
    assert inst.instance.constants["uncovered"] == [(1, 3)]
    assert inst.instance.constants["values"] == list(range(0, 7))


def test_a_renamed_slitherlink_reports_and_draws_its_answer_maps(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _folder(tmp_path, {"fence": "slitherlink"})
    clues = "clues: |\n  . 0 . .\n  . . . .\n  2 . 3 .\n  . . . 1\n"
    path = _case(tmp_path, "board: 4x4\n" + clues, "fence")
    case, lib = load_case(path)
    assert instantiate(case, lib).answer_maps == (("vrt", "edges-across"),
                                                  ("hrz", "edges-down"))
    res = solve_case(path)
    assert res.status == "unique" and set(res.solutions[0]["values"]) == {"vrt", "hrz"}
    assert main(["solve", path]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[3] == "        0          " and out[7] == "  │ 2 │   │ 3 │    "


def test_answer_maps_are_named_by_the_definition(tmp_path: Path) -> None:
    """Renaming the maps in the meaning and the `answer` field renames them in the answer."""
    folder = _folder(tmp_path, {"fence": "slitherlink"})
    text = (folder / "fence.md").read_text(encoding="utf-8")
    (folder / "fence.md").write_text(text.replace("vrt", "across_edge"), encoding="utf-8")
    path = _case(tmp_path, "board: 2x2\n", "fence")
    res = solve_case(path, max_solutions=1)
    assert set(res.solutions[0]["values"]) == {"across_edge", "hrz"}


def test_a_prelude_without_channel_blocks_falls_back_to_the_bundled_ones(
        tmp_path: Path) -> None:
    """A library written before channels moved into the prelude still shades."""
    folder = _folder(tmp_path, {"shades": "yin-yang"})
    prelude = (folder / "prelude.md").read_text(encoding="utf-8")
    (folder / "prelude.md").write_text(prelude.split("## Channels")[0], encoding="utf-8")
    path = _case(tmp_path, "board: 2x2\nshading: |\n  1 .\n  . .\n", "shades")
    res = solve_case(path, max_solutions=20)
    assert res.count > 0 and all(a["shading"][0][0] == 1 for a in res.solutions)
