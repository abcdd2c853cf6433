"""A scored candidate of `discover` and the result it becomes (tool or capability)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from discovery.db.schema import ItemKind
from discovery.search.discover_models import CapabilityResult, DiscoverResult, ToolResult
from discovery.search.related import RelatedTool
from discovery.search.results import ItemHit


@dataclass
class Scored:
    hit: ItemHit
    exact: bool
    semantic: float
    rate: float
    runs: int
    reliability: float
    score: float


def to_result(
    s: Scored,
    schemas: dict[str, dict | None],
    related: dict[str, list[RelatedTool]] | None,
) -> DiscoverResult:
    hit, meta = s.hit, s.hit.metadata
    common: dict[str, Any] = {
        "id": hit.id, "name": hit.name, "description": hit.description,
        "score": s.score, "semantic_score": round(s.semantic, 6),
        "reliability": s.reliability, "success_rate": round(s.rate, 4), "executions": s.runs,
        "exact_match": s.exact,
    }  # fmt: skip
    if hit.kind is ItemKind.TOOL:
        return ToolResult(
            **common,
            server_id=meta.get("server"),
            input_schema=schemas.get(hit.id),
            related_tools=related.get(hit.id, []) if related is not None else None,
        )
    return CapabilityResult(
        **common,
        code_snippet=meta.get("code_snippet", ""),
        usage_count=s.runs,
        tools_used=meta.get("tools_used", []),
        parameters_schema=meta.get("parameters_schema"),
    )
