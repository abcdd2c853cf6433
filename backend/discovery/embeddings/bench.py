"""Speed figures for an embedder: uncached query latency and batch throughput.

``python -m discovery.embeddings.bench`` prints them for the packaged local model.
Figures are for reports, never for thresholds inside unit tests.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from discovery.embeddings.base import Vector

SHORT_QUERIES = [
    "jazz musicians in Pittsburgh",
    "steel mill workers 1920s",
    "photos of bridges over the river",
    "weather forecast tool",
    "a map of the city",
]


class BenchableEmbedder(Protocol):
    def _embed_uncached(self, texts: Sequence[str]) -> Vector: ...

    def embed_documents(self, texts: Sequence[str]) -> Vector: ...


def _percentile(values_ms: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values_ms), q))


def bench_query_embedding(
    embedder: BenchableEmbedder, queries: list[str], repeats: int
) -> dict[str, float]:
    """p50/p95/mean in ms of ``repeats`` rounds over ``queries``, bypassing the query cache."""
    if not queries or repeats < 1:
        raise ValueError("need at least one query and one repeat")
    for query in queries:  # warm-up: first runs allocate buffers
        embedder._embed_uncached([query])
    timings: list[float] = []
    for _ in range(repeats):
        for query in queries:
            start = time.perf_counter()
            embedder._embed_uncached([query])
            timings.append((time.perf_counter() - start) * 1000.0)
    return {
        "calls": float(len(timings)),
        "p50_ms": _percentile(timings, 50),
        "p95_ms": _percentile(timings, 95),
        "mean_ms": statistics.fmean(timings),
    }


def bench_batch_throughput(embedder: BenchableEmbedder, texts: list[str]) -> dict[str, float]:
    """Texts per second of one ``embed_documents`` call over ``texts`` (after a small warm-up)."""
    if not texts:
        raise ValueError("need at least one text")
    embedder.embed_documents(texts[: min(8, len(texts))])
    start = time.perf_counter()
    embedder.embed_documents(texts)
    seconds = time.perf_counter() - start
    return {"texts": float(len(texts)), "seconds": seconds, "texts_per_s": len(texts) / seconds}


def synthetic_descriptions(n: int, seed: int = 0, max_chars: int = 180) -> list[str]:
    """Archive-like descriptions of about ``max_chars`` characters (~37 MiniLM tokens)."""
    rng = random.Random(seed)
    kinds = ["photograph", "letter", "map", "recording", "poster", "film", "postcard", "diary"]
    adjectives = ["early", "faded", "rare", "annotated", "signed", "damaged", "restored", "large"]
    topics = [
        "jazz musicians",
        "steel mill workers",
        "a river bridge",
        "a church choir",
        "railroad yards",
        "coal miners",
        "a parade downtown",
        "immigrant families",
        "a glass factory",
        "a streetcar line",
    ]
    places = ["Pittsburgh", "Homestead", "the Hill District", "Braddock", "McKeesport"]
    extras = [
        "taken by an unknown photographer",
        "donated by the family in 1978",
        "with notes on the back",
        "part of a larger collection",
        "mounted on cardboard",
        "from the archive of a local newspaper",
    ]
    out = []
    for _ in range(n):
        text = (
            f"{rng.choice(adjectives).capitalize()} {rng.choice(kinds)} of {rng.choice(topics)} "
            f"in {rng.choice(places)}, {rng.randint(1890, 1975)}, {rng.choice(extras)}; "
            f"{rng.choice(adjectives)} {rng.choice(kinds)} {rng.choice(extras)}, "
            f"{rng.choice(extras)} and {rng.choice(extras)}."
        )
        out.append(text[:max_chars].rsplit(" ", 1)[0])
    return out


def main() -> None:  # pragma: no cover - manual benchmark
    from discovery.embeddings.local import LocalMiniLMEmbedder

    embedder = LocalMiniLMEmbedder()
    query = bench_query_embedding(embedder, SHORT_QUERIES, repeats=200)
    print(f"query (uncached, short): p50 {query['p50_ms']:.2f} ms, p95 {query['p95_ms']:.2f} ms")
    texts = synthetic_descriptions(2000)
    batch = bench_batch_throughput(embedder, texts)
    print(
        f"batch: {batch['texts']:.0f} texts of ~{np.mean([len(t) for t in texts]):.0f} chars "
        f"in {batch['seconds']:.1f} s = {batch['texts_per_s']:.0f} texts/s"
    )


if __name__ == "__main__":  # pragma: no cover
    main()
