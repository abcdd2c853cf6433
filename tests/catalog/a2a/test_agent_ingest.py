"""Ingesting agents through the one write pipeline, on the embedded database with the real
model: counts, what was ignored, the skills declared, what agent_cards keeps, idempotence."""

from __future__ import annotations

from pathlib import Path

import pytest

from discovery.catalog.a2a.ingest import IGNORED_SKILLS, ingest_agents
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration

FIXTURE = Path(__file__).parents[2] / "fixtures" / "agents_mixed.jsonl"


async def _rows(rt: Runtime, sql: str, *args: object) -> list[tuple]:
    async with rt.db.connection() as conn:
        return await (await conn.execute(sql, args)).fetchall()  # type: ignore[arg-type]


async def test_agents_are_written_with_their_skills_and_registry_data(runtime: Runtime) -> None:
    report = await ingest_agents(runtime.db, runtime.embedder, runtime.settings, [FIXTURE])
    assert (report.added, report.skipped) == (9, 4)
    assert report.ignored[IGNORED_SKILLS] == 4  # trust.validate.name, removeMember, two others
    kinds = await _rows(runtime, "select distinct kind from items")
    assert kinds == [("agent",)]
    [(skills, primary)] = await _rows(
        runtime, "select skill_ids, primary_skill_id from items where id = 'agent:1:42'"
    )
    assert skills == ["governance_and_trust/membership/add_member",
                      "governance_and_trust/membership/verify_membership"]  # fmt: skip
    assert primary == "governance_and_trust/membership/add_member"
    [(name, domain)] = await _rows(
        runtime,
        "select name, parent_domain from skills where id = %s",
        "governance_and_trust/membership/add_member",
    )
    assert (name, domain) == ("Add a member", "a2a")  # the intent registry's words
    [(chain, card_url, agree, status)] = await _rows(
        runtime,
        "select chain_id, card_url, skills_agree, card_status from agent_cards"
        " where item_id = 'agent:137:55'",
    )
    assert (chain, card_url, agree, status) == (
        "137", "https://alliancebridge.test/.well-known/agent.json", False, "none"
    )  # fmt: skip
    [(vectors,)] = await _rows(runtime, "select count(*) from item_embeddings where kind = 'agent'")
    assert vectors == 9


async def test_ingesting_again_changes_nothing(runtime: Runtime) -> None:
    await ingest_agents(runtime.db, runtime.embedder, runtime.settings, [FIXTURE])
    again = await ingest_agents(runtime.db, runtime.embedder, runtime.settings, [FIXTURE])
    assert (again.added, again.updated, again.unchanged) == (0, 0, 9)
    [(rows,)] = await _rows(runtime, "select count(*) from agent_cards")
    assert rows == 9
