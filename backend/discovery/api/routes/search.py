"""The engine's search contract: POST /api/v1/search."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from discovery.api.deps import SearchDep
from discovery.search.models import (
    ItemHit,
    ItemKind,
    SearchMetadata,
    SkillHit,
    Strategy,
)

router = APIRouter(tags=["search"])


class SearchBody(BaseModel):
    query: str = Field(description="What to find, in plain words (1 to 1,000 characters).")
    item_type: ItemKind | None = None
    limit: int | None = Field(default=None, description="1 to 100; default 5 (a setting).")
    skill_limit: int | None = Field(default=None, description="1 to 50; default 3.")
    skill_threshold: float | None = Field(default=None, description="0 to 1; default 0.4.")
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


@router.post("/search", response_model=SearchResult)
async def search(body: SearchBody, service: SearchDep) -> SearchResult:
    request = service.request(
        query=body.query,
        strategy=body.strategy,
        limit=body.limit,
        skill_limit=body.skill_limit,
        skill_threshold=body.skill_threshold,
        tool_threshold=body.tool_threshold,
        filters={
            "kinds": [body.item_type] if body.item_type else None,
            "media_types": body.media_types,
            "date_from": body.date_from,
            "date_to": body.date_to,
        },
    )
    response = await service.search(request)
    tools = [_with_schema(hit, body.include_schemas) for hit in response.items]
    return SearchResult(
        query=response.query,
        tools=tools,
        matched_skills=response.matched_skills,
        metadata=response.metadata,
    )


def _with_schema(hit: ItemHit, include: bool) -> ItemHit:
    if include or "input_schema" not in hit.metadata:
        return hit
    metadata: dict[str, Any] = {k: v for k, v in hit.metadata.items() if k != "input_schema"}
    return hit.model_copy(update={"metadata": metadata})
