"""`discover`'s request and response: one ranking over tools and learned capabilities. The same
types are the REST body (`POST /api/v1/discover`), the MCP tool's input and structured output,
and what the CLI prints."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from discovery.db.schema import ItemKind
from discovery.search.models import InvalidRequest, QueryText
from discovery.search.related import RelatedTool
from discovery.text import RequestModel

MAX_DISCOVER_LIMIT = 50


class DiscoverType(StrEnum):
    TOOL = "tool"
    CAPABILITY = "capability"
    ALL = "all"


class DiscoverFilter(RequestModel):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")

    type: DiscoverType = Field(
        default=DiscoverType.ALL, description="tool, capability or all (both in one ranking)."
    )
    min_score: float = Field(
        default=0.0,
        ge=0.0,
        le=1.0,
        alias="minScore",
        description="Only results whose final score is at least this (0 to 1).",
    )


_NO_FILTER = DiscoverFilter()  # what no filter means; read only, shared by every request


class DiscoverRequest(RequestModel):
    intent: QueryText = Field(description="What the agent wants to do, in plain words.")
    filter: DiscoverFilter | None = Field(
        default=None, description="Which kinds, and a floor on the final score."
    )
    limit: int = Field(
        default=10, ge=1, le=MAX_DISCOVER_LIMIT, description="Results at most (1 to 50)."
    )
    include_related: bool = Field(
        default=False,
        description="Add each tool's related_tools (most used together); never counted in limit.",
    )

    @classmethod
    def build(cls, **fields: Any) -> DiscoverRequest:
        """Validate, raising `InvalidRequest` (never pydantic's own error)."""
        try:
            return cls(**fields)
        except ValidationError as exc:
            raise InvalidRequest.from_pydantic(exc) from None

    @property
    def filters(self) -> DiscoverFilter:
        """The filter, or the default one (one shared instance: built once, not per read)."""
        return self.filter or _NO_FILTER

    @property
    def kinds(self) -> tuple[ItemKind, ...]:
        kind = self.filters.type
        if kind is DiscoverType.ALL:
            return (ItemKind.TOOL, ItemKind.CAPABILITY)
        return (ItemKind(kind.value),)


class _Result(BaseModel):
    id: str
    name: str
    description: str
    score: float = Field(description="min(semantic_score x reliability, cap): what ranks.")
    semantic_score: float = Field(
        description="Cosine similarity to the intent (a text rank in [0, 1) when meta."
        "search_mode is full_text)."
    )
    reliability: float = Field(description="The multiplier of the success rate (0.1, 1, 1.2).")
    success_rate: float = Field(
        description="Smoothed success rate; the untried rate (1.0) when executions is 0."
    )
    executions: int = Field(description="Runs behind the success rate (0: untried).")
    exact_match: bool = Field(
        default=False, description="The intent is exactly its name (or server:name)."
    )


class ToolResult(_Result):
    type: Literal["tool"] = "tool"
    server_id: str | None = Field(description="The MCP server that provides it.")
    input_schema: dict[str, Any] | None = Field(description="Its MCP inputSchema.")
    related_tools: list[RelatedTool] | None = Field(
        default=None, description="With include_related: the tools most used together with it."
    )


class CapabilityResult(_Result):
    type: Literal["capability"] = "capability"
    code_snippet: str
    usage_count: int
    tools_used: list[str]
    parameters_schema: dict[str, Any] | None = None


DiscoverResult = Annotated[ToolResult | CapabilityResult, Field(discriminator="type")]


class DiscoverMeta(BaseModel):
    query: str
    filter_type: DiscoverType
    min_score: float
    total_found: int = Field(
        description="Candidates that passed the filters, before the cut to limit (each kind "
        "contributes at most its candidate pool)."
    )
    returned_count: int
    tools_count: int = Field(description="Tools among the returned results.")
    capabilities_count: int = Field(description="Capabilities among the returned results.")
    search_mode: Literal["semantic", "full_text"] = Field(
        description="full_text when the embedder failed and the full-text index answered."
    )
    fallback_reason: str | None = None
    tool_strategy: str = Field(description="How tools were searched (a setting).")
    embedding_model: str
    embedding_time_ms: float
    total_time_ms: float


class DiscoverResponse(BaseModel):
    results: list[DiscoverResult]
    meta: DiscoverMeta
