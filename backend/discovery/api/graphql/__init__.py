"""GraphQL at `/graphql`: the agent search over Strawberry, a thin adapter like REST."""

from discovery.api.graphql.router import mount_graphql

__all__ = ["mount_graphql"]
