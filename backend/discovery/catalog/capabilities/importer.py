"""`discovery capabilities import FILE`: capabilities from JSON Lines, with their run history.

One object per line: `name`, `description` (or `intent`), `code_snippet`, `tools_used` (catalog
tool ids, with or without their `tool:` prefix), optional `parameters_schema`, and optional
`executions`: the runs so far, `{success, duration_ms, error?, trace_id?, at?}` (`at` an ISO
time). The items go through the one write pipeline (`ingest`: idempotent by id and content
hash). A capability's history is imported only when it has no runs yet, so importing a file
twice records nothing twice. A row is skipped (reported by line) when it is malformed, names a
tool the catalog does not hold, or its history starts with a failure (a failed first run
creates nothing)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, model_validator

from discovery.catalog.capabilities.executions import record_history
from discovery.catalog.capabilities.records import CapabilityDraft, Outcome
from discovery.catalog.capabilities.store import CapabilityInvalid, UnknownTools, draft_item
from discovery.catalog.ingest import ingest
from discovery.catalog.records import CatalogItem, RowError
from discovery.catalog.text import clip
from discovery.catalog.writer import IngestReport
from discovery.db import Database
from discovery.embeddings import Embedder

MAX_HISTORY = 10_000


class HistoryRun(Outcome):
    at: datetime | None = None


class ImportRow(CapabilityDraft):
    executions: list[HistoryRun] = Field(default_factory=list, max_length=MAX_HISTORY)

    @model_validator(mode="before")
    @classmethod
    def _intent_from_description(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("intent"):
            text = data.get("description") or data.get("name") or ""
            return {**data, "intent": clip(text, 1000) if isinstance(text, str) else text}
        return data

    def history(self) -> list[tuple[Outcome, datetime | None]]:
        """The runs in time order (as given when they carry no time)."""
        runs = sorted(self.executions, key=lambda r: r.at.timestamp() if r.at else 0.0)
        return [(Outcome(**r.model_dump(exclude={"at"})), r.at) for r in runs]


@dataclass
class ImportReport:
    items: IngestReport
    histories: int = 0
    executions: int = 0
    errors: list[RowError] = field(default_factory=list)


def read_rows(path: Path) -> list[tuple[int, ImportRow | RowError]]:
    out: list[tuple[int, ImportRow | RowError]] = []
    with path.open(encoding="utf-8-sig") as fh:
        for line, text in enumerate(fh, start=1):
            if not text.strip():
                continue
            try:
                row = ImportRow.model_validate(json.loads(text))
            except json.JSONDecodeError as exc:
                out.append((line, RowError(str(path), line, f"not JSON: {exc.msg}")))
                continue
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(p) for p in first["loc"]) or "row"
                out.append((line, RowError(str(path), line, f"{where}: {first['msg']}")))
                continue
            if row.executions and not row.history()[0][0].success:
                message = "its first run failed: a capability is created by a successful run"
                out.append((line, RowError(str(path), line, message)))
                continue
            out.append((line, row))
    return out


async def import_capabilities(
    db: Database, embedder: Embedder, path: Path, batch_size: int = 256
) -> ImportReport:
    rows: list[CatalogItem | RowError] = []
    histories: dict[str, list[tuple[Outcome, datetime | None]]] = {}
    async with db.connection() as conn:
        for line, row in read_rows(path):
            if isinstance(row, RowError):
                rows.append(row)
                continue
            try:
                item = await draft_item(conn, row)
            except (UnknownTools, CapabilityInvalid) as exc:
                rows.append(RowError(str(path), line, str(exc)))
                continue
            rows.append(item)
            if row.executions:
                histories[item.id] = row.history()
    report = ImportReport(await ingest(db, embedder, rows, classifier=None, batch_size=batch_size))
    report.errors = report.items.errors
    async with db.connection() as conn, conn.transaction():
        ran = await (
            await conn.execute(
                "select item_id from item_stats where item_id = any(%s)"
                " and successes + failures > 0",
                (list(histories),),
            )
        ).fetchall()
        for item_id in set(histories) - {r[0] for r in ran}:
            report.executions += await record_history(conn, item_id, histories[item_id])
            report.histories += 1
    return report
