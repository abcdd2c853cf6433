"""The bad-file corpus (`tests/fixtures/bad_files.py`) through the real pipeline and database:
every good row is kept (counted in the database), every bad one is reported with its file and
line and skipped, nothing stops the run, and running it again changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.fixtures.bad_files import BadFile, agent_files, archive_files, tool_files

from discovery.catalog.a2a.ingest import ingest_agents
from discovery.catalog.archives.ingest import ingest_archives
from discovery.catalog.ingest import count_rows
from discovery.catalog.tools.ingest import ingest_tools
from discovery.catalog.writer import IngestReport
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration


async def _count(rt: Runtime, sql: str) -> int:
    async with rt.db.connection() as conn:
        row = await (await conn.execute(sql)).fetchone()
    assert row is not None
    return int(row[0])


def _check(report: IngestReport, bad: BadFile, path: Path) -> None:
    assert [(e.source.split("#")[0], e.line) for e in report.errors] == [
        (str(path), line) for line in bad.bad_lines
    ]
    assert report.skipped == len(bad.bad_lines)


@pytest.mark.parametrize("bad", archive_files(), ids=lambda b: b.name)
async def test_ingest_archives_keeps_good_rows_and_reports_bad_ones(
    runtime: Runtime, tmp_path: Path, bad: BadFile
) -> None:
    path = tmp_path / bad.name
    path.write_bytes(bad.data)
    report = await ingest_archives(runtime.db, runtime.embedder, [path], batch_size=64)
    _check(report, bad, path)
    assert report.added == bad.kept
    assert await _count(runtime, "select count(*) from items") == bad.kept
    assert await _count(runtime, "select count(*) from item_embeddings") == bad.kept
    # no row swallowed others (an unclosed CSV quote once made a 3,119-character title)
    assert await _count(runtime, "select coalesce(max(length(title)), 0) from items") < 100

    again = await ingest_archives(runtime.db, runtime.embedder, [path], batch_size=64)
    assert (again.added, again.updated, again.unchanged) == (0, 0, bad.kept)
    _check(again, bad, path)


async def test_ingest_archives_reads_on_after_a_broken_file(
    runtime: Runtime, tmp_path: Path
) -> None:
    files = {b.name: b for b in archive_files()}
    paths = []
    for name in ("fake.jsonl.gz", "truncated.jsonl.gz", "surrogates.jsonl"):
        paths.append(tmp_path / name)
        paths[-1].write_bytes(files[name].data)
    report = await ingest_archives(runtime.db, runtime.embedder, paths)
    assert [(Path(e.source).name, e.line) for e in report.errors] == [
        ("fake.jsonl.gz", 1),
        ("truncated.jsonl.gz", 78),
        ("surrogates.jsonl", 291),
    ]
    assert "nothing read" in report.errors[0].message
    assert "truncated" in report.errors[1].message and "after line 77" in report.errors[1].message
    assert "surrogate" in report.errors[2].message
    assert await _count(runtime, "select count(*) from items") == 299 + 77


def test_corpus_rows_have_ids_of_their_own_per_file() -> None:
    files = archive_files()
    assert sum(b.kept for b in files) == 610 and sum(len(b.bad_lines) for b in files) == 27


@pytest.mark.parametrize("bad", tool_files(), ids=lambda b: b.name)
async def test_ingest_tools_keeps_good_rows_and_reports_bad_ones(
    runtime: Runtime, tmp_path: Path, bad: BadFile
) -> None:
    path = tmp_path / bad.name
    path.write_bytes(bad.data)
    report = await ingest_tools(runtime.db, runtime.embedder, runtime.settings, [path])
    _check(report, bad, path)
    assert await _count(runtime, "select count(*) from items where kind = 'tool'") == bad.kept
    again = await ingest_tools(runtime.db, runtime.embedder, runtime.settings, [path])
    assert (again.added, again.updated, again.unchanged) == (0, 0, bad.kept)


@pytest.mark.parametrize("bad", agent_files(), ids=lambda b: b.name)
async def test_ingest_agents_keeps_good_rows_and_reports_bad_ones(
    runtime: Runtime, tmp_path: Path, bad: BadFile
) -> None:
    path = tmp_path / bad.name
    path.write_bytes(bad.data)
    report = await ingest_agents(runtime.db, runtime.embedder, runtime.settings, [path])
    _check(report, bad, path)
    assert await _count(runtime, "select count(*) from items where kind = 'agent'") == bad.kept
    assert await _count(runtime, "select count(*) from agent_cards") == bad.kept
    again = await ingest_agents(runtime.db, runtime.embedder, runtime.settings, [path])
    assert (again.added, again.updated, again.unchanged) == (0, 0, bad.kept)


@pytest.mark.parametrize("name", ["truncated.jsonl.gz", "fake.jsonl.gz", "binary.jsonl"])
def test_count_rows_counts_up_to_where_a_file_breaks(tmp_path: Path, name: str) -> None:
    bad = next(b for b in archive_files() if b.name == name)
    path = tmp_path / name
    path.write_bytes(bad.data)
    assert count_rows(path) == {"truncated.jsonl.gz": 77, "fake.jsonl.gz": 0}.get(name, 6)
