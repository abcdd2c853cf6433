"""The text index's cost on the write path, A/B in one process: the same CMOA records ingested
through the real pipeline (`ingest_archives`: embed, classify, summarize, write) into a fresh
embedded database, with the BM25 triggers on and off, alternately. Prints records/s of each run.

    uv run python scripts/bench_ingest_cost.py --rows 3000 --rounds 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import time

from discovery.catalog.archives.ingest import archive_files, ingest_archives
from discovery.evaluation.bench_queries import CMOA_DIR, gzip_lines
from discovery.runtime import open_runtime
from discovery.settings import get_settings

TRIGGERS = ("items_bm25_insert", "items_bm25_update", "items_bm25_delete")


async def one(rows: int, text_index: bool) -> float:
    settings = get_settings()
    work = settings.discovery_data_dir.with_name(settings.discovery_data_dir.name + "-ingest-ab")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    subset = work / "subset.jsonl"
    with subset.open("w") as out:
        for _, line in zip(range(rows), gzip_lines(archive_files([CMOA_DIR])), strict=False):
            out.write(line)
    run = settings.model_copy(update={"discovery_data_dir": work, "database_url": None})
    async with open_runtime(run) as rt:
        if not text_index:
            async with rt.db.connection() as conn:
                for name in TRIGGERS:
                    await conn.execute(f"alter table items disable trigger {name}")
                # and the one statement a bulk load indexes its text with at its end
                await conn.execute(
                    "create or replace function bm25_index_missing() returns int"
                    " language sql as 'select 0'"
                )
        started = time.perf_counter()
        report = await ingest_archives(rt.db, rt.embedder, [subset])
        seconds = time.perf_counter() - started
    return (report.added + report.updated) / seconds


async def main(rows: int, rounds: int) -> None:
    out: dict[str, list[float]] = {"with_text_index": [], "without_text_index": []}
    for _ in range(rounds):
        for on in (True, False):
            rate = await one(rows, on)
            out["with_text_index" if on else "without_text_index"].append(round(rate, 1))
            print(json.dumps(out), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    asyncio.run(main(args.rows, args.rounds))
