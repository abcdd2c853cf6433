"""QueryCache: LRU by exact text, hit/miss counts, size 0 disables, read-only vectors."""

from __future__ import annotations

import threading
from functools import partial

import numpy as np
import pytest

from discovery.embeddings import QueryCache


def _vec(value: float) -> np.ndarray:
    return np.full(4, value, dtype=np.float32)


def test_hits_misses_and_exact_keys() -> None:
    cache = QueryCache(8)
    calls: list[str] = []

    def compute(text: str) -> np.ndarray:
        calls.append(text)
        return _vec(len(text))

    for text in ["jazz", "jazz", "Jazz", "jazz ", "jazz"]:
        cache.get_or_compute(text, partial(compute, text))
    assert calls == ["jazz", "Jazz", "jazz "]
    assert cache.cache_info() == (2, 3, 3)


def test_lru_evicts_least_recently_used() -> None:
    cache = QueryCache(2)
    cache.get_or_compute("a", lambda: _vec(1))
    cache.get_or_compute("b", lambda: _vec(2))
    cache.get_or_compute("a", lambda: _vec(9))  # hit: "a" becomes most recent
    cache.get_or_compute("c", lambda: _vec(3))  # evicts "b"
    assert cache.get_or_compute("a", lambda: _vec(9))[0] == 1
    assert cache.get_or_compute("b", lambda: _vec(7))[0] == 7
    info = cache.cache_info()
    assert (info.hits, info.misses, info.size) == (2, 4, 2)


def test_size_zero_disables() -> None:
    cache = QueryCache(0)
    first = cache.get_or_compute("q", lambda: _vec(1))
    second = cache.get_or_compute("q", lambda: _vec(2))
    assert first[0] == 1 and second[0] == 2
    assert cache.cache_info() == (0, 2, 0)


def test_cached_vectors_are_read_only() -> None:
    cache = QueryCache(4)
    vector = cache.get_or_compute("q", lambda: _vec(1))
    with pytest.raises(ValueError):
        vector[0] = 5.0


def test_negative_size_rejected() -> None:
    with pytest.raises(ValueError):
        QueryCache(-1)


def test_concurrent_use_keeps_counts_consistent() -> None:
    cache = QueryCache(16)
    texts = [f"q{i}" for i in range(32)]

    def worker() -> None:
        for _ in range(20):
            for text in texts:
                cache.get_or_compute(text, lambda: _vec(1))

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    info = cache.cache_info()
    assert info.hits + info.misses == 4 * 20 * 32
    assert info.size == 16
