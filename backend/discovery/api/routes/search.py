"""The engine's search contract: POST /api/v1/search, GET /api/v1/search/skills and
GET /api/v1/search/tools. Archive records appear among the `tools` with their `kind`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from discovery.api.deps import READ, SearchDep
from discovery.db import ItemKind
from discovery.search.models import (
    ItemHit,
    SearchMetadata,
    SearchResponse,
    SkillHit,
    Strategy,
)

router = APIRouter(tags=["search"], dependencies=[READ])


class SearchBody(BaseModel):
    query: str = Field(description="What to find, in plain words (1 to 1,000 characters).")
    item_type: ItemKind | None = None
    limit: int | None = Field(default=None, description="1 to 100; default 5 (a setting).")
    skill_limit: int | None = Field(
        default=None, description="1 to 50; default 3, or 8 with an item_type other than archive."
    )
    skill_threshold: float | None = Field(
        default=None,
        description="0 to 1; default 0.4, or 0.1 with an item_type other than archive.",
    )
    tool_threshold: float | None = Field(default=None, description="0 to 1; default 0.3.")
    include_schemas: bool = False
    strategy: Strategy = Strategy.HIERARCHICAL
    media_types: list[str] | None = None
    date_from: int | None = None
    date_to: int | None = None


class SearchResult(BaseModel):
    query: str
    tools: list[ItemHit] = Field(description="The matching items of every kind.")
    matched_skills: list[SkillHit]
    metadata: SearchMetadata


class SkillsResult(BaseModel):
    query: str
    skills: list[SkillHit]
    metadata: SearchMetadata


@router.post("/search", response_model=SearchResult)
async def search(body: SearchBody, service: SearchDep) -> SearchResult:
    request = service.request(
        query=body.query,
        strategy=body.strategy,
        limit=body.limit,
        skill_limit=body.skill_limit,
        skill_threshold=body.skill_threshold,
        tool_threshold=body.tool_threshold,
        include_schemas=body.include_schemas,
        filters={
            "kinds": [body.item_type] if body.item_type else None,
            "media_types": body.media_types,
            "date_from": body.date_from,
            "date_to": body.date_to,
        },
    )
    return _result(await service.search(request))


QueryText = Annotated[str, Query(description="What to find, in plain words.")]
ItemType = Annotated[ItemKind | None, Query(description="Only skills or items of this kind.")]


@router.get("/search/skills")
async def search_skills(
    query: QueryText,
    service: SearchDep,
    item_type: ItemType = None,
    limit: Annotated[
        int | None,
        Query(description="1 to 50; default 3, or 8 with an item_type other than archive."),
    ] = None,
    threshold: Annotated[
        float | None,
        Query(description="0 to 1; default 0.4, or 0.1 with an item_type other than archive."),
    ] = None,
) -> SkillsResult:
    """Stage 1 alone: active skills by similarity to the query."""
    request = service.request(
        query=query,
        skill_limit=limit,
        skill_threshold=threshold,
        filters={"kinds": [item_type] if item_type else None},
    )
    response = await service.skills(request)
    return SkillsResult(
        query=response.query, skills=response.matched_skills, metadata=response.metadata
    )


@router.get("/search/tools", response_model=SearchResult)
async def search_tools(
    query: QueryText,
    service: SearchDep,
    skill_ids: Annotated[
        str | None, Query(description="Comma-separated skill ids; items in any of them.")
    ] = None,
    item_type: ItemType = None,
    limit: Annotated[int | None, Query(description="1 to 100; default 5.")] = None,
    threshold: Annotated[float | None, Query(description="0 to 1; default 0.3.")] = None,
    include_schemas: bool = False,
) -> SearchResult:
    """Stage 2 alone: items by similarity, within the given skills when there are any."""
    ids = [s.strip() for s in (skill_ids or "").split(",") if s.strip()]
    request = service.request(
        query=query,
        strategy=Strategy.DIRECT,
        limit=limit,
        tool_threshold=threshold,
        include_schemas=include_schemas,
        filters={"kinds": [item_type] if item_type else None, "skill_ids": ids or None},
    )
    return _result(await service.search(request))


def _result(response: SearchResponse) -> SearchResult:
    """Input schemas are loaded by the service only when asked (`include_schemas`), and only
    for the returned tools."""
    return SearchResult(
        query=response.query,
        tools=response.items,
        matched_skills=response.matched_skills,
        metadata=response.metadata,
    )
