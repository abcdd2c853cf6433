"""The BM25 text index's SQL cost alone, on a catalog already loaded: its items re-indexed in
batches of 256 (what the statement triggers do per ingest batch) and in one statement (what a
bulk load does at its end, `bm25_index_missing()`), alternately; then `bm25_refresh(force)`.
Leaves the index as it found it (every item indexed). Prints seconds as JSON.

    uv run python scripts/bench_ingest_cost.py --rows 3000 --rounds 1  # leaves .discovery-ingest-ab
    uv run python scripts/bench_text_index_cost.py .discovery-ingest-ab
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path

from discovery.runtime import open_runtime
from discovery.settings import get_settings

_ADD = "select _bm25_add(array(select i from items i where i.id = any(%s)))"


async def main(data_dir: Path, rounds: int) -> None:
    settings = get_settings().model_copy(
        update={"discovery_data_dir": data_dir, "database_url": None}
    )
    async with open_runtime(settings) as rt, rt.db.connection() as conn:
        ids = [
            r[0] for r in await (await conn.execute("select id from items order by id")).fetchall()
        ]
        out: dict = {"items": len(ids), "batches_of_256_s": [], "one_statement_s": []}
        for _ in range(rounds):
            for mode in ("batches_of_256_s", "one_statement_s"):
                await conn.execute("select _bm25_remove(array(select item_id from item_bm25))")
                await conn.execute("update bm25_kind_stats set avg_at_write = null")
                started = time.perf_counter()
                if mode == "one_statement_s":
                    await conn.execute("select bm25_index_missing()")
                else:
                    for i in range(0, len(ids), 256):
                        await conn.execute(_ADD, (ids[i : i + 256],))
                out[mode].append(round(time.perf_counter() - started, 2))
        started = time.perf_counter()
        await conn.execute("select bm25_refresh(force => true)")
        out["refresh_force_s"] = round(time.perf_counter() - started, 2)
    print(json.dumps(out))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("data_dir", type=Path)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    asyncio.run(main(args.data_dir, args.rounds))
