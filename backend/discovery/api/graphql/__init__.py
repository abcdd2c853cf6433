"""GraphQL at `/graphql`: the agent search over Strawberry, a thin adapter like REST."""

from discovery.api.graphql.router import graphql_router

__all__ = ["graphql_router"]
