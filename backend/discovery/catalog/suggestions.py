"""The new-skill review queue: items no skill fits are filed as suggestions, grouped by a
proposed name (one pending suggestion per name collects its example items); a person approves
(the suggestion becomes a skill and the catalog's unplaced items are classified again) or
rejects it."""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime
from typing import Any, Literal

import psycopg
from psycopg.rows import dict_row
from pydantic import BaseModel, Field

from discovery.catalog.classify import Unplaced
from discovery.catalog.tools import humanize

SuggestionStatus = Literal["pending", "approved", "rejected"]
_NOISE = {"mcp", "server", "service", "services", "the", "a", "an", "by", "for", "of", "and"}


class Suggestion(BaseModel):
    id: int
    name: str
    description: str
    parent_domain: str
    keywords: list[str]
    example_item_ids: list[str]
    reason: str
    status: SuggestionStatus
    skill_id: str | None = Field(default=None, description="The skill an approval created.")
    created_at: datetime
    reviewed_at: datetime | None


def propose(unplaced: Unplaced) -> tuple[str, str, list[str]]:
    """(name, description, keywords) for the skill an unplaced item asks for."""
    item = unplaced.item
    if unplaced.proposed_name:
        name = unplaced.proposed_name.strip()[:200]
        description = (unplaced.proposed_description or item.description or name)[:2000]
    else:
        server = re.sub(r"\(.*?\)|[^\w\s]", " ", str(item.metadata.get("server", "")))
        words = [w for w in server.split() if w.lower() not in _NOISE]
        name = " ".join(words).strip() or humanize(item.name)
        context = item.metadata.get("server_description") or item.description or item.title
        description = f"Tools like those of {name}: {context}"[:2000]
    counts = Counter(
        w for w in re.findall(r"[a-z]{4,}", humanize(item.name).lower()) if w not in _NOISE
    )
    return name, description, [w for w, _ in counts.most_common(5)]


async def file_suggestions(conn: psycopg.AsyncConnection, unplaced: list[Unplaced]) -> int:
    """Add each item to the pending suggestion of its proposed name (created when new);
    returns how many suggestions were created."""
    created = 0
    for entry in unplaced:
        name, description, keywords = propose(entry)
        best = f"{entry.best_skill} at {entry.best_confidence:.2f}" if entry.best_skill else "none"
        reason = f"no skill reached the confidence threshold (best: {best})"
        row = await (
            await conn.execute(
                "insert into skill_suggestions (name, description, keywords, example_item_ids,"
                " reason) values (%s, %s, %s, array[%s::text], %s)"
                " on conflict (lower(name)) where status = 'pending' do update set"
                " example_item_ids = case when %s::text = any(skill_suggestions.example_item_ids)"
                "   then skill_suggestions.example_item_ids"
                "   else skill_suggestions.example_item_ids || %s::text end,"
                " keywords = array(select distinct unnest(skill_suggestions.keywords"
                "   || excluded.keywords))"
                " returning (xmax = 0)",
                (name, description, keywords, entry.item.id, reason, entry.item.id, entry.item.id),
            )
        ).fetchone()
        created += bool(row and row[0])
    return created


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
