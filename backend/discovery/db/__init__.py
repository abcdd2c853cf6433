"""Storage: the connection pool, the embedded server, the migration runner, the schema's
vocabulary."""

from discovery.db.database import Database, DatabaseUnavailable
from discovery.db.schema import TOOL_KINDS, ItemKind, MissingEmbeddingsError

__all__ = ["TOOL_KINDS", "Database", "DatabaseUnavailable", "ItemKind", "MissingEmbeddingsError"]
