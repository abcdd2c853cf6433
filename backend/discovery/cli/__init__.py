"""The `discovery` command (entry point `discovery.cli:app`)."""

from discovery.cli.main import app

__all__ = ["app"]
