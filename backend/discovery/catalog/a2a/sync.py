"""`discovery sync agents`: fetch every registered agent's card (`fetch.py`'s policy: no private
addresses, bounded, conditional), merge it with the agent's registration, and write what
changed. An unchanged card (304, or the same content) is not re-embedded; a failure is recorded
on the agent (`card_status`, `card_error`, `card_fetched_at`, not live) and the agent stays
searchable from its registration data.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from discovery.catalog.a2a.cards import CardInvalid, parse_card
from discovery.catalog.a2a.fetch import FetchPolicy, fetch_json
from discovery.catalog.a2a.ingest import ingest_agent_records
from discovery.catalog.a2a.records import AgentInvalid, AgentRecord, agent_record
from discovery.catalog.a2a.registrations import Registration
from discovery.catalog.a2a.signatures import Verification, verify_card
from discovery.catalog.a2a.store import CardState, cards_to_fetch, record_fetch
from discovery.db import Database
from discovery.embeddings import Embedder
from discovery.logs import log_event
from discovery.settings import Settings

log = logging.getLogger(__name__)
USER_AGENT = "discovery-agent-sync/1 (+https://github.com/discovery)"


@dataclass
class SyncReport:
    agents: int = 0
    statuses: Counter[str] = field(default_factory=Counter)  # ok, not_modified, error
    updated: int = 0  # re-embedded because the card changed
    verified: int = 0
    errors: list[tuple[str, str]] = field(default_factory=list)  # (agent id, why)


def fetch_policy(settings: Settings) -> FetchPolicy:
    return FetchPolicy(
        timeout_s=settings.discovery_a2a_fetch_timeout_seconds,
        max_bytes=settings.discovery_a2a_fetch_max_bytes,
        max_redirects=settings.discovery_a2a_fetch_max_redirects,
        allow_private=settings.discovery_a2a_fetch_allow_private,
        allowed_hosts=settings.a2a_fetch_allowed_hosts,
    )


async def sync_agents(
    db: Database,
    embedder: Embedder,
    settings: Settings,
    *,
    item_ids: list[str] | None = None,
    on_agent: Callable[[str, str], None] | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
) -> SyncReport:
    """Fetch the cards of the agents named (default: every active agent with a card URL)."""
    async with db.connection() as conn:
        states = await cards_to_fetch(conn, item_ids)
    report = SyncReport(agents=len(states))
    policy, trusted = fetch_policy(settings), _trusted_keys(settings)
    gate = asyncio.Semaphore(settings.discovery_a2a_sync_concurrency)
    fetched: list[tuple[CardState, AgentRecord, dict[str, Any], Verification]] = []
    async with httpx.AsyncClient(
        headers={"User-Agent": USER_AGENT}, follow_redirects=False, transport=transport
    ) as client:

        async def jwks(url: str) -> dict[str, Any] | None:
            got = await fetch_json(client, url, policy)
            return got.document if got.status == "ok" and isinstance(got.document, dict) else None

        async def one(state: CardState) -> None:
            async with gate:
                outcome = await _fetch_one(db, client, policy, state, settings, jwks, trusted)
            if isinstance(outcome, tuple):
                fetched.append(outcome)
                return
            status = "error" if outcome.startswith("error") else outcome
            report.statuses[status] += 1
            if status == "error":
                report.errors.append((state.item_id, outcome.removeprefix("error: ")))
            if on_agent:
                on_agent(state.item_id, status)

        await asyncio.gather(*(one(s) for s in states))
    if fetched:
        await _write(db, embedder, settings, fetched, report, on_agent)
    for item_id, why in report.errors:
        log_event(log, "card_fetch_failed", level=logging.WARNING, agent=item_id, error=why)
    return report


async def _fetch_one(
    db: Database,
    client: httpx.AsyncClient,
    policy: FetchPolicy,
    state: CardState,
    settings: Settings,
    jwks: Any,
    trusted: dict[str, Any] | None,
) -> str | tuple[CardState, AgentRecord, dict[str, Any], Verification]:
    """The fetched card merged with the registration, or the status recorded already."""
    got = await fetch_json(client, state.card_url, policy, state.etag, state.last_modified)
    error = got.error
    if got.status == "not_modified":
        async with db.connection() as conn:
            await record_fetch(conn, state.item_id, status="not_modified")
        return "not_modified"
    if got.status == "ok":
        try:
            card, notes = parse_card(got.document)
            registration = Registration.model_validate(state.registration or {})
            record = agent_record(
                registration if state.registration else None,
                card,
                settings.a2a_skill_prefixes,
                raw_card=got.document,
                card_url=state.card_url,
                notes=notes,
            )
            if record.item.id != state.item_id:
                raise AgentInvalid(f"the card names another agent ({record.item.id})")
            verification = await verify_card(got.document, state.card_url, jwks, trusted)
            return (
                state,
                record,
                {"etag": got.etag, "last_modified": got.last_modified},
                verification,
            )
        except (CardInvalid, AgentInvalid, ValueError) as exc:
            error = f"card unusable: {exc}"
    async with db.connection() as conn:
        await record_fetch(conn, state.item_id, status="error", error=(error or "?")[:500])
    return f"error: {error}"


async def _write(
    db: Database,
    embedder: Embedder,
    settings: Settings,
    fetched: list[tuple[CardState, AgentRecord, dict[str, Any], Verification]],
    report: SyncReport,
    on_agent: Callable[[str, str], None] | None,
) -> None:
    written = await ingest_agent_records(db, embedder, settings, lambda: [f[1] for f in fetched])
    report.updated = written.updated + written.added
    async with db.connection() as conn:
        for state, record, validators, verification in fetched:
            await record_fetch(
                conn,
                state.item_id,
                status="ok",
                verified=verification.verified,
                verify_detail=verification.detail,
                skills_agree=record.skills_agree,
                **validators,
            )
            report.statuses["ok"] += 1
            report.verified += verification.verified
            if on_agent:
                on_agent(state.item_id, "ok")


def _trusted_keys(settings: Settings) -> dict[str, Any] | None:
    path = settings.discovery_a2a_trusted_jwks_file
    if path is None:
        return None
    document = json.loads(path.read_text(encoding="utf-8"))
    return document if isinstance(document, dict) else None
