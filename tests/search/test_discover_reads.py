"""discover's reads after its candidates (statistics, schemas, related tools) in one pipeline:
the same answers as the three reads one after the other."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tests.capability_catalog import tools_rt, tools_template, tools_url  # noqa: F401
from tests.conftest import settings_for
from tests.search.test_discover import FORECAST, PRIOR, READ, _capability, _runs

from discovery.db import ItemKind
from discovery.db.executions import load_stats
from discovery.embeddings.local import LocalMiniLMEmbedder
from discovery.runtime import Runtime, open_runtime
from discovery.search.discover_models import DiscoverRequest
from discovery.search.discover_reads import read_candidates
from discovery.search.queries import input_schemas
from discovery.search.related import related_tools

pytestmark = pytest.mark.integration

AIR = "tool:Weather Now::get_air_quality"


async def test_one_pipeline_reads_what_the_three_separate_reads_do(
    tools_rt: Runtime,  # noqa: F811
) -> None:
    cap = await _capability(tools_rt, "f(g())", "Forecast and air quality", [FORECAST, AIR])
    await _runs(tools_rt, ItemKind.TOOL, FORECAST, [True, False], trace="t-1")
    await _runs(tools_rt, ItemKind.TOOL, READ, [True], trace="t-1")
    ids, tools = [cap, FORECAST, AIR, READ], [FORECAST, AIR, READ]
    async with tools_rt.db.connection() as conn:
        reads = await read_candidates(conn, ids, tools, 3, PRIOR)
        assert reads.stats == await load_stats(conn, ids)
        assert set(reads.stats) == {cap, FORECAST, READ}  # AIR never ran
        assert reads.schemas == await input_schemas(conn, tools)
        assert reads.schemas[FORECAST] is not None
        assert reads.related == await related_tools(conn, tools, 3, PRIOR)
        assert reads.related is not None and reads.related[FORECAST]
        # the connection is usable afterwards (the pipeline is closed)
        assert (await (await conn.execute("select 1")).fetchone()) == (1,)


async def test_related_tools_are_read_only_when_asked(tools_rt: Runtime) -> None:  # noqa: F811
    async with tools_rt.db.connection() as conn:
        plain = await read_candidates(conn, [FORECAST], [FORECAST], None, PRIOR)
        nothing = await read_candidates(conn, [], [], 3, PRIOR)
    assert plain.related is None and set(plain.schemas) == {FORECAST}
    assert nothing.stats == {} and nothing.schemas == {} and nothing.related == {}


async def test_concurrent_discovers_on_a_small_pool_do_not_starve_it(
    tools_url: str,  # noqa: F811
    embedder: LocalMiniLMEmbedder,
    tmp_path: Path,
) -> None:
    """Each leg holds one connection while the intent is embedded and takes no second one;
    the reads take theirs after the legs let go. With two connections for eight requests, a
    leg that waited for a second connection would stall until the pool's timeout."""
    settings = settings_for(
        tools_url, tmp_path, discovery_pool_max_size=2, discovery_pool_timeout_seconds=3.0
    )
    intents = ["read a file", "weather forecast", "git_diff", "chart the sales"] * 2
    async with open_runtime(settings, embedder) as rt:
        responses = await asyncio.wait_for(
            asyncio.gather(
                *(
                    rt.discover.discover(DiscoverRequest.build(intent=i, include_related=True))
                    for i in intents
                )
            ),
            timeout=30,
        )
    assert all(r.results for r in responses)
