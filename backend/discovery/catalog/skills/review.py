"""Reviewing skills: the classifier a deployment uses (LLM or offline), classifying stored
items again, and approving a suggestion from the review queue (it becomes a skill and the
unplaced items are classified again)."""

from __future__ import annotations

import re
from collections.abc import Mapping

import numpy as np
import psycopg

from discovery.catalog.records import CatalogItem
from discovery.catalog.skills.placement import Placement
from discovery.catalog.skills.proposals import place_members, uncovered_confidences
from discovery.catalog.skills.store import (
    SkillIn,
    create_skill,
    load_seed,
    refresh_skill_vectors,
    seed_skills,
)
from discovery.catalog.skills.suggestions import get_suggestion, mark_reviewed
from discovery.catalog.skills.tool_classifier import Calibration, ToolClassifier, load_profiles
from discovery.db import TOOL_KINDS, Database
from discovery.embeddings import Embedder
from discovery.settings import Settings


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
        from discovery.catalog.skills.llm_classifier import LLMToolClassifier

        return LLMToolClassifier.from_settings(settings, offline)
    return offline


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
                " where i.kind = any(%s) and (not %s or not exists (select 1 from item_skills x"
                "   where x.item_id = i.id and not x.tentative)) order by i.id",
                (embedder.model_id, list(TOOL_KINDS), only_unplaced),
            )
        ).fetchall()
    if not rows:
        return 0
    items = [
        CatalogItem.stored(id=r[0], kind=r[1], name=r[2], title=r[3], description=r[4],
                           metadata=r[5], embedding_text=r[6])
        for r in rows
    ]  # fmt: skip
    vectors = np.stack([np.asarray(r[7].to_numpy(), dtype=np.float32) for r in rows])
    placed = classifier.classify(items, vectors)  # the unplaced are in the queue already
    changed = [
        (r[0], a)
        for r, a in zip(rows, placed, strict=True)
        if [x.skill_id for x in a.assignments] != list(r[8]) or a.primary != r[9]
    ]
    async with db.connection() as conn, conn.transaction():
        for item_id, skills in changed:
            await _set_skills(conn, item_id, skills)
        await refresh_skill_vectors(conn, embedder)
    return len(changed)


async def approve_suggestion(
    db: Database,
    embedder: Embedder,
    settings: Settings,
    suggestion_id: int,
    overrides: Mapping[str, object] | None = None,
    reclassify_now: bool = True,
) -> tuple[str, int]:
    """Make the suggestion a skill (fields from the suggestion, overridden by `overrides`); a
    group proposed from the catalog takes its members that are still uncovered. Then the items
    without a confident skill are classified again; returns (skill id, items that changed)."""
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
            if suggestion.source == "catalog":  # a group: its members are the skill's
                ids, confidences = await uncovered_confidences(
                    conn, embedder.model_id, suggestion.example_item_ids
                )
                await place_members(conn, skill.id, ids, confidences)
                await refresh_skill_vectors(conn, embedder)
    if not reclassify_now:  # the caller approves several, then classifies once
        return skill.id, 0
    classifier = await open_classifier(db, embedder, settings)
    return skill.id, await reclassify(db, embedder, classifier, only_unplaced=True)


async def _set_skills(conn: psycopg.AsyncConnection, item_id: str, placement: Placement) -> None:
    await conn.execute("delete from item_skills where item_id = %s", (item_id,))
    for a in placement.assignments:
        await conn.execute(
            "insert into item_skills (item_id, skill_id, confidence, is_primary, tentative)"
            " values (%s, %s, %s, %s, %s)",
            (item_id, a.skill_id, a.confidence, a.is_primary, a.tentative),
        )
    await conn.execute(
        "update items set skill_ids = %s, primary_skill_id = %s, updated_at = now() where id = %s",
        ([a.skill_id for a in placement.assignments], placement.primary, item_id),
    )


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:60] or "skill"
