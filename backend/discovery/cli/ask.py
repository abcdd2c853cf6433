"""`discovery ask`: one turn of the conversational agent, its steps on stderr, the answer on
stdout."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from discovery.agent.events import (
    AttemptEvent,
    ErrorEvent,
    IntentEvent,
    MessageEvent,
    QueryEvent,
    ResultsEvent,
)
from discovery.agent.responses import MessageResponse, ResultsResponse
from discovery.cli.records import Shown, print_blocks
from discovery.cli.terminal import console, err, fail, warn, with_runtime
from discovery.search.models import InvalidRequest, query_text

if TYPE_CHECKING:
    from discovery.runtime import Runtime


def ask(
    message: Annotated[str, typer.Argument(help="What you are looking for, in plain words.")],
    thread: Annotated[str | None, typer.Option(help="Continue this conversation.")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the final answer as JSON.")
    ] = False,
    exact: Annotated[
        bool, typer.Option("--exact", help="Search exactly what was typed (no spelling fixes).")
    ] = False,
) -> None:
    """Ask the conversational agent one turn; prints its steps, then the answer."""
    from discovery.agent.service import open_agent
    from discovery.agent.threads import ThreadNotFound, TurnLimitReached, thread_id_problem

    try:
        message = query_text(message, field="message")
    except InvalidRequest as exc:
        raise fail(f"invalid message: {exc}", 2) from None
    if thread is not None and (problem := thread_id_problem(thread)) is not None:
        raise fail(f"invalid --thread: {problem}", 2)

    async def work(rt: Runtime) -> None:
        async with open_agent(rt) as agent:
            if thread and not await agent.threads.visible(thread, ""):
                warn(f"no conversation with id {thread!r}; this starts a new one under that id")
            try:
                events = await agent.start(message, thread, spelling=not exact)
            except (ThreadNotFound, TurnLimitReached) as exc:
                raise fail(str(exc), 2) from None
            async for event in events:
                if isinstance(event, IntentEvent):
                    err.print(f"intent: {event.intent.value} ({event.confidence:.2f})")
                elif isinstance(event, QueryEvent):
                    err.print(f"query: {event.query} {event.filters or ''}")
                elif isinstance(event, AttemptEvent):
                    err.print(
                        f"attempt {event.attempt}: {event.query!r} -> {event.count} records, "
                        f"best {event.best_score}, {event.reason} ({event.strategy})"
                    )
                elif isinstance(event, ResultsEvent | MessageEvent):
                    _print_answer(event.response, as_json)
                elif isinstance(event, ErrorEvent):
                    err.print(f"[red]{event.message}[/red]")
                    raise typer.Exit(1)

    with_runtime(work)


def _print_answer(response: ResultsResponse | MessageResponse, as_json: bool) -> None:
    if as_json:
        console.print_json(response.model_dump_json())
        return
    console.print(response.message, markup=False)
    if isinstance(response, ResultsResponse):
        print_blocks(
            Shown(
                id=r.id,
                title=r.title,
                score=r.score,
                facts=(r.date, r.creator, r.media_type),
                link=r.url,
            )
            for r in response.archives
        )
    err.print(f"thread: {response.thread_id}  (continue with --thread)", markup=False)
