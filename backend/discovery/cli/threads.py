"""`discovery threads`: the agent's conversations (purge the idle ones now)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from discovery.cli.terminal import console, with_runtime

if TYPE_CHECKING:
    from discovery.runtime import Runtime

threads_app = typer.Typer(help="The agent's conversations (threads).", no_args_is_help=True)


@threads_app.command("purge")
def purge_cmd() -> None:
    """Delete the threads idle longer than DISCOVERY_THREAD_TTL_HOURS, with their checkpoints
    (the server also does it every DISCOVERY_THREAD_PURGE_SECONDS)."""
    from discovery.agent.threads import ThreadStore

    async def work(rt: Runtime) -> int:
        return await ThreadStore(rt.db, rt.settings).purge_expired()

    console.print(f"purged {with_runtime(work)} idle threads")
