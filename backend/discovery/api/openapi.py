"""The OpenAPI document: each operation lists only the error statuses it can return (found from
its dependencies and parameters), all in the one error body, with a description and an example
(`examples.py`); an SSE answer is described per event."""

from __future__ import annotations

import typing
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, routing
from fastapi.dependencies.models import Dependant
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute

from discovery.api import deps
from discovery.api.errors import ErrorBody
from discovery.api.examples import OPERATIONS
from discovery.api.examples_discover import DISCOVER_OPERATIONS
from discovery.api.limits import limited
from discovery.api.security import require_read, require_write
from discovery.search.models import QueryText

ERRORS = {
    400: "The query is empty, or the body cannot be read.",
    401: "An API key is needed (`Authorization: Bearer <key>`).",
    404: "No such resource.",
    409: "The catalog has no vectors for the configured embedding model: run `discovery reindex`.",
    413: "The request body is larger than the server's limit.",
    422: "The request is not valid (too long, out of range, unknown value).",
    429: "Too many requests from this client (its API key, else its address); retry after the "
    "`Retry-After` seconds.",
    503: "The database (or a remote embedding model) is unavailable, or the server is running as "
    "many agent turns as it may; retry after `Retry-After`.",
}
_DATABASE = {
    deps.get_runtime,
    deps.get_search,
    deps.get_agent_search,
    deps.get_agent,
    deps.get_items,
}
_SEARCH = {deps.get_search, deps.get_agent_search}
_QUERY_TEXT = typing.get_args(QueryText)[1]  # its AfterValidator


def _calls(dependant: Dependant) -> set[Callable[..., Any]]:
    """Every dependency a route runs; settings come from the runtime without touching the
    database, so `get_settings` is not followed."""
    found: set[Callable[..., Any]] = set()
    for dep in dependant.dependencies:
        if dep.call is None:
            continue
        found.add(dep.call)
        if dep.call is not deps.get_settings:
            found |= _calls(dep)
    return found


def _takes_query_text(route: APIRoute) -> bool:
    """Whether a parameter or a field of the body (or of a parameter model) is a `QueryText`,
    whose emptiness is a 400."""
    fields: list[Any] = []
    params = list(route.dependant.query_params)
    if route.body_field is not None:
        params.append(route.body_field)
    for param in params:
        fields.append(param.field_info)
        annotation: Any = param.field_info.annotation
        for kind in [a for a in typing.get_args(annotation) if isinstance(a, type)] or [annotation]:
            fields += list(getattr(kind, "model_fields", {}).values())
    return any(any(m is _QUERY_TEXT for m in getattr(f, "metadata", ())) for f in fields)


def error_statuses(route: APIRoute) -> set[int]:
    """The error statuses a route can answer with."""
    calls = _calls(route.dependant)
    statuses = {int(s) for s in route.responses if str(s).isdigit() and int(s) >= 400}
    if calls & {require_read, require_write}:
        statuses.add(401)
    if calls & _DATABASE:
        statuses.add(503)
    if calls & _SEARCH:
        statuses.add(409)
    if _takes_query_text(route) or route.body_field is not None:
        statuses.add(400)  # an empty query; a body that is not readable JSON
    if route.dependant.path_params:
        statuses.add(404)
    if route.dependant.path_params or route.dependant.query_params or route.body_field:
        statuses.add(422)
    if route.body_field is not None:
        statuses.add(413)  # BodyLimitMiddleware
    return statuses


def document_api(app: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(
            title=app.title,
            version=app.version,
            summary=app.summary,
            description=app.description,
            routes=app.routes,
        )
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        body = ErrorBody.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(body.pop("$defs"), ErrorBody=body)
        for name in ("HTTPValidationError", "ValidationError"):
            components.pop(name, None)
        routes = {
            (method.lower(), context.path_format): context.original_route
            for context in routing.iter_route_contexts(app.routes)
            if isinstance(context.original_route, APIRoute)
            for method in context.original_route.methods or ()
        }
        for path, operations in schema.get("paths", {}).items():
            for method, operation in operations.items():
                route = routes[(method, path)]
                statuses = error_statuses(route) | ({429} if limited(path) else set())
                _document_errors(operation, statuses, route)
                _document_security(operation, route)
                _describe_event_stream(operation["responses"].get("200", {}))
                _add_examples(operation)
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


def _document_errors(operation: dict[str, Any], statuses: set[int], route: APIRoute) -> None:
    responses = operation.setdefault("responses", {})
    for status in list(responses):
        if status.isdigit() and int(status) >= 400 and int(status) not in statuses:
            del responses[status]
    ref = {"$ref": "#/components/schemas/ErrorBody"}
    for status in sorted(statuses):
        response = responses.setdefault(str(status), {})
        declared = route.responses.get(status, {})
        if "model" in declared or "content" in declared:
            continue  # the route documents its own body (e.g. readiness)
        response["content"] = {"application/json": {"schema": ref}}
        if response.get("description") in (None, "", "Additional Response", "Validation Error"):
            response["description"] = ERRORS.get(status, HTTPStatus(status).phrase)


def _document_security(operation: dict[str, Any], route: APIRoute) -> None:
    """A read route takes a key but needs one only with DISCOVERY_PROTECT_READS: its Bearer
    scheme is optional (`{}`, no requirement, is one of the alternatives)."""
    calls = _calls(route.dependant)
    if require_read in calls and require_write not in calls and "security" in operation:
        operation["security"] = [{}, *operation["security"]]


def _add_examples(operation: dict[str, Any]) -> None:
    doc = OPERATIONS.get(operation["operationId"]) or DISCOVER_OPERATIONS.get(
        operation["operationId"]
    )
    if doc is None:
        return
    if doc.description and not operation.get("description"):
        operation["description"] = doc.description
    for parameter in operation.get("parameters", []):
        if parameter["name"] in doc.params:
            parameter["example"] = doc.params[parameter["name"]]
    if doc.request is not None:
        for media in operation.get("requestBody", {}).get("content", {}).values():
            media["example"] = doc.request
    if doc.response is not None:
        for status, response in operation["responses"].items():
            if status.startswith("2"):
                for media in response.get("content", {}).values():
                    media["example"] = doc.response
                break


def _describe_event_stream(response: dict[str, Any]) -> None:
    """An SSE response's schema describes one event (`event`, `data`); the JSON inside `data`
    is given as its `contentSchema` (FastAPI would describe the payload as the whole body)."""
    media = response.get("content", {}).get("text/event-stream")
    if media is None:
        return
    data: dict[str, Any] = {"type": "string"}
    if "$ref" in media.get("schema", {}):
        data |= {
            "contentMediaType": "application/json",
            "contentSchema": {"$ref": media["schema"]["$ref"]},
        }
    media["schema"] = {
        "type": "object",
        "properties": {"event": {"type": "string"}, "data": data, "id": {"type": "string"}},
        "required": ["data"],
    }
