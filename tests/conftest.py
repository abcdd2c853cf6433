"""The real database tier: one embedded PostgreSQL per session, a fresh database per test.

`template_url` is a migrated, empty database; `empty_db` clones it for one test (CREATE DATABASE
... TEMPLATE, a few ms); `demo_runtime` is the shipped demo archive ingested once per session,
for read-only search tests. The embedder is the real packaged model, loaded once.
"""

from __future__ import annotations

import asyncio
import uuid
import warnings
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import psycopg
import pytest
from pydantic import SecretStr

from discovery.db.embedded import EmbeddedPostgres
from discovery.db.migrate import apply_migrations
from discovery.embeddings.local import LocalMiniLMEmbedder
from discovery.runtime import Runtime, load_demo_if_empty, open_runtime
from discovery.settings import Settings

warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")


def _with_db(uri: str, name: str) -> str:
    base, _, query = uri.partition("?")
    return f"{base.rsplit('/', 1)[0]}/{name}" + (f"?{query}" if query else "")


@pytest.fixture(scope="session")
def pg_uri(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    server = EmbeddedPostgres(tmp_path_factory.mktemp("pg") / "pgdata")
    uri = server.start()
    yield uri
    server.stop()


@pytest.fixture(scope="session")
def template_url(pg_uri: str) -> str:
    async def make() -> None:
        async with await psycopg.AsyncConnection.connect(pg_uri, autocommit=True) as conn:
            await conn.execute("create database discovery_template")
        async with await psycopg.AsyncConnection.connect(
            _with_db(pg_uri, "discovery_template")
        ) as conn:
            await apply_migrations(conn)

    asyncio.run(make())
    return _with_db(pg_uri, "discovery_template")


def create_database(pg_uri: str, template: str = "discovery_template") -> str:
    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_uri, autocommit=True) as conn:
        conn.execute(f"create database {name} template {template}")  # type: ignore[arg-type]
    return _with_db(pg_uri, name)


@pytest.fixture(scope="session")
def embedder() -> LocalMiniLMEmbedder:
    return LocalMiniLMEmbedder()


def settings_for(url: str, tmp: Path, **overrides: object) -> Settings:
    """Settings on the test database `url`; loopback clients (every test client) are exempt
    from the rate limits unless `overrides` say otherwise (tests/api/test_limits.py)."""
    overrides = {"discovery_limits_exempt_loopback": True, **overrides}
    return Settings(database_url=SecretStr(url), discovery_data_dir=tmp, **overrides)  # type: ignore[arg-type]


@pytest.fixture
def empty_db_settings(pg_uri: str, template_url: str, tmp_path: Path) -> Settings:
    return settings_for(create_database(pg_uri), tmp_path)


@pytest.fixture
async def runtime(
    empty_db_settings: Settings, embedder: LocalMiniLMEmbedder
) -> AsyncIterator[Runtime]:
    async with open_runtime(empty_db_settings, embedder) as rt:
        yield rt


@pytest.fixture(scope="session")
def demo_db_url(
    pg_uri: str, template_url: str, embedder: LocalMiniLMEmbedder, tmp_path_factory
) -> str:
    url = create_database(pg_uri)

    async def load() -> None:
        settings = settings_for(url, tmp_path_factory.mktemp("demo"))
        async with open_runtime(settings, embedder) as rt:
            await load_demo_if_empty(rt)

    asyncio.run(load())
    return url


@pytest.fixture
async def demo_runtime(
    demo_db_url: str, embedder: LocalMiniLMEmbedder, tmp_path: Path
) -> AsyncIterator[Runtime]:
    async with open_runtime(settings_for(demo_db_url, tmp_path), embedder) as rt:
        yield rt


AGENTS_FIXTURE = Path(__file__).parent / "fixtures" / "agents_mixed.jsonl"


@pytest.fixture(scope="session")
def agents_db_url(
    pg_uri: str, template_url: str, embedder: LocalMiniLMEmbedder, tmp_path_factory
) -> str:
    """The fixture registry (`fixtures/agents_mixed.jsonl`) ingested once, for reading tests."""
    from discovery.catalog.a2a.ingest import ingest_agents

    url = create_database(pg_uri)

    async def load() -> None:
        settings = settings_for(url, tmp_path_factory.mktemp("agents"))
        async with open_runtime(settings, embedder) as rt:
            await ingest_agents(rt.db, rt.embedder, settings, [AGENTS_FIXTURE])

    asyncio.run(load())
    return url


@pytest.fixture
async def agents_runtime(
    agents_db_url: str, embedder: LocalMiniLMEmbedder, tmp_path: Path
) -> AsyncIterator[Runtime]:
    async with open_runtime(settings_for(agents_db_url, tmp_path), embedder) as rt:
        yield rt


@pytest.fixture(scope="session")
def agent_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One data directory for every agent built in the session: the intent classifier is
    trained once and its weights cached there."""
    return tmp_path_factory.mktemp("agent")
