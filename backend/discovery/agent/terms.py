"""How many archive records use each word: the local refiner's notion of an informative word.

Counted by PostgreSQL (`ts_stat` over the titles and descriptions, `simple` configuration, so
words are lowercased but not stemmed), once per process, on the first refinement."""

from __future__ import annotations

import asyncio
import logging

from discovery.db import Database

log = logging.getLogger(__name__)

_SQL = """
select word, ndoc from ts_stat($$
    select to_tsvector('simple', title || ' ' || description) from items
    where kind = 'archive' and is_active
$$)
"""


class TermStats:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._freq: dict[str, int] | None = None
        self._lock = asyncio.Lock()

    async def ensure(self) -> None:
        async with self._lock:
            if self._freq is None:
                async with self.db.connection() as conn:
                    rows = await (await conn.execute(_SQL)).fetchall()
                self._freq = {str(w): int(n) for w, n in rows}
                log.info("term statistics: %d distinct words", len(self._freq))

    def doc_freq(self, word: str) -> int:
        """Records using the word; 1 for every word until `ensure` has run."""
        if self._freq is None:
            return 1
        return self._freq.get(word.lower(), 0)
