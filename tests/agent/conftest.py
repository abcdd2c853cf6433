"""Agent fixtures: the real demo database, the real embedder, the intent classifier trained
once per session (its weights cached in a session directory)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from tests.conftest import settings_for

from discovery.agent.domain import DomainConfig
from discovery.agent.offline.intent_model import LocalIntentClassifier
from discovery.agent.service import AgentService, open_agent
from discovery.embeddings.local import LocalMiniLMEmbedder
from discovery.runtime import Runtime, open_runtime
from discovery.settings import Settings


@pytest.fixture
def agent_settings(demo_db_url: str, agent_data_dir: Path) -> Settings:
    return settings_for(demo_db_url, agent_data_dir)


@pytest.fixture
async def agent_runtime(
    agent_settings: Settings, embedder: LocalMiniLMEmbedder
) -> AsyncIterator[Runtime]:
    async with open_runtime(agent_settings, embedder) as rt:
        yield rt


@pytest.fixture
async def agent(agent_runtime: Runtime) -> AsyncIterator[AgentService]:
    async with open_agent(agent_runtime) as service:
        yield service


@pytest.fixture(scope="module")
def domain() -> DomainConfig:
    return DomainConfig.load()


@pytest.fixture(scope="module")
def classifier(
    embedder: LocalMiniLMEmbedder, domain: DomainConfig, agent_data_dir: Path
) -> LocalIntentClassifier:
    return LocalIntentClassifier.train(embedder, domain, cache_dir=agent_data_dir / "cache")
