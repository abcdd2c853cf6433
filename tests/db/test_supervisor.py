"""The embedded server supervised under an open Database: a postmaster killed (SIGKILL) or told
to shut down (SIGTERM) while queries run is started again by the process itself, and the pool
serves queries again, with no person involved. `ping` opens a new connection, so a server in
smart shutdown (which keeps its old connections) reads as unavailable."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from discovery.db import Database, DatabaseUnavailable
from discovery.db.embedded import EmbeddedPostgres
from discovery.db.postmaster import ServerState, postmaster_pid, server_state
from discovery.db.supervisor import backoff
from discovery.settings import Settings

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One initialized data directory for the module (initdb once); each test opens it."""
    path = tmp_path_factory.mktemp("supervised")
    server = EmbeddedPostgres(path / "pgdata")
    server.start()
    server.stop()
    return path


def _settings(data_dir: Path, **overrides: object) -> Settings:
    return Settings(
        database_url=None,
        discovery_data_dir=data_dir,
        discovery_pool_timeout_seconds=1.0,
        discovery_db_probe_seconds=0.5,
        **overrides,  # type: ignore[arg-type]
    )


async def _query(db: Database) -> bool:
    try:
        async with db.connection() as conn:
            await conn.execute("select count(*) from items")
        return True
    except DatabaseUnavailable:
        return False


async def _recovery_seconds(db: Database, pgdata: Path, sig: signal.Signals) -> float:
    """Send `sig` to the postmaster while queries run back to back; seconds until they succeed
    again on a new postmaster."""
    assert await _query(db)
    old = postmaster_pid(pgdata)
    assert old is not None
    os.kill(old, sig)
    killed = time.monotonic()
    deadline = killed + 60
    while time.monotonic() < deadline:
        if await _query(db) and postmaster_pid(pgdata) not in (None, old):
            return time.monotonic() - killed
        await asyncio.sleep(0.05)
    raise AssertionError(f"no recovery within 60 s after {sig.name}")


@pytest.fixture
async def db(data_dir: Path) -> AsyncIterator[Database]:
    database = Database(_settings(data_dir))
    await database.open()
    try:
        yield database
    finally:
        await database.close()


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
async def test_restart_postmaster_after_signal_while_queries_run(
    db: Database, data_dir: Path, sig: signal.Signals, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="discovery.db.supervisor")
    seconds = await _recovery_seconds(db, data_dir / "pgdata", sig)
    assert seconds < 30  # generous: the figure itself is measured by scripts/db_faults.py
    assert server_state(data_dir / "pgdata") is ServerState.READY
    await db.ping()  # new connections too
    lines = [r.getMessage() for r in caplog.records if r.name == "discovery.db.supervisor"]
    assert lines[0].startswith("event=db_fault state=")
    assert lines[-1].startswith("event=db_restart outcome=ok")


async def test_ping_rejects_server_in_smart_shutdown(data_dir: Path) -> None:
    database = Database(_settings(data_dir, discovery_db_supervise=False))
    await database.open()
    try:
        async with database.connection() as held:  # a smart shutdown waits for this one
            pid = postmaster_pid(data_dir / "pgdata")
            assert pid is not None
            os.kill(pid, signal.SIGTERM)
            for _ in range(100):
                if server_state(data_dir / "pgdata") is ServerState.STOPPING:
                    break
                await asyncio.sleep(0.05)
            assert await (await held.execute("select 1")).fetchone() == (1,)
            with pytest.raises(DatabaseUnavailable, match="shutting down"):
                await database.ping()
    finally:
        await database.close()  # the last holder leaving stops it for good


def test_backoff_doubles_up_to_its_ceiling() -> None:
    assert [backoff(n, 5.0) for n in range(1, 6)] == [0.5, 1.0, 2.0, 4.0, 5.0]
