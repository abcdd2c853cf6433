"""The small tool catalog (tests/fixtures/tools_small.jsonl) ingested into its own database,
shared read-only by the search and API tests of one module; tests that write use `runtime`.
Skills proposed from the catalog wait in the review queue here (DISCOVERY_SKILL_PROPOSALS
review), so the tests see the seed skills, tentative best fits and a pending proposal."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tests.conftest import create_database, settings_for

from discovery.catalog.tools.ingest import ingest_tools
from discovery.embeddings.local import LocalMiniLMEmbedder
from discovery.runtime import open_runtime
from discovery.settings import Settings, SkillProposals

TOOLS_FIXTURE = Path(__file__).parent / "fixtures" / "tools_small.jsonl"


async def load_tools(settings: Settings, embedder: LocalMiniLMEmbedder) -> None:
    async with open_runtime(settings, embedder) as rt:
        review = rt.settings.model_copy(update={"discovery_skill_proposals": SkillProposals.REVIEW})
        await ingest_tools(rt.db, rt.embedder, review, [TOOLS_FIXTURE])


@pytest.fixture(scope="module")
def tools_db_url(
    pg_uri: str,
    template_url: str,
    embedder: LocalMiniLMEmbedder,
    tmp_path_factory: pytest.TempPathFactory,
) -> str:
    url = create_database(pg_uri)
    asyncio.run(load_tools(settings_for(url, tmp_path_factory.mktemp("tools")), embedder))
    return url
