"""Words the request writes side by side, found side by side, in the archive BM25 leg
(`match_items_bm25_phrased(..., phrase_weight)`, migration 20261203000100), on the embedded
PostgreSQL: "leather jackets" puts the portraits in leather jackets above a leather bag and a
leather hat worn with a corduroy jacket; with the weight 0 the ranking is `match_items_bm25`'s."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from tests.archive_rows import ingest_records

from discovery.runtime import Runtime
from discovery.search import queries
from discovery.search.models import SearchRequest

pytestmark = pytest.mark.integration

RECORDS = [
    {"id": "bag", "title": "Bag", "description": "Leather bag with a brass clasp and a jacket"
     " pocket.", "medium": "leather"},
    {"id": "hat", "title": "Man wearing leather hat and corduroy jacket"},
    {"id": "turner", "title": "Portrait of Fred Turner wearing plaid shirt, sweater and dark"
     " leather jacket, standing in front of storefront with sign reading open"},
    {"id": "burton", "title": "Portrait of English Burton wearing light colored leather jacket"
     " and scarf, standing in front of arcade with awning and parked cars"},
] + [
    {"id": f"other-{i}", "title": title}
    for i, title in enumerate(("Boy wearing wool jacket", "Leather chair", "Street with cars",
                               "Woman wearing dark coat", "Two men in suits"))
]  # fmt: skip


@pytest.fixture
async def catalog(runtime: Runtime, tmp_path: Path) -> Runtime:
    return await ingest_records(runtime, tmp_path / "jackets.jsonl", RECORDS)


async def _bm25(rt: Runtime, text: str, weight: float) -> list[tuple[str, float]]:
    filters = SearchRequest.build(query=text).plan(rt.settings).filters.sql_args()
    async with rt.db.connection() as conn:
        return await queries.match_items_bm25(
            conn, text, count=20, filters=filters, candidate_budget=2500, phrase_weight=weight
        )


async def _plain(rt: Runtime, text: str) -> list[tuple[str, float]]:
    """`match_items_bm25` itself, without the phrased wrapper."""
    async with rt.db.connection() as conn:
        rows = await (
            await conn.execute(
                "select id, bm25 from match_items_bm25(%s, 20, filter_kinds => '{archive}')",
                (text,),
            )
        ).fetchall()
    return [(str(r[0]), float(r[1])) for r in rows]


async def test_the_pairs_are_the_adjacent_words_without_stop_words_or_syntax(
    catalog: Runtime,
) -> None:
    async with catalog.db.connection() as conn:
        row = await (
            await conn.execute(
                "select bm25_phrase_queries(%s)::text[]",
                ('people in leather jackets "dark coat" -wool with brass clasps',),
            )
        ).fetchone()
    assert row is not None
    assert row[0] == ["'leather' <-> 'jacket'", "'brass' <-> 'clasp'"]


async def test_records_holding_the_pair_in_order_come_first(catalog: Runtime) -> None:
    plain = [i for i, _ in await _bm25(catalog, "leather jackets", 0.0)]
    phrased = await _bm25(catalog, "leather jackets", 1.0)
    assert plain[:2] != ["turner", "burton"] and {"turner", "burton"} - set(plain[:2])
    assert {i for i, _ in phrased[:2]} == {"turner", "burton"}
    scores = dict(phrased)
    plain_scores = dict(await _bm25(catalog, "leather jackets", 0.0))
    assert scores["turner"] == pytest.approx(2 * plain_scores["turner"])  # one pair of one held
    assert scores["bag"] == pytest.approx(plain_scores["bag"])  # "leather ... jacket": not held


async def test_without_a_weight_or_a_pair_it_is_the_plain_ranking(catalog: Runtime) -> None:
    for text in ("leather jackets", "jacket", "people in leather"):
        assert await _bm25(catalog, text, 0.0) == await _plain(catalog, text)
    assert await _bm25(catalog, "jacket", 2.0) == await _plain(catalog, "jacket")  # no pair


async def test_a_negative_weight_is_refused(catalog: Runtime) -> None:
    refused = psycopg.errors.InvalidParameterValue
    async with catalog.db.connection() as conn:
        with pytest.raises(refused, match="phrase_weight must be at least 0"):
            await conn.execute(
                "select * from match_items_bm25_phrased('leather jackets', 5, phrase_weight => -1)"
            )
