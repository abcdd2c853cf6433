"""Re-classifying stored tools on the real database."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.fixtures.bad_files import pick, tool_files

from discovery.catalog.skills.review import open_classifier, reclassify
from discovery.catalog.tools.ingest import ingest_tools
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration


async def test_reclassify_reads_items_stored_before_the_checks(
    runtime: Runtime, tmp_path: Path
) -> None:
    [bad] = pick(tool_files(), "tools.jsonl")
    path = tmp_path / bad.name
    path.write_bytes(bad.data)
    await ingest_tools(runtime.db, runtime.embedder, runtime.settings, [path])
    async with runtime.db.connection() as conn:  # what an older version let through
        await conn.execute(
            "update items set title = repeat('t', 3000), embedding_text = 'bell ' || chr(7)"
            " where id = 'tool:Bad Corpus::tool_1'"
        )
    classifier = await open_classifier(runtime.db, runtime.embedder, runtime.settings)
    assert await reclassify(runtime.db, runtime.embedder, classifier) >= 0
