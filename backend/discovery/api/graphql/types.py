"""The GraphQL types: the agent search's models as Strawberry types (same fields, camelCase)."""

from __future__ import annotations

from datetime import datetime

import strawberry
from strawberry.scalars import JSON

from discovery.search.agent_models import AgentMatch, AgentOut, AgentSearchResult


@strawberry.type
class Endpoint:
    name: str
    endpoint: str
    version: str | None


@strawberry.type
class Agent:
    id: str
    chain_id: str | None
    agent_id: str | None
    name: str
    description: str
    image: str | None
    endpoints: list[Endpoint]
    card_url: str | None
    a2a_skills: list[str] = strawberry.field(name="a2aSkills")

    @classmethod
    def of(cls, agent: AgentOut) -> Agent:
        return cls(
            id=agent.id,
            chain_id=agent.chain_id,
            agent_id=agent.agent_id,
            name=agent.name,
            description=agent.description,
            image=agent.image,
            endpoints=[Endpoint(**e.model_dump()) for e in agent.endpoints],
            card_url=agent.card_url,
            a2a_skills=agent.skills,
        )


@strawberry.type
class SemanticAgentMatch:
    agent: Agent
    score: float
    matched_skills: list[str]
    missing_skills: list[str]
    coverage: float
    match_reasons: list[str]
    live: bool
    last_seen: datetime | None
    verified: bool
    skills_agree: bool | None

    @classmethod
    def of(cls, match: AgentMatch) -> SemanticAgentMatch:
        fields = match.model_dump(exclude={"agent"})
        return cls(agent=Agent.of(match.agent), **fields)


@strawberry.type
class SemanticAgentSearchResult:
    matches: list[SemanticAgentMatch]
    intent_type: str | None
    required_skills: list[str]
    query_text: str
    total: int
    by_chain: JSON = strawberry.field(description="Agents per chain id ('none': no chain).")
    notice: str | None

    @classmethod
    def of(cls, result: AgentSearchResult) -> SemanticAgentSearchResult:
        return cls(
            matches=[SemanticAgentMatch.of(m) for m in result.matches],
            intent_type=result.intent_type,
            required_skills=result.required_skills,
            query_text=result.query_text,
            total=result.total,
            by_chain=JSON(result.by_chain),
            notice=result.notice,
        )


@strawberry.input
class SemanticAgentSearchInput:
    text: str | None = None
    intent_type: str | None = None
    intent_json: str | None = None
    top_k: int | None = None
    required_skills: list[str] | None = None
    min_score: float | None = None
    require_all_skills: bool = False
    live: bool = False
    verified: bool = False
    chain_id: str | None = None


@strawberry.input
class AgentWhereInput:
    a2a_skills_in: list[str] | None = strawberry.field(name="a2aSkills_in", default=None)
    chain_id: str | None = strawberry.field(name="chainId", default=None)
    name_contains: str | None = strawberry.field(name="name_contains", default=None)


@strawberry.type
class Intent:
    id: str
    label: str
    description: str
    required_skills: list[str]
    executable: bool
