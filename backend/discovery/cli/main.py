"""The `discovery` command: one Typer app, each group or command from its own module. Every
command parses, calls one service, and formats."""

from __future__ import annotations

import warnings
from typing import Annotated

import typer

from discovery.cli import (
    evaluate,
    evaluate_agents,
    evaluate_archives,
    evaluate_discover,
    evaluate_tools,
    terminal,
)
from discovery.cli.agents import agents_app
from discovery.cli.ask import ask
from discovery.cli.bench import bench
from discovery.cli.capabilities import capabilities_app
from discovery.cli.discover import discover
from discovery.cli.ingest import ingest_app, reindex
from discovery.cli.search import search
from discovery.cli.server import graphql_schema, mcp, openapi, serve
from discovery.cli.skills import skills_app
from discovery.cli.sync import sync_app
from discovery.cli.threads import threads_app

warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")

app = typer.Typer(
    help="Discovery: conversational search and discovery engine.", no_args_is_help=True
)


@app.callback()
def main(
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Log warnings to stderr.")
    ] = False,
) -> None:
    """Discovery: conversational search and discovery engine."""
    terminal.VERBOSE = verbose


app.add_typer(ingest_app, name="ingest")
app.command()(search)
app.command()(discover)
app.command()(ask)
app.command()(reindex)
app.add_typer(sync_app, name="sync")
app.add_typer(skills_app, name="skills")
app.add_typer(agents_app, name="agents")
app.add_typer(capabilities_app, name="capabilities")
app.add_typer(threads_app, name="threads")
app.command()(serve)
app.command()(mcp)
app.command()(openapi)
app.command("graphql-schema")(graphql_schema)
app.command()(bench)
app.command("bench-discover")(evaluate_discover.bench_cmd)

eval_app = evaluate.eval_app
eval_app.command("tools")(evaluate_tools.tools_cmd)
eval_app.command("tools-latency")(evaluate_tools.latency_cmd)
eval_app.command("skills")(evaluate_tools.skills_cmd)
eval_app.command("agents")(evaluate_agents.agents_cmd)
eval_app.command("agents-latency")(evaluate_agents.latency_cmd)
eval_app.command("discover")(evaluate_discover.discover_cmd)
eval_app.command("archives")(evaluate_archives.archives_cmd)
app.add_typer(eval_app, name="eval", no_args_is_help=True)
