"""What a search answers: its hits (items, skills) and what it did (`SearchMetadata`). The
response of `SearchService.search`, the API body and the MCP tools' structured output."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from discovery.db.schema import ItemKind
from discovery.search.models import Strategy


class ItemHit(BaseModel):
    id: str
    kind: ItemKind
    name: str
    title: str
    description: str
    summary: str
    metadata: dict[str, Any]
    skill_ids: list[str]
    primary_skill_id: str | None
    score: float = Field(description="Cosine similarity with the query, clamped to [0, 1].")
    rank_score: float | None = Field(
        default=None,
        description="Hybrid only: the fused score that orders hits (reciprocal rank fusion, or "
        "a convex combination of normalized leg scores, in [0, 1]).",
    )


class LegRanks(BaseModel):
    """Why a hybrid hit matched: its rank in each ranking fused (None: not in that ranking's
    top `depth`: DISCOVERY_ARCHIVE_HYBRID_DEPTH or DISCOVERY_HYBRID_DEPTH), and its BM25 score."""

    dense: int | None
    text: int | None
    text_score: float | None = None


class SkillHit(BaseModel):
    id: str
    name: str
    description: str
    parent_domain: str | None
    tool_count: int
    score: float


class SearchMetadata(BaseModel):
    strategy_used: Strategy
    strategy_requested: Strategy | None = Field(
        default=None, description="The strategy asked for; null: the kind's default was used."
    )
    skill_ids_used: list[str] | None
    fallback_reason: str | None = None
    leg_ranks: dict[str, LegRanks] | None = Field(
        default=None,
        description="Hybrid only: per hit id, its rank in the dense and the BM25 ranking.",
    )
    embedding_model: str
    query_embedding_time_ms: float
    skill_search_time_ms: float
    tool_search_time_ms: float
    total_time_ms: float
    stage1_skill_count: int
    stage2_candidate_count: int
    final_count: int


class SearchResponse(BaseModel):
    query: str
    items: list[ItemHit]
    matched_skills: list[SkillHit]
    metadata: SearchMetadata
