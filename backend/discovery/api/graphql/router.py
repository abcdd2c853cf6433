"""Serving the schema: `POST /graphql` (and GET for queries), read-guarded like REST. No
in-browser IDE: GraphiQL loads from a CDN, and Discovery runs offline.

Strawberry's own ASGI view on a plain route, not its FastAPI router: the router resolves a tree
of FastAPI dependencies for every request (context, root value, response, background tasks, the
key check), which cost more than the whole REST route around the same search. The key check is
REST's own (`require_read`), called before the view reads the body; a refused key raises
`Unauthorized` to the app's error handlers, so the 401 is REST's too. JSON goes through orjson
both ways, as REST's answers do through pydantic's serializer."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import FastAPI
from starlette.requests import Request
from starlette.routing import Route
from starlette.types import Receive, Scope, Send
from strawberry.asgi import GraphQL

from discovery.api.graphql.schema import schema
from discovery.api.security import bearer, require_read

PATH = "/graphql"


class GraphQLEndpoint(GraphQL):
    """The view, behind the read guard."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            request = Request(scope, receive)
            await require_read(request, await bearer(request))
        await super().__call__(scope, receive, send)

    def decode_json(self, data: str | bytes) -> object:
        return orjson.loads(data)  # its JSONDecodeError is json's: a 400, as before

    def encode_json(self, data: object) -> bytes:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


def graphql_endpoint() -> GraphQLEndpoint:
    return GraphQLEndpoint(schema, graphql_ide=None)


def mount_graphql(app: FastAPI) -> None:
    """`/graphql` for GET and POST (queries only over GET), outside the OpenAPI document: the
    schema is described by its own SDL (`schema.graphql`)."""
    endpoint: Any = graphql_endpoint()  # an ASGI app: Starlette passes it scope, receive, send
    app.router.routes.append(
        Route(PATH, endpoint, methods=["GET", "POST"], include_in_schema=False)
    )
