"""`discovery search` as a person reads it at 80 columns: whole ids, a link per record, and a
warning (not an empty answer) for an inverted date range. The real engine on a test database."""

from __future__ import annotations

import json

import pytest
from tests.catalog.test_ingest import FIXTURE
from tests.cli.test_cli import _env
from typer.testing import CliRunner

from discovery.cli import app
from discovery.settings import Settings

pytestmark = pytest.mark.integration
runner = CliRunner()

STREETCAR_ID = "cmoa:things/ab691365-80d1-4780-b884-51091e5843b3"


def _fixture_ids() -> dict[str, str]:
    """id -> web_url of the well-formed fixture rows."""
    rows = {}
    for line in FIXTURE.read_text().splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if isinstance(row.get("title"), str):
            rows[row["id"]] = row.get("web_url", "")
    return rows


@pytest.fixture
def env(empty_db_settings: Settings) -> dict[str, str]:
    env = {**_env(empty_db_settings), "COLUMNS": "80"}
    assert runner.invoke(app, ["ingest", "archives", str(FIXTURE)], env=env).exit_code == 0
    return env


def test_search_prints_whole_ids_and_links_at_80_columns(env: dict[str, str]) -> None:
    result = runner.invoke(
        app, ["search", "streetcar in the snow", "--limit", "3", "--threshold", "0"], env=env
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert f"    id   {STREETCAR_ID}" in lines  # on one line, not folded or cut
    assert "…" not in "".join(line for line in lines if line.startswith("    id "))
    links = _fixture_ids()
    assert f"    link {links[STREETCAR_ID]}" in lines
    shown = [line.removeprefix("    id   ") for line in lines if line.startswith("    id   ")]
    assert len(shown) == 3 and all(i in links for i in shown)
    assert sum(line.startswith("    link http") for line in lines) == 3


def test_search_warns_of_an_inverted_date_range_and_searches_it_the_right_way(
    env: dict[str, str],
) -> None:
    inverted = ["search", "jazz", "--date-from", "1990", "--date-to", "1950"]
    result = runner.invoke(app, inverted, env=env)
    assert result.exit_code == 0, result.output
    assert "warning: --date-from 1990 is after --date-to 1950" in result.stderr
    right = runner.invoke(
        app, ["search", "jazz", "--date-from", "1950", "--date-to", "1990"], env=env
    )
    ids = [line for line in right.output.splitlines() if line.startswith("    id ")]
    assert ids and ids == [
        line for line in result.output.splitlines() if line.startswith("    id ")
    ]


def test_search_output_has_no_raw_log_lines(env: dict[str, str]) -> None:
    result = runner.invoke(app, ["search", "jazz concert"], env=env)
    assert result.exit_code == 0
    for line in (result.output + result.stderr).splitlines():
        assert not line.startswith(("WARNING ", "INFO ", "DEBUG ")), line
