"""`runtime.load_demo_if_empty`: the demo archive is loaded into an empty catalog, a first load
that was interrupted is finished on the next start (without writing a record twice), and a
catalog of other records is left alone. A small archive stands in for the demo's 3,000 records."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from discovery.catalog.archives.ingest import ingest_archives
from discovery.runtime import DEMO_ARCHIVE, Runtime, archive_ids, load_demo_if_empty

pytestmark = pytest.mark.integration


def _demo_part(tmp_path: Path, lines: int) -> Path:
    """The demo file's first `lines` records, as a small stand-in for the whole demo."""
    with gzip.open(DEMO_ARCHIVE, "rt", encoding="utf-8") as source:
        head = [next(source) for _ in range(lines)]
    out = tmp_path / "demo.jsonl"
    out.write_text("".join(head), encoding="utf-8")
    return out


async def _count(runtime: Runtime) -> int:
    async with runtime.db.connection() as conn:
        row = await (await conn.execute("select count(*) from items")).fetchone()
    assert row is not None
    return int(row[0])


async def test_an_interrupted_first_load_is_finished_on_the_next_start(
    runtime: Runtime, tmp_path: Path
) -> None:
    demo = _demo_part(tmp_path, 24)
    stopped = tmp_path / "stopped" / "demo.jsonl"  # the first 9 records, as a load cut short
    stopped.parent.mkdir()
    stopped.write_text("".join(demo.read_text().splitlines(keepends=True)[:9]))
    await ingest_archives(runtime.db, runtime.embedder, [stopped])
    assert await _count(runtime) == 9

    report = await load_demo_if_empty(runtime, archive=demo)
    assert report is not None and (report.added, report.unchanged) == (15, 9)
    assert await _count(runtime) == len(archive_ids(demo)) == 24
    assert await load_demo_if_empty(runtime, archive=demo) is None  # whole: left alone


async def test_a_catalog_of_other_records_is_left_alone(runtime: Runtime, tmp_path: Path) -> None:
    demo = _demo_part(tmp_path, 5)
    own = tmp_path / "own.jsonl"
    own.write_text(json.dumps({"id": "mine-1", "title": "My own record"}) + "\n")
    await ingest_archives(runtime.db, runtime.embedder, [own])
    assert await load_demo_if_empty(runtime, archive=demo) is None
    assert await _count(runtime) == 1


async def test_an_empty_catalog_is_loaded(runtime: Runtime, tmp_path: Path) -> None:
    demo = _demo_part(tmp_path, 5)
    report = await load_demo_if_empty(runtime, archive=demo)
    assert report is not None and report.added == 5
    assert await _count(runtime) == 5
