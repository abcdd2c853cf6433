"""Opening the services once: database, embedder, search (and discover on it). Used by the CLI,
the API and the bench."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path

from discovery.catalog.archives.ingest import archive_files, ingest_archives
from discovery.catalog.archives.read import read_archive_rows
from discovery.catalog.bulk import restore_deferred_indexes
from discovery.catalog.ingest import count_rows
from discovery.catalog.records import CatalogItem
from discovery.catalog.writer import IngestReport
from discovery.db import Database
from discovery.embeddings import Embedder, build_embedder
from discovery.intents import IntentRegistry
from discovery.search.agents import AgentSearchService
from discovery.search.discover import DiscoverService
from discovery.search.place_names import load_places, sync_place_forms
from discovery.search.service import SearchService
from discovery.settings import Settings, resource

log = logging.getLogger(__name__)

DEMO_ARCHIVE = resource("data/demo/heritage_demo.jsonl.gz")
_COUNT_UP_TO = "select count(*) from (select 1 from items limit %s) s"  # a bounded count


@dataclass
class Runtime:
    settings: Settings
    db: Database
    embedder: Embedder
    search: SearchService
    agents: AgentSearchService
    intents: IntentRegistry
    discover: DiscoverService


@asynccontextmanager
async def open_runtime(
    settings: Settings, embedder: Embedder | None = None
) -> AsyncIterator[Runtime]:
    embedder = embedder or build_embedder(settings)
    intents = IntentRegistry.load(settings.discovery_intents_file)
    db = Database(settings)
    await db.open()
    try:
        async with db.connection() as conn:
            await restore_deferred_indexes(conn)  # after a bulk load that died
            await sync_place_forms(conn, load_places(settings.discovery_places_file))
        search = SearchService(db, embedder, settings)
        yield Runtime(
            settings,
            db,
            embedder,
            search,
            AgentSearchService(db, embedder, settings, intents),
            intents,
            DiscoverService(db, embedder, search, settings),
        )
    finally:
        await db.close()


@contextmanager
def settled_heap(settings: Settings) -> Iterator[None]:
    """For a long-lived server, once everything is open: collect, then freeze what start-up built
    (modules, the model's tokenizer, the app, the agent's graph; about 255,000 objects) so that
    the garbage collector's full passes walk only what was made since, until the server stops.
    A full pass over the started server takes about 150 ms, during which no request moves; it
    comes every few hundred requests. Frozen objects are not collected while frozen: start-up
    garbage left in a cycle waits for the stop (`DISCOVERY_GC_FREEZE=false`: the collector's
    default)."""
    if not settings.discovery_gc_freeze:
        yield
        return
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


async def load_demo_if_empty(
    runtime: Runtime,
    on_rows: Callable[[int], None] | None = None,
    archive: Path = DEMO_ARCHIVE,
) -> IngestReport | None:
    """Load the shipped demo archive (`archive`) into an empty catalog, or finish loading it
    when a first load was interrupted (the catalog holds part of the demo's records and nothing
    else; the writer leaves the records already there as they are); leave any other catalog
    alone."""
    rows = count_rows(archive)
    async with runtime.db.connection() as conn:
        # counted up to the demo's size only: a large catalog is not counted whole at start-up
        row = await (await conn.execute(_COUNT_UP_TO, (rows,))).fetchone()
        total = int(row[0]) if row else 0
        if total:
            if total >= rows:  # the whole demo, or a catalog of its own
                return None
            ids = archive_ids(archive)  # read only when the catalog may be part of the demo
            held = await conn.execute("select count(*) from items where id = any(%s)", (ids,))
            found = await held.fetchone()
            if found is None or found[0] != total or found[0] >= len(ids):
                return None
            log.warning("the demo archive's first load stopped at %d of %d records: finishing it",
                        found[0], len(ids))  # fmt: skip
        else:
            log.info("the catalog is empty: loading the demo archive %s", archive)
    return await ingest_archives(
        runtime.db,
        runtime.embedder,
        archive_files([archive]),
        batch_size=runtime.settings.discovery_ingest_batch_size,
        on_rows=on_rows,
    )


def archive_ids(archive: Path) -> list[str]:
    """The ids of an archive file's records."""
    rows = read_archive_rows(archive)
    return [row.id for _, row in rows if isinstance(row, CatalogItem)]
