"""What respelling British and American variants (`search/spelling_variants.py`) adds to the
spelling corrector, per query, in one process, alternating query by query: `correct` with the
variants looked up and with none (docs/benchmarks.md, "Spelling"). On the conversation-eval
catalog (`DISCOVERY_DATA_DIR`), the first 200 turns of the eighth judged set.

    DISCOVERY_DATA_DIR=.discovery-eval uv run python scripts/bench_spelling_variants.py
"""

from __future__ import annotations

import asyncio
import json
import time

import numpy as np

from discovery.embeddings.local import model_words
from discovery.evaluation.conversation_sets import EVAL_DIR
from discovery.runtime import open_runtime
from discovery.search import spelling_variants
from discovery.search.spelling import SpellingCorrector
from discovery.settings import get_settings


def _none(word: str) -> set[str]:
    return set()


async def main() -> None:
    lines = (EVAL_DIR / "agent_conversations_v8.jsonl").read_text().splitlines()
    texts = [t["text"] for line in lines for t in json.loads(line)["turns"]][:200]
    real = spelling_variants.variants
    times: dict[str, list[float]] = {"with respelling": [], "without": []}
    async with open_runtime(get_settings()) as rt:
        corrector = SpellingCorrector(rt.db, known=model_words())
        for _ in range(3):
            for query in texts:
                for label, rule in (("with respelling", real), ("without", _none)):
                    spelling_variants.variants = rule
                    started = time.perf_counter()
                    await corrector.correct(query)
                    times[label].append((time.perf_counter() - started) * 1000)
        spelling_variants.variants = real
    for label, ms in times.items():
        p50, p95 = np.percentile(ms, 50), np.percentile(ms, 95)
        print(f"{label:16} median {p50:.2f} p95 {p95:.2f} ms (n={len(ms)})")


if __name__ == "__main__":
    asyncio.run(main())
