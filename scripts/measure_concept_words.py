"""Is the catalog's word nearest a request (`agent/offline/concepts.py`) one its judge accepts,
with and without the correction by the catalog's mean?

Reads the turn-by-turn output of `discovery eval conversations --split all --out F` and takes
the first turns of judged searches (`accept`) whose first attempt failed and was refined (the
turns the refinement could rescue). For each, the candidate nearest the request is found twice:
by similarity to the request alone, and less the candidate's similarity to the catalog's mean
(as shipped). Requests are ranked by that score, surest first, and at the 25, 50, 100, 150 and
200 surest the script prints how many words a judge's alternative holds or is held by ("mayor"
for `mayor`; "lake" for `lake`, `lakeside`). A crude check: an accepted word is no proof the
search it leads to passes, and a word the judge did not list may still be right.

    uv run discovery eval conversations --set v27 --split all --out /tmp/v27.json
    DISCOVERY_DATA_DIR=.discovery-eval uv run python scripts/measure_concept_words.py /tmp/v*.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

import numpy as np

from discovery.agent.graph import intent_embedder
from discovery.agent.offline.concepts import CatalogConcepts
from discovery.cli.terminal import load_settings
from discovery.runtime import open_runtime
from discovery.search.vocabulary import archive_centroid, archive_word_counts

TOPS = (25, 50, 100, 150, 200)


def refined_failures(paths: list[Path]) -> list[tuple[str, list[list[str]]]]:
    out = []
    for path in paths:
        for turn in json.loads(path.read_text())["turns"]:
            accept = turn["expected"].get("accept")
            if turn["kind"] != "search" or turn["turn"] != 1 or not accept:
                continue
            if turn["first_relevant"] is False:  # set only when the turn was refined
                out.append((turn["text"].lower(), accept))
    return out


def accepted(word: str, accept: list[list[str]]) -> bool:
    return any(word in alt or alt in word for group in accept for alt in group)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="eval conversations --out files")
    args = parser.parse_args()
    async with open_runtime(load_settings()) as rt:
        embedder = intent_embedder(rt)
        async with rt.db.connection() as conn:
            counts = await archive_word_counts(conn)
            centroid = await archive_centroid(conn, embedder.model_id)
    if centroid is None:
        raise SystemExit("no archive record has a vector of the packaged model")
    concepts = CatalogConcepts(counts, np.asarray(centroid, np.float32), embedder.embed_documents)
    vectors, hub = concepts._vectors()
    turns = refined_failures(args.runs)
    print(f"{len(turns)} refined first attempts that failed; {len(concepts.words)} candidates")
    for name, correction in (("similarity alone", 0.0), ("less the catalog's mean", 1.0)):
        scored = []
        for request, accept in turns:
            score = vectors @ embedder.embed_query(request) - correction * hub
            best = int(np.argmax(score))
            word = concepts.words[best]
            if concepts._said(request.split(), word):
                continue  # the request says it: no word (as shipped)
            scored.append((float(score[best]), accepted(word, accept)))
        scored.sort(key=lambda s: -s[0])
        row = ", ".join(
            f"top {n}: {sum(hit for _, hit in scored[:n])}" for n in TOPS if n <= len(scored)
        )
        print(f"{name}: {row}")


if __name__ == "__main__":
    asyncio.run(main())
