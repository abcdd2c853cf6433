"""POST /api/v1/discover: tools and learned capabilities in one ranking (the same request and
response as the MCP tool `discover`)."""

from __future__ import annotations

from fastapi import APIRouter

from discovery.api.deps import READ, DiscoverDep
from discovery.search.discover_models import DiscoverRequest, DiscoverResponse

router = APIRouter(tags=["discover"], dependencies=[READ])


@router.post("/discover")
async def discover(body: DiscoverRequest, service: DiscoverDep) -> DiscoverResponse:
    """Tools and capabilities for an intent, ranked by min(semantic x reliability, cap): exact
    name matches first, then by score; each result with its score's parts, a tool with its
    input schema, a capability with its code and success rate."""
    return await service.discover(body)
