"""Write and admin endpoints (API key): ingest archive records, re-embed the catalog."""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path
from typing import Annotated, Literal

from fastapi import APIRouter, HTTPException, Query, Request
from pydantic import BaseModel, Field

from discovery.api.deps import WRITE, RuntimeDep
from discovery.api.jobs import JobStatus, job
from discovery.catalog.archives.ingest import ingest_archives
from discovery.catalog.reindex import pending_count, reindex

log = logging.getLogger(__name__)

router = APIRouter(tags=["admin"], dependencies=[WRITE])

MAX_INGEST_BYTES = 50 * 1024 * 1024
_SUFFIX = {"jsonl": ".jsonl", "csv": ".csv", "json": ".json"}
_BY_CONTENT_TYPE = {
    "application/x-ndjson": "jsonl",
    "application/jsonl": "jsonl",
    "text/csv": "csv",
    "application/json": "json",
}


class RowProblem(BaseModel):
    line: int
    message: str


class IngestResult(BaseModel):
    added: int
    updated: int
    unchanged: int
    skipped: int
    errors: list[RowProblem]


BODY_DOC = {
    "requestBody": {
        "required": True,
        "description": "Archive records: JSON Lines, CSV (with a header) or a JSON array.",
        "content": {
            "application/x-ndjson": {"schema": {"type": "string"}},
            "text/csv": {"schema": {"type": "string"}},
            "application/json": {"schema": {"type": "array", "items": {"type": "object"}}},
        },
    }
}


@router.post("/ingest/archives", openapi_extra=BODY_DOC, responses={413: {}, 415: {}})
async def ingest(
    request: Request,
    runtime: RuntimeDep,
    format: Annotated[
        Literal["jsonl", "csv", "json"] | None,
        Query(description="Default: from the Content-Type."),
    ] = None,
    mapping: Annotated[
        list[Annotated[str, Field(max_length=200)]] | None,
        Query(alias="map", max_length=50, description="field=column, repeatable."),
    ] = None,
) -> IngestResult:
    """Ingest archive records sent in the body (idempotent; malformed rows are reported with
    their line and skipped)."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    fmt = format or _BY_CONTENT_TYPE.get(content_type)
    if fmt is None:
        raise HTTPException(
            415,
            "send JSON Lines, CSV or a JSON array, or say which with ?format=",
        )
    body = await _body(request)
    columns = dict(_pair(p) for p in mapping or [])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"upload{_SUFFIX[fmt]}"
        path.write_bytes(body)
        try:
            report = await ingest_archives(
                runtime.db,
                runtime.embedder,
                [path],
                fmt=fmt,  # type: ignore[arg-type]
                mapping=columns or None,
                batch_size=runtime.settings.discovery_ingest_batch_size,
            )
        except ValueError as exc:  # an unknown --map field
            raise HTTPException(422, str(exc)) from exc
    return IngestResult(
        added=report.added,
        updated=report.updated,
        unchanged=report.unchanged,
        skipped=report.skipped,
        errors=[RowProblem(line=e.line, message=e.message) for e in report.errors[:100]],
    )


async def _body(request: Request) -> bytes:
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_INGEST_BYTES:
            raise HTTPException(
                413,
                f"send at most {MAX_INGEST_BYTES // 1024 // 1024} MB per request",
            )
        chunks.append(chunk)
    return b"".join(chunks)


def _pair(text: str) -> tuple[str, str]:
    field, sep, column = text.partition("=")
    if not sep or not field.strip() or not column.strip():
        raise HTTPException(422, f"map: expected field=column, got {text!r}")
    return field.strip(), column.strip()


class ReindexStatus(JobStatus):
    model: str
    total: int = 0
    done: int = 0


@router.post("/reindex", status_code=202, responses={409: {}})
async def start_reindex(request: Request, runtime: RuntimeDep) -> ReindexStatus:
    """Re-embed every item lacking a vector of the configured model, in the background
    (resumable; the model is switched on when complete). Poll GET for progress."""
    model = runtime.embedder.model_id
    initial = ReindexStatus(
        state="running", model=model, total=await pending_count(runtime.db, model)
    )

    async def work(current: ReindexStatus) -> None:
        def advance(n: int) -> None:
            current.done += n

        await reindex(
            runtime.db,
            runtime.embedder,
            batch_size=runtime.settings.discovery_ingest_batch_size,
            on_rows=advance,
        )

    return job(request, "reindex", ReindexStatus).start(initial, work)


@router.get("/reindex")
async def reindex_status(request: Request, runtime: RuntimeDep) -> ReindexStatus:
    current = job(request, "reindex", ReindexStatus).status
    return current or ReindexStatus(state="idle", model=runtime.embedder.model_id)
