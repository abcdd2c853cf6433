"""The filter columns copied onto the vectors' rows (migration *_vector_filters.sql) follow their
items through every write, so filtered search never answers from a stale copy."""

from __future__ import annotations

import json

import psycopg
import pytest
from tests.catalog.test_ingest import FIXTURE

from discovery.catalog.archives.ingest import ingest_archives
from discovery.runtime import Runtime
from discovery.search.models import SearchRequest, Strategy
from discovery.search.results import ItemHit

pytestmark = pytest.mark.integration

COPIES = """
select count(*) from item_embeddings e join items i on i.id = e.item_id
where (e.kind, e.is_active, e.skill_ids, e.media_type) is distinct from
      (i.kind, i.is_active, i.skill_ids, i.metadata ->> 'media_type')
   or e.date_lo is distinct from coalesce((i.metadata ->> 'date_start')::int,
                                          (i.metadata ->> 'date_end')::int)
   or e.date_hi is distinct from coalesce((i.metadata ->> 'date_end')::int,
                                          (i.metadata ->> 'date_start')::int)
"""


async def _stale_copies(conn: psycopg.AsyncConnection) -> int:
    row = await (await conn.execute(COPIES)).fetchone()
    assert row is not None
    return int(row[0])


async def _first_item(conn: psycopg.AsyncConnection) -> tuple[str, str]:
    row = await (await conn.execute("select id, title from items order by id limit 1")).fetchone()
    assert row is not None
    return row[0], row[1]


async def _search(rt: Runtime, query: str, **filters: object) -> list[ItemHit]:
    request = SearchRequest.build(
        query=query, strategy=Strategy.DIRECT, limit=50, tool_threshold=0.0, **filters
    )
    return (await rt.search.search(request)).items


@pytest.fixture
async def loaded(runtime: Runtime) -> Runtime:
    await ingest_archives(runtime.db, runtime.embedder, [FIXTURE])
    return runtime


async def test_ingested_vectors_carry_their_items_filter_values(loaded: Runtime) -> None:
    async with loaded.db.connection() as conn:
        row = await (await conn.execute("select count(*) from item_embeddings")).fetchone()
        assert row is not None and row[0] > 0
        assert await _stale_copies(conn) == 0


async def test_a_skill_change_moves_the_item_in_and_out_of_skill_filtered_search(
    loaded: Runtime,
) -> None:
    async with loaded.db.connection() as conn:
        item_id, title = await _first_item(conn)
        await conn.execute(
            "update items set skill_ids = array_append(skill_ids, 'test.moved') where id = %s",
            (item_id,),
        )
        assert await _stale_copies(conn) == 0
    assert [h.id for h in await _search(loaded, title, skill_ids=["test.moved"])] == [item_id]

    async with loaded.db.connection() as conn:
        await conn.execute(
            "update items set skill_ids = array_remove(skill_ids, 'test.moved') where id = %s",
            (item_id,),
        )
    assert await _search(loaded, title, skill_ids=["test.moved"]) == []


async def test_an_inactive_item_leaves_search_and_comes_back(loaded: Runtime) -> None:
    async with loaded.db.connection() as conn:
        item_id, title = await _first_item(conn)
        await conn.execute("update items set is_active = false where id = %s", (item_id,))
    assert item_id not in {h.id for h in await _search(loaded, title)}
    async with loaded.db.connection() as conn:
        await conn.execute("update items set is_active = true where id = %s", (item_id,))
    assert item_id in {h.id for h in await _search(loaded, title)}


async def test_media_type_and_dates_follow_a_metadata_change(loaded: Runtime) -> None:
    async with loaded.db.connection() as conn:
        item_id, title = await _first_item(conn)
        await conn.execute(
            "update items set metadata = metadata || %s where id = %s",
            (json.dumps({"media_type": "test-medium", "date_start": 1801, "date_end": 1802}),
             item_id),
        )  # fmt: skip
        assert await _stale_copies(conn) == 0
    hits = await _search(loaded, title, media_types=["test-medium"], date_from=1802, date_to=1810)
    assert [h.id for h in hits] == [item_id]
    assert await _search(loaded, title, media_types=["test-medium"], date_from=1803) == []


async def test_a_malformed_date_is_no_date_and_fails_no_write(loaded: Runtime) -> None:
    async with loaded.db.connection() as conn:
        item_id, title = await _first_item(conn)
        await conn.execute(
            "update items set metadata = metadata || %s where id = %s",
            (json.dumps({"date_start": "c. 1950", "date_end": None}), item_id),
        )
        row = await (
            await conn.execute(
                "select date_lo, date_hi from item_embeddings where item_id = %s", (item_id,)
            )
        ).fetchone()
    assert row == (None, None)
    assert item_id not in {h.id for h in await _search(loaded, title, date_from=1900)}


async def test_an_update_that_changes_no_copied_value_rewrites_no_vector(loaded: Runtime) -> None:
    async with loaded.db.connection() as conn:
        item_id, _ = await _first_item(conn)
        sql = "select xmin::text from item_embeddings where item_id = %s"
        before = await (await conn.execute(sql, (item_id,))).fetchone()
        await conn.execute(
            "update items set title = title || ' (re-titled)', skill_ids = skill_ids,"
            " updated_at = now() where id = %s",
            (item_id,),
        )
        after = await (await conn.execute(sql, (item_id,))).fetchone()
    assert before == after
