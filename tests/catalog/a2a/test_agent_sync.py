"""`sync agents` against a real HTTP server: cards fetched and merged, not re-fetched or
re-embedded when unchanged (304), failures recorded per agent, which stays searchable."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.catalog.a2a.card_server import GOV, CardServer, card, card_server

from discovery.catalog.a2a.ingest import ingest_agents
from discovery.catalog.a2a.sync import sync_agents
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration


@pytest.fixture
def server() -> Iterator[CardServer]:
    with card_server() as running:
        running.documents["/one/.well-known/agent-card.json"] = card(
            "DelegateDesk",
            skills=[{"id": GOV + "delegation/add_delegation", "name": "Add delegation"},
                    {"id": GOV + "delegation/revoke_delegation", "name": "Revoke delegation"}],
        )  # fmt: skip
        running.etags["/one/.well-known/agent-card.json"] = '"v1"'
        yield running


def _registrations(server: CardServer, path: Path) -> Path:
    rows = [
        {"chainId": 8453, "agentId": 1, "name": "DelegateDesk",
         "description": "Manages delegations of voting power.",
         "endpoints": [{"name": "A2A", "endpoint": server.url("/one/.well-known/agent-card.json"),
                        "a2aSkills": [GOV + "delegation/add_delegation"]}]},
        {"chainId": 8453, "agentId": 2, "name": "GhostAgent",
         "description": "Adds members to guilds.",
         "endpoints": [{"name": "A2A", "endpoint": server.url("/gone/.well-known/agent-card.json"),
                        "a2aSkills": [GOV + "membership/add_member"]}]},
    ]  # fmt: skip
    path.write_text("\n".join(json.dumps(r) for r in rows))
    return path


async def _state(rt: Runtime, item_id: str) -> tuple:
    async with rt.db.connection() as conn:
        row = await (
            await conn.execute(
                "select a.card_status, a.live, a.card_error is not null, i.skill_ids,"
                " e.content_hash, a.skills_agree, a.last_seen is not null"
                " from agent_cards a join items i on i.id = a.item_id"
                " join item_embeddings e on e.item_id = i.id where a.item_id = %s",
                (item_id,),
            )
        ).fetchone()
    assert row is not None
    return tuple(row)


async def test_sync_fetches_merges_and_records_failures(
    runtime: Runtime, server: CardServer, tmp_path: Path
) -> None:
    settings = runtime.settings.model_copy(
        update={"discovery_a2a_fetch_allowed_hosts": f"localhost:{server.port}"}
    )
    await ingest_agents(
        runtime.db, runtime.embedder, settings, [_registrations(server, tmp_path / "r.jsonl")]
    )
    before = await _state(runtime, "agent:8453:1")
    assert before[:2] == ("none", False)

    report = await sync_agents(runtime.db, runtime.embedder, settings)
    assert (report.agents, report.statuses["ok"], report.statuses["error"]) == (2, 1, 1)
    status, live, _, skills, vector_hash, agree, seen = await _state(runtime, "agent:8453:1")
    assert (status, live, agree, seen) == ("ok", True, False, True)
    assert set(skills) == {GOV + "delegation/add_delegation", GOV + "delegation/revoke_delegation"}
    assert vector_hash != before[4]  # the card's skills changed the text: re-embedded
    ghost = await _state(runtime, "agent:8453:2")
    assert ghost[:3] == ("error", False, True) and ghost[3] == [GOV + "membership/add_member"]

    again = await sync_agents(runtime.db, runtime.embedder, settings)
    assert again.statuses["not_modified"] == 1 and again.updated == 0
    assert (await _state(runtime, "agent:8453:1"))[4] == vector_hash  # not re-embedded
    assert server.hits.count("/one/.well-known/agent-card.json") == 2


async def test_sync_refuses_private_addresses_unless_allowed(
    runtime: Runtime, server: CardServer, tmp_path: Path
) -> None:
    await ingest_agents(
        runtime.db,
        runtime.embedder,
        runtime.settings,
        [_registrations(server, tmp_path / "r.jsonl")],
    )
    report = await sync_agents(runtime.db, runtime.embedder, runtime.settings)
    assert report.statuses["error"] == 2 and server.hits == []
    assert all("non-public" in why for _, why in report.errors)
