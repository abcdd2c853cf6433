"""Opening the services once: database, embedder, search (and discover on it). Used by the CLI,
the API and the bench."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass

from discovery.catalog.archives.ingest import archive_files, ingest_archives
from discovery.catalog.bulk import restore_deferred_indexes
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
    runtime: Runtime, on_rows: Callable[[int], None] | None = None
) -> IngestReport | None:
    """Load the shipped demo archive into an empty catalog; leave a non-empty one alone."""
    async with runtime.db.connection() as conn:
        row = await (await conn.execute("select exists (select 1 from items)")).fetchone()
    if row and row[0]:
        return None
    log.info("the catalog is empty: loading the demo archive %s", DEMO_ARCHIVE)
    return await ingest_archives(
        runtime.db,
        runtime.embedder,
        archive_files([DEMO_ARCHIVE]),
        batch_size=runtime.settings.discovery_ingest_batch_size,
        on_rows=on_rows,
    )
