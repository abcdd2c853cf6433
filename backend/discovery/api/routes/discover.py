"""POST /api/v1/discover: tools and learned capabilities in one ranking (the same request and
response as the MCP tool `discover`)."""

from __future__ import annotations

from fastapi import APIRouter, Response

from discovery.api.deps import READ, DiscoverDep
from discovery.api.json_body import json_body
from discovery.search.discover_models import DiscoverRequest, DiscoverResponse

router = APIRouter(tags=["discover"], dependencies=[READ])


@router.post("/discover", response_model=DiscoverResponse)
async def discover(body: DiscoverRequest, service: DiscoverDep) -> Response:
    """Tools and capabilities for an intent, ranked by min(semantic x reliability, cap): exact
    name matches first, then by score; each result with its score's parts, a tool with its
    input schema, a capability with its code and success rate."""
    return json_body(await service.discover(body))
