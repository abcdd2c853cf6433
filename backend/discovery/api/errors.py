"""One error body everywhere: {"error": {"code", "message", "details"}}; bad input never a 500."""

from __future__ import annotations

import logging
from typing import Any

import psycopg
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from psycopg_pool import PoolTimeout
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException

from discovery.agent.threads import ThreadNotFound, TurnLimitReached
from discovery.db import DatabaseUnavailable, MissingEmbeddingsError
from discovery.embeddings import EmbeddingModelError
from discovery.logs import log_event
from discovery.search.models import InvalidRequest, error_detail
from discovery.search.similar import UnknownItem

log = logging.getLogger(__name__)

RETRY_AFTER_S = 5


def error_body(code: str, message: str, details: object = None) -> dict:
    return {"error": {"code": code, "message": message, "details": details}}


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(InvalidRequest)
    async def _invalid(_: Request, exc: InvalidRequest) -> JSONResponse:
        return _invalid_response(exc)

    @app.exception_handler(RequestValidationError)
    async def _request_validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        return _invalid_response(InvalidRequest([error_detail(e) for e in exc.errors()]))

    @app.exception_handler(MissingEmbeddingsError)
    async def _missing_vectors(_: Request, exc: MissingEmbeddingsError) -> JSONResponse:
        return JSONResponse(error_body("reindex_required", str(exc)), status_code=409)

    @app.exception_handler(UnknownItem)
    async def _unknown_item(_: Request, exc: UnknownItem) -> JSONResponse:
        return JSONResponse(error_body("not_found", str(exc)), status_code=404)

    @app.exception_handler(ThreadNotFound)
    async def _unknown_thread(_: Request, exc: ThreadNotFound) -> JSONResponse:
        return JSONResponse(error_body("not_found", str(exc)), status_code=404)

    @app.exception_handler(TurnLimitReached)
    async def _turn_limit(_: Request, exc: TurnLimitReached) -> JSONResponse:
        return JSONResponse(error_body("turn_limit", str(exc)), status_code=409)

    @app.exception_handler(HTTPException)
    async def _http(_: Request, exc: HTTPException) -> JSONResponse:
        codes = {
            401: "unauthorized",
            403: "forbidden",
            404: "not_found",
            405: "not_allowed",
            409: "conflict",
            413: "too_large",
            415: "unsupported_media_type",
            422: "validation_error",
        }
        return JSONResponse(
            error_body(codes.get(exc.status_code, "http_error"), str(exc.detail)),
            status_code=exc.status_code,
            headers=exc.headers,
        )

    @app.exception_handler(psycopg.DataError)
    async def _bad_data(_: Request, exc: psycopg.DataError) -> JSONResponse:
        # Input the database cannot store or compare (a NUL character, a number out of range):
        # the request is at fault, and the models validate most of it before it gets here.
        log.info("rejected input the database cannot take: %s (%s)", exc, exc.sqlstate)
        return JSONResponse(error_body("validation_error", data_error_message(exc)), 422)

    async def _db_down(request: Request, exc: Exception) -> JSONResponse:
        log_event(
            log, "fault", logging.WARNING, kind="database_unavailable",
            error=type(exc).__name__, path=request.url.path, status=503,
        )  # fmt: skip
        return JSONResponse(
            error_body("database_unavailable", "the database is unavailable; retry shortly"),
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER_S)},
        )

    # The engine's own pool says DatabaseUnavailable; the checkpointer's pool speaks psycopg.
    for exc_type in (DatabaseUnavailable, psycopg.OperationalError, PoolTimeout):
        app.add_exception_handler(exc_type, _db_down)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        # The server still logs the traceback; this line is the one an operator greps for.
        log_event(
            log, "fault", logging.ERROR, kind="unhandled", error=type(exc).__name__,
            path=request.url.path, status=500,
        )  # fmt: skip
        return JSONResponse(error_body("internal_error", "something went wrong"), status_code=500)

    @app.exception_handler(EmbeddingModelError)
    async def _embedder_down(_: Request, exc: EmbeddingModelError) -> JSONResponse:
        # A remote model's service failed; the write it was part of was rolled back.
        log.warning("embedding model unavailable: %s", exc)
        return JSONResponse(
            error_body("embedding_unavailable", "the embedding model is unavailable; retry soon"),
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER_S)},
        )


# Our own words for the data errors a request can cause; PostgreSQL's text (which can quote
# the value, name tables and columns, or carry a statement's context) stays in the log.
_DATA_ERRORS = {
    "22001": "a value in the request is too long to store",
    "22003": "a number in the request is out of range",
    "22007": "a date or time in the request has the wrong format",
    "22008": "a date or time in the request is out of range",
    "22021": "the request contains text that is not valid Unicode",
    "22P02": "a value in the request has the wrong format",
    "22P05": "the request contains text the database cannot store",
    "22023": "a value in the request is outside the range the search accepts",
}


def data_error_message(exc: psycopg.DataError) -> str:
    """A client-safe message for a data error (`exc.sqlstate`, or the driver's own refusal)."""
    if exc.sqlstate is None and "NUL" in str(exc):  # psycopg refuses NUL before sending
        return "the request contains a NUL character, which text cannot hold"
    return _DATA_ERRORS.get(
        exc.sqlstate or "", "the request contains a value the database cannot take"
    )


def _invalid_response(exc: InvalidRequest) -> JSONResponse:
    """An empty query is a 400 `empty_query`; anything else a 422 `validation_error`."""
    if exc.is_empty_query:
        return JSONResponse(error_body("empty_query", str(exc), exc.errors), status_code=400)
    return JSONResponse(error_body("validation_error", str(exc), exc.errors), status_code=422)


class ErrorDetail(BaseModel):
    code: str = Field(description="empty_query, validation_error, unauthorized, not_found, ...")
    message: str
    details: Any = None


class ErrorBody(BaseModel):
    """The one error shape of every endpoint."""

    error: ErrorDetail
