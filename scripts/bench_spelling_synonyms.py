"""What one of the spelling corrector's last rules adds to it, per query, in one process,
alternating query by query: `correct` by a corrector with the rule and by one without it
(docs/benchmarks.md, "Spelling"), on the conversation-eval catalog (`DISCOVERY_DATA_DIR`) over
the turns of the tenth judged set; and what building the correctors costs once per process.
The rule: the catalog's own word (`search/synonyms.py`, the default) or, with `--rule
vocabulary`, the embedding model's own word (`search/model_spelling.py`).

    DISCOVERY_DATA_DIR=.discovery-eval uv run python scripts/bench_spelling_synonyms.py
    DISCOVERY_DATA_DIR=.discovery-eval uv run python scripts/bench_spelling_synonyms.py \
        --rule vocabulary
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time

import numpy as np

from discovery.embeddings.local import model_word_ranks, model_words
from discovery.evaluation.conversation_sets import EVAL_DIR
from discovery.runtime import open_runtime
from discovery.search.spelling import SpellingCorrector
from discovery.settings import get_settings


async def main(rule: str) -> None:
    lines = (EVAL_DIR / "agent_conversations_v10.jsonl").read_text().splitlines()
    texts = [t["text"] for line in lines for t in json.loads(line)["turns"]]
    known = model_words()
    times: dict[str, list[float]] = {"with the rule": [], "without": []}
    async with open_runtime(get_settings()) as rt:
        started = time.perf_counter()
        if rule == "vocabulary":
            correctors = {
                "with the rule": SpellingCorrector(
                    rt.db, known=known, vocabulary=model_word_ranks()
                ),
                "without": SpellingCorrector(rt.db, known=known),
            }
        else:
            correctors = {
                "with the rule": SpellingCorrector(rt.db, known=known, synonyms=True),
                "without": SpellingCorrector(rt.db, known=known, synonyms=False),
            }
        print(f"building the correctors (thesaurus and word list read): "
              f"{(time.perf_counter() - started) * 1000:.0f} ms")  # fmt: skip
        changed = 0
        for round_ in range(3):
            for query in texts:
                answers = []
                for label, corrector in correctors.items():
                    started = time.perf_counter()
                    answers.append((await corrector.correct(query)).query)
                    times[label].append((time.perf_counter() - started) * 1000)
                changed += round_ == 0 and answers[0] != answers[1]
    for label, ms in times.items():
        p50, p95 = np.percentile(ms, 50), np.percentile(ms, 95)
        print(f"{label:14} median {p50:.2f} p95 {p95:.2f} ms (n={len(ms)})")
    print(f"queries the rule changed: {changed} of {len(texts)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule", choices=("synonyms", "vocabulary"), default="synonyms")
    asyncio.run(main(parser.parse_args().rule))
