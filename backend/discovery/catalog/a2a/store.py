"""What `agent_cards` keeps beside each agent item, the skills agents declare (created on first
sight, so their ids are real skills: listed, filtered, given centroids), and the classifier that
places an agent in the skills it declares."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb

from discovery.catalog.a2a.records import AgentRecord
from discovery.catalog.records import CatalogItem
from discovery.catalog.skills.placement import Assignment, Matrix, Placement
from discovery.catalog.text import humanize

A2A_DOMAIN = "a2a"


class DeclaredSkills:
    """The classifier for agents: each is placed in the indexed skills it declares (confidence
    1, the first one primary); no similarity guesswork, and nothing to suggest."""

    def classify(self, items: list[CatalogItem], vectors: Matrix) -> list[Placement]:
        return [
            Placement(
                [
                    Assignment(skill, 1.0, index == 0)
                    for index, skill in enumerate(item.metadata.get("a2aSkills", []))
                ]
            )
            for item in items
        ]


def skill_specs(
    records: list[AgentRecord], known: dict[str, tuple[str, str]]
) -> dict[str, tuple[str, str]]:
    """(name, description) for every indexed skill of the records: the intent registry's words
    where it knows the skill, else the first card's, else the id's last part in words."""
    out: dict[str, tuple[str, str]] = {}
    for record in records:
        named = {s["id"]: s for s in record.item.metadata.get("cardSkills", [])}
        for skill in record.item.metadata.get("a2aSkills", []):
            if skill in out:
                continue
            card = named.get(skill, {})
            words = humanize(skill.rsplit("/", 1)[-1]).capitalize()
            name = card.get("name") or words
            out[skill] = known.get(skill) or (name, card.get("description") or name)
    return out


async def ensure_skills(conn: psycopg.AsyncConnection, specs: dict[str, tuple[str, str]]) -> int:
    """Create the skills not there yet (domain `a2a`); existing ones are left as they are."""
    if not specs:
        return 0
    async with conn.cursor() as cur:
        await cur.executemany(
            "insert into skills (id, name, description, parent_domain) values (%s, %s, %s, %s)"
            " on conflict (id) do nothing",
            [(sid, name[:200], desc[:2000], A2A_DOMAIN) for sid, (name, desc) in specs.items()],
        )
        return cur.rowcount


async def upsert_agents(conn: psycopg.AsyncConnection, records: list[AgentRecord]) -> None:
    """What the registration file says of each agent; a card fetched earlier is kept unless
    the file carries one, and so is the fetch state. Unchanged rows are not rewritten."""
    async with conn.cursor() as cur:
        await cur.executemany(
            """
            insert into agent_cards as a (item_id, chain_id, agent_id, card_url, skills_agree)
            values (%s, %s, %s, %s, %s)
            on conflict (item_id) do update set
                chain_id = excluded.chain_id, agent_id = excluded.agent_id,
                card_url = excluded.card_url,
                skills_agree = coalesce(excluded.skills_agree, a.skills_agree),
                updated_at = now()
            where (a.chain_id, a.agent_id, a.card_url)
                  is distinct from (excluded.chain_id, excluded.agent_id, excluded.card_url)
               or (excluded.skills_agree is not null
                   and excluded.skills_agree is distinct from a.skills_agree)
            """,
            [(r.item.id, r.chain_id, r.agent_id, r.card_url, r.skills_agree) for r in records],
        )
        await cur.executemany(
            """
            insert into agent_documents as d (item_id, registration, card) values (%s, %s, %s)
            on conflict (item_id) do update set
                registration = excluded.registration,
                card = coalesce(excluded.card, d.card), updated_at = now()
            where d.registration is distinct from excluded.registration
               or (excluded.card is not null and d.card is distinct from excluded.card)
            """,
            [
                (r.item.id, Jsonb(r.registration), Jsonb(r.card) if r.card is not None else None)
                for r in records
            ],
        )


@dataclass(frozen=True)
class CardState:
    item_id: str
    card_url: str
    etag: str | None
    last_modified: str | None
    registration: dict[str, Any]


async def cards_to_fetch(
    conn: psycopg.AsyncConnection, item_ids: list[str] | None = None
) -> list[CardState]:
    """The active agents with a card URL (all, or the ones named)."""
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(
            "select a.item_id, a.card_url, a.etag, a.last_modified,"
            " coalesce(d.registration, '{}') as registration"
            " from agent_cards a join items i on i.id = a.item_id"
            " left join agent_documents d on d.item_id = a.item_id"
            " where i.is_active and a.card_url is not null"
            " and (%(ids)s::text[] is null or a.item_id = any(%(ids)s)) order by a.item_id",
            {"ids": item_ids},
        )
        return [CardState(**row) for row in await cur.fetchall()]


async def record_fetch(
    conn: psycopg.AsyncConnection,
    item_id: str,
    *,
    status: str,
    error: str | None = None,
    etag: str | None = None,
    last_modified: str | None = None,
    verified: bool | None = None,
    verify_detail: str | None = None,
    skills_agree: bool | None = None,
) -> None:
    """How a fetch went. A fetched or unchanged card makes the agent live (seen now); a
    failure makes it not live and keeps what was known (it stays searchable)."""
    live = status in ("ok", "not_modified")
    await conn.execute(
        """
        update agent_cards set
            card_status = %(status)s, card_error = %(error)s, card_fetched_at = now(),
            live = %(live)s, last_seen = case when %(live)s then now() else last_seen end,
            etag = coalesce(%(etag)s, etag), last_modified = coalesce(%(lm)s, last_modified),
            verified = coalesce(%(verified)s, verified),
            verify_detail = coalesce(%(detail)s, verify_detail),
            skills_agree = coalesce(%(agree)s, skills_agree),
            updated_at = now()
        where item_id = %(id)s
        """,
        {
            "id": item_id,
            "status": status,
            "error": error,
            "live": live,
            "etag": etag,
            "lm": last_modified,
            "verified": verified,
            "detail": verify_detail,
            "agree": skills_agree,
        },
    )
