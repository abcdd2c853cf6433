"""Liveness and readiness."""

from __future__ import annotations

import asyncio
import logging

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from discovery.api.deps import RuntimeDep
from discovery.db import DatabaseUnavailable

log = logging.getLogger(__name__)

router = APIRouter(tags=["health"])


class Liveness(BaseModel):
    status: str = "ok"


class Readiness(BaseModel):
    status: str
    database: bool
    embedder: bool
    embedding_model: str


@router.get("/healthz")
async def healthz() -> Liveness:
    return Liveness()


@router.get(
    "/readyz",
    response_model=Readiness,
    responses={503: {"model": Readiness, "description": "Not ready (with `Retry-After`)."}},
)
async def readyz(runtime: RuntimeDep) -> JSONResponse:
    """Ready when the database takes a new connection and answers, and the embedder embeds (503
    otherwise). A new connection, not a pooled one: a server shutting down keeps serving the
    connections it has while refusing new ones."""
    database = embedder = True
    try:
        await runtime.db.ping()
    except DatabaseUnavailable:
        database = False
    try:
        await asyncio.to_thread(runtime.embedder.embed_query, "ready")
    except Exception:
        log.exception("the embedder is not ready")
        embedder = False
    ready = database and embedder
    return JSONResponse(
        {
            "status": "ok" if ready else "unavailable",
            "database": database,
            "embedder": embedder,
            "embedding_model": runtime.embedder.model_id,
        },
        status_code=200 if ready else 503,
        headers=None if ready else {"Retry-After": "5"},
    )
