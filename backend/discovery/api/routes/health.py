"""Liveness and readiness."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from discovery.api.deps import RuntimeDep
from discovery.db import DatabaseUnavailable

router = APIRouter(tags=["health"])


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/readyz")
async def readyz(runtime: RuntimeDep) -> JSONResponse:
    try:
        async with runtime.db.connection() as conn:
            await conn.execute("select 1")
    except DatabaseUnavailable:
        return JSONResponse({"status": "unavailable", "database": False}, status_code=503)
    return JSONResponse(
        {"status": "ok", "database": True, "embedding_model": runtime.embedder.model_id}
    )
