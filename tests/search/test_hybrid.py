"""Hybrid search's legs side by side (two connections) or in turn (one) answer exactly as the
SQL they replace: `match_items_bm25` then the `match_items_fuse` of
20261128000700_convex_fusion.sql, copied here from that migration into a scratch schema. On a
copy of the demo archive with duplicated records, so that both legs have exact ties."""

from __future__ import annotations

import asyncio
import gzip
import json
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from tests.conftest import create_database, settings_for

from discovery.catalog.archives.ingest import ingest_archives
from discovery.embeddings.local import LocalMiniLMEmbedder
from discovery.runtime import DEMO_ARCHIVE, Runtime, open_runtime
from discovery.search import queries
from discovery.search.hybrid import HybridSearch
from discovery.search.models import SearchRequest
from discovery.search.service import SearchService
from discovery.settings import REPO_ROOT

pytestmark = pytest.mark.integration

BEFORE = REPO_ROOT / "supabase" / "migrations" / "20261128000700_convex_fusion.sql"
TIED_WORDS = ("jazz", "street", "portrait", "church")
CASES: list[tuple[str, dict[str, Any]]] = [
    ("Crawford Grill jazz musicians", {}),
    ("street scene", {}),
    ('"Hill District" -church', {}),
    ("portrait of a woman", {"media_types": ["photograph"], "date_from": 1950}),
    ("church choir", {"limit": 25}),
    ("zzzz qqqq", {}),  # neither leg finds anything above the threshold
]


def _before_function() -> str:
    """`match_items_fuse` as 20261128000700 created it, in the schema `before_change`."""
    body = re.search(r"create function match_items_fuse\(.*?\nend \$\$;", BEFORE.read_text(), re.S)
    assert body, BEFORE.name
    new_name = "function before_change.match_items_fuse("
    return body.group(0).replace("function match_items_fuse(", new_name, 1)


@pytest.fixture(scope="module")
def tied_db_url(
    demo_db_url: str,
    pg_uri: str,
    embedder: LocalMiniLMEmbedder,
    tmp_path_factory: pytest.TempPathFactory,
) -> str:
    """A copy of the demo catalog with a second copy of some records (same text, other ids)."""
    url = create_database(pg_uri, template=demo_db_url.partition("?")[0].rsplit("/", 1)[1])
    copies = tmp_path_factory.mktemp("ties") / "copies.jsonl"
    with gzip.open(DEMO_ARCHIVE, "rt") as src, copies.open("w") as out:
        for line in src:
            row = json.loads(line)
            if any(w in (row.get("title") or "").lower() for w in TIED_WORDS):
                out.write(json.dumps(row | {"id": row["id"] + "-copy"}) + "\n")

    async def load() -> None:
        settings = settings_for(url, tmp_path_factory.mktemp("tied"))
        async with open_runtime(settings, embedder) as rt:
            await ingest_archives(rt.db, rt.embedder, [copies])
            async with rt.db.connection() as conn:
                await conn.execute("create schema before_change")
                await conn.execute(_before_function())

    asyncio.run(load())
    return url


@pytest.fixture
async def tied(
    tied_db_url: str, embedder: LocalMiniLMEmbedder, tmp_path: Path
) -> AsyncIterator[Runtime]:
    async with open_runtime(settings_for(tied_db_url, tmp_path), embedder) as rt:
        yield rt


class _Recording(HybridSearch):
    """The real legs, noting which way each search ran them."""

    paths: list[str]

    async def _side_by_side(self, *args: Any) -> Any:
        self.paths.append("side_by_side")
        return await super()._side_by_side(*args)

    async def _in_turn(self, *args: Any) -> Any:
        self.paths.append("in_turn")
        return await super()._in_turn(*args)


def _service(rt: Runtime, **settings: object) -> tuple[SearchService, list[str]]:
    service = SearchService(rt.db, rt.embedder, rt.settings.model_copy(update=settings))
    recording = _Recording(rt.db, service.settings, rt.embedder.model_id)
    recording.paths = []
    service.hybrid = recording
    return service, recording.paths


async def _before(
    rt: Runtime, request: SearchRequest, cfg: Any, schema: str = "before_change"
) -> list[tuple]:
    """The answer of the SQL before this change (or of `public`'s `match_items_fuse`), on one
    connection, unrounded."""
    plan = request.plan(cfg)
    filters, depth = plan.filters.sql_args(), max(plan.limit, plan.fusion.depth)
    vector = rt.embedder.embed_query(plan.query)
    async with rt.db.connection() as conn:
        text = await queries.match_items_bm25(
            conn, plan.query, count=depth, filters=filters,
            candidate_budget=cfg.discovery_text_candidate_budget,
            phrase_weight=plan.fusion.phrase_weight,
        )  # fmt: skip
        prefix, weights = plan.fusion.weight_sql()  # the per-request fusion, if any
        rows = await (
            await conn.execute(
                prefix + "select id, similarity, rank_score, dense_rank, text_rank, text_score"
                f" from {schema}.match_items_fuse(%(q)s, %(ids)s, %(scores)s, %(n)s, %(th)s,"
                " filter_kinds => %(filter_kinds)s, filter_skill_ids => %(filter_skill_ids)s,"
                " active_only => %(active_only)s, filter_media_types => %(filter_media_types)s,"
                " date_from => %(date_from)s::int, date_to => %(date_to)s::int,"
                " model_name => %(m)s, exact_max_rows => %(exact)s, ef_search => %(ef)s,"
                f" {weights}, dense_depth => %(depth)s)",
                filters | plan.fusion.sql_args()
                | {"q": vector, "ids": [i for i, _ in text], "scores": [s for _, s in text],
                   "text": plan.query, "top_text_id": text[0][0] if text else None,
                   "n": plan.limit, "th": plan.tool_threshold, "m": rt.embedder.model_id,
                   "exact": cfg.discovery_exact_scan_max_rows,
                   "ef": cfg.discovery_hnsw_ef_search, "depth": depth},
            )
        ).fetchall()  # fmt: skip
    return [tuple(r) for r in rows]


def _served(response: Any) -> list[tuple]:
    ranks = response.metadata.leg_ranks or {}
    return [
        (h.id, h.score, h.rank_score, ranks[h.id].dense, ranks[h.id].text, ranks[h.id].text_score)
        for h in response.items
    ]


def _rounded(rows: list[tuple]) -> list[tuple]:
    """As the service reports them: `rank_score` to 6 places."""
    return [(r[0], r[1], round(r[2], 6), *r[3:]) for r in rows]


@pytest.mark.parametrize("fusion", ["convex", "rrf"])
async def test_hybrid_legs_answer_as_the_sql_before_them_ties_included(
    tied: Runtime, fusion: str
) -> None:
    side, side_paths = _service(tied, discovery_archive_fusion=fusion)
    turn, turn_paths = _service(
        tied, discovery_archive_fusion=fusion, discovery_hybrid_parallel_legs=False
    )
    tied_scores = 0
    for query, fields in CASES:
        request = SearchRequest.build(query=query, strategy="hybrid", **fields)
        before = await _before(tied, request, side.settings)
        assert await _before(tied, request, side.settings, "public") == before  # to the bit
        by_side = _served(await side.search(request))
        in_turn = _served(await turn.search(request))
        assert by_side == _rounded(before)  # ids, order, similarities, scores, leg ranks
        assert in_turn == _rounded(before)
        for column in (1, 2) if fusion == "convex" else (1,):  # similarity, fused score
            scores = [row[column] for row in before]
            tied_scores += len(scores) - len(set(scores))
    assert side_paths == ["side_by_side"] * len(CASES)
    assert turn_paths == ["in_turn"] * len(CASES)
    assert tied_scores >= 5  # the copies tie with their originals, and the order holds


async def test_dense_leg_ranks_as_match_items_on_both_paths(tied: Runtime) -> None:
    """`match_items_dense` is `match_items`'s ranking without the rows: the HNSW path
    (no filter) and the exact path (a selective filter)."""
    vector = tied.embedder.embed_query("jazz musicians at the Crawford Grill")
    cfg = tied.settings
    for filters in (
        SearchRequest.build(query="x").plan(cfg).filters.sql_args(),
        SearchRequest.build(query="x", date_from=1950, date_to=1951).plan(cfg).filters.sql_args(),
    ):
        args: dict[str, Any] = {
            "threshold": 0.0, "count": 100, "filters": filters,
            "model_name": tied.embedder.model_id, "exact_max_rows": 500, "ef_search": 100,
        }  # fmt: skip
        async with tied.db.connection() as conn:
            dense = await queries.match_items_dense(conn, vector, **args)
            full = await queries.match_items(conn, vector, **args)
        assert dense == [(h.id, h.score) for h in full] and len(dense) >= 20


async def test_hybrid_runs_in_turn_when_no_second_connection_is_idle(
    tied_db_url: str, embedder: LocalMiniLMEmbedder, tmp_path: Path
) -> None:
    settings = settings_for(tied_db_url, tmp_path, discovery_pool_max_size=1)
    async with open_runtime(settings, embedder) as rt:
        service, paths = _service(rt)
        request = SearchRequest.build(query="jazz musicians", strategy="hybrid")
        response = await service.search(request)
        assert _served(response) == _rounded(await _before(rt, request, service.settings))
    assert paths == ["in_turn"]


async def test_spare_connection_never_waits_for_a_busy_pool(
    tied_db_url: str, embedder: LocalMiniLMEmbedder, tmp_path: Path
) -> None:
    settings = settings_for(tied_db_url, tmp_path, discovery_pool_max_size=2)
    async with open_runtime(settings, embedder) as rt:
        async with rt.db.connection() as first, rt.db.spare_connection() as second:
            assert second is not None and second is not first
            assert await (await second.execute("select 1")).fetchone() == (1,)
            started = time.perf_counter()
            async with rt.db.spare_connection() as third:  # both are taken
                assert third is None
            assert time.perf_counter() - started < 0.5
        async with rt.db.connection() as conn:  # both went back to the pool, idle
            assert conn.info.transaction_status is psycopg.pq.TransactionStatus.IDLE
