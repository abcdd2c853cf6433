"""Ingestion on the real database with the real model: reports, idempotence, resume."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from discovery.catalog.archives.ingest import ingest_archives
from discovery.catalog.writer import IngestReport
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration
FIXTURE = Path(__file__).parents[1] / "fixtures" / "archives_mixed.jsonl"


async def _count(rt: Runtime, sql: str) -> int:
    async with rt.db.connection() as conn:
        row = await (await conn.execute(sql)).fetchone()
    assert row is not None
    return int(row[0])


async def test_ingest_reports_malformed_rows_with_file_and_line(runtime: Runtime) -> None:
    report = await ingest_archives(runtime.db, runtime.embedder, [FIXTURE], batch_size=4)
    assert (report.added, report.updated, report.unchanged, report.skipped) == (6, 0, 0, 2)
    assert [(Path(e.source).name, e.line) for e in report.errors] == [
        ("archives_mixed.jsonl", 3),
        ("archives_mixed.jsonl", 6),
    ]
    assert await _count(runtime, "select count(*) from items") == 6
    assert await _count(runtime, "select count(*) from item_embeddings") == 6
    assert await _count(runtime, "select count(*) from items where summary = ''") == 0
    assert await _count(runtime, "select count(*) from items where primary_skill_id is null") == 0


async def test_ingest_rerun_changes_nothing(runtime: Runtime) -> None:
    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    async with runtime.db.connection() as conn:
        before = await (
            await conn.execute("select item_id, embedding::text from item_embeddings order by 1")
        ).fetchall()
    again = await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    assert (again.added, again.updated, again.unchanged, again.skipped) == (0, 0, 6, 2)
    async with runtime.db.connection() as conn:
        after = await (
            await conn.execute("select item_id, embedding::text from item_embeddings order by 1")
        ).fetchall()
    assert after == before


async def test_ingest_reembeds_a_changed_record_only(runtime: Runtime, tmp_path: Path) -> None:
    source = tmp_path / "archive.jsonl"
    shutil.copy(FIXTURE, source)
    await ingest_archives(runtime.db, runtime.embedder, [source])
    lines = source.read_text().splitlines()
    record = json.loads(lines[0])
    record["title"] = "Streetcar in a blizzard on Centre Avenue"
    lines[0] = json.dumps(record)
    source.write_text("\n".join(lines) + "\n")

    report = await ingest_archives(runtime.db, runtime.embedder, [source])
    assert (report.added, report.updated, report.unchanged) == (0, 1, 5)
    async with runtime.db.connection() as conn:
        row = await (
            await conn.execute(
                "select i.title, e.content_hash = i.content_hash from items i"
                " join item_embeddings e on e.item_id = i.id where i.id = %s",
                (record["id"],),
            )
        ).fetchone()
    assert row == ("Streetcar in a blizzard on Centre Avenue", True)


class Interrupted(Exception):
    pass


async def test_ingest_resumes_after_interruption_without_duplicates(runtime: Runtime) -> None:
    calls = 0

    def crash_after_two_batches(_: int) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise Interrupted

    with pytest.raises(Interrupted):
        await ingest_archives(
            runtime.db, runtime.embedder, [FIXTURE], batch_size=2, on_rows=crash_after_two_batches
        )
    written = await _count(runtime, "select count(*) from items")
    assert written == 4  # two whole batches committed, nothing of the third
    half_written = await _count(
        runtime,
        "select count(*) from items i where not exists"
        " (select 1 from item_embeddings e where e.item_id = i.id)",
    )
    assert half_written == 0

    resumed: IngestReport = await ingest_archives(
        runtime.db, runtime.embedder, [FIXTURE], batch_size=2
    )
    assert (resumed.added, resumed.unchanged) == (2, 4)
    assert await _count(runtime, "select count(*) from items") == 6
    assert await _count(runtime, "select count(distinct id) from items") == 6


async def test_ingest_with_mapping_reads_a_csv(runtime: Runtime, tmp_path: Path) -> None:
    source = tmp_path / "records.csv"
    source.write_text(
        "ref,heading,maker,year\n"
        "r1,Jazz quartet on stage at the Crawford Grill,Charles Harris,1950\n"
        "r2,Church choir in robes,Charles Harris,1948\n"
    )
    report = await ingest_archives(
        runtime.db,
        runtime.embedder,
        [source],
        mapping={"id": "ref", "title": "heading", "creator": "maker", "date": "year"},
    )
    assert (report.added, report.skipped) == (2, 0)
    async with runtime.db.connection() as conn:
        row = await (
            await conn.execute("select metadata ->> 'creator' from items where id = 'r1'")
        ).fetchone()
    assert row == ("Charles Harris",)


async def test_ingest_counts_an_id_the_batch_before_is_still_writing(
    runtime: Runtime, tmp_path: Path
) -> None:
    """Batch N+1 is staged while batch N commits: an id repeated from batch N is unchanged (or
    changed) against what batch N writes, never added twice."""
    lines = [json.loads(line) for line in FIXTURE.read_text().splitlines()[:2]]
    first, second = lines
    edited = first | {"title": "Streetcar in a blizzard on Centre Avenue"}
    third = json.loads(FIXTURE.read_text().splitlines()[3])
    source = tmp_path / "repeats.jsonl"
    source.write_text("\n".join(json.dumps(r) for r in (first, second, edited, second, third)))
    report = await ingest_archives(runtime.db, runtime.embedder, [source], batch_size=2)
    assert (report.added, report.updated, report.unchanged) == (3, 1, 1)
    assert await _count(runtime, "select count(*) from items") == 3
    async with runtime.db.connection() as conn:
        row = await (
            await conn.execute("select title from items where id = %s", (first["id"],))
        ).fetchone()
    assert row == (edited["title"],)
