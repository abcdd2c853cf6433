"""Storage: the connection pool, the embedded server, the migration runner, the schema's
vocabulary.

Names are imported on first use, so that the embedded server's watchdog process
(``python -m discovery.db.watchdog``) starts without loading psycopg and the settings."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from discovery.db.database import Database, DatabaseUnavailable
    from discovery.db.schema import TOOL_KINDS, ItemKind, MissingEmbeddingsError

__all__ = ["TOOL_KINDS", "Database", "DatabaseUnavailable", "ItemKind", "MissingEmbeddingsError"]

_HOMES = {
    "Database": "discovery.db.database",
    "DatabaseUnavailable": "discovery.db.database",
    "TOOL_KINDS": "discovery.db.schema",
    "ItemKind": "discovery.db.schema",
    "MissingEmbeddingsError": "discovery.db.schema",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_HOMES[name]), name)
