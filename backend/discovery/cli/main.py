"""The `discovery` command: one Typer app, each group or command from its own module. Every
command parses, calls one service, and formats."""

from __future__ import annotations

import warnings

import typer

from discovery.cli import evaluate, evaluate_archives, evaluate_tools
from discovery.cli.ask import ask
from discovery.cli.bench import bench
from discovery.cli.ingest import ingest_app, reindex
from discovery.cli.search import search
from discovery.cli.server import openapi, serve
from discovery.cli.skills import skills_app
from discovery.cli.sync import sync_app

warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")

app = typer.Typer(
    help="Discovery: conversational search and discovery engine.", no_args_is_help=True
)
app.add_typer(ingest_app, name="ingest")
app.command()(search)
app.command()(ask)
app.command()(reindex)
app.add_typer(sync_app, name="sync")
app.add_typer(skills_app, name="skills")
app.command()(serve)
app.command()(openapi)
app.command()(bench)

eval_app = evaluate.eval_app
eval_app.command("tools")(evaluate_tools.tools_cmd)
eval_app.command("tools-latency")(evaluate_tools.latency_cmd)
eval_app.command("skills")(evaluate_tools.skills_cmd)
eval_app.command("archives")(evaluate_archives.archives_cmd)
app.add_typer(eval_app, name="eval", no_args_is_help=True)
