"""What the archive's records say about its words and vectors (`search/vocabulary.py`), read on
the demo catalog."""

from __future__ import annotations

import numpy as np

from discovery.runtime import Runtime
from discovery.search.vocabulary import archive_centroid, archive_word_counts


async def test_the_centroid_is_the_mean_of_the_archives_vectors(demo_runtime: Runtime) -> None:
    model = demo_runtime.embedder.model_id
    async with demo_runtime.db.connection() as conn:
        rows = await (
            await conn.execute(
                "select e.embedding from item_embeddings e join items i on i.id = e.item_id"
                " where i.kind = 'archive' and i.is_active and e.model = %s order by e.item_id"
                " limit 500",
                (model,),
            )
        ).fetchall()
        centroid = await archive_centroid(conn, model, sample=500)
        assert await archive_centroid(conn, "no-such-model") is None
    expected = np.asarray([r[0].to_numpy() for r in rows]).mean(axis=0)
    assert centroid is not None and len(centroid) == 384
    assert np.allclose(centroid, expected, atol=1e-5)


async def test_word_counts_are_records_per_word(demo_runtime: Runtime) -> None:
    async with demo_runtime.db.connection() as conn:
        counts = dict(await archive_word_counts(conn))
        total = (await (await conn.execute("select count(*) from items where kind = 'archive'"
                                           " and is_active")).fetchone())[0]  # fmt: skip
    assert 0 < counts["portrait"] <= total
    assert max(counts.values()) <= total
