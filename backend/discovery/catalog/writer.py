"""The write path's last steps: summarize, embed (batched), classify, upsert idempotently.

Each batch is written in one transaction (item, vector and skill assignments together), so an
interrupted run leaves only whole items behind and a re-run picks up where it stopped: an
unchanged item (same content hash, vector present for this model) is not re-embedded.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field

import psycopg
from psycopg.types.json import Jsonb

from discovery.catalog.records import CatalogItem, RowError
from discovery.catalog.skills.placement import Classifier, Matrix, Placement
from discovery.catalog.skills.vectors import ensure_description_vectors, refresh_centroids
from discovery.catalog.summarize import Summarizer
from discovery.db import Database, MissingEmbeddingsError
from discovery.embeddings import Embedder


@dataclass
class IngestReport:
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0
    errors: list[RowError] = field(default_factory=list)
    suggested: int = 0
    """New-skill suggestions filed (one per unplaced item, or one per group proposed from the
    catalog after a tool ingest)."""
    skills_created: int = 0
    """Skills created from the catalog's proposals (tool ingest with proposals accepted)."""
    ignored: Counter[str] = field(default_factory=Counter)
    """What was read but not used, by kind (e.g. skill ids outside the indexed prefixes)."""

    def skip(self, error: RowError) -> None:
        self.skipped += 1
        self.errors.append(error)


# One statement per batch (rows as arrays): the text index's statement triggers then index the
# whole batch at once (supabase/migrations/*_bm25_text_leg.sql).
InTransaction = Callable[[psycopg.AsyncConnection], Awaitable[object]]

_UPSERT_ITEMS = """
insert into items (id, kind, name, title, description, summary, embedding_text, metadata,
                   skill_ids, primary_skill_id, content_hash)
select r.id, r.kind, r.name, r.title, r.description, r.summary, r.embedding_text, r.metadata,
       array(select jsonb_array_elements_text(r.skill_ids)), r.primary_skill_id, r.content_hash
from unnest(%s::text[], %s::text[], %s::text[], %s::text[], %s::text[], %s::text[], %s::text[],
            %s::jsonb[], %s::jsonb[], %s::text[], %s::text[])
     as r(id, kind, name, title, description, summary, embedding_text, metadata, skill_ids,
          primary_skill_id, content_hash)
on conflict (id) do update set
    kind = excluded.kind, name = excluded.name, title = excluded.title,
    description = excluded.description, summary = excluded.summary,
    embedding_text = excluded.embedding_text,
    metadata = excluded.metadata, skill_ids = excluded.skill_ids,
    primary_skill_id = excluded.primary_skill_id, content_hash = excluded.content_hash,
    is_active = true, updated_at = now()
"""
_UPSERT_SCHEMA = """
insert into item_schemas (item_id, input_schema) values (%s, %s)
on conflict (item_id) do update set input_schema = excluded.input_schema
"""
_UPSERT_VECTOR = """
insert into item_embeddings (item_id, model, content_hash, embedding) values (%s, %s, %s, %s)
on conflict (item_id, model) do update
    set content_hash = excluded.content_hash, embedding = excluded.embedding
"""


@dataclass
class Staged:
    """A batch ready to commit: the items that changed, their summaries, vectors and skills."""

    items: list[CatalogItem] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    vectors: Matrix | None = None
    placed: list[Placement] = field(default_factory=list)
    fresh: int = 0
    changed: int = 0


class CatalogWriter:
    def __init__(
        self,
        db: Database,
        embedder: Embedder,
        summarizer: Summarizer,
        classifier: Classifier | None = None,
    ) -> None:
        self.db = db
        self.embedder = embedder
        self.summarizer = summarizer
        self.classifier = classifier
        self.model = embedder.model_id
        self.defer_text_index = False
        """Set for a bulk load (`catalog/bulk.py`): the BM25 triggers leave its rows to the
        load's end."""

    async def prepare(self) -> None:
        """Check the configured model covers the catalog (or the catalog is empty)."""
        async with self.db.connection() as conn, conn.transaction():
            await conn.execute("lock table embedding_models in share row exclusive mode")
            row = await (
                await conn.execute(
                    "select status from embedding_models where model = %s", (self.model,)
                )
            ).fetchone()
            if row is None:
                empty = await (
                    await conn.execute("select not exists (select 1 from items)")
                ).fetchone()
                if not (empty and empty[0]):
                    raise MissingEmbeddingsError(self.model)
                await conn.execute(
                    "insert into embedding_models (model, dim, status) values (%s, %s, 'ready')",
                    (self.model, self.embedder.dim),
                )
            elif row[0] != "ready":
                raise MissingEmbeddingsError(self.model)
            await ensure_description_vectors(conn, self.embedder)

    async def write(
        self,
        items: list[CatalogItem],
        report: IngestReport,
        in_transaction: InTransaction | None = None,
    ) -> list[Placement]:
        """Write one batch; counts go to `report`. Later duplicates of an id win. Returns the
        placements of the items written (an unchanged item is neither written nor placed).
        `in_transaction(conn)` writes what belongs with the items in their own transaction
        (it runs only when something was written)."""
        return await self.commit(await self.stage(items, report), report, in_transaction)

    async def stage(
        self,
        items: list[CatalogItem],
        report: IngestReport,
        pending: Mapping[str, str] | None = None,
    ) -> Staged:
        """The first half of `write`, which touches no row: what changed, then summaries,
        vectors and skills for it. `pending` (id -> content hash) is a batch still being
        committed: its items count as stored, so a pipeline can stage the next batch meanwhile
        and still find what that one wrote unchanged."""
        batch = list({item.id: item for item in items}.values())
        report.skipped += len(items) - len(batch)
        if not batch:
            return Staged()
        async with self.db.connection() as conn:
            known = await _known_hashes(conn, [i.id for i in batch], self.model)
        for item in batch:
            if pending and item.id in pending:
                known[item.id] = (pending[item.id],) * 2
        fresh = [i for i in batch if i.id not in known]
        changed = [i for i in batch if i.id in known and known[i.id] != (i.content_hash,) * 2]
        report.unchanged += len(batch) - len(fresh) - len(changed)
        todo = fresh + changed
        if not todo:
            return Staged()
        # In a worker thread: the model releases the GIL, and the event loop stays free for
        # the batch a pipeline is committing meanwhile.
        summaries, vectors, placed = await asyncio.to_thread(self._compute, todo)
        return Staged(todo, summaries, vectors, placed, len(fresh), len(changed))

    def _compute(self, items: list[CatalogItem]) -> tuple[list[str], Matrix, list[Placement]]:
        summaries = [item.summary or self.summarizer.summarize(item) for item in items]
        vectors = self.embedder.embed_documents([item.embedding_text for item in items])
        placed = (
            self.classifier.classify(items, vectors)
            if self.classifier
            else [Placement([]) for _ in items]
        )
        return summaries, vectors, placed

    async def commit(
        self, staged: Staged, report: IngestReport, in_transaction: InTransaction | None = None
    ) -> list[Placement]:
        """The second half of `write`: the staged batch in one transaction."""
        if staged.items:
            await self._write(staged, in_transaction)
        report.added += staged.fresh
        report.updated += staged.changed
        return staged.placed

    async def finish(self, wrote: bool = True) -> int:
        """Refresh skill member counts and centroids after a run, and the planner's statistics
        when rows were written (a bulk load otherwise leaves the planner guessing)."""
        async with self.db.connection() as conn:
            refreshed = await refresh_centroids(conn, self.model)
            if wrote:  # the text index's weights, when its average field lengths have moved
                await conn.execute("select bm25_refresh()")
            await ensure_description_vectors(conn, self.embedder)  # skills left with no member
            if wrote:
                await conn.execute("analyze items, item_embeddings, item_skills")
            return refreshed

    async def _write(self, staged: Staged, in_transaction: InTransaction | None = None) -> None:
        items, summaries, vectors, placed = (
            staged.items,
            staged.summaries,
            staged.vectors,
            staged.placed,
        )
        assert vectors is not None  # staged with items
        async with self.db.connection() as conn, conn.transaction(), conn.cursor() as cur:
            if self.defer_text_index:  # a bulk load: its text is indexed once, at the end
                await cur.execute("select set_config('discovery.bm25_defer', 'on', true)")
            rows = [_item_row(i, s, p) for i, s, p in zip(items, summaries, placed, strict=True)]
            await cur.execute(_UPSERT_ITEMS, [list(column) for column in zip(*rows, strict=True)])
            await cur.executemany(
                _UPSERT_VECTOR,
                [
                    (i.id, self.model, i.content_hash, v)
                    for i, v in zip(items, vectors, strict=True)
                ],
            )
            ids = [i.id for i in items]
            # Tools' input schemas live apart, loaded only for the tools a search returns.
            await cur.execute("delete from item_schemas where item_id = any(%s)", (ids,))
            await cur.executemany(
                _UPSERT_SCHEMA,
                [(i.id, Jsonb(i.metadata["input_schema"])) for i in items if _has_schema(i)],
            )
            await cur.execute("delete from item_skills where item_id = any(%s)", (ids,))
            await cur.executemany(
                "insert into item_skills (item_id, skill_id, confidence, is_primary, tentative)"
                " values (%s, %s, %s, %s, %s)",
                [
                    (i.id, a.skill_id, a.confidence, a.is_primary, a.tentative)
                    for i, placement in zip(items, placed, strict=True)
                    for a in placement.assignments
                ],
            )
            # Other models no longer cover the catalog: searching with them needs a reindex.
            await cur.execute(
                "update embedding_models set status = 'building', updated_at = now()"
                " where model <> %s and status = 'ready'",
                (self.model,),
            )
            if in_transaction is not None:
                await in_transaction(conn)


def _item_row(item: CatalogItem, summary: str, placement: Placement) -> tuple:
    return (
        item.id,
        item.kind,
        item.name,
        item.title,
        item.description,
        summary,
        item.embedding_text,
        Jsonb({k: v for k, v in item.metadata.items() if k != "input_schema"}),
        Jsonb([a.skill_id for a in placement.assignments]),
        placement.primary,
        item.content_hash,
    )


def _has_schema(item: CatalogItem) -> bool:
    return isinstance(item.metadata.get("input_schema"), dict)


async def _known_hashes(
    conn: psycopg.AsyncConnection, ids: list[str], model: str
) -> dict[str, tuple[str, str | None]]:
    """id -> (item hash, vector hash for this model) for the ids already stored."""
    rows = await (
        await conn.execute(
            "select i.id, i.content_hash, e.content_hash from items i"
            " left join item_embeddings e on e.item_id = i.id and e.model = %s"
            " where i.id = any(%s)",
            (model, ids),
        )
    ).fetchall()
    return {r[0]: (r[1], r[2]) for r in rows}
