"""The BM25 text index (supabase/migrations/*_bm25_text_leg.sql) stays exact through inserts,
updates and deletes: its document frequencies and lengths equal a recount from scratch."""

from __future__ import annotations

import psycopg
import pytest
from psycopg.types.json import Jsonb

from discovery.runtime import Runtime

pytestmark = pytest.mark.integration

_INSERT = (
    "insert into items (id, kind, name, title, description, metadata, content_hash)"
    " values (%s, %s, %s, %s, %s, %s, 'h')"
)
_RECOUNT = """
with p as (select * from _bm25_postings(array(select i from items i)))
select p.kind, p.term, count(*)::int from p group by 1, 2
"""
_STORED = """
select f.kind, t.term, f.df from bm25_df f join bm25_terms t on t.id = f.term_id where f.df > 0
"""
_LENGTHS = """
select i.kind, count(distinct i.id)::int,
       array(select coalesce(sum(p.tfs[f]), 0) from _bm25_postings(array(select x from items x)) p
             cross join generate_series(1, 8) f where p.kind = i.kind group by f order by f)
from items i group by i.kind
"""


async def _check(conn: psycopg.AsyncConnection) -> None:
    recount = set(await (await conn.execute(_RECOUNT)).fetchall())
    stored = set(await (await conn.execute(_STORED)).fetchall())
    assert stored == recount
    lengths = {r[0]: (r[1], list(r[2])) for r in await (await conn.execute(_LENGTHS)).fetchall()}
    kinds = await (
        await conn.execute("select kind, n_docs, len_sum from bm25_kind_stats where n_docs > 0")
    ).fetchall()
    assert {r[0]: (r[1], list(r[2])) for r in kinds} == lengths
    docs = await (await conn.execute("select count(*) from item_bm25")).fetchone()
    items = await (await conn.execute("select count(*) from items")).fetchone()
    assert docs == items


async def _ranked(conn: psycopg.AsyncConnection, query: str) -> list[str]:
    rows = await (await conn.execute("select id from match_items_bm25(%s)", (query,))).fetchall()
    return [r[0] for r in rows]


async def test_statistics_stay_exact_through_inserts_updates_and_deletes(
    runtime: Runtime,
) -> None:
    async with runtime.db.connection() as conn:
        meta = Jsonb({"creator": "Teenie Harris", "medium": "gelatin"})
        await conn.execute(_INSERT, ("a", "archive", "a", "Jazz band on stage", "", meta))
        meta = Jsonb({"place": "Paris"})
        await conn.execute(_INSERT, ("b", "archive", "b", "Portrait", "A jazz singer", meta))
        await conn.execute(_INSERT, ("c", "tool", "c", "Convert PDF", "Converts jazz", Jsonb({})))
        await _check(conn)
        ranked = await _ranked(conn, "jazz band")
        assert ranked[0] == "a" and sorted(ranked) == ["a", "b", "c"]
        await conn.execute("update items set title = 'Blues band' where id = 'a'")
        await conn.execute("update items set is_active = false where id = 'c'")  # no text change
        await _check(conn)
        assert await _ranked(conn, "jazz") == ["b"]  # a lost the word; c is inactive
        await conn.execute("delete from items where id = 'b'")
        await _check(conn)
        assert await _ranked(conn, "jazz") == []
        await conn.execute("update items set is_active = true where id = 'c'")
        assert await _ranked(conn, "jazz") == ["c"]


async def test_a_rare_word_outranks_a_common_one_and_syntax_still_works(runtime: Runtime) -> None:
    async with runtime.db.connection() as conn:
        for n in range(12):
            title = "Portrait of a man" + (" with a trumpet" if n == 3 else "")
            await conn.execute(_INSERT, (f"p{n}", "archive", "p", title, "", Jsonb({})))
        await conn.execute(_INSERT, ("q", "archive", "q", "Portrait portrait portrait", "",
                                     Jsonb({})))  # fmt: skip
        ranked = await _ranked(conn, "portrait trumpet")
        assert ranked[0] == "p3"  # the rare word decides; repeating the common one does not
        assert await _ranked(conn, "portrait -trumpet") == [r for r in ranked if r != "p3"]
        assert await _ranked(conn, '"man with a trumpet"') == ["p3"]


async def test_refresh_rewrites_weights_when_average_lengths_drift(runtime: Runtime) -> None:
    async with runtime.db.connection() as conn:
        await conn.execute(_INSERT, ("s", "archive", "s", "Jazz", "", Jsonb({})))
        await conn.execute(_INSERT, ("l", "archive", "l", "Jazz " + "words " * 40, "", Jsonb({})))
        before = await (await conn.execute("select weights from item_bm25 where item_id = 's'"))\
            .fetchone()  # fmt: skip
        assert await (await conn.execute("select bm25_refresh()")).fetchone() == (2,)
        after = await (await conn.execute("select weights from item_bm25 where item_id = 's'"))\
            .fetchone()  # fmt: skip
        assert before != after  # the short title now weighs more against a longer average
        assert await (await conn.execute("select bm25_refresh()")).fetchone() == (0,)
        await _check(conn)
