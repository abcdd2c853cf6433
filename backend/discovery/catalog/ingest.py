"""The one write pipeline every source goes through (archive files, tool catalogs, MCP servers):

rows -> batches -> summarize, embed, classify into skills, upsert (idempotent by id + content
hash; `CatalogWriter`) -> file suggestions for items no skill fits (when asked) -> refresh the
skills' centroids. Malformed rows arrive as `RowError`s: counted, reported by file and line,
skipped. A load into a catalog without vectors for the model builds its HNSW index and its BM25
text index once, at the end (`bulk.py`). Batches go through a pipeline of two: a batch is
written (one transaction) while the next one is embedded.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator
from pathlib import Path

import psycopg

from discovery.catalog.bulk import deferred_text_index, deferred_vector_index
from discovery.catalog.records import CatalogItem, RowError
from discovery.catalog.skills.placement import Classifier
from discovery.catalog.skills.suggestions import file_suggestions
from discovery.catalog.sources import count_lines
from discovery.catalog.summarize import ExtractiveSummarizer, Summarizer
from discovery.catalog.writer import CatalogWriter, IngestReport, Staged
from discovery.db import Database
from discovery.embeddings import Embedder
from discovery.logs import log_event

log = logging.getLogger(__name__)

AfterBatch = Callable[[psycopg.AsyncConnection, list[CatalogItem]], Awaitable[None]]

PROGRESS_EVERY_S = 5.0  # `event=ingest_progress` at most this often


async def ingest(
    db: Database,
    embedder: Embedder,
    rows: Iterable[CatalogItem | RowError],
    *,
    classifier: Classifier | None,
    batch_size: int = 256,
    suggest_skills: bool = False,
    summarizer: Summarizer | None = None,
    on_rows: Callable[[int], None] | None = None,
    after_batch: AfterBatch | None = None,
) -> IngestReport:
    """Write `rows` in batches of `batch_size` valid items; `on_rows(n)` after each batch with
    the rows it consumed (errors included). Items seen again are active again, even when
    unchanged. With `suggest_skills`, items no skill fits go to the review queue.
    `after_batch(conn, items)` writes what a source keeps beside its items (every item of the
    batch, unchanged ones included, so an interrupted run catches up)."""
    writer = CatalogWriter(db, embedder, summarizer or ExtractiveSummarizer(), classifier)
    await writer.prepare()
    report = IngestReport()
    progress = _Progress(on_rows)

    async def commit(staged: Staged, batch: list[CatalogItem], seen: int) -> None:
        placed = await writer.commit(staged, report)
        async with db.connection() as conn:
            await conn.execute(
                "update items set is_active = true, updated_at = now()"
                " where id = any(%s) and not is_active",
                ([i.id for i in batch],),
            )
            unplaced = [p.unplaced for p in placed if p.unplaced is not None]
            if suggest_skills and unplaced:
                report.suggested += await file_suggestions(conn, unplaced, embedder.model_id)
            if after_batch is not None:
                await after_batch(conn, batch)
        progress.advance(seen, report)

    async with (
        deferred_vector_index(db, embedder.model_id) as bulk,
        deferred_text_index(db, bulk),
    ):
        writer.defer_text_index = bulk
        # A pipeline of two: batch N commits while batch N+1 is staged (embedded); the
        # commits stay in order, one at a time, each batch in its own transaction.
        committing: asyncio.Task[None] | None = None
        try:
            for batch, seen in batches(iter(rows), batch_size, report):
                staged = await writer.stage(batch, report, progress.pending)
                if committing is not None:
                    await committing
                progress.pending = {i.id: i.content_hash for i in staged.items}
                committing = asyncio.create_task(commit(staged, batch, seen))
            if committing is not None:
                await committing
        finally:  # a failed stage still lets the batch before it commit (or fail) first
            if committing is not None:
                with contextlib.suppress(Exception):  # the first error is the one raised
                    await committing
    await writer.finish(wrote=bool(report.added or report.updated))
    _log_report("ingest_done", report, progress.rows, progress.started)
    return report


class _Progress:
    """Rows done (`on_rows` after each committed batch, a log line at most every few
    seconds), and the batch being committed (id -> content hash) for the next stage."""

    def __init__(self, on_rows: Callable[[int], None] | None) -> None:
        self.on_rows = on_rows
        self.rows = 0
        self.started = self.last_logged = time.monotonic()
        self.pending: dict[str, str] = {}

    def advance(self, seen: int, report: IngestReport) -> None:
        if self.on_rows:
            self.on_rows(seen)
        self.rows += seen
        if time.monotonic() - self.last_logged >= PROGRESS_EVERY_S:
            self.last_logged = time.monotonic()
            _log_report("ingest_progress", report, self.rows, self.started)


def _log_report(event: str, report: IngestReport, rows: int, started: float) -> None:
    seconds = time.monotonic() - started
    log_event(
        log, event, rows=rows, added=report.added, updated=report.updated,
        unchanged=report.unchanged, skipped=report.skipped, suggestions=report.suggested,
        seconds=round(seconds, 1), rows_per_s=round(rows / seconds, 1) if seconds else 0,
    )  # fmt: skip


def batches(
    rows: Iterator[CatalogItem | RowError], size: int, report: IngestReport
) -> Iterator[tuple[list[CatalogItem], int]]:
    """Batches of valid items, with how many rows (errors included) each consumed; errors are
    logged and counted in `report`."""
    batch: list[CatalogItem] = []
    seen = 0
    for row in rows:
        seen += 1
        if isinstance(row, RowError):
            log_event(log, "ingest_skipped", logging.WARNING, row=str(row))
            report.skip(row)
            continue
        batch.append(row)
        if len(batch) >= size:
            yield batch, seen
            batch, seen = [], 0
    if batch or seen:
        yield batch, seen


def expand_paths(paths: Iterable[Path], suffixes: tuple[str, ...]) -> list[Path]:
    """Files as given, and the files inside any directory whose name ends with one of
    `suffixes` (optionally + .gz), sorted. A missing path raises FileNotFoundError."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out.extend(
                sorted(p for p in path.iterdir() if p.name.removesuffix(".gz").endswith(suffixes))
            )
        elif path.exists():
            out.append(path)
        else:
            raise FileNotFoundError(f"no such file or directory: {path}")
    return out


def count_rows(path: Path) -> int:
    """Non-blank lines: the progress bar's total (a CSV header and a JSON array are estimates;
    a broken file counts up to where it breaks)."""
    return count_lines(path)
