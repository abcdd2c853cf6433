"""The new-skill review queue: items no skill fits are filed as suggestions, similar items
together (one pending suggestion collects the items whose vectors are close to its items'
mean); a person approves (the suggestion becomes a skill whose examples are its items, and the
catalog's unplaced items are classified again) or rejects it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import psycopg
from psycopg.rows import dict_row
from pydantic import BaseModel, Field

from discovery.catalog.skills.clusters import words
from discovery.catalog.skills.placement import Unplaced
from discovery.catalog.text import humanize

SuggestionStatus = Literal["pending", "approved", "rejected"]


class Suggestion(BaseModel):
    id: int
    name: str
    description: str
    parent_domain: str
    keywords: list[str]
    example_item_ids: list[str]
    reason: str
    status: SuggestionStatus
    source: Literal["ingest", "catalog"] = Field(
        default="ingest",
        description="ingest: one item no skill fits; catalog: a group proposed from the catalog.",
    )
    skill_id: str | None = Field(default=None, description="The skill an approval created.")
    created_at: datetime
    reviewed_at: datetime | None


def propose(unplaced: Unplaced) -> tuple[str, str, list[str]]:
    """(name, description, keywords) for the skill an unplaced item asks for: an LLM's proposal
    when there is one, else the item's most telling words (a person renames it on approval)."""
    item = unplaced.item
    found = words(f"{humanize(item.name)} {item.title} {item.description}")
    keywords = [w for w, _ in Counter(found).most_common(5)]
    if unplaced.proposed_name:
        name = unplaced.proposed_name.strip()[:200]
        description = (unplaced.proposed_description or item.description or name)[:2000]
        return name, description, keywords
    name = " / ".join(keywords[:3]) or humanize(item.name)
    context = item.description or str(item.metadata.get("server_description") or item.title)
    return name, f"Tools such as {item.title}: {context}"[:2000], keywords


async def file_suggestions(
    conn: psycopg.AsyncConnection, unplaced: list[Unplaced], model: str | None = None
) -> int:
    """File each item under the pending suggestion whose items are most like it (cosine of the
    item's vector with the suggestion's mean vector >= JOIN_SIMILARITY), or under a new one;
    returns how many suggestions were created."""
    groups = await _pending_centroids(conn, model) if model else []
    created = 0
    for entry in unplaced:
        target = _closest(groups, entry.vector)
        if target is None:
            name, description, keywords = propose(entry)
            best = f"{entry.best_skill} at {entry.best_confidence:.2f}" if entry.best_skill else "-"
            reason = f"no skill reached the confidence threshold (best: {best})"
            row = await (
                await conn.execute(
                    "insert into skill_suggestions (name, description, keywords,"
                    " example_item_ids, reason) values (%s, %s, %s, array[%s::text], %s)"
                    " on conflict (lower(name)) where status = 'pending' do update set"
                    " example_item_ids = array(select distinct unnest("
                    "   skill_suggestions.example_item_ids || excluded.example_item_ids))"
                    " returning id, (xmax = 0)",
                    (name, description, keywords, entry.item.id, reason),
                )
            ).fetchone()
            assert row is not None
            created += bool(row[1])
            if entry.vector is not None:
                groups.append(_Group(row[0], np.asarray(entry.vector, np.float64), 1))
            continue
        await conn.execute(
            "update skill_suggestions set example_item_ids = case when %(i)s::text ="
            " any(example_item_ids) then example_item_ids else example_item_ids || %(i)s::text"
            " end, keywords = array(select distinct unnest(keywords || %(k)s::text[]))"
            " where id = %(s)s",
            {"i": entry.item.id, "k": propose(entry)[2], "s": target.id},
        )
        target.add(np.asarray(entry.vector, np.float64))
    return created


JOIN_SIMILARITY = 0.35  # MiniLM cosine; 0.5 left MetaTool with one suggestion per tool


@dataclass
class _Group:
    id: int
    total: npt.NDArray[np.float64]  # the sum of the members' vectors
    n: int

    def add(self, vector: npt.NDArray[np.float64]) -> None:
        self.total, self.n = self.total + vector, self.n + 1


def _closest(groups: list[_Group], vector: object) -> _Group | None:
    if vector is None or not groups:
        return None
    v = np.asarray(vector, np.float64)
    sims = [float(g.total @ v / (np.linalg.norm(g.total) * np.linalg.norm(v) + 1e-12))
            for g in groups]  # fmt: skip
    best = int(np.argmax(sims))
    return groups[best] if sims[best] >= JOIN_SIMILARITY else None


async def _pending_centroids(conn: psycopg.AsyncConnection, model: str) -> list[_Group]:
    rows = await (
        await conn.execute(
            "select s.id, e.embedding from skill_suggestions s"
            " join item_embeddings e on e.item_id = any(s.example_item_ids) and e.model = %s"
            " where s.status = 'pending' order by s.id",
            (model,),
        )
    ).fetchall()
    groups: dict[int, _Group] = {}
    for sid, vector in rows:
        v = np.asarray(vector.to_numpy(), np.float64)
        if sid in groups:
            groups[sid].add(v)
        else:
            groups[sid] = _Group(sid, v, 1)
    return list(groups.values())


async def list_suggestions(
    conn: psycopg.AsyncConnection, status: SuggestionStatus | None = None
) -> list[Suggestion]:
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "select * from skill_suggestions where %(s)s::text is null or status = %(s)s"
            " order by id",
            {"s": status},
        )
        return [_suggestion(r) for r in await cur.fetchall()]


async def get_suggestion(conn: psycopg.AsyncConnection, suggestion_id: int) -> Suggestion | None:
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute("select * from skill_suggestions where id = %s", (suggestion_id,))
        row = await cur.fetchone()
    return _suggestion(row) if row else None


async def mark_reviewed(
    conn: psycopg.AsyncConnection,
    suggestion_id: int,
    status: SuggestionStatus,
    skill_id: str | None = None,
) -> Suggestion | None:
    """Approve or reject a pending suggestion; None when it is not pending (or not there)."""
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "update skill_suggestions set status = %s, skill_id = %s, reviewed_at = now()"
            " where id = %s and status = 'pending' returning *",
            (status, skill_id, suggestion_id),
        )
        row = await cur.fetchone()
    return _suggestion(row) if row else None


def _suggestion(row: dict[str, Any]) -> Suggestion:
    return Suggestion(**{k: row[k] for k in Suggestion.model_fields})
