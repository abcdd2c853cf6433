"""`discovery ingest agents`, `agents search|list` and `sync agents` against a real (test)
database: what a person reads, and clean errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import AGENTS_FIXTURE
from tests.fixtures.bad_files import agent_files, count_items, write
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
        "COLUMNS": "220",
    }


def test_ingest_search_list_and_sync_agents(empty_db_settings: Settings) -> None:
    env = _env(empty_db_settings)
    ingest = runner.invoke(app, ["ingest", "agents", str(AGENTS_FIXTURE)], env=env)
    assert ingest.exit_code == 0, ingest.output
    assert "added 9, updated 0, unchanged 0, skipped 4" in ingest.output
    assert "4 skill ids outside the indexed prefixes" in ingest.output

    found = runner.invoke(
        app, ["agents", "search", "--intent", "governance.membership.add"], env=env
    )
    assert found.exit_code == 0, found.output
    assert "2 agents" in found.output and "MemberGate" in found.output
    assert "Onboarder" in found.output and "NewsletterPal" not in found.output

    listed = runner.invoke(app, ["agents", "list", "--chain", "1"], env=env)
    assert "Roster Keeper" in listed.output and "Onboarder" in listed.output
    assert "MemberGate" not in listed.output

    synced = runner.invoke(app, ["sync", "agents"], env=env)
    assert synced.exit_code == 0, synced.output
    assert "2 agents with a card URL: 0 fetched" in synced.output and "2 failed" in synced.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--intent", "governance.membership.invite"], "known intent types"),
        ([], "give an intentType"),
        (["--text", "x", "--top-k", "500"], "invalid search"),
    ],
)
def test_agent_search_errors_are_one_line(
    empty_db_settings: Settings, args: list[str], words: str
) -> None:
    result = runner.invoke(app, ["agents", "search", *args], env=_env(empty_db_settings))
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output


def test_ingest_agents_reports_bad_records_and_broken_files(
    empty_db_settings: Settings, tmp_path: Path
) -> None:
    files = agent_files()
    paths = write(tmp_path / "bad", files)
    result = runner.invoke(app, ["ingest", "agents", *map(str, paths)], env=_env(empty_db_settings))
    assert result.exit_code == 0, result.output
    assert result.exception is None and "Traceback" not in result.output
    for bad, path in zip(files, paths, strict=True):
        for line in bad.bad_lines:
            assert f"skipped {path}:{line}:" in result.output
    assert "added 4, updated 0, unchanged 0, skipped 4" in result.output
    assert count_items(empty_db_settings) == 4
