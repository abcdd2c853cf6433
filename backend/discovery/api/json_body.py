"""A response model as the body of a response, serialized once.

A route that returns a model makes FastAPI check it against the response model again before
serializing it (about 1 to 2 ms for a page of ten agents or tools with their schemas); the hot
search routes return the model's own JSON instead. Their `response_model` stays declared, so
the OpenAPI document is the same, and the body is what FastAPI would have sent (by alias)."""

from __future__ import annotations

from fastapi import Response
from pydantic import BaseModel


def json_body(model: BaseModel, status_code: int = 200) -> Response:
    return Response(
        model.model_dump_json(by_alias=True), status_code=status_code, media_type="application/json"
    )
