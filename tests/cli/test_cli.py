"""The `discovery` command against a real (test) database: output a person reads, exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.catalog.test_ingest import FIXTURE
from tests.fixtures.bad_files import archive_files, count_items, pick, write
from typer.testing import CliRunner

from discovery.cli import app
from discovery.settings import Settings

pytestmark = pytest.mark.integration
runner = CliRunner()


def _env(settings: Settings) -> dict[str, str]:
    assert settings.database_url is not None
    return {
        "DATABASE_URL": settings.database_url.get_secret_value(),
        "DISCOVERY_DATA_DIR": str(settings.discovery_data_dir),
        "COLUMNS": "200",
    }


def test_help_lists_every_command() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in (
        "ingest",
        "search",
        "discover",
        "capabilities",
        "threads",
        "reindex",
        "serve",
        "mcp",
        "bench",
    ):
        assert command in result.output
    ingest_help = runner.invoke(app, ["ingest", "archives", "--help"])
    assert "--map" in ingest_help.output and "--format" in ingest_help.output


def test_ingest_then_search_prints_summary_and_table(empty_db_settings: Settings) -> None:
    env = _env(empty_db_settings)
    ingest = runner.invoke(app, ["ingest", "archives", str(FIXTURE)], env=env)
    assert ingest.exit_code == 0, ingest.output
    assert "added 6, updated 0, unchanged 0, skipped 2" in ingest.output
    assert "archives_mixed.jsonl:3" in ingest.output

    again = runner.invoke(app, ["ingest", "archives", str(FIXTURE)], env=env)
    assert "added 0, updated 0, unchanged 6, skipped 2" in again.output

    found = runner.invoke(app, ["search", "streetcar in the snow", "--strategy", "direct"], env=env)
    assert found.exit_code == 0, found.output
    assert "Lincoln streetcar" in found.output
    assert "strategy direct" in found.output


def test_search_rejects_an_empty_query(empty_db_settings: Settings) -> None:
    result = runner.invoke(app, ["search", "   "], env=_env(empty_db_settings))
    assert result.exit_code == 2
    assert "the query is empty" in result.output


@pytest.mark.parametrize("message", ["   ", "x" * 1001])
def test_ask_refuses_an_empty_or_too_long_message_without_a_traceback(
    empty_db_settings: Settings, message: str
) -> None:
    result = runner.invoke(app, ["ask", message], env=_env(empty_db_settings))
    assert result.exit_code == 2
    assert "invalid message" in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_ingest_reports_a_missing_file(empty_db_settings: Settings, tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["ingest", "archives", str(tmp_path / "nope.jsonl")], env=_env(empty_db_settings)
    )
    assert result.exit_code == 2
    assert "no such file" in result.output


def test_ingest_rejects_a_malformed_map(empty_db_settings: Settings) -> None:
    result = runner.invoke(
        app, ["ingest", "archives", str(FIXTURE), "--map", "title"], env=_env(empty_db_settings)
    )
    assert result.exit_code == 2
    assert "field=column" in result.output


def test_ingest_reports_bad_rows_and_broken_files_without_a_traceback(
    empty_db_settings: Settings, tmp_path: Path
) -> None:
    files = pick(archive_files(), "fake.jsonl.gz", "truncated.jsonl.gz", "broken_quote.csv")
    paths = write(tmp_path / "bad", files)
    env = {**_env(empty_db_settings), "COLUMNS": "1000"}  # long temp paths must not wrap
    result = runner.invoke(app, ["ingest", "archives", *map(str, paths)], env=env)
    assert result.exit_code == 0, result.output
    assert result.exception is None and "Traceback" not in result.output
    for bad, path in zip(files, paths, strict=True):
        for line in bad.bad_lines:
            assert f"skipped {path}:{line}:" in result.output
    assert "not a gzip file" in result.output and "after line 77" in result.output
    assert "added 194, updated 0, unchanged 0, skipped 5" in result.output
    assert count_items(empty_db_settings) == 194 == sum(bad.kept for bad in files)
