"""Skills proposed from the catalog itself, for the tools no skill fits with confidence.

After a tool ingest or an MCP sync (unless `DISCOVERY_SKILL_PROPOSALS=off`), the active tools,
prompts and resources without a confident skill are grouped by vector (`clusters.py`, about
`DISCOVERY_SKILL_PROPOSAL_SIZE` each) and each group is named from its members. The proposals
replace the pending review queue. With `accept` (the default) each becomes a skill at once, id
`tools.catalog.<name>`, and its members are placed in it with their cosine to the group's mean
as confidence; with `review` they wait for a person (`discovery skills approve ID`)."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import psycopg

from discovery.catalog.records import CatalogItem
from discovery.catalog.skills.clusters import (
    GroupName,
    document_frequency,
    group_count,
    name_group,
    spherical_kmeans,
)
from discovery.catalog.skills.store import refresh_skill_vectors
from discovery.catalog.skills.tool_classifier import TOOLS_DOMAIN
from discovery.db import TOOL_KINDS, Database
from discovery.embeddings import Embedder
from discovery.settings import Settings, SkillProposals

log = logging.getLogger(__name__)

CATALOG_SKILL_PREFIX = f"{TOOLS_DOMAIN}.catalog."
Namer = Callable[[list[CatalogItem], GroupName], GroupName]
"""Renames a group from its members (the LLM namer); gets the offline name to start from."""


@dataclass(frozen=True)
class Proposal:
    name: GroupName
    members: list[CatalogItem]
    confidences: list[float]


@dataclass
class ProposalReport:
    uncovered: int = 0
    """Active tools, prompts and resources that had no confident skill."""
    proposed: int = 0
    skill_ids: list[str] = field(default_factory=list)
    """The skills created (mode `accept`)."""


async def propose_skills(
    db: Database,
    embedder: Embedder,
    *,
    accept: bool,
    size: int = 8,
    namer: Namer | None = None,
) -> ProposalReport:
    """Group the uncovered tools, replace the pending queue with one suggestion per group, and
    with `accept` make each a skill and place its members in it."""
    async with db.connection() as conn:
        catalog, vectors, uncovered = await _load(conn, embedder.model_id)
    report = ProposalReport(uncovered=len(uncovered))
    if not uncovered:
        return report
    proposals = group(catalog, vectors, uncovered, size, namer)
    async with db.connection() as conn, conn.transaction():
        await conn.execute("delete from skill_suggestions where status = 'pending'")
        taken = {r[0] for r in await (await conn.execute("select id from skills")).fetchall()}
        for proposal in proposals:
            suggestion_id = await _file(conn, proposal, len(uncovered))
            if accept:
                skill_id = _unique_id(proposal.name.name, taken)
                await _make_skill(conn, proposal, skill_id, suggestion_id)
                report.skill_ids.append(skill_id)
        report.proposed = len(proposals)
        if accept:
            await refresh_skill_vectors(conn, embedder)
    log.info(
        "skill proposals: %d uncovered items in %d groups, %d skills created",
        report.uncovered, report.proposed, len(report.skill_ids),
    )  # fmt: skip
    return report


def group(
    catalog: list[CatalogItem],
    vectors: dict[str, np.ndarray],
    uncovered: list[CatalogItem],
    size: int,
    namer: Namer | None = None,
) -> list[Proposal]:
    """The uncovered items in groups of about `size`, each named; pure apart from the namer."""
    x = np.stack([vectors[i.id] for i in uncovered]).astype(np.float32)
    labels = spherical_kmeans(x, group_count(len(uncovered), size))
    df = document_frequency(catalog)
    out = []
    for label in sorted(set(labels)):
        rows = [j for j, v in enumerate(labels) if v == label]
        members = [uncovered[j] for j in rows]
        mean = x[rows].sum(axis=0)
        mean /= np.linalg.norm(mean) + 1e-9
        confidences = [_confidence(x[j] @ mean) for j in rows]
        name = name_group(members, df, len(catalog))
        if namer is not None:
            name = namer(members, name)
        out.append(Proposal(name, members, confidences))
    return out


async def _load(
    conn: psycopg.AsyncConnection, model: str
) -> tuple[list[CatalogItem], dict[str, np.ndarray], list[CatalogItem]]:
    rows = await (
        await conn.execute(
            "select i.id, i.kind, i.name, i.title, i.description, i.metadata, e.embedding,"
            " i.embedding_text,"
            " not exists (select 1 from item_skills x where x.item_id = i.id and not x.tentative)"
            " from items i left join item_embeddings e on e.item_id = i.id and e.model = %s"
            " where i.is_active and i.kind = any(%s) order by i.id",
            (model, list(TOOL_KINDS)),
        )
    ).fetchall()
    catalog, vectors, uncovered = [], {}, []
    for r in rows:
        item = CatalogItem.stored(
            id=r[0],
            kind=r[1],
            name=r[2],
            title=r[3],
            description=r[4],
            metadata=r[5],
            embedding_text=r[7],
        )
        catalog.append(item)
        if r[6] is not None:
            vectors[item.id] = np.asarray(r[6].to_numpy(), np.float32)
            if r[8]:
                uncovered.append(item)
    return catalog, vectors, uncovered


async def _file(conn: psycopg.AsyncConnection, proposal: Proposal, uncovered: int) -> int:
    name = proposal.name
    reason = (
        f"proposed from the catalog: {len(proposal.members)} of the {uncovered} items no skill"
        " fits with confidence, grouped by meaning and named from their words"
    )
    row = await (
        await conn.execute(
            "insert into skill_suggestions (name, description, keywords, example_item_ids,"
            " reason, source) values (%s, %s, %s, %s, %s, 'catalog')"
            " on conflict (lower(name)) where status = 'pending' do update set"
            " example_item_ids = array(select distinct unnest("
            "   skill_suggestions.example_item_ids || excluded.example_item_ids))"
            " returning id",
            (name.name, name.description, name.keywords, [m.id for m in proposal.members],
             reason),
        )
    ).fetchone()  # fmt: skip
    assert row is not None
    return int(row[0])


async def _make_skill(
    conn: psycopg.AsyncConnection, proposal: Proposal, skill_id: str, suggestion_id: int
) -> None:
    examples = [(m.description or m.title)[:300] for m in proposal.members[:20]]
    await conn.execute(
        "insert into skills (id, name, description, parent_domain, keywords, examples)"
        " values (%s, %s, %s, %s, %s, %s)",
        (skill_id, proposal.name.name, proposal.name.description, TOOLS_DOMAIN,
         proposal.name.keywords, [e for e in examples if e]),
    )  # fmt: skip
    await conn.execute(
        "update skill_suggestions set status = 'approved', skill_id = %s, reviewed_at = now()"
        " where id = %s",
        (skill_id, suggestion_id),
    )
    await place_members(conn, skill_id, [m.id for m in proposal.members], proposal.confidences)


async def place_members(
    conn: psycopg.AsyncConnection, skill_id: str, ids: list[str], confidences: list[float]
) -> None:
    """Make `skill_id` the one (primary, confident) skill of the items `ids`."""
    async with conn.cursor() as cur:
        await cur.execute("delete from item_skills where item_id = any(%s)", (ids,))
        await cur.executemany(
            "insert into item_skills (item_id, skill_id, confidence, is_primary, tentative)"
            " values (%s, %s, %s, true, false)",
            [(i, skill_id, c) for i, c in zip(ids, confidences, strict=True)],
        )
        await cur.execute(
            "update items set skill_ids = array[%s], primary_skill_id = %s, updated_at = now()"
            " where id = any(%s)",
            (skill_id, skill_id, ids),
        )


async def uncovered_confidences(
    conn: psycopg.AsyncConnection, model: str, ids: list[str]
) -> tuple[list[str], list[float]]:
    """Of `ids`, the active items still without a confident skill, each with its cosine to
    their mean vector (the confidence a group's member gets)."""
    rows = await (
        await conn.execute(
            "select i.id, e.embedding from items i"
            " join item_embeddings e on e.item_id = i.id and e.model = %s"
            " where i.id = any(%s) and i.is_active and not exists (select 1 from item_skills x"
            "   where x.item_id = i.id and not x.tentative) order by i.id",
            (model, ids),
        )
    ).fetchall()
    if not rows:
        return [], []
    x = np.stack([np.asarray(r[1].to_numpy(), np.float32) for r in rows])
    mean = x.sum(axis=0)
    mean /= np.linalg.norm(mean) + 1e-9
    return [r[0] for r in rows], [_confidence(v @ mean) for v in x]


def _confidence(cosine: float) -> float:
    return round(float(max(0.01, min(1.0, cosine))), 4)


def _unique_id(name: str, taken: set[str]) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:56] or "skill"
    base = f"{CATALOG_SKILL_PREFIX}{slug}"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}_{n}", n + 1
    taken.add(candidate)
    return candidate


async def propose_configured(
    db: Database, embedder: Embedder, settings: Settings, accept: bool | None = None
) -> ProposalReport | None:
    """Proposals as the deployment says (`DISCOVERY_SKILL_PROPOSALS`; `accept` overrides the
    mode, None when it is off), named by the LLM when one is configured."""
    if accept is None and settings.discovery_skill_proposals is SkillProposals.OFF:
        return None
    namer: Namer | None = None
    if settings.uses_llm:
        from discovery.catalog.skills.llm_namer import LLMGroupNamer

        namer = LLMGroupNamer.from_settings(settings)
    return await propose_skills(
        db,
        embedder,
        accept=settings.discovery_skill_proposals is SkillProposals.ACCEPT
        if accept is None
        else accept,
        size=settings.discovery_skill_proposal_size,
        namer=namer,
    )
