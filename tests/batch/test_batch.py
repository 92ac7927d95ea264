"""`sapphire batch`: every puzzle gets one record, equal to what `solve` finds; a stopped run
resumes; a bad or hanging puzzle is that puzzle's record and the run goes on; a Dask cluster
gives the local pool's records."""

from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path

import pytest

from sapphire.batch import Options, read_jobs, run_batch
from sapphire.batch import local as local_pool
from sapphire.batch.inputs import Job
from sapphire.batch.work import record, solve_job
from sapphire.cli import main
from sapphire.diagnostics import SapphireError
from sapphire.pipeline import solve_case

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "importers"


def iss_corpus(tmp_path: Path, n: int = 4) -> Path:
    """An iss.json-shaped corpus of the first `n` bundled ISS samples (MIT)."""
    samples = json.loads((FIXTURES / "iss_samples.json").read_text(encoding="utf-8"))
    path = tmp_path / "iss.json"
    path.write_text(json.dumps(samples["puzzles"][:n]), encoding="utf-8")
    return path


def cases(tmp_path: Path) -> Path:
    folder = tmp_path / "cases"
    shutil.copytree(ROOT / "examples" / "cases", folder)
    return folder


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_every_case_of_a_folder_is_solved_as_solve_solves_it(tmp_path: Path) -> None:
    folder = cases(tmp_path)
    out = tmp_path / "out.jsonl"
    summary = run_batch([str(folder)], out, Options(30), workers=2)
    records = {r["id"]: r for r in read(out)}
    assert sorted(records) == sorted(str(p) for p in folder.glob("*.case"))
    assert summary.total == len(records) and summary.statuses["unique"] == len(records)
    for path, rec in records.items():
        alone = solve_case(path)
        assert (rec["status"], rec["count"], rec["complete"]) == \
            (alone.status, alone.count, alone.complete)
        assert rec["answer"] == alone.solutions[0]
        assert rec["error"] is None


def test_corpus_entries_are_imported_and_match_their_recorded_answers(tmp_path: Path) -> None:
    corpus = iss_corpus(tmp_path)
    out = tmp_path / "out.jsonl"
    run_batch([str(corpus)], out, Options(30), workers=2)
    entries = json.loads(corpus.read_text(encoding="utf-8"))
    records = {r["id"]: r for r in read(out)}
    assert sorted(records) == sorted(f"{corpus}#{i}" for i in range(len(entries)))
    for i, entry in enumerate(entries):
        rec = records[f"{corpus}#{i}"]
        assert rec["format"] == "iss" and rec["name"] == entry["name"]
        assert rec["status"] == entry["expected_status"]
        if entry["solution"] is None:  # several answers: the record shows one of them
            continue
        digits = "".join(str(d) for row in rec["answer"]["digits"] for d in row)
        assert digits == entry["solution"]


def test_a_stopped_run_resumes_with_the_puzzles_it_had_not_recorded(tmp_path: Path) -> None:
    folder = cases(tmp_path)
    out = tmp_path / "out.jsonl"
    run_batch([str(folder)], out, Options(30), workers=2)
    lines = out.read_text(encoding="utf-8").splitlines()
    kept, lost = lines[:2], json.loads(lines[2])["id"]
    out.write_text("\n".join(kept) + "\n" + lines[2][:15], encoding="utf-8")  # killed mid-line
    summary = run_batch([str(folder)], out, Options(30), workers=2)
    assert summary.skipped == 2
    assert sum(summary.statuses.values()) == len(lines) - 2
    records = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()
               if x.startswith("{") and x.endswith("}")]
    ids = [r["id"] for r in records]
    assert sorted(ids) == sorted(json.loads(x)["id"] for x in lines)  # each once, none lost
    assert lost in ids[2:]


def test_a_bad_case_is_its_own_record_and_the_others_are_solved(tmp_path: Path) -> None:
    folder = cases(tmp_path)
    (folder / "broken.case").write_text("---\nlibrary: std\n---\nno-such-kind r1c1\n",
                                        encoding="utf-8")
    out = tmp_path / "out.jsonl"
    summary = run_batch([str(folder)], out, Options(30), workers=2)
    broken = next(r for r in read(out) if r["id"].endswith("broken.case"))
    assert broken["status"] == "error" and broken["error"]["kind"] == "missing-definition"
    assert "broken.case:4:1" in broken["error"]["message"]
    assert summary.statuses == {"unique": 6, "error": 1}


def _hangs_on_one(job: Job, options: Options) -> dict:
    """The batch's work, but `hangs.case` never finishes (run in the pool's forked workers)."""
    if job.id.endswith("hangs.case"):
        threading.Event().wait()
    return solve_job(job, options)


def test_a_puzzle_past_its_hard_deadline_is_stopped_and_the_run_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = cases(tmp_path)
    shutil.copy(folder / "killer-sudoku.case", folder / "hangs.case")
    monkeypatch.setattr(local_pool, "solve_job", _hangs_on_one)
    monkeypatch.setattr(local_pool, "GRACE", 0.5)
    out = tmp_path / "out.jsonl"
    summary = run_batch([str(folder)], out, Options(1.0), workers=2)
    hung = next(r for r in read(out) if r["id"].endswith("hangs.case"))
    assert hung["status"] == "unknown" and hung["error"]["kind"] == "killed"
    assert summary.statuses == {"unique": 6, "unknown": 1}


def test_a_path_written_two_ways_is_one_job(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    folder = cases(tmp_path)
    monkeypatch.chdir(tmp_path)
    spellings = ["cases/killer-sudoku.case", "./cases/killer-sudoku.case",
                 "cases/../cases/killer-sudoku.case", str(folder / "killer-sudoku.case")]
    assert [j.id for j in read_jobs(spellings)] == ["cases/killer-sudoku.case"]
    (folder / "again.case").symlink_to("killer-sudoku.case")  # a link inside the folder
    ids = [j.id for j in read_jobs(["cases", "./cases/", *spellings])]
    assert len(ids) == len(set(ids)) == 6  # the six cases, each once: the link sorts first
    assert "cases/again.case" in ids and "cases/killer-sudoku.case" not in ids


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a named pipe")
@pytest.mark.parametrize("where", ["in a folder", "named", "as a corpus"])
def test_a_fifo_among_the_inputs_is_refused_before_anything_is_read(
        tmp_path: Path, where: str) -> None:
    folder = cases(tmp_path)
    fifo = folder / ("hangs.json" if where == "as a corpus" else "hangs.case")
    os.mkfifo(fifo)  # reading it would wait for a writer that never comes
    with pytest.raises(SapphireError) as e:
        read_jobs([str(folder) if where == "in a folder" else str(fifo)])
    assert e.value.kinds == ["bad-input"]
    assert f"{fifo} is not a regular file" in str(e.value)


def test_a_case_linked_to_a_file_elsewhere_is_refused_unread(tmp_path: Path) -> None:
    folder = cases(tmp_path)
    secret = tmp_path / "passwd"
    secret.write_text("root:x:0:0:secret-line\n", encoding="utf-8")
    (folder / "passwd.case").symlink_to(secret)
    for inputs in ([str(folder)], [str(folder / "passwd.case")]):
        with pytest.raises(SapphireError) as e:
            read_jobs(inputs)
        assert e.value.kinds == ["bad-input"]
        assert "passwd.case links to a file outside" in str(e.value)
        assert "secret" not in str(e.value)
    (folder / "passwd.case").unlink()
    out = tmp_path / "out.jsonl"
    (folder / "linked.case").symlink_to(secret)
    with pytest.raises(SapphireError):
        run_batch([str(folder)], out, Options(30), workers=1)
    assert not out.exists() or "secret" not in out.read_text(encoding="utf-8")


def _hogs_on_one(job: Job, options: Options) -> dict:
    """The batch's work, but `hog.case` takes 2 GB, a megabyte at a time."""
    if job.id.endswith("hog.case"):
        held = [b"x" * (1 << 20) for _ in range(2000)]
        return record(job, status="unique", count=len(held))
    return solve_job(job, options)


def test_a_small_memory_cap_solves_and_a_puzzle_past_it_is_out_of_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cases"
    folder.mkdir()
    for name in ("killer-sudoku.case", "slitherlink-4x4.case"):
        shutil.copy(ROOT / "examples" / "cases" / name, folder / name)
    shutil.copy(folder / "killer-sudoku.case", folder / "hog.case")
    monkeypatch.setattr(local_pool, "solve_job", _hogs_on_one)
    out = tmp_path / "out.jsonl"
    summary = run_batch([str(folder)], out, Options(30, "cpsat"), workers=1, memory_mb=300)
    records = {Path(r["id"]).name: r for r in read(out)}
    assert records["hog.case"]["error"] == {
        "kind": "out-of-memory",
        "message": "the puzzle needs more memory than a worker may hold (300 MB, --memory-limit)"}
    assert summary.statuses == {"unique": 2, "error": 1}  # the others, on a new worker


def test_a_memory_limit_below_the_minimum_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", str(ROOT / "examples" / "cases"), "--memory-limit", "100"]) == 1
    assert "--memory-limit must be at least 256 MB, not 100" in capsys.readouterr().err


def test_inputs_that_name_no_puzzle_are_bad_input(tmp_path: Path) -> None:
    with pytest.raises(SapphireError) as e:
        read_jobs([str(tmp_path / "missing.case")])
    assert e.value.kinds == ["io"]
    (tmp_path / "empty").mkdir()
    with pytest.raises(SapphireError) as e:
        read_jobs([str(tmp_path / "empty")])
    assert e.value.kinds == ["bad-input"]
    (tmp_path / "other.json").write_text('{"rows": 3}', encoding="utf-8")
    with pytest.raises(SapphireError) as e:
        read_jobs([str(tmp_path / "other.json")])
    assert e.value.kinds == ["bad-input"]


def test_the_command_writes_json_lines_and_a_summary(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = cases(tmp_path)
    assert main(["batch", str(folder / "negate-all.case"), str(folder / "killer-sudoku.case"),
                 "--jobs", "1"]) == 0
    captured = capsys.readouterr()
    statuses = sorted(json.loads(line)["status"] for line in captured.out.splitlines())
    assert statuses == ["unique", "unique"]
    assert captured.err.strip() == "2 of 2 puzzles done: 2 unique"


def test_a_dask_cluster_gives_the_local_pools_records(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    corpus = iss_corpus(tmp_path, 3)
    folder = cases(tmp_path)
    local_out, cluster_out = tmp_path / "local.jsonl", tmp_path / "cluster.jsonl"
    run_batch([str(folder), str(corpus)], local_out, Options(30), workers=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        run_batch([str(folder), str(corpus)], cluster_out, Options(30),
                  cluster=cluster.scheduler_address)

    def essence(path: Path) -> dict[str, tuple]:
        return {r["id"]: (r["status"], r["count"], r["answer"], r["error"]) for r in read(path)}

    assert essence(cluster_out) == essence(local_out)
    assert len(essence(local_out)) == 9


@pytest.mark.parametrize("address", ["nonsense", "tcp://host", "tcp://127.0.0.1:1"])
def test_a_cluster_address_that_is_wrong_or_unreachable_is_an_error_not_a_traceback(
        address: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    from sapphire.batch import cluster

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)  # port 1 refuses: no wait needed
    case = ROOT / "examples" / "cases" / "classic-sudoku.case"
    assert main(["batch", "--cluster", address, str(case)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert ("is not a scheduler address" if address != "tcp://127.0.0.1:1"
            else "cannot reach the cluster at tcp://127.0.0.1:1") in err
    assert "hint: give the scheduler's address, as tcp://HOST:8786" in err
    assert "Traceback" not in err


def test_a_worker_that_dies_is_that_puzzles_record_and_the_run_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    from sapphire.batch import work

    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the workers must inherit the patched solver")
    folder = cases(tmp_path)
    solve = work._solve

    def dies_on_negate_all(job, options):  # type: ignore[no-untyped-def]
        if job.id.endswith("negate-all.case"):
            os._exit(9)  # as a crash in a solver's C++ would end the worker
        return solve(job, options)

    monkeypatch.setattr(work, "_solve", dies_on_negate_all)
    out = tmp_path / "out.jsonl"
    summary = run_batch([str(folder)], out, Options(30), workers=2)
    dead = next(r for r in read(out) if r["id"].endswith("negate-all.case"))
    assert dead["status"] == "error" and dead["error"]["kind"] == "worker-died"
    assert "exit status 9" in dead["error"]["message"]
    assert summary.statuses == {"unique": 5, "error": 1}


@pytest.mark.parametrize("args,message", [
    (("--jobs", "0"), "--jobs must be at least 1, not 0"),
    (("--time-limit", "-1"), "--time-limit must not be negative"),
])
def test_bad_batch_options_are_usage_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
        message: str) -> None:
    folder = cases(tmp_path)
    assert main(["batch", str(folder), *args]) == 1
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""
