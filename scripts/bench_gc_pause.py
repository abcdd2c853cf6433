"""A full garbage-collector pass in a started server, with and without `settled_heap` (issue
15's tail): the app of `discovery serve` is started (its lifespan: runtime, agent, MCP
sessions) on a catalog, then full passes (`gc.collect(2)`) are timed, first as the collector
leaves them, then with start-up's objects frozen (`DISCOVERY_GC_FREEZE`, the default). A full
pass stops every request of the server while it runs; Python starts one by itself every few
hundred requests of `discover`.

    DISCOVERY_DATA_DIR=.discovery-discover-bench uv run python scripts/bench_gc_pause.py [--n 20]

Prints p50 / p95 of the pass in each setting and the number of objects it walks.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import time

from discovery.api.main import create_app
from discovery.evaluation.stats import summary_line
from discovery.settings import Settings


def _passes(n: int) -> list[float]:
    out = []
    for _ in range(n):
        started = time.perf_counter()
        gc.collect(2)
        out.append((time.perf_counter() - started) * 1000.0)
    return out


async def main(n: int) -> None:
    settings = Settings(discovery_gc_freeze=False)
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        walked = len(gc.get_objects())
        free = summary_line(_passes(n))
        gc.freeze()  # what settled_heap does once the server is open
        frozen = gc.get_freeze_count()
        settled = summary_line(_passes(n))
        gc.unfreeze()
    print(f"objects the collector tracks in the started server: {walked}")
    print(f"full pass, the collector's default: {free}")
    print(f"full pass, {frozen} start-up objects frozen: {settled}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=20, help="full passes per setting")
    asyncio.run(main(parser.parse_args().n))
