"""`python -m discovery.cli ...` runs the `discovery` command."""

from discovery.cli.main import app

app()
