"""FastAPI dependencies as Annotated aliases; tests swap them with app.dependency_overrides.

They are `async def` on purpose: FastAPI runs a plain `def` dependency in a worker thread,
which cost about 5% of a search request under load."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from discovery.agent.domain import DomainConfig
from discovery.agent.service import AgentService
from discovery.api.security import require_read, require_write, thread_owner
from discovery.images import ImageCache
from discovery.runtime import Runtime
from discovery.search.agents import AgentSearchService
from discovery.search.discover import DiscoverService
from discovery.search.service import SearchService
from discovery.search.similar import SimilarService
from discovery.settings import Settings


async def get_runtime(request: Request) -> Runtime:
    return request.app.state.runtime


async def get_search(runtime: Annotated[Runtime, Depends(get_runtime)]) -> SearchService:
    return runtime.search


async def get_agent_search(
    runtime: Annotated[Runtime, Depends(get_runtime)],
) -> AgentSearchService:
    return runtime.agents


async def get_discover(runtime: Annotated[Runtime, Depends(get_runtime)]) -> DiscoverService:
    return runtime.discover


async def get_settings(runtime: Annotated[Runtime, Depends(get_runtime)]) -> Settings:
    return runtime.settings


async def get_agent(request: Request) -> AgentService:
    return request.app.state.agent


async def get_domain(request: Request) -> DomainConfig:
    """The agent's domain (name, quick searches, messages): configuration, no database."""
    return request.app.state.agent.parts.domain


async def get_items(runtime: Annotated[Runtime, Depends(get_runtime)]) -> SimilarService:
    return SimilarService(runtime.db, runtime.embedder.model_id, runtime.settings)


async def get_images(request: Request) -> ImageCache:
    return request.app.state.images


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
SearchDep = Annotated[SearchService, Depends(get_search)]
AgentSearchDep = Annotated[AgentSearchService, Depends(get_agent_search)]
"""The search for A2A agents (not the conversational agent: `AgentDep`)."""
DiscoverDep = Annotated[DiscoverService, Depends(get_discover)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
AgentDep = Annotated[AgentService, Depends(get_agent)]
DomainDep = Annotated[DomainConfig, Depends(get_domain)]
ItemsDep = Annotated[SimilarService, Depends(get_items)]
"""Items by id and "more like this"."""
ImagesDep = Annotated[ImageCache, Depends(get_images)]
OwnerDep = Annotated[str, Depends(thread_owner)]
"""Whom the client's threads belong to (`agent.threads.owner_fingerprint`)."""

# Router-level guards: `APIRouter(dependencies=[READ])` or `[WRITE]`.
READ = Depends(require_read)
WRITE = Depends(require_write)
