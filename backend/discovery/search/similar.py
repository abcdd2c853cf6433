"""More like this: the items nearest to one item of the catalog, by that item's own stored vector.

No text is embedded: the item's vector for the configured model is read from `item_embeddings`
and handed to the same SQL function every search uses (`match_items`, with the same filters),
so "more like this" ranks exactly as a search would. The item itself, and any ids the caller
has already shown, are left out. An unknown (or inactive) id is `UnknownItem`; a known item
without a vector for the configured model means the catalog needs `discovery reindex`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg.rows import dict_row
from pydantic import BaseModel, Field

from discovery.db import Database, ItemKind, MissingEmbeddingsError
from discovery.search import queries
from discovery.search.models import SearchFilters, SearchPlan, Strategy
from discovery.search.results import ItemHit, SearchMetadata, SearchResponse
from discovery.settings import Settings

LIKE_PREFIX = "like: "  # how a more-like-this search's query begins


class UnknownItem(LookupError):
    """No active item has this id."""

    def __init__(self, item_id: str) -> None:
        super().__init__(f"no item with id {item_id!r}")
        self.item_id = item_id


class ItemDetail(BaseModel):
    """One catalog item as stored: every field and all of its metadata (for an archive record:
    creator, date, place, media type, tags, source and thumbnail URLs, the source's own
    fields under `source`)."""

    id: str
    kind: ItemKind
    name: str
    title: str
    description: str
    summary: str
    metadata: dict[str, Any]
    skill_ids: list[str]
    primary_skill_id: str | None


class SimilarMetadata(BaseModel):
    embedding_model: str
    search_time_ms: float = Field(description="Reading the item's vector and ranking.")
    excluded_count: int = Field(description="Ids left out besides the item itself.")
    final_count: int


class SimilarItems(BaseModel):
    """The items most like `item`, nearest first."""

    item: ItemDetail
    items: list[ItemHit] = Field(
        description="The nearest items, each with its cosine similarity to `item` (not to a "
        "query), nearest first; `item` itself is never among them."
    )
    metadata: SimilarMetadata


@dataclass(frozen=True)
class SimilarQuery:
    """What to find: `limit` items like `item_id`, at least `threshold` similar, within
    `filters` (no kinds given: items of the item's own kind), none of `exclude_ids`."""

    item_id: str
    limit: int = 10
    threshold: float = 0.0
    filters: SearchFilters = field(default_factory=SearchFilters)
    exclude_ids: tuple[str, ...] = ()


_ITEM_SQL = """
select i.id, i.kind, i.name, i.title, i.description, i.summary, i.metadata, i.skill_ids,
       i.primary_skill_id, e.embedding
from items i
left join item_embeddings e on e.item_id = i.id and e.model = %(model)s
where i.id = %(id)s and i.is_active
"""


class SimilarService:
    def __init__(self, db: Database, model_id: str, settings: Settings) -> None:
        self.db = db
        self.model_id = model_id
        self.settings = settings

    async def item(self, item_id: str) -> ItemDetail:
        """The active item with this id, else `UnknownItem`."""
        async with self.db.connection() as conn:
            row = await self._row(conn, item_id)
        return _detail(row)

    async def similar(self, query: SimilarQuery) -> SimilarItems:
        started = time.perf_counter()
        excluded = set(query.exclude_ids) - {query.item_id}
        async with self.db.connection() as conn:
            row = await self._row(conn, query.item_id)
            if row["embedding"] is None:
                raise MissingEmbeddingsError(self.model_id)
            filters = query.filters
            if not filters.kinds:
                filters = SearchFilters(
                    kinds=(ItemKind(row["kind"]),),
                    skill_ids=filters.skill_ids,
                    media_types=filters.media_types,
                    date_from=filters.date_from,
                    date_to=filters.date_to,
                )
            hits = await queries.match_items(
                conn,
                row["embedding"].to_numpy(),
                threshold=query.threshold,
                count=query.limit + 1 + len(excluded),
                filters=filters.sql_args(),
                model_name=self.model_id,
                exact_max_rows=self.settings.discovery_exact_scan_max_rows,
                ef_search=self.settings.discovery_hnsw_ef_search,
            )
        items = [h for h in hits if h.id != query.item_id and h.id not in excluded]
        items = items[: query.limit]
        return SimilarItems(
            item=_detail(row),
            items=items,
            metadata=SimilarMetadata(
                embedding_model=self.model_id,
                search_time_ms=round((time.perf_counter() - started) * 1000, 3),
                excluded_count=len(excluded),
                final_count=len(items),
            ),
        )

    async def search_like(
        self, plan: SearchPlan, item_id: str, exclude_ids: Sequence[str] = ()
    ) -> SearchResponse:
        """The search mode `similar_to`: the plan's limit, threshold and filters, ranked by the
        item's own vector; answered as a search (`query` is the plan's, else "like: <title>")."""
        found = await self.similar(
            SimilarQuery(item_id, plan.limit, plan.tool_threshold, plan.filters, tuple(exclude_ids))
        )
        meta = found.metadata
        return SearchResponse(
            query=plan.query or like_query(found.item.title),
            items=found.items,
            matched_skills=[],
            metadata=SearchMetadata(
                strategy_used=Strategy.DIRECT,
                skill_ids_used=None,
                embedding_model=meta.embedding_model,
                query_embedding_time_ms=0.0,
                skill_search_time_ms=0.0,
                tool_search_time_ms=meta.search_time_ms,
                total_time_ms=meta.search_time_ms,
                stage1_skill_count=0,
                stage2_candidate_count=meta.final_count,
                final_count=meta.final_count,
            ),
        )

    async def _row(self, conn: psycopg.AsyncConnection, item_id: str) -> dict[str, Any]:
        async with conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(_ITEM_SQL, {"id": item_id, "model": self.model_id})
            row = await cur.fetchone()
        if row is None:
            raise UnknownItem(item_id)
        return row


def like_query(title: str, max_words: int = 8) -> str:
    """A readable query for a more-like-this search: "like: " and the title's first words."""
    words = title.split()
    return LIKE_PREFIX + " ".join(words[:max_words]) + (" ..." if len(words) > max_words else "")


def _detail(row: dict[str, Any]) -> ItemDetail:
    return ItemDetail.model_validate({k: v for k, v in row.items() if k != "embedding"})
