"""Places and their adjectives in the archive BM25 leg (`match_items_bm25(..., place_weight)`,
migration 20261202000100; the table from `config/places.toml`), on the embedded PostgreSQL and
the real local model: "prints from Japan" finds a record that says "Japanese" only."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.archive_rows import ingest_records

from discovery.runtime import Runtime
from discovery.search import queries
from discovery.search.models import SearchRequest
from discovery.search.service import SearchService

pytestmark = pytest.mark.integration

RECORDS = [
    {"id": "hiroshige", "title": "Evening Snow at Kambara", "medium": "woodblock print",
     "creators": ["Utagawa Hiroshige (Japanese)"]},
    {"id": "hokusai", "title": "Mount Fuji seen from Japan's coast", "medium": "woodblock print",
     "creators": ["Katsushika Hokusai (Japanese)"]},
    {"id": "meryon", "title": "The Morgue", "medium": "etching, print",
     "creators": ["Charles Meryon (French)"]},
    {"id": "whistler", "title": "The Thames", "medium": "lithograph, print",
     "creators": ["James McNeill Whistler (American)"]},
    {"id": "vase", "title": "Vase", "medium": "glazed stoneware",
     "creators": ["unknown Japanese"]},
    {"id": "chair", "title": "Side Chair", "medium": "oak", "creators": ["Gustav Stickley"]},
    {"id": "map", "title": "Map of Japan", "medium": "engraving",
     "creators": ["John Speed (English)"]},
] + [
    {"id": f"print-{i}", "title": title, "medium": "etching, print",
     "creators": [f"Printmaker {i} (American)"]}
    for i, title in enumerate(("Harbor", "Bridge", "Mill", "Orchard", "Street", "Barn"))
]  # fmt: skip


@pytest.fixture
async def prints(runtime: Runtime, tmp_path: Path) -> Runtime:
    return await ingest_records(runtime, tmp_path / "prints.jsonl", RECORDS)


async def _bm25(rt: Runtime, text: str, weight: float, adjective: float = 0.0) -> dict[str, float]:
    filters = SearchRequest.build(query=text).plan(rt.settings).filters.sql_args()
    async with rt.db.connection() as conn:
        hits = await queries.match_items_bm25(
            conn, text, count=20, filters=filters, candidate_budget=2500, place_weight=weight,
            place_adjective_weight=adjective,
        )  # fmt: skip
    return dict(hits)


async def _weight(rt: Runtime, item: str, lexeme: str) -> float:
    """The record's stored BM25F weight of one term."""
    async with rt.db.connection() as conn:
        row = await (
            await conn.execute(
                "select -(b.weights <#> format('{%%s:1}/1000000000', t.id)::sparsevec)"
                " from item_bm25 b, bm25_terms t where b.item_id = %s and t.term = %s",
                (item, lexeme),
            )
        ).fetchone()
    assert row is not None
    return float(row[0])


async def test_table_is_written_from_the_config_file(prints: Runtime) -> None:
    async with prints.db.connection() as conn:
        rows = await (
            await conn.execute(
                "select form, lexemes from bm25_place_forms where place = 'the United States'"
                " order by form"
            )
        ).fetchall()
    forms = dict(rows)
    assert forms["United States"] == ["unit", "state"]  # "the" left out, stemmed, in order
    assert forms["American"] == ["american"]


async def test_country_finds_the_record_that_says_its_adjective(prints: Runtime) -> None:
    off = await _bm25(prints, "prints from Japan", 0.0)
    on = await _bm25(prints, "prints from Japan", 0.5)  # adjective weight 0: no matter here
    # without folding, "Japan" is in two titles; the Hiroshige print is one print among many
    assert set(sorted(off, key=lambda i: -off[i])[:2]) == {"hokusai", "map"}
    assert off["hiroshige"] == pytest.approx(off["meryon"], rel=0.2)
    # with it, the Japanese print that names Japan comes first, and the records that only say
    # "Japanese" come before the other prints
    ranked = sorted(on, key=lambda i: -on[i])
    assert ranked[0] == "hokusai"
    for japanese in ("hiroshige", "vase"):
        assert on[japanese] > on["meryon"] and on[japanese] > on["whistler"]
    assert "chair" not in on


async def test_adjective_request_folds_by_its_own_weight(prints: Runtime) -> None:
    """A request saying the country only as an adjective reaches its other forms by
    `place_adjective_weight` (at 0 it ranks as without folding); one naming the country by
    `place_weight` whatever the other says."""
    assert set(await _bm25(prints, "Japan", 0.0)) == {"hokusai", "map"}
    folded = await _bm25(prints, "Japanese", 1.0, adjective=0.5)
    assert set(folded) == {"hiroshige", "hokusai", "vase", "map"}
    assert await _bm25(prints, "Japanese", 1.0, adjective=0.0) == await _bm25(
        prints, "Japanese", 0.0
    )
    assert {"hiroshige", "vase"} <= set(await _bm25(prints, "Japan", 0.5, adjective=0.0))


async def test_record_saying_both_forms_is_counted_once(prints: Runtime) -> None:
    """The group scores idf x the larger of the forms' weights, never their sum."""
    on = await _bm25(prints, "Japan", 1.0)
    idf = on["hiroshige"] / await _weight(prints, "hiroshige", "japanes")
    both = [await _weight(prints, "hokusai", t) for t in ("japan", "japanes")]
    assert on["hokusai"] == pytest.approx(idf * max(both))
    assert on["hokusai"] < idf * sum(both) * 0.99


async def test_off_is_the_previous_ranking(prints: Runtime) -> None:
    """Weight 0 (the SQL default, rpc clients and tool search) is exactly the leg without it."""
    for text in ("prints from Japan", "Japanese vase", "side chair -oak", '"woodblock print"'):
        async with prints.db.connection() as conn:
            rows = await (
                await conn.execute("select id, bm25 from match_items_bm25(%s, 20)", (text,))
            ).fetchall()
        assert dict(rows) == await _bm25(prints, text, 0.0)


async def test_archive_search_folds_places_when_set(prints: Runtime) -> None:
    """Through the service: hybrid (convex) passes the setting to the BM25 leg."""

    async def text_hits(weight: float) -> set[str]:
        cfg = prints.settings.model_copy(update={"discovery_archive_place_weight": weight})
        request = SearchRequest.build(query="prints from Japan", strategy="hybrid", limit=6)
        response = await SearchService(prints.db, prints.embedder, cfg).search(request)
        ranks = response.metadata.leg_ranks or {}
        return {i for i, r in ranks.items() if r.text is not None}

    assert "vase" in await text_hits(0.5)
    assert "vase" not in await text_hits(0.0)
