"""The GraphQL schema at `/graphql` (Strawberry): `semanticAgentSearch`, `agents` and `intents`,
thin resolvers over the same service as REST. Bad input is a GraphQL error with a code in
`extensions` (`BAD_USER_INPUT`), never a 500; unexpected failures are masked. Queries are
bounded: depth, aliases, tokens, and page sizes (`first`, `topK` at most 200). Its printed SDL is
`schema.graphql` beside this file (a test fails when it is stale:
`uv run discovery graphql-schema --out backend/discovery/api/graphql/schema.graphql`)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import strawberry
from graphql import GraphQLError
from pydantic import ValidationError
from strawberry.extensions import (
    AddValidationRules,
    MaskErrors,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    QueryDepthLimiter,
    ValidationCache,
)
from strawberry.types import Info

from discovery.api.graphql.execution import LeanExecutionContext
from discovery.api.graphql.types import (
    Agent as AgentType,
)
from discovery.api.graphql.types import (
    AgentWhereInput,
    Intent,
    SemanticAgentSearchInput,
    SemanticAgentSearchResult,
)
from discovery.db import DatabaseUnavailable
from discovery.runtime import Runtime
from discovery.search.agent_models import MAX_TOP_K, AgentSearchRequest
from discovery.search.agents import AgentFilter
from discovery.search.models import InvalidRequest, error_detail

SDL_FILE = Path(__file__).with_name("schema.graphql")
MAX_DEPTH = 6
CODES = ("BAD_USER_INPUT", "SERVICE_UNAVAILABLE")


def _bad_input(message: str, details: Any = None) -> GraphQLError:
    return GraphQLError(message, extensions={"code": "BAD_USER_INPUT", "details": details})


def _runtime(info: Info) -> Runtime:
    runtime: Runtime = info.context["request"].app.state.runtime
    return runtime


@strawberry.type
class AgentPage:
    agents: list[AgentType]
    total: int


@strawberry.type
class Query:
    @strawberry.field(description="A2A agents that can carry out an intent, best first.")
    async def semantic_agent_search(
        self, info: Info, input: SemanticAgentSearchInput
    ) -> SemanticAgentSearchResult:
        try:
            request = AgentSearchRequest(**vars(input))
            result = await _runtime(info).agents.search(request)
        except ValidationError as exc:
            details = [error_detail(e) for e in exc.errors()]
            raise _bad_input("the search input is not valid", details) from None
        except InvalidRequest as exc:
            raise _bad_input(str(exc), exc.errors) from None
        except DatabaseUnavailable:
            raise GraphQLError(
                "the database is unavailable; retry shortly",
                extensions={"code": "SERVICE_UNAVAILABLE"},
            ) from None
        return SemanticAgentSearchResult.of(result)

    @strawberry.field(description="Registered agents in name order, `first` at a time.")
    async def agents(
        self,
        info: Info,
        where: AgentWhereInput | None = None,
        first: int | None = 50,
        skip: int | None = 0,
    ) -> AgentPage:
        first = 50 if first is None else first
        skip = 0 if skip is None else skip
        if not 1 <= first <= MAX_TOP_K or skip < 0:
            raise _bad_input(f"first must be within 1..{MAX_TOP_K} and skip at least 0")
        where = where or AgentWhereInput()
        found, total = await _runtime(info).agents.list_agents(
            AgentFilter(
                skills_in=where.a2a_skills_in,
                chain_id=where.chain_id,
                name_contains=where.name_contains,
            ),
            first,
            skip,
        )
        return AgentPage(agents=[AgentType.of(a) for a in found], total=total)

    @strawberry.field(description="The intent types agents are searched for.")
    def intents(self, info: Info) -> list[Intent]:
        return [
            Intent(
                id=i.id,
                label=i.label,
                description=i.description,
                required_skills=i.required_skills,
                executable=i.executable,
            )
            for i in _runtime(info).intents.intents
        ]


def _mask(error: GraphQLError) -> bool:
    """Hide what is not ours to show: every error without one of our codes."""
    return (error.extensions or {}).get("code") not in CODES and error.original_error is not None


# The depth and alias limits as validation rules made once: the limiter extensions make new
# rule classes per request, which would keep every validation out of the cache below.
_LIMITS = (
    QueryDepthLimiter(max_depth=MAX_DEPTH).validation_rules
    + MaxAliasesLimiter(max_alias_count=10).validation_rules
)

# A console sends the same few documents with new variables: each is parsed and validated once
# (validation costs 1 to 2 ms a request; both caches are bounded LRUs keyed by the document).
schema = strawberry.Schema(
    query=Query,
    execution_context_class=LeanExecutionContext,
    extensions=[
        partial(AddValidationRules, _LIMITS),
        partial(MaxTokensLimiter, max_token_count=2000),
        partial(ParserCache, maxsize=256),
        partial(ValidationCache, maxsize=256),
        partial(MaskErrors, should_mask_error=_mask, error_message="Unexpected error."),
    ],
)
