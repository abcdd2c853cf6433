"""`discovery ask` with the local planner against a test database: a link and a whole id for
each record, a warning for a thread it does not know, clean errors, no raw log lines."""

from __future__ import annotations

import pytest
from tests.catalog.test_ingest import FIXTURE
from tests.cli.test_cli import _env
from typer.testing import CliRunner

from discovery.cli import app
from discovery.settings import Settings

pytestmark = pytest.mark.integration
runner = CliRunner()


@pytest.fixture
def env(empty_db_settings: Settings) -> dict[str, str]:
    env = {**_env(empty_db_settings), "COLUMNS": "80", "DISCOVERY_AGENT_PLANNER": "local"}
    assert runner.invoke(app, ["ingest", "archives", str(FIXTURE)], env=env).exit_code == 0
    return env


def test_ask_prints_each_record_with_its_id_and_link_then_continues_the_thread(
    env: dict[str, str],
) -> None:
    first = runner.invoke(app, ["ask", "jazz concert"], env=env)
    assert first.exit_code == 0, first.output + first.stderr
    lines = first.stdout.splitlines()
    ids = [line.removeprefix("    id   ") for line in lines if line.startswith("    id   ")]
    links = [line.removeprefix("    link ") for line in lines if line.startswith("    link ")]
    assert ids and all(i.startswith("cmoa:things/") and "…" not in i for i in ids)
    assert "cmoa:things/1db9a4fc-e37c-4919-b7dd-19302f493f82" in ids  # whole, at 80 columns
    assert len(links) == len(ids) and all(link.startswith("http") for link in links)
    assert "warning" not in first.stderr
    thread = next(
        line.split()[1] for line in first.stderr.splitlines() if line.startswith("thread: ")
    )

    again = runner.invoke(app, ["ask", "only photographs", "--thread", thread], env=env)
    assert again.exit_code == 0, again.output
    assert "no conversation" not in again.stderr


def test_ask_warns_of_an_unknown_thread(env: dict[str, str]) -> None:
    result = runner.invoke(app, ["ask", "hello", "--thread", "Zq8xK2mNv4pLw7RtYs3d"], env=env)
    assert result.exit_code == 0, result.output
    assert "warning: no conversation with id 'Zq8xK2mNv4pLw7RtYs3d'" in result.stderr
    assert "thread: Zq8xK2mNv4pLw7RtYs3d" in result.stderr


@pytest.mark.parametrize("message", ["", "x" * 5000])
def test_ask_refuses_a_bad_message_in_one_line(env: dict[str, str], message: str) -> None:
    result = runner.invoke(app, ["ask", message], env=env)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("error: invalid message")


def test_ask_output_has_no_raw_log_lines(env: dict[str, str]) -> None:
    result = runner.invoke(app, ["ask", "church choir"], env=env)
    assert result.exit_code == 0
    for line in (result.stdout + result.stderr).splitlines():
        assert not line.startswith(("WARNING ", "INFO ", "DEBUG ")), line


def test_ask_corrects_spelling_unless_exact(env: dict[str, str]) -> None:
    fixed = runner.invoke(app, ["ask", "streets of pittsbrgh"], env=env)
    assert fixed.exit_code == 0, fixed.output + fixed.stderr
    assert "attempt 1: 'streets of pittsburgh'" in fixed.stderr
    exact = runner.invoke(app, ["ask", "--exact", "streets of pittsbrgh"], env=env)
    assert exact.exit_code == 0, exact.output + exact.stderr
    assert "attempt 1: 'streets of pittsbrgh'" in exact.stderr
