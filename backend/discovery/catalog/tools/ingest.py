"""Ingesting tool catalogs: JSON Lines rows and saved MCP list responses become items of kind
tool, prompt or resource, placed in the tool skills (an item no skill fits is placed in its
best fit tentatively, then in a skill proposed from the catalog) and written through the one
pipeline."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from pathlib import Path

from discovery.catalog.ingest import ingest
from discovery.catalog.records import CatalogItem, RowError
from discovery.catalog.skills.proposals import propose_configured
from discovery.catalog.skills.review import open_classifier
from discovery.catalog.tools.read import read_tool_rows
from discovery.catalog.writer import IngestReport
from discovery.db import Database
from discovery.embeddings import Embedder
from discovery.settings import Settings, SkillProposals

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
    """Ingest tool catalog files; malformed rows are reported (file and line) and skipped.
    Then the tools no skill fits get skills proposed from the catalog (`report.suggested`,
    `report.skills_created`), or with proposals off one suggestion per unplaced item."""
    classifier = await open_classifier(db, embedder, settings)
    proposals = settings.discovery_skill_proposals is not SkillProposals.OFF

    def rows() -> Iterator[CatalogItem | RowError]:
        for path in paths:
            for _line, row in read_tool_rows(path, server):
                yield row

    report = await ingest(
        db,
        embedder,
        rows(),
        classifier=classifier,
        batch_size=batch_size or settings.discovery_ingest_batch_size,
        suggest_skills=not proposals,
        on_rows=on_rows,
    )
    if proposals:
        proposed = await propose_configured(db, embedder, settings)
        if proposed is not None:
            report.suggested, report.skills_created = proposed.proposed, len(proposed.skill_ids)
    return report


async def placement(db: Database) -> tuple[int, int]:
    """(active tools, prompts and resources that no skill fits with confidence, all of them):
    the first kind is placed in its best fit tentatively and waits in the review queue."""
    async with db.connection() as conn:
        row = await (
            await conn.execute(
                "select count(*) filter (where not exists (select 1 from item_skills x"
                "   where x.item_id = i.id and not x.tentative)), count(*) from items i"
                " where i.is_active and i.kind in ('tool', 'prompt', 'resource')"
            )
        ).fetchone()
    return (int(row[0]), int(row[1])) if row else (0, 0)
