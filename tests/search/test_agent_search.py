"""Intent-based agent search on the fixture registry (real database, real model): the skill
filter inside SQL, the ranking, the counts, and every kind of bad request."""

from __future__ import annotations

import json

import pytest

from discovery.runtime import Runtime
from discovery.search.agent_models import AgentSearchRequest
from discovery.search.models import InvalidRequest

pytestmark = pytest.mark.integration
ADD = "governance_and_trust/membership/add_member"
VERIFY = "governance_and_trust/membership/verify_membership"


async def test_the_consoles_two_requests_return_the_adders_ranked(
    agents_runtime: Runtime,
) -> None:
    by_type = await agents_runtime.agents.search(
        AgentSearchRequest(intent_type="governance.membership.add")
    )
    by_json = await agents_runtime.agents.search(
        AgentSearchRequest(intent_json=json.dumps({"intentType": "governance.membership.add",
                                                   "action": "add"}))
    )  # fmt: skip
    for result in (by_type, by_json):
        assert result.required_skills == [ADD]
        ids = [m.agent.id for m in result.matches]
        assert set(ids) == {"agent:8453:101", "agent:1:42"}  # every holder, nobody else
        assert all(ADD in m.agent.skills and m.matched_skills == [ADD] for m in result.matches)
        scores = [m.score for m in result.matches]
        assert scores == sorted(scores, reverse=True) and all(0 <= s <= 1 for s in scores)
        assert result.total == 2 and result.by_chain == {"8453": 1, "1": 1}
        assert result.query_text.startswith("Add a member. Add an account or agent")
    assert [m.agent.id for m in by_json.matches] == [m.agent.id for m in by_type.matches]


async def test_the_users_query_joins_the_text_and_any_or_all_skills_filter(
    agents_runtime: Runtime,
) -> None:
    asked = AgentSearchRequest(
        intent_json=json.dumps({"intentType": "governance.membership.verify",
                                "query": "check who belongs to our DAO"}),
        required_skills=[ADD, VERIFY],
    )  # fmt: skip
    any_one = await agents_runtime.agents.search(asked)
    assert any_one.query_text.endswith("check who belongs to our DAO")
    assert {m.agent.id for m in any_one.matches} == {"agent:8453:101", "agent:1:42", "agent:1:7"}
    both = await agents_runtime.agents.search(asked.model_copy(update={"require_all_skills": True}))
    [only] = both.matches
    assert only.agent.id == "agent:1:42" and only.coverage == 1.0
    partial = next(m for m in any_one.matches if m.agent.id == "agent:1:7")
    assert (partial.matched_skills, partial.missing_skills, partial.coverage) == (
        [VERIFY], [ADD], 0.5
    )  # fmt: skip
    assert any(r.startswith("holds ") for r in partial.match_reasons)


async def test_min_score_and_top_k_cut_the_page_and_total_counts_all(
    agents_runtime: Runtime,
) -> None:
    everyone = await agents_runtime.agents.search(AgentSearchRequest(text="agent", top_k=3))
    assert len(everyone.matches) == 3 and everyone.total == 9
    assert sum(everyone.by_chain.values()) == 9 and everyone.by_chain["none"] == 2
    strict = await agents_runtime.agents.search(
        AgentSearchRequest(text="delegate voting power", min_score=0.45)
    )
    assert strict.matches and all(m.score >= 0.45 for m in strict.matches)
    assert strict.matches[0].agent.id == "agent:84532:12"
    assert strict.total == len(strict.matches) < 9


async def test_an_intent_without_executable_skills_searches_by_meaning_and_says_so(
    agents_runtime: Runtime,
) -> None:
    result = await agents_runtime.agents.search(AgentSearchRequest(intent_type="trust.delegation"))
    assert result.required_skills == [] and result.total == 9
    assert result.notice and "no executable skills" in result.notice


async def test_live_and_verified_filters_keep_only_such_agents(agents_runtime: Runtime) -> None:
    live = await agents_runtime.agents.search(AgentSearchRequest(text="agent", live=True))
    assert live.matches == [] and live.total == 0  # nothing was fetched in this registry
    verified = await agents_runtime.agents.search(AgentSearchRequest(text="agent", verified=True))
    assert verified.total == 0


@pytest.mark.parametrize(
    ("fields", "kind", "words"),
    [
        ({"intent_json": "{not json"}, "invalid_json", "not JSON"),
        ({"intent_json": '{"action": "add"}'}, "no_intent_type", "no intentType"),
        ({"intent_type": "governance.membership.invite"}, "unknown_intent", "trust.feedback"),
        ({}, "empty_query", "give an intentType"),
        ({"text": "   "}, "empty_query", "give an intentType"),
        ({"intent_type": "trust.feedback",
          "intent_json": '{"intentType": "governance.membership.add"}'}, "mismatch", "differ"),
    ],
)  # fmt: skip
async def test_bad_requests_are_clear_errors(
    agents_runtime: Runtime, fields: dict, kind: str, words: str
) -> None:
    with pytest.raises(InvalidRequest) as caught:
        await agents_runtime.agents.search(AgentSearchRequest(**fields))
    assert caught.value.errors[0]["type"] == kind and words in str(caught.value)


async def test_agents_are_listed_by_skill_chain_and_name(agents_runtime: Runtime) -> None:
    from discovery.search.agents import AgentFilter

    agents, total = await agents_runtime.agents.list_agents(AgentFilter(skills_in=[ADD]))
    assert total == 2 and [a.name for a in agents] == ["MemberGate", "Onboarder"]
    on_one, _ = await agents_runtime.agents.list_agents(AgentFilter(chain_id="1"))
    assert {a.id for a in on_one} == {"agent:1:7", "agent:1:42"}
    named, total = await agents_runtime.agents.list_agents(AgentFilter(name_contains="verity"))
    assert total == 2 and all("Verity" in a.name for a in named)
    page, total = await agents_runtime.agents.list_agents(AgentFilter(), first=2, skip=8)
    assert (len(page), total) == (1, 9)


async def test_the_index_path_and_the_exact_path_agree(agents_runtime: Runtime) -> None:
    """Past `exact_max_rows` agents (no threshold, no live/verified/chain filter) the page comes
    from the HNSW index and the counts from the filter alone; the answer is the same."""
    from discovery.search.agents import AgentSearchService

    indexed = AgentSearchService(
        agents_runtime.db,
        agents_runtime.embedder,
        agents_runtime.settings.model_copy(update={"discovery_exact_scan_max_rows": 1}),
        agents_runtime.intents,
    )
    for request in (
        AgentSearchRequest(text="agents that manage DAO membership", top_k=5),
        AgentSearchRequest(intent_type="governance.membership.verify"),
        AgentSearchRequest(text="delegate", required_skills=[ADD, VERIFY], require_all_skills=True),
        AgentSearchRequest(text="membership agents", chain_id="1"),
        AgentSearchRequest(text="members", required_skills=[ADD, "governance_and_trust/x/unknown"]),
    ):
        exact = await agents_runtime.agents.search(request)
        fast = await indexed.search(request)
        assert [m.agent.id for m in fast.matches] == [m.agent.id for m in exact.matches]
        assert [m.score for m in fast.matches] == [m.score for m in exact.matches]
        assert (fast.total, fast.by_chain) == (exact.total, exact.by_chain)


async def test_a_changed_chain_moves_the_agent_in_the_counts(runtime: Runtime) -> None:
    """The counts read each agent's chain from its vector's row, a copy of `agent_cards` kept by
    triggers: a chain written after the vector, or changed later, is what the counts say."""
    from tests.conftest import AGENTS_FIXTURE

    from discovery.catalog.a2a.ingest import ingest_agents

    await ingest_agents(runtime.db, runtime.embedder, runtime.settings, [AGENTS_FIXTURE])
    before = await runtime.agents.search(AgentSearchRequest(text="agent"))
    async with runtime.db.connection() as conn:
        await conn.execute("update agent_cards set chain_id = '999' where item_id = 'agent:1:42'")
    after = await runtime.agents.search(AgentSearchRequest(text="agent"))
    assert after.by_chain["1"] == before.by_chain["1"] - 1 and after.by_chain["999"] == 1
    assert after.total == before.total
    moved_only = await runtime.agents.search(AgentSearchRequest(text="agent", chain_id="999"))
    [moved] = moved_only.matches
    assert moved.agent.id == "agent:1:42" and moved.agent.chain_id == "999"


async def test_a_composed_query_vector_adds_the_intents_and_the_users(
    agents_runtime: Runtime,
) -> None:
    """Composed (the default): the intent's kept vector plus the user text's, weighted; joint:
    the whole query text embedded. Without a user text both embed the intent's text."""
    import numpy as np

    from discovery.search.agent_models import resolve
    from discovery.search.agents import AgentSearchService

    service, embed = agents_runtime.agents, agents_runtime.embedder.embed_query
    query = resolve(
        AgentSearchRequest(intent_type="governance.membership.add", text="for our research DAO"),
        agents_runtime.intents,
    )
    weight = agents_runtime.settings.discovery_a2a_user_text_weight
    expected = embed(query.intent_text) + weight * embed("for our research DAO")
    composed = service._vector(query)
    assert np.allclose(composed, expected / np.linalg.norm(expected), atol=1e-6)
    joint = AgentSearchService(
        agents_runtime.db, agents_runtime.embedder,
        agents_runtime.settings.model_copy(update={"discovery_a2a_query_vector": "joint"}),
        agents_runtime.intents,
    )  # fmt: skip
    assert np.allclose(joint._vector(query), embed(query.text), atol=1e-6)
    intent_only = resolve(
        AgentSearchRequest(intent_type="governance.membership.add"), agents_runtime.intents
    )
    assert np.allclose(service._vector(intent_only), embed(intent_only.text), atol=1e-6)


async def test_the_kept_agent_counts_follow_every_write(runtime: Runtime) -> None:
    """`agent_counts` (what an unfiltered search counts from) stays equal to a count of the
    vectors through ingest, a chain change, deactivation, reactivation and deletion."""
    from tests.conftest import AGENTS_FIXTURE

    from discovery.catalog.a2a.ingest import ingest_agents

    kept_sql = "select chain_id, n from agent_counts where n <> 0 order by 1"
    counted_sql = (
        "select coalesce(chain_id, 'none'), count(*) from item_embeddings"
        " where kind = 'agent' and is_active group by 1 order by 1"
    )

    async def agree() -> list[tuple[str, int]]:
        async with runtime.db.connection() as conn:
            kept = await (await conn.execute(kept_sql)).fetchall()
            counted = await (await conn.execute(counted_sql)).fetchall()
        assert kept == counted
        return kept

    await ingest_agents(runtime.db, runtime.embedder, runtime.settings, [AGENTS_FIXTURE])
    assert sum(n for _, n in await agree()) == 9
    for statement in (
        "update agent_cards set chain_id = '999' where item_id = 'agent:1:42'",
        "update items set is_active = false where id = 'agent:8453:101'",
        "update items set is_active = true where id = 'agent:8453:101'",
        "update items set is_active = false where kind = 'agent'",
        "update items set is_active = true where kind = 'agent'",
        "delete from items where id = 'agent:1:7'",
    ):
        async with runtime.db.connection() as conn:
            await conn.execute(statement)
        await agree()
    everyone = await runtime.agents.search(AgentSearchRequest(text="agent"))
    assert everyone.total == 8 and everyone.by_chain["999"] == 1
