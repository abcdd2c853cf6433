"""The write path for tools, prompts and resources, and classifying stored items again.

files (or an MCP server's lists) -> parse -> classify into skills -> summarize -> embed ->
upsert (idempotent by id + content hash) -> file suggestions for items no skill fits ->
refresh skill centroids. Shared with the archive ingest: `CatalogWriter` and its batching.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import numpy as np

from discovery.catalog.classify import Calibration, ToolClassifier, load_profiles
from discovery.catalog.ingest import _batches
from discovery.catalog.records import CatalogItem, RowError
from discovery.catalog.skill_store import SkillIn, create_skill, load_seed, seed_skills
from discovery.catalog.skills import Assignment, refresh_centroids
from discovery.catalog.suggestions import file_suggestions, get_suggestion, mark_reviewed
from discovery.catalog.summarize import ExtractiveSummarizer
from discovery.catalog.tools import read_tool_rows
from discovery.catalog.writer import CatalogWriter, IngestReport
from discovery.db import TOOL_KINDS, Database
from discovery.embeddings import Embedder
from discovery.settings import Settings

log = logging.getLogger(__name__)


class SuggestionNotPending(LookupError):
    pass


async def open_classifier(db: Database, embedder: Embedder, settings: Settings) -> ToolClassifier:
    """The tool skills (seeded from the skills file when there are none), as a classifier: the
    LLM one when an LLM is configured, else the calibrated offline one."""
    async with db.connection() as conn:
        profiles = await load_profiles(conn)
        if not profiles and settings.discovery_skills_file.exists():
            await seed_skills(conn, embedder, load_seed(settings.discovery_skills_file))
            profiles = await load_profiles(conn)
    offline = ToolClassifier(
        embedder, profiles, Calibration.load(), settings.discovery_skill_min_confidence
    )
    if settings.uses_llm:
        from discovery.catalog.classify_llm import LLMToolClassifier

        return LLMToolClassifier.from_settings(settings, offline)
    return offline


async def write_items(
    db: Database,
    embedder: Embedder,
    classifier: ToolClassifier,
    rows: Iterator[CatalogItem | RowError],
    *,
    batch_size: int = 256,
    on_rows: Callable[[int], None] | None = None,
) -> tuple[IngestReport, int]:
    """Write the rows (errors counted and skipped); returns the report and how many new
    suggestions were filed. Items seen again are active again, even when unchanged."""
    writer = CatalogWriter(db, embedder, ExtractiveSummarizer(), classifier)
    await writer.prepare()
    report, suggested = IngestReport(), 0
    for batch, seen in _batches(rows, batch_size, report):
        await writer.write(batch, report)
        async with db.connection() as conn:
            await conn.execute(
                "update items set is_active = true, updated_at = now()"
                " where id = any(%s) and not is_active",
                ([i.id for i in batch],),
            )
            unplaced = classifier.take_unplaced()
            suggested += await file_suggestions(conn, unplaced, embedder.model_id)
        if on_rows:
            on_rows(seen)
    await writer.finish(wrote=True)
    return report, suggested


async def ingest_tools(
    db: Database,
    embedder: Embedder,
    settings: Settings,
    paths: list[Path],
    *,
    server: str | None = None,
    batch_size: int | None = None,
    on_rows: Callable[[int], None] | None = None,
) -> tuple[IngestReport, int]:
    """Ingest tool catalog files; malformed rows are reported (file and line) and skipped."""
    classifier = await open_classifier(db, embedder, settings)

    def rows() -> Iterator[CatalogItem | RowError]:
        for path in paths:
            for _line, row in read_tool_rows(path, server):
                yield row

    report, suggested = await write_items(
        db,
        embedder,
        classifier,
        rows(),
        batch_size=batch_size or settings.discovery_ingest_batch_size,
        on_rows=on_rows,
    )
    log.info(
        "tool ingest done: added=%d updated=%d unchanged=%d skipped=%d suggestions=%d",
        report.added, report.updated, report.unchanged, report.skipped, suggested,
    )  # fmt: skip
    return report, suggested


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


async def reclassify(
    db: Database,
    embedder: Embedder,
    classifier: ToolClassifier,
    only_unplaced: bool = False,
) -> int:
    """Classify the stored tools, prompts and resources again from their stored vectors (none
    is re-embedded); `only_unplaced` keeps to the items with no skill. Returns how many items
    changed skills."""
    async with db.connection() as conn:
        rows = await (
            await conn.execute(
                "select i.id, i.kind, i.name, i.title, i.description, i.metadata,"
                " i.embedding_text, e.embedding, i.skill_ids, i.primary_skill_id"
                " from items i join item_embeddings e on e.item_id = i.id and e.model = %s"
                " where i.kind = any(%s) and (not %s or i.skill_ids = '{}') order by i.id",
                (embedder.model_id, list(TOOL_KINDS), only_unplaced),
            )
        ).fetchall()
    if not rows:
        return 0
    items = [
        CatalogItem(id=r[0], kind=r[1], name=r[2], title=r[3], description=r[4],
                    metadata=r[5], embedding_text=r[6])
        for r in rows
    ]  # fmt: skip
    vectors = np.stack([np.asarray(r[7].to_numpy(), dtype=np.float32) for r in rows])
    assigned = classifier.classify(items, vectors)
    classifier.take_unplaced()  # already in the queue from their ingest
    changed = [
        (r[0], a)
        for r, a in zip(rows, assigned, strict=True)
        if [x.skill_id for x in a] != list(r[8]) or _primary(a) != r[9]
    ]
    async with db.connection() as conn, conn.transaction():
        for item_id, skills in changed:
            await _set_skills(conn, item_id, skills)
        await refresh_centroids(conn, embedder.model_id)
    return len(changed)


async def approve_suggestion(
    db: Database,
    embedder: Embedder,
    settings: Settings,
    suggestion_id: int,
    overrides: Mapping[str, object] | None = None,
    reclassify_now: bool = True,
) -> tuple[str, int]:
    """Make the suggestion a skill (fields from the suggestion, overridden by `overrides`) and
    classify the items without a skill again; returns (skill id, items that changed)."""
    async with db.connection() as conn:
        suggestion = await get_suggestion(conn, suggestion_id)
        if suggestion is None or suggestion.status != "pending":
            raise SuggestionNotPending(f"no pending suggestion {suggestion_id}")
        members = await (
            await conn.execute(
                "select coalesce(nullif(description, ''), title) from items"
                " where id = any(%s) order by id limit 20",
                (suggestion.example_item_ids,),
            )
        ).fetchall()
        fields: dict[str, object] = {
            "id": f"{suggestion.parent_domain}.{_slug(suggestion.name)}",
            "name": suggestion.name,
            "description": suggestion.description,
            "parent_domain": suggestion.parent_domain,
            "keywords": suggestion.keywords[:20],
            "examples": [m[0][:300] for m in members if m[0]],
        } | dict(overrides or {})
        skill = SkillIn(**fields)  # type: ignore[arg-type]
        async with conn.transaction():
            await create_skill(conn, embedder, skill)
            await mark_reviewed(conn, suggestion_id, "approved", skill.id)
    if not reclassify_now:  # the caller approves several, then classifies once
        return skill.id, 0
    classifier = await open_classifier(db, embedder, settings)
    return skill.id, await reclassify(db, embedder, classifier, only_unplaced=True)


async def _set_skills(conn: object, item_id: str, skills: list[Assignment]) -> None:
    await conn.execute("delete from item_skills where item_id = %s", (item_id,))  # type: ignore[attr-defined]
    for a in skills:
        await conn.execute(  # type: ignore[attr-defined]
            "insert into item_skills (item_id, skill_id, confidence, is_primary)"
            " values (%s, %s, %s, %s)",
            (item_id, a.skill_id, a.confidence, a.is_primary),
        )
    await conn.execute(  # type: ignore[attr-defined]
        "update items set skill_ids = %s, primary_skill_id = %s, updated_at = now() where id = %s",
        ([a.skill_id for a in skills], _primary(skills), item_id),
    )


def _primary(skills: list[Assignment]) -> str | None:
    return next((a.skill_id for a in skills if a.is_primary), None)


def _slug(name: str) -> str:
    import re

    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:60] or "skill"
