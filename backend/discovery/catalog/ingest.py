"""Ingesting heritage archives.

files -> parse -> normalize -> classify -> summarize -> embed (batched) -> upsert (idempotent).
"""

from __future__ import annotations

import gzip
import logging
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Literal

from discovery.catalog.archives import read_archive_rows
from discovery.catalog.bulk import deferred_vector_index
from discovery.catalog.records import CatalogItem, RowError
from discovery.catalog.skills import SkillClassifier
from discovery.catalog.summarize import ExtractiveSummarizer, Summarizer
from discovery.catalog.writer import CatalogWriter, IngestReport
from discovery.db import Database
from discovery.embeddings import Embedder

log = logging.getLogger(__name__)

ArchiveFormat = Literal["jsonl", "csv", "json"]
ARCHIVE_DOMAIN = "heritage"
_SUFFIXES = (".jsonl", ".ndjson", ".csv", ".json")


def expand_paths(paths: Iterable[Path]) -> list[Path]:
    """Files as given, and the archive files inside any directory, sorted."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out.extend(
                sorted(p for p in path.iterdir() if p.name.removesuffix(".gz").endswith(_SUFFIXES))
            )
        elif path.exists():
            out.append(path)
        else:
            raise FileNotFoundError(f"no such file or directory: {path}")
    return out


def count_rows(path: Path) -> int:
    """Non-blank lines: the progress bar's total (a CSV header and a JSON array are estimates)."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rb") as f:
        return sum(1 for line in f if line.strip())


async def ingest_archives(
    db: Database,
    embedder: Embedder,
    paths: list[Path],
    *,
    fmt: ArchiveFormat | None = None,
    mapping: dict[str, str] | None = None,
    batch_size: int = 256,
    summarizer: Summarizer | None = None,
    on_rows: Callable[[int], None] | None = None,
) -> IngestReport:
    """Ingest archive files; malformed rows are reported (file and line) and skipped."""
    async with db.connection() as conn:
        classifier = await SkillClassifier.load(conn, embedder, ARCHIVE_DOMAIN)
    writer = CatalogWriter(db, embedder, summarizer or ExtractiveSummarizer(), classifier)
    await writer.prepare()
    report = IngestReport()
    async with deferred_vector_index(db, embedder.model_id):
        for batch, seen in _batches(_rows(paths, fmt, mapping), batch_size, report):
            await writer.write(batch, report)
            if on_rows:
                on_rows(seen)
    await writer.finish(wrote=bool(report.added or report.updated))
    log.info(
        "ingest done: added=%d updated=%d unchanged=%d skipped=%d",
        report.added,
        report.updated,
        report.unchanged,
        report.skipped,
    )
    return report


def _rows(
    paths: list[Path], fmt: ArchiveFormat | None, mapping: dict[str, str] | None
) -> Iterator[CatalogItem | RowError]:
    for path in paths:
        for _line, row in read_archive_rows(path, fmt, mapping):
            yield row


def _batches(
    rows: Iterator[CatalogItem | RowError], size: int, report: IngestReport
) -> Iterator[tuple[list[CatalogItem], int]]:
    """Batches of valid items, with how many rows (errors included) each consumed."""
    batch: list[CatalogItem] = []
    seen = 0
    for row in rows:
        seen += 1
        if isinstance(row, RowError):
            log.warning("skipped %s", row)
            report.skip(row)
            continue
        batch.append(row)
        if len(batch) >= size:
            yield batch, seen
            batch, seen = [], 0
    if batch or seen:
        yield batch, seen
