"""The BM25 text leg alone at 87k and about 1M items, and its write cost (docs/archive-search.md).

No vectors are needed for the text leg, so the rows are written straight into `items` (the
normalized CMOA records, 87,289; then copies of them under new ids up to `--rows`), in a
database of its own (`<data dir>-text-bench`). Prints, per size: the time to write the rows with
the text index's triggers (and, for the first copy, without them: the index's write cost), and
the latency of `match_items_bm25` (median and p95 over the bench's 200 queries, after warm-up),
next to the old `match_items_text` (ts_rank_cd, all words) on the same rows.

    uv run python scripts/bench_text_leg.py --rows 1000000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import time

import psycopg
from psycopg.types.json import Jsonb

from discovery.catalog.archives.ingest import archive_files
from discovery.catalog.archives.read import read_archive_rows
from discovery.catalog.records import CatalogItem
from discovery.db.embedded import EmbeddedPostgres
from discovery.db.migrate import apply_migrations
from discovery.evaluation.bench_queries import CMOA_DIR, bench_queries
from discovery.evaluation.stats import summarize
from discovery.settings import get_settings

CHUNK = 20_000


async def _time_queries(conn: psycopg.AsyncConnection, sql: str, qs: list[str]) -> dict:
    for q in qs[:50]:  # warm-up
        await (await conn.execute(sql, (q,))).fetchall()
    times = []
    for q in qs:
        t = time.perf_counter()
        await (await conn.execute(sql, (q,))).fetchall()
        times.append((time.perf_counter() - t) * 1000)
    return summarize(times)


async def _postings(conn: psycopg.AsyncConnection, qs: list[str]) -> dict:
    """The alternative design, measured on the same rows: BM25 as a SQL aggregation over a
    postings table (term, item) with an index on the term, every posting of the query's terms
    scored (exact, no candidate budget)."""
    await conn.execute("drop table if exists bm25_postings_alt")
    await conn.execute(
        "create table bm25_postings_alt as select t as term_id, b.item_id, 1.0::real as w"
        " from item_bm25 b cross join unnest(b.term_ids) t"
    )
    await conn.execute("create index on bm25_postings_alt (term_id) include (item_id, w)")
    await conn.execute("vacuum analyze bm25_postings_alt")
    sql = (
        "with q as (select t.id, ln(1 + (s.n - f.df + 0.5) / (f.df + 0.5)) as idf"
        " from (select distinct lexeme from unnest(to_tsvector('english', %s))) l"
        " join bm25_terms t on t.term = l.lexeme join bm25_df f on f.term_id = t.id"
        " cross join (select sum(n_docs) n from bm25_kind_stats) s)"
        " select p.item_id, sum(q.idf * p.w) s from bm25_postings_alt p join q on q.id = p.term_id"
        " group by p.item_id order by s desc limit 100"
    )
    figures = await _time_queries(conn, sql, qs)
    await conn.execute("drop table bm25_postings_alt")
    return figures


async def _write(conn: psycopg.AsyncConnection, rows: list[tuple], copy: int) -> float:
    t = time.perf_counter()
    for start in range(0, len(rows), CHUNK):
        part = rows[start : start + CHUNK]
        await conn.execute(
            "insert into items (id, kind, name, title, description, metadata, content_hash)"
            " select r.id || %s, 'archive', r.name, r.title, r.description, r.metadata, 'h'"
            " from unnest(%s::text[], %s::text[], %s::text[], %s::text[], %s::jsonb[])"
            " as r(id, name, title, description, metadata)",
            (f"#{copy}" if copy else "", *[list(c) for c in zip(*part, strict=True)]),
        )
        await conn.commit()
    return time.perf_counter() - t


async def main(total: int) -> None:
    settings = get_settings()
    base = settings.discovery_data_dir
    work = base.with_name(base.name + "-text-bench")
    shutil.rmtree(work, ignore_errors=True)
    server = EmbeddedPostgres(work / "pgdata")
    uri = server.start()
    try:
        items = [
            row for path in archive_files([CMOA_DIR])
            for _, row in read_archive_rows(path) if isinstance(row, CatalogItem)
        ]  # fmt: skip
        rows = [(i.id, i.name, i.title, i.description, Jsonb(i.metadata)) for i in items]
        qs = bench_queries(200)
        bm25 = "select * from match_items_bm25(%s, 100, filter_kinds => array['archive'])"
        legacy = (
            "select i.id from items i, websearch_to_tsquery('english', %s) q"
            " where i.search_text @@ q order by ts_rank_cd(i.search_text, q) desc limit 100"
        )
        out: dict = {"records": len(rows)}
        async with await psycopg.AsyncConnection.connect(uri) as conn:
            await apply_migrations(conn)
            await conn.set_autocommit(False)
            await conn.execute("alter table items disable trigger items_bm25_insert")
            plain = await _write(conn, rows, 1000)
            await conn.execute("delete from items")
            await conn.execute("alter table items enable trigger items_bm25_insert")
            await conn.commit()
            indexed = await _write(conn, rows, 0)
            out["write_rows_per_s_without_text_index"] = round(len(rows) / plain)
            out["write_rows_per_s_with_text_index"] = round(len(rows) / indexed)
            await conn.execute("select bm25_refresh()")
            await conn.commit()
            await conn.set_autocommit(True)
            await conn.execute("vacuum analyze")
            sizes = {len(rows): None}
            copy = 1
            while (copy + 1) * len(rows) <= total:
                sizes[(copy + 1) * len(rows)] = None
                copy += 1
            for n_items in sizes:
                if n_items > len(rows):
                    await conn.set_autocommit(False)
                    t = await _write(conn, rows, n_items // len(rows) - 1)
                    await conn.set_autocommit(True)
                    if n_items != max(sizes):
                        continue
                    out[f"write_rows_per_s_at_{n_items}"] = round(len(rows) / t)
                    await conn.execute("select bm25_refresh()")
                    await conn.execute("vacuum analyze")
                out[f"bm25_ms_at_{n_items}"] = await _time_queries(conn, bm25, qs)
                out[f"ts_rank_cd_all_words_ms_at_{n_items}"] = await _time_queries(conn, legacy, qs)
                out[f"postings_table_bm25_ms_at_{n_items}"] = await _postings(conn, qs)
                print(json.dumps(out, indent=1), flush=True)
    finally:
        server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1_000_000)
    asyncio.run(main(parser.parse_args().rows))
