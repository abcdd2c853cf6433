"""The engine's search contract: POST /api/v1/search, GET /api/v1/search/skills and
GET /api/v1/search/tools. Archive records appear among the `tools` with their `kind`.

The two GET endpoints answer a JSON array (of skills, of items), as the contract shows; what
the search did travels in headers: `Server-Timing` (embed, skills, items, total, in ms) and
`X-Search-Strategy`, `X-Search-Fallback`, `X-Search-Candidates`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response
from pydantic import BaseModel, Field

from discovery.api.deps import READ, SearchDep
from discovery.db import ItemKind
from discovery.search.models import QueryText, SearchRequest, Strategy
from discovery.search.results import ItemHit, SearchMetadata, SearchResponse, SkillHit
from discovery.text import RequestModel

router = APIRouter(tags=["search"], dependencies=[READ])


class SearchResult(BaseModel):
    query: str
    tools: list[ItemHit] = Field(description="The matching items of every kind.")
    matched_skills: list[SkillHit]
    metadata: SearchMetadata


METADATA_HEADERS = {
    "Server-Timing": {"description": "embed, skills, items and total, in ms."},
    "X-Search-Strategy": {"description": "The strategy that ran (direct after a fallback)."},
    "X-Search-Fallback": {"description": "Why hierarchical search fell back, when it did."},
    "X-Search-Candidates": {"description": "How many items were scored."},
}


def _describe(response: Response, metadata: SearchMetadata) -> None:
    """What a GET search did, as headers (the body is the contract's bare array)."""
    response.headers["Server-Timing"] = (
        f"embed;dur={metadata.query_embedding_time_ms}, "
        f"skills;dur={metadata.skill_search_time_ms}, "
        f"items;dur={metadata.tool_search_time_ms}, total;dur={metadata.total_time_ms}"
    )
    response.headers["X-Search-Strategy"] = metadata.strategy_used.value
    response.headers["X-Search-Candidates"] = str(metadata.stage2_candidate_count)
    if metadata.fallback_reason:
        response.headers["X-Search-Fallback"] = metadata.fallback_reason


@router.post("/search", response_model=SearchResult, responses={404: {}})
async def search(body: SearchRequest, service: SearchDep) -> SearchResult:
    """A search; with `similar_to`, more like that item (404 when no item has that id)."""
    return _result(await service.search(body))


class SkillsQuery(RequestModel):
    """Stage 1's parameters (GET /search/skills)."""

    query: QueryText
    item_type: ItemKind | None = Field(
        default=None, description="Only skills or items of this kind."
    )
    limit: int | None = Field(
        default=None,
        ge=1,
        le=50,
        description="1 to 50; default 3, or 8 with an item_type other than archive.",
    )
    threshold: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        description="0 to 1; default 0.4, or 0.1 with an item_type other than archive.",
    )


class ToolsQuery(RequestModel):
    """Stage 2's parameters (GET /search/tools)."""

    query: QueryText
    skill_ids: str | None = Field(
        default=None,
        max_length=2000,
        pattern=r"^[^\x00]*$",
        description="Comma-separated skill ids; items in any of them.",
    )
    item_type: ItemKind | None = Field(
        default=None, description="Only skills or items of this kind."
    )
    limit: int | None = Field(default=None, ge=1, le=100, description="1 to 100; default 5.")
    threshold: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        description="0 to 1; default 0.3, or 0 with an item_type other than archive.",
    )
    include_schemas: bool = False


@router.get("/search/skills", responses={200: {"headers": METADATA_HEADERS}})
async def search_skills(
    params: Annotated[SkillsQuery, Query()], service: SearchDep, response: Response
) -> list[SkillHit]:
    """Stage 1 alone: active skills by similarity to the query, best first (a JSON array)."""
    request = SearchRequest.model_construct(
        query=params.query,
        item_type=params.item_type,
        skill_limit=params.limit,
        skill_threshold=params.threshold,
    )
    found = await service.skills(request)
    _describe(response, found.metadata)
    return found.matched_skills


@router.get("/search/tools", responses={200: {"headers": METADATA_HEADERS}})
async def search_tools(
    params: Annotated[ToolsQuery, Query()], service: SearchDep, response: Response
) -> list[ItemHit]:
    """Stage 2 alone: items by similarity, within the given skills when there are any, best
    first (a JSON array)."""
    ids = [s.strip() for s in (params.skill_ids or "").split(",") if s.strip()]
    request = SearchRequest.model_construct(
        query=params.query,
        strategy=Strategy.DIRECT,
        item_type=params.item_type,
        limit=params.limit,
        tool_threshold=params.threshold,
        include_schemas=params.include_schemas,
        skill_ids=ids or None,
    )
    found = await service.search(request)
    _describe(response, found.metadata)
    return found.items


def _result(response: SearchResponse) -> SearchResult:
    """Input schemas are loaded by the service only when asked (`include_schemas`), and only
    for the returned tools."""
    return SearchResult(
        query=response.query,
        tools=response.items,
        matched_skills=response.matched_skills,
        metadata=response.metadata,
    )
