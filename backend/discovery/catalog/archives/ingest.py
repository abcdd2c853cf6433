"""Ingesting heritage archive files: read and normalize the rows, place them in the archive's
skills (metadata rules and similarity), and write them through the one pipeline."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from discovery.catalog.archives.read import ArchiveFormat, read_archive_rows
from discovery.catalog.ingest import expand_paths, ingest
from discovery.catalog.records import CatalogItem, RowError
from discovery.catalog.skills.archive_classifier import SkillClassifier
from discovery.catalog.summarize import Summarizer
from discovery.catalog.writer import IngestReport
from discovery.db import Database
from discovery.embeddings import Embedder

ARCHIVE_DOMAIN = "heritage"
ARCHIVE_SUFFIXES = (".jsonl", ".ndjson", ".csv", ".json")


def archive_files(paths: Iterable[Path]) -> list[Path]:
    """Files as given, and the archive files inside any directory, sorted."""
    return expand_paths(paths, ARCHIVE_SUFFIXES)


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
    return await ingest(
        db,
        embedder,
        _rows(paths, fmt, mapping),
        classifier=classifier,
        batch_size=batch_size,
        summarizer=summarizer,
        on_rows=on_rows,
    )


def _rows(
    paths: list[Path], fmt: ArchiveFormat | None, mapping: dict[str, str] | None
) -> Iterator[CatalogItem | RowError]:
    for path in paths:
        for _line, row in read_archive_rows(path, fmt, mapping):
            yield row
