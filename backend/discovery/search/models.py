"""Typed requests and responses of the search engine, and its validation error."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from discovery.db.schema import ItemKind

MAX_QUERY_CHARS = 1000


class Strategy(StrEnum):
    DIRECT = "direct"
    HIERARCHICAL = "hierarchical"
    HYBRID = "hybrid"


class SearchValidationError(ValueError):
    """A search request that cannot be run. `empty_query` is a 400; anything else a 422."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{e['field']}: {e['message']}" for e in errors))

    @property
    def is_empty_query(self) -> bool:
        return any(e["type"] == "empty_query" for e in self.errors)


class SearchFilters(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kinds: list[ItemKind] | None = None
    skill_ids: list[str] | None = Field(default=None, description="Items in any of these skills.")
    active_only: bool = True
    media_types: list[str] | None = None
    date_from: int | None = Field(default=None, ge=-10000, le=10000, description="Year, inclusive.")
    date_to: int | None = Field(default=None, ge=-10000, le=10000, description="Year, inclusive.")

    @field_validator("skill_ids", "media_types")
    @classmethod
    def _no_nul(cls, values: list[str] | None) -> list[str] | None:
        if values and any("\x00" in v for v in values):
            raise ValueError("text cannot contain NUL characters")
        return values

    def sql_args(self) -> dict[str, Any]:
        return {
            "filter_kinds": [k.value for k in self.kinds] if self.kinds else None,
            "filter_skill_ids": self.skill_ids or None,
            "active_only": self.active_only,
            "filter_media_types": self.media_types or None,
            "date_from": self.date_from,
            "date_to": self.date_to,
        }


class SearchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str
    strategy: Strategy = Strategy.HIERARCHICAL
    limit: int = Field(default=5, ge=1, le=100)
    skill_limit: int = Field(default=3, ge=1, le=50)
    skill_threshold: float = Field(default=0.4, ge=0.0, le=1.0)
    tool_threshold: float = Field(default=0.3, ge=0.0, le=1.0)
    filters: SearchFilters = Field(default_factory=SearchFilters)
    include_schemas: bool = Field(
        default=True,
        description="Load tools' input schemas into metadata.input_schema, only for the "
        "returned tools (null when the load fails).",
    )

    @field_validator("query")
    @classmethod
    def _query_is_text(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("empty_query")
        if len(value) > MAX_QUERY_CHARS:
            raise ValueError(f"the query is longer than {MAX_QUERY_CHARS} characters")
        if "\x00" in value:
            raise ValueError("the query cannot contain NUL characters")
        return value

    @classmethod
    def build(cls, **fields: Any) -> SearchRequest:
        """Validate, raising `SearchValidationError` (never pydantic's own error)."""
        try:
            return cls(**fields)
        except ValidationError as exc:
            raise SearchValidationError([_error(e) for e in exc.errors()]) from None


def _error(error: Any) -> dict[str, Any]:
    field = ".".join(str(p) for p in error["loc"]) or "request"
    message = str(error["msg"]).removeprefix("Value error, ")
    if message == "empty_query":
        return {"field": field, "type": "empty_query", "message": "the query is empty"}
    return {"field": field, "type": error["type"], "message": message}


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
        default=None, description="Hybrid only: the reciprocal-rank-fusion score that orders hits."
    )


class SkillHit(BaseModel):
    id: str
    name: str
    description: str
    parent_domain: str | None
    tool_count: int
    score: float


class SearchMetadata(BaseModel):
    strategy_used: Strategy
    skill_ids_used: list[str] | None
    fallback_reason: str | None = None
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
