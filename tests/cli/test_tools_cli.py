"""`discovery ingest tools`, `discovery skills ...` and `discovery sync mcp` against a real
(test) database: the summary a person reads, the review queue, exit codes."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from tests.fixtures.bad_files import count_items, pick, tool_files, write
from tests.tool_catalog import TOOLS_FIXTURE
from typer.testing import CliRunner

from discovery.cli import app
from discovery.settings import Settings

pytestmark = pytest.mark.integration
runner = CliRunner()


def _env(settings: Settings, **extra: str) -> dict[str, str]:
    assert settings.database_url is not None
    return {
        "DATABASE_URL": settings.database_url.get_secret_value(),
        "DISCOVERY_DATA_DIR": str(settings.discovery_data_dir),
        "COLUMNS": "200",
    } | extra


def test_ingest_tools_then_manage_skills(empty_db_settings: Settings) -> None:
    env = _env(empty_db_settings, DISCOVERY_SKILL_PROPOSALS="review")
    ingest = runner.invoke(app, ["ingest", "tools", str(TOOLS_FIXTURE)], env=env)
    assert ingest.exit_code == 0, ingest.output
    assert "added 17, updated 0, unchanged 0, skipped 3" in ingest.output
    assert "tools_small.jsonl:9" in ingest.output
    assert re.search(r"skill suggestions [1-9]\d*\n", ingest.output)
    assert re.search(
        r"\b[1-9]\d* of 17 tools, prompts and resources have no confident skill", ingest.output
    )

    listed = runner.invoke(app, ["skills", "list", "--domain", "tools"], env=env)
    assert "tools.weather" in listed.output and "centroid" in listed.output
    queue = runner.invoke(app, ["skills", "suggestions"], env=env)
    assert queue.exit_code == 0 and "catalog" in queue.output

    added = runner.invoke(app, ["skills", "add", "tools.qubits", "--name", "Qubits",
                                "--description", "Superconducting qubit control and pulses",
                                "--keyword", "qubit", "--keyword", "pulse"], env=env)  # fmt: skip
    assert added.exit_code == 0, added.output
    moved = runner.invoke(app, ["skills", "reclassify", "--unplaced"], env=env)
    assert moved.exit_code == 0 and "items changed skills" in moved.output
    assert runner.invoke(app, ["skills", "remove", "tools.qubits"], env=env).exit_code == 0
    gone = runner.invoke(app, ["skills", "remove", "tools.qubits"], env=env)
    assert gone.exit_code == 1 and "no skill" in gone.output

    proposed = runner.invoke(app, ["skills", "propose", "--accept"], env=env)
    assert proposed.exit_code == 0, proposed.output
    assert re.search(r"created [1-9]\d* skills", proposed.output), proposed.output
    listed = runner.invoke(app, ["skills", "list", "--domain", "tools"], env=env)
    assert "tools.catalog." in listed.output


def test_ingest_tools_reports_a_missing_file(empty_db_settings: Settings, tmp_path: Path) -> None:
    result = runner.invoke(app, ["ingest", "tools", str(tmp_path / "nope.jsonl")],
                           env=_env(empty_db_settings))  # fmt: skip
    assert result.exit_code == 2 and "no such file" in result.output


def test_sync_mcp_from_a_servers_file(empty_db_settings: Settings, tmp_path: Path) -> None:
    servers = tmp_path / "servers.toml"
    servers.write_text(
        f'[servers.time]\ncommand = "{sys.executable}"\n'
        'args = ["-m", "mcp_server_time", "--local-timezone", "UTC"]\n'
    )
    env = _env(empty_db_settings, DISCOVERY_MCP_SERVERS_FILE=str(servers))
    result = runner.invoke(app, ["sync", "mcp"], env=env)
    assert result.exit_code == 0, result.output
    assert "time: 2 listed (added 2" in result.output
    unknown = runner.invoke(app, ["sync", "mcp", "--server", "nope"], env=env)
    assert unknown.exit_code == 2 and "nope" in unknown.output
    missing = runner.invoke(app, ["sync", "mcp", "--config", str(tmp_path / "x.toml")], env=env)
    assert missing.exit_code == 2 and "no MCP servers file" in missing.output


def test_ingest_tools_reports_bad_rows_and_broken_files(
    empty_db_settings: Settings, tmp_path: Path
) -> None:
    files = pick(tool_files(), "tools.jsonl", "tools_fake.json.gz")
    paths = write(tmp_path / "bad", files)
    result = runner.invoke(app, ["ingest", "tools", *map(str, paths)], env=_env(empty_db_settings))
    assert result.exit_code == 0, result.output
    assert result.exception is None and "Traceback" not in result.output
    for bad, path in zip(files, paths, strict=True):
        for line in bad.bad_lines:
            assert f"skipped {path}:{line}:" in result.output
    assert "added 5, updated 0, unchanged 0, skipped 6" in result.output
    assert count_items(empty_db_settings) == 5
