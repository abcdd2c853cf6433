"""What every `discovery` command shares: the consoles, the settings (with logging set up)
and the progress bar."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from discovery.settings import Settings

if TYPE_CHECKING:
    from discovery.catalog.writer import IngestReport

console = Console()
err = Console(stderr=True)


def load_settings(log_level: int = logging.WARNING, **overrides: Any) -> Settings:
    logging.basicConfig(level=log_level, format="%(levelname)s %(name)s: %(message)s")
    return Settings(**overrides)


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
