"""`discovery threads purge` and `discovery ask --thread` against a real (test) database."""

from __future__ import annotations

import psycopg
import pytest
from tests.cli.test_cli import _env
from typer.testing import CliRunner

from discovery.agent.threads import new_thread_id
from discovery.cli import app
from discovery.settings import Settings

pytestmark = pytest.mark.integration
runner = CliRunner()


def test_purge_deletes_idle_threads_and_says_how_many(empty_db_settings: Settings) -> None:
    assert empty_db_settings.database_url is not None
    url = empty_db_settings.database_url.get_secret_value()
    runner.invoke(app, ["threads", "purge"], env=_env(empty_db_settings))  # migrates the db
    idle, fresh = new_thread_id(), new_thread_id()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "insert into agent_threads (thread_id, last_active_at) values"
            " (%s, now() - interval '100 hours'), (%s, now())",
            (idle, fresh),
        )
    result = runner.invoke(app, ["threads", "purge"], env=_env(empty_db_settings))
    assert result.exit_code == 0, result.output
    assert "purged 1 idle threads" in result.output
    with psycopg.connect(url) as conn:
        left = conn.execute("select thread_id from agent_threads").fetchall()
    assert left == [(fresh,)]


@pytest.mark.parametrize("thread", ["1", "0000000000000001"])
def test_ask_refuses_a_guessable_thread_id(empty_db_settings: Settings, thread: str) -> None:
    result = runner.invoke(app, ["ask", "jazz", "--thread", thread], env=_env(empty_db_settings))
    assert result.exit_code == 2
    assert "invalid --thread" in result.output and "Traceback" not in result.output
