"""One error body everywhere: {"error": {"code", "message", "details"}}; bad input never a 500."""

from __future__ import annotations

import logging

import psycopg
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from psycopg_pool import PoolTimeout
from starlette.exceptions import HTTPException

from discovery.agent.service import AgentInputError
from discovery.db import DatabaseUnavailable
from discovery.search.models import SearchValidationError
from discovery.search.queries import MissingEmbeddingsError

log = logging.getLogger(__name__)

RETRY_AFTER_S = 5


def error_body(code: str, message: str, details: object = None) -> dict:
    return {"error": {"code": code, "message": message, "details": details}}


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(SearchValidationError)
    async def _search_validation(_: Request, exc: SearchValidationError) -> JSONResponse:
        status = 400 if exc.is_empty_query else 422
        code = "empty_query" if exc.is_empty_query else "validation_error"
        return JSONResponse(error_body(code, str(exc), exc.errors), status_code=status)

    @app.exception_handler(RequestValidationError)
    async def _request_validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        details = [
            {"field": ".".join(str(p) for p in e["loc"]), "type": e["type"], "message": e["msg"]}
            for e in exc.errors()
        ]
        return JSONResponse(
            error_body("validation_error", "the request is not valid", details), status_code=422
        )

    @app.exception_handler(MissingEmbeddingsError)
    async def _missing_vectors(_: Request, exc: MissingEmbeddingsError) -> JSONResponse:
        return JSONResponse(error_body("reindex_required", str(exc)), status_code=409)

    @app.exception_handler(AgentInputError)
    async def _agent_input(_: Request, exc: AgentInputError) -> JSONResponse:
        status = 400 if exc.empty else 422
        code = "empty_query" if exc.empty else "validation_error"
        return JSONResponse(error_body(code, str(exc)), status_code=status)

    @app.exception_handler(HTTPException)
    async def _http(_: Request, exc: HTTPException) -> JSONResponse:
        codes = {401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "not_allowed"}
        return JSONResponse(
            error_body(codes.get(exc.status_code, "http_error"), str(exc.detail)),
            status_code=exc.status_code,
            headers=exc.headers,
        )

    async def _db_down(_: Request, exc: Exception) -> JSONResponse:
        log.warning("database unavailable: %s", exc)
        return JSONResponse(
            error_body("database_unavailable", "the database is unavailable; retry shortly"),
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER_S)},
        )

    # The engine's own pool says DatabaseUnavailable; the checkpointer's pool speaks psycopg.
    for exc_type in (DatabaseUnavailable, psycopg.OperationalError, PoolTimeout):
        app.add_exception_handler(exc_type, _db_down)
