"""Storage: the connection pool, the embedded server, the migration runner."""

from discovery.db.database import Database, DatabaseUnavailable

__all__ = ["Database", "DatabaseUnavailable"]
