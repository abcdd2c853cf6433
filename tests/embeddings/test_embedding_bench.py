"""The bench helpers on a fake embedder; real figures: `python -m discovery.embeddings.bench`."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from discovery.embeddings.bench import (
    bench_batch_throughput,
    bench_query_embedding,
    synthetic_descriptions,
)


class CountingEmbedder:
    def __init__(self) -> None:
        self.uncached_calls = 0

    def _embed_uncached(self, texts: Sequence[str]) -> np.ndarray:
        self.uncached_calls += 1
        return np.ones((len(texts), 4), dtype=np.float32) / 2

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return np.ones((len(texts), 4), dtype=np.float32) / 2


def test_query_bench_bypasses_cache_and_reports_percentiles() -> None:
    embedder = CountingEmbedder()
    result = bench_query_embedding(embedder, ["a", "b"], repeats=5)
    assert embedder.uncached_calls == 2 + 10  # warm-up + measured
    assert result["calls"] == 10
    assert 0 <= result["p50_ms"] <= result["p95_ms"]


def test_batch_bench_reports_throughput() -> None:
    texts = synthetic_descriptions(50)
    assert all(len(t) <= 180 for t in texts)
    result = bench_batch_throughput(CountingEmbedder(), texts)
    assert result["texts"] == 50
    assert result["texts_per_s"] > 0
