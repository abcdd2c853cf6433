"""What every `discovery` command shares: the consoles, the settings (with logging set up),
the progress bar, the ingest report, and opening the services to run one piece of work."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from discovery.settings import Settings

if TYPE_CHECKING:
    from discovery.catalog.writer import IngestReport
    from discovery.runtime import Runtime

T = TypeVar("T")

console = Console()
err = Console(stderr=True)


VERBOSE = False
"""Set by `discovery --verbose`: log warnings (ours and the libraries') go to stderr."""


def load_settings(log_level: int | None = None, **overrides: Any) -> Settings:
    """The settings, with logging set up: log lines go to stderr, warnings only with
    `--verbose` (otherwise errors only, so a command's normal output has no raw log lines);
    Python's `warnings` are routed through logging too."""
    if log_level is None:
        log_level = logging.WARNING if VERBOSE else logging.ERROR
    logging.basicConfig(level=log_level, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger().setLevel(log_level)
    logging.captureWarnings(True)
    return Settings(**overrides)


def with_runtime(
    work: Callable[[Runtime], Awaitable[T]],
    settings: Settings | None = None,
    errors: tuple[type[Exception], ...] = (),
) -> T:
    """Open the services (database, embedder, search), run `work(runtime)`, close them. An
    exception of the `errors` kinds is printed as one line and exits with status 1."""
    from discovery.runtime import open_runtime

    settings = settings or load_settings()

    async def main() -> T:
        async with open_runtime(settings) as rt:
            return await work(rt)

    try:
        return asyncio.run(main())
    except errors as exc:
        raise fail(str(exc)) from None


def warn(message: str) -> None:
    """Print `warning: message` on stderr; the command goes on."""
    err.print(f"[yellow]warning:[/] {message}", markup=True, highlight=False)


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print `error: message` on stderr; raise what this returns."""
    err.print(f"[red]error:[/] {message}")
    return typer.Exit(code)


def progress() -> Progress:
    """Description, bar, done/total, an optional `rate` field, time remaining (on stderr)."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=err,
    )


def print_ingest_report(report: IngestReport, extra: str = "") -> None:
    """The skipped rows (the first 50, by file and line), then the counts."""
    for error in report.errors[:50]:
        err.print(f"[yellow]skipped[/] {error}")
    if len(report.errors) > 50:
        err.print(f"[yellow]... and {len(report.errors) - 50} more skipped rows[/]")
    console.print(
        f"added {report.added}, updated {report.updated}, unchanged {report.unchanged}, "
        f"skipped {report.skipped}{extra}"
    )
