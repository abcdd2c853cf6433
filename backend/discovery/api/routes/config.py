"""`GET /api/config`: what the web UI needs before the first question."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel

from discovery.agent.domain import QuickSearch
from discovery.api.deps import READ, DomainDep, SettingsDep
from discovery.search.models import MAX_QUERY_CHARS

router = APIRouter(tags=["config"], dependencies=[READ])


class Limits(BaseModel):
    max_query_chars: int
    max_attempts: int
    match_count: int


class UIConfig(BaseModel):
    name: str
    description: str
    quick_searches: list[QuickSearch]
    limits: Limits
    planner: str
    """`llm` when a chat model plans the turns, `local` for the offline planner."""


@router.get("/config")
async def config(domain: DomainDep, settings: SettingsDep) -> UIConfig:
    return UIConfig(
        name=domain.name,
        description=domain.description,
        quick_searches=domain.quick_searches,
        limits=Limits(
            max_query_chars=MAX_QUERY_CHARS,
            max_attempts=settings.discovery_agent_max_attempts,
            match_count=settings.discovery_agent_match_count,
        ),
        planner="llm" if settings.uses_llm else "local",
    )
