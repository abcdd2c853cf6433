"""Ingesting agents: registration records and agent cards from files, through the one write
pipeline (embedded from name, description, card skills and indexed skill ids; idempotent by id
and content hash; resumable), with what `agent_cards` keeps written beside each batch.

Skill ids outside the indexed prefixes are not indexed: they are counted in the report
(`ignored`) and noted on the agent (`metadata.notes`), never silently dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import psycopg

from discovery.catalog.a2a.read import AGENT_SUFFIXES, read_agent_rows
from discovery.catalog.a2a.records import AgentRecord
from discovery.catalog.a2a.store import DeclaredSkills, ensure_skills, skill_specs, upsert_agents
from discovery.catalog.ingest import expand_paths, ingest
from discovery.catalog.records import CatalogItem, RowError
from discovery.catalog.writer import IngestReport
from discovery.db import Database
from discovery.embeddings import Embedder
from discovery.intents import IntentRegistry
from discovery.settings import Settings

IGNORED_SKILLS = "skill ids outside the indexed prefixes"
NOTED = "agents with something ignored or repaired (see metadata.notes)"


def agent_files(paths: Iterable[Path]) -> list[Path]:
    return expand_paths(paths, AGENT_SUFFIXES)


def known_skills(settings: Settings) -> dict[str, tuple[str, str]]:
    """The intent registry's words for the skills it names: (label, description)."""
    registry = IntentRegistry.load(settings.discovery_intents_file)
    return {skill: (i.label, i.description) for skill, i in registry.skills().items()}


async def ingest_agent_records(
    db: Database,
    embedder: Embedder,
    settings: Settings,
    records: Callable[[], Iterable[AgentRecord | RowError]],
    *,
    batch_size: int | None = None,
    on_rows: Callable[[int], None] | None = None,
) -> IngestReport:
    """Write agents; `records()` is read twice, streaming: first for the skills they declare
    (created before any agent is written, so they are real skills), then to write them."""
    specs: dict[str, tuple[str, str]] = {}
    known = known_skills(settings)
    for record in records():
        if isinstance(record, AgentRecord):
            specs |= {k: v for k, v in skill_specs([record], known).items() if k not in specs}
    async with db.connection() as conn:
        await ensure_skills(conn, specs)
    pending: dict[str, AgentRecord] = {}
    ignored, noted = 0, 0

    def rows() -> Iterator[CatalogItem | RowError]:
        nonlocal ignored, noted
        for record in records():
            if isinstance(record, RowError):
                yield record
                continue
            pending[record.item.id] = record
            ignored += len(record.ignored_skills)
            noted += bool(record.notes)
            yield record.item

    async def beside(conn: psycopg.AsyncConnection, batch: list[CatalogItem]) -> None:
        await upsert_agents(conn, [pending.pop(i.id) for i in batch if i.id in pending])

    report = await ingest(
        db,
        embedder,
        rows(),
        classifier=DeclaredSkills(),
        batch_size=batch_size or settings.discovery_ingest_batch_size,
        on_rows=on_rows,
        after_batch=beside,
    )
    report.ignored.update({IGNORED_SKILLS: ignored, NOTED: noted})
    return report


async def ingest_agents(
    db: Database,
    embedder: Embedder,
    settings: Settings,
    paths: list[Path],
    *,
    batch_size: int | None = None,
    on_rows: Callable[[int], None] | None = None,
) -> IngestReport:
    """Ingest agent files (JSON Lines, JSON arrays, folders); bad records are reported by file
    and line and skipped."""
    prefixes = settings.a2a_skill_prefixes

    def rows() -> Iterator[AgentRecord | RowError]:
        for path in paths:
            for _, row in read_agent_rows(path, prefixes):
                yield row

    return await ingest_agent_records(
        db, embedder, settings, rows, batch_size=batch_size, on_rows=on_rows
    )
