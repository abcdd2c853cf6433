"""Mounting the schema: `POST /graphql` (and GET for queries), read-guarded like REST. No
in-browser IDE: GraphiQL loads from a CDN, and Discovery runs offline."""

from __future__ import annotations

from strawberry.fastapi import GraphQLRouter

from discovery.api.deps import READ
from discovery.api.graphql.schema import schema


def graphql_router() -> GraphQLRouter:
    return GraphQLRouter(
        schema,
        path="/graphql",
        graphql_ide=None,
        dependencies=[READ],
        include_in_schema=False,  # described by its own SDL (schema.graphql), not OpenAPI
    )
