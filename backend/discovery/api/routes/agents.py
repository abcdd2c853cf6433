"""A2A agents: intent-based search (the admin console's `POST /api/agents/semantic-search`),
the list of agents, and syncing their cards (API key)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, Field

from discovery.api.deps import READ, WRITE, AgentSearchDep, RuntimeDep
from discovery.api.jobs import JobStatus, job
from discovery.api.json_body import json_body
from discovery.catalog.a2a.sync import SyncReport, sync_agents
from discovery.search.agent_models import AgentOut, AgentSearchRequest, AgentSearchResult
from discovery.search.agents import AgentFilter

router = APIRouter(tags=["agents"])


@router.post(
    "/api/agents/semantic-search",
    dependencies=[READ],
    responses={400: {"description": "Neither an intent nor a text was given."}},
    response_model=AgentSearchResult,
    response_model_by_alias=True,
)
async def semantic_search(body: AgentSearchRequest, agents: AgentSearchDep) -> Response:
    """The registered A2A agents that can carry out an intent: ranked by meaning, filtered by
    the intent's required skills (any one, or all with `requireAllSkills`)."""
    return json_body(await agents.search(body))


class AgentList(BaseModel):
    agents: list[AgentOut]
    total: int


@router.get("/api/v1/agents", dependencies=[READ], response_model_by_alias=True)
async def list_agents(
    agents: AgentSearchDep,
    skill: Annotated[
        list[Annotated[str, Field(max_length=200)]] | None,
        Query(max_length=50, description="Holding any of these skills."),
    ] = None,
    chain_id: Annotated[str | None, Query(alias="chainId", max_length=100)] = None,
    name_contains: Annotated[str | None, Query(alias="nameContains", max_length=200)] = None,
    first: Annotated[int, Query(ge=1, le=200)] = 50,
    skip: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> AgentList:
    """Registered agents in name order, a page at a time."""
    where = AgentFilter(skills_in=skill, chain_id=chain_id, name_contains=name_contains)
    found, total = await agents.list_agents(where, first, skip)
    return AgentList(agents=found, total=total)


class SyncStatus(JobStatus):
    agents: int = 0
    fetched: int = 0
    unchanged: int = 0
    failed: int = 0
    changed: int = 0
    verified: int = 0
    errors: list[str] = Field(default_factory=list, description="The first 50 failures.")


@router.post("/api/v1/agents/sync", status_code=202, dependencies=[WRITE], responses={409: {}})
async def start_sync(request: Request, runtime: RuntimeDep) -> SyncStatus:
    """Fetch every agent's card in the background (conditional requests; private and loopback
    addresses refused unless allowed); poll GET for progress."""

    async def work(current: SyncStatus) -> None:
        def seen(_: str, status: str) -> None:
            current.fetched += status == "ok"
            current.unchanged += status == "not_modified"
            current.failed += status == "error"

        report: SyncReport = await sync_agents(
            runtime.db, runtime.embedder, runtime.settings, on_agent=seen
        )
        current.agents, current.changed, current.verified = (
            report.agents, report.updated, report.verified,
        )  # fmt: skip
        current.errors = [f"{item}: {why}" for item, why in report.errors[:50]]

    return job(request, "agent sync", SyncStatus).start(SyncStatus(state="running"), work)


@router.get("/api/v1/agents/sync", dependencies=[WRITE])
async def sync_status(request: Request) -> SyncStatus:
    return job(request, "agent sync", SyncStatus).status or SyncStatus(state="idle")
