"""`discovery capabilities import | list | show` and `discovery discover` against a real (test)
database holding the small tool catalog: what a person reads, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.capability_catalog import tools_template, tools_url  # noqa: F401
from typer.testing import CliRunner

from discovery.cli import app

pytestmark = pytest.mark.integration
runner = CliRunner()

ROWS = [
    {"name": "forecast_chart", "description": "Chart the weather forecast for a city",
     "code_snippet": "chart(get_forecast(city))",
     "tools_used": ["Weather Now::get_forecast", "Charts::generate_bar_chart"],
     "executions": [{"success": True, "duration_ms": 40}, {"success": True, "duration_ms": 60}]},
    {"name": "teleport", "description": "x", "code_snippet": "t()", "tools_used": ["No::t"]},
]  # fmt: skip


def _env(url: str, tmp: Path) -> dict[str, str]:
    return {"DATABASE_URL": url, "DISCOVERY_DATA_DIR": str(tmp), "COLUMNS": "200"}


def test_import_list_show_and_discover(tools_url: str, tmp_path: Path) -> None:  # noqa: F811
    env = _env(tools_url, tmp_path)
    path = tmp_path / "caps.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    imported = runner.invoke(app, ["capabilities", "import", str(path)], env=env)
    assert imported.exit_code == 0, imported.output
    assert "added 1, updated 0, unchanged 0, skipped 1" in imported.output
    assert "caps.jsonl:2: unknown tools" in imported.output
    assert "run histories imported for 1 capabilities (2 runs)" in imported.output

    listed = runner.invoke(app, ["capabilities", "list", "--json"], env=env)
    (capability,) = json.loads(listed.output)
    assert capability["name"] == "forecast_chart" and capability["usage_count"] == 2
    assert capability["success_rate"] == pytest.approx(4.7 / 5, abs=1e-4)
    shown = runner.invoke(app, ["capabilities", "show", capability["id"]], env=env)
    assert shown.exit_code == 0 and "chart(get_forecast(city))" in shown.output
    assert "2 succeeded, 0 failed" in shown.output

    table = runner.invoke(app, ["discover", "weather forecast chart", "--related"], env=env)
    assert table.exit_code == 0, table.output
    assert "forecast_chart" in table.output and "get_forecast" in table.output
    assert "related: generate_bar_chart (capability)" in table.output
    as_json = runner.invoke(app, ["discover", "weather forecast chart", "--type", "capability",
                                  "--json"], env=env)  # fmt: skip
    data = json.loads(as_json.output)
    assert [r["id"] for r in data["results"]] == [capability["id"]]
    assert data["meta"]["filter_type"] == "capability"


def test_bad_input_exits_cleanly(tools_url: str, tmp_path: Path) -> None:  # noqa: F811
    env = _env(tools_url, tmp_path)
    empty = runner.invoke(app, ["discover", "   "], env=env)
    assert empty.exit_code == 2 and "the query is empty" in empty.output
    too_many = runner.invoke(app, ["discover", "x", "--limit", "51"], env=env)
    assert too_many.exit_code == 2 and "limit" in too_many.output
    missing = runner.invoke(app, ["capabilities", "show", "capability:nope"], env=env)
    assert missing.exit_code == 1 and "no capability" in missing.output
    no_file = runner.invoke(app, ["capabilities", "import", str(tmp_path / "no.jsonl")], env=env)
    assert no_file.exit_code == 2 and "no such file" in no_file.output
