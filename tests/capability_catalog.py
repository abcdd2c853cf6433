"""A fresh database per test that already holds the small tool catalog
(tests/fixtures/tools_small.jsonl): the catalog is ingested once, into a template database,
and each test gets a clone of it (CREATE DATABASE ... TEMPLATE, a few ms). For the capability,
execution and discover tests, which write."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from tests.conftest import create_database, settings_for
from tests.tool_catalog import load_tools

from discovery.embeddings.local import LocalMiniLMEmbedder
from discovery.runtime import Runtime, open_runtime


@pytest.fixture(scope="session")
def tools_template(
    pg_uri: str,
    template_url: str,
    embedder: LocalMiniLMEmbedder,
    tmp_path_factory: pytest.TempPathFactory,
) -> str:
    url = create_database(pg_uri)
    asyncio.run(load_tools(settings_for(url, tmp_path_factory.mktemp("tools-template")), embedder))
    return url.partition("?")[0].rsplit("/", 1)[1]


@pytest.fixture
def tools_url(pg_uri: str, tools_template: str) -> str:
    return create_database(pg_uri, template=tools_template)


@pytest.fixture
async def tools_rt(
    tools_url: str, embedder: LocalMiniLMEmbedder, tmp_path: Path
) -> AsyncIterator[Runtime]:
    async with open_runtime(settings_for(tools_url, tmp_path), embedder) as rt:
        yield rt
