"""`discovery capabilities`: the learned capabilities, for people (list, show, import)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.syntax import Syntax
from rich.table import Table

from discovery.cli.terminal import console, err, fail, load_settings, with_runtime
from discovery.db import MissingEmbeddingsError

if TYPE_CHECKING:
    from discovery.catalog.capabilities.importer import ImportReport
    from discovery.catalog.capabilities.records import Capability
    from discovery.runtime import Runtime

capabilities_app = typer.Typer(help="Learned capabilities: list, show, import.",
                               no_args_is_help=True)  # fmt: skip


@capabilities_app.command("list")
def list_cmd(
    limit: Annotated[int, typer.Option(help="How many at most.", min=1, max=500)] = 50,
    as_json: Annotated[bool, typer.Option("--json", help="Print them as JSON.")] = False,
) -> None:
    """Active capabilities, most recently used first, with their success rates."""
    from discovery.catalog.capabilities.store import list_capabilities
    from discovery.db.executions import SuccessPrior

    async def work(rt: Runtime) -> list[Capability]:
        async with rt.db.connection() as conn:
            return await list_capabilities(conn, SuccessPrior.of(rt.settings), limit)

    found = with_runtime(work)
    if as_json:
        print(json.dumps([c.model_dump(mode="json") for c in found], indent=2))
        return
    table = Table("id", "name", "success rate", "runs", "last used", "tools")
    for c in found:
        last = c.last_used_at.strftime("%Y-%m-%d %H:%M") if c.last_used_at else "-"
        table.add_row(c.id, c.name, f"{c.success_rate:.2f}", str(c.usage_count), last,
                      str(len(c.tools_used)))  # fmt: skip
    console.print(table)


@capabilities_app.command("show")
def show_cmd(
    capability_id: Annotated[str, typer.Argument(help="Its id (the bare hash works too).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print it as JSON.")] = False,
) -> None:
    """One capability: description, code, tools, statistics."""
    from discovery.catalog.capabilities.store import get_capability
    from discovery.db.executions import SuccessPrior

    async def work(rt: Runtime) -> Capability | None:
        async with rt.db.connection() as conn:
            return await get_capability(conn, capability_id, SuccessPrior.of(rt.settings))

    found = with_runtime(work)
    if found is None:
        raise fail(f"no capability {capability_id!r}")
    if as_json:
        print(found.model_dump_json(indent=2))
        return
    s = found.stats
    console.print(f"[bold]{found.name}[/]  {found.id}\n{found.description}")
    console.print(f"success rate {found.success_rate:.2f} ({s.successes} succeeded, "
                  f"{s.failures} failed), last used {found.last_used_at or '-'}")  # fmt: skip
    console.print("tools: " + (", ".join(found.tools_used) or "-"))
    console.print(Syntax(found.code_snippet, "python", line_numbers=False))


@capabilities_app.command("import")
def import_cmd(
    path: Annotated[Path, typer.Argument(help="JSON Lines: one capability per line.")],
) -> None:
    """Import capabilities (and their run histories) through the write pipeline."""
    from discovery.catalog.capabilities.importer import import_capabilities

    settings = load_settings()
    if not path.is_file():
        raise fail(f"no such file: {path}", 2)

    async def work(rt: Runtime) -> ImportReport:
        return await import_capabilities(rt.db, rt.embedder, path,
                                         settings.discovery_ingest_batch_size)  # fmt: skip

    report = with_runtime(work, settings, errors=(MissingEmbeddingsError, OSError))
    for error in report.errors[:50]:
        err.print(f"[yellow]skipped[/] {error}")
    items = report.items
    console.print(
        f"added {items.added}, updated {items.updated}, unchanged {items.unchanged}, skipped "
        f"{items.skipped}; run histories imported for {report.histories} capabilities "
        f"({report.executions} runs)"
    )
