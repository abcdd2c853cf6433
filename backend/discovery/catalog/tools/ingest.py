"""Ingesting tool catalogs: JSON Lines rows and saved MCP list responses become items of kind
tool, prompt or resource, placed in the tool skills (items no skill fits go to the review
queue) and written through the one pipeline."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from pathlib import Path

from discovery.catalog.ingest import ingest
from discovery.catalog.records import CatalogItem, RowError
from discovery.catalog.skills.review import open_classifier
from discovery.catalog.tools.read import read_tool_rows
from discovery.catalog.writer import IngestReport
from discovery.db import Database
from discovery.embeddings import Embedder
from discovery.settings import Settings

log = logging.getLogger(__name__)

TOOL_SUFFIXES = (".jsonl", ".ndjson", ".json")


async def ingest_tools(
    db: Database,
    embedder: Embedder,
    settings: Settings,
    paths: list[Path],
    *,
    server: str | None = None,
    batch_size: int | None = None,
    on_rows: Callable[[int], None] | None = None,
) -> IngestReport:
    """Ingest tool catalog files; malformed rows are reported (file and line) and skipped;
    `report.suggested` counts the new skill suggestions filed."""
    classifier = await open_classifier(db, embedder, settings)

    def rows() -> Iterator[CatalogItem | RowError]:
        for path in paths:
            for _line, row in read_tool_rows(path, server):
                yield row

    return await ingest(
        db,
        embedder,
        rows(),
        classifier=classifier,
        batch_size=batch_size or settings.discovery_ingest_batch_size,
        suggest_skills=True,
        on_rows=on_rows,
    )


async def placement(db: Database) -> tuple[int, int]:
    """(active tools, prompts and resources without a skill, all of them). Hierarchical search
    cannot find the first kind: only direct search does, until a skill takes them."""
    async with db.connection() as conn:
        row = await (
            await conn.execute(
                "select count(*) filter (where skill_ids = '{}'), count(*) from items"
                " where is_active and kind in ('tool', 'prompt', 'resource')"
            )
        ).fetchone()
    return (int(row[0]), int(row[1])) if row else (0, 0)
