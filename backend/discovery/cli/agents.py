"""`discovery agents search|list`: find A2A agents by intent, or list them."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from discovery.cli.terminal import console, fail, with_runtime
from discovery.search.agent_models import AgentSearchRequest, AgentSearchResult
from discovery.search.agents import AgentFilter
from discovery.search.models import InvalidRequest

if TYPE_CHECKING:
    from discovery.runtime import Runtime
    from discovery.search.agent_models import AgentOut

agents_app = typer.Typer(help="Find A2A agents by intent.", no_args_is_help=True)


@agents_app.command("search")
def search_cmd(
    intent: Annotated[
        str | None, typer.Option(help="An intent type, e.g. governance.membership.add.")
    ] = None,
    skill: Annotated[
        list[str] | None, typer.Option(help="Required skills (repeatable; overrides the intent's).")
    ] = None,
    text: Annotated[str | None, typer.Option(help="What to do, in words.")] = None,
    all_skills: Annotated[bool, typer.Option("--all", help="Require every skill.")] = False,
    top_k: Annotated[int, typer.Option(help="How many agents.")] = 10,
    min_score: Annotated[float, typer.Option(help="Minimum similarity, 0 to 1.")] = 0.0,
    live: Annotated[bool, typer.Option(help="Only agents whose card was fetched.")] = False,
    verified: Annotated[bool, typer.Option(help="Only agents with a verified card.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the answer as JSON.")] = False,
) -> None:
    """Agents that can carry out an intent, ranked by meaning and filtered by skills."""
    try:
        request = AgentSearchRequest(
            intent_type=intent, text=text, required_skills=skill, top_k=top_k,
            min_score=min_score, require_all_skills=all_skills, live=live, verified=verified,
        )  # fmt: skip
    except ValueError as exc:
        raise fail(f"invalid search: {exc}", 2) from None

    async def work(rt: Runtime) -> AgentSearchResult:
        return await rt.agents.search(request)

    try:
        result = with_runtime(work)
    except InvalidRequest as exc:
        raise fail(f"invalid search: {exc}", 2) from None
    if as_json:
        print(result.model_dump_json(by_alias=True, indent=2))
        return
    if result.notice:
        console.print(f"[yellow]{result.notice}[/]")
    table = Table(title=f"{result.total} agents for {result.query_text[:80]!r}")
    for column in ("score", "name", "skills held", "coverage", "live", "id"):
        table.add_column(column, overflow="fold")
    for m in result.matches:
        table.add_row(f"{m.score:.3f}", m.agent.name[:40], ", ".join(m.matched_skills) or "-",
                      f"{m.coverage:.2f}", "yes" if m.live else "no", m.agent.id)  # fmt: skip
    console.print(table)
    console.print(f"by chain: {json.dumps(result.by_chain)}; {result.time_ms:.1f} ms")


@agents_app.command("list")
def list_cmd(
    skill: Annotated[list[str] | None, typer.Option(help="Holding any of these skills.")] = None,
    chain: Annotated[str | None, typer.Option(help="On this chain id.")] = None,
    name: Annotated[str | None, typer.Option(help="Name containing this text.")] = None,
    first: Annotated[int, typer.Option(help="How many.", min=1, max=200)] = 50,
    skip: Annotated[int, typer.Option(help="Skip this many.", min=0)] = 0,
) -> None:
    """The registered agents, in name order."""
    where = AgentFilter(skills_in=skill, chain_id=chain, name_contains=name)

    async def work(rt: Runtime) -> tuple[list[AgentOut], int]:
        return await rt.agents.list_agents(where, first, skip)

    agents, total = with_runtime(work)
    table = Table(title=f"{total} agents")
    for column in ("name", "chain", "skills", "id"):
        table.add_column(column, overflow="fold")
    for a in agents:
        table.add_row(a.name[:40], a.chain_id or "-", ", ".join(a.skills) or "-", a.id)
    console.print(table)
