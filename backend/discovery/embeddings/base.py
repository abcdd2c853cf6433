"""The Embedder protocol, its typed error, and the query cache every embedder uses."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


class EmbeddingModelError(RuntimeError):
    """The embedding model cannot be loaded or used (missing file, wrong hash, service error)."""


@runtime_checkable
class Embedder(Protocol):
    """Turns text into unit-length float32 vectors of one model.

    ``model_id`` is what stored vectors record; ``dim`` is the vector length.
    """

    model_id: str
    dim: int

    def embed_query(self, text: str) -> Vector:
        """One query: shape ``(dim,)``, L2-normalized, cached by exact text. Read-only."""
        ...

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        """Many documents: shape ``(n, dim)``, rows L2-normalized; ``n == 0`` gives ``(0, dim)``."""
        ...

    def cache_clear(self) -> None:
        """Forget cached query vectors (benchmarks measure uncached queries)."""
        ...


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    size: int


class QueryCache:
    """A thread-safe LRU of query vectors keyed by the exact text. ``maxsize == 0`` disables it.

    Cached vectors are made read-only so that no caller can change what the next one gets.
    """

    def __init__(self, maxsize: int) -> None:
        if maxsize < 0:
            raise ValueError("maxsize must be >= 0")
        self.maxsize = maxsize
        self._data: OrderedDict[str, Vector] = OrderedDict()
        self._lock = threading.Lock()
        self._hits = 0
        self._misses = 0

    def get_or_compute(self, text: str, compute: Callable[[], Vector]) -> Vector:
        """Return the cached vector for ``text`` or compute, store and return it."""
        with self._lock:
            found = self._data.get(text)
            if found is not None:
                self._data.move_to_end(text)
                self._hits += 1
                return found
            self._misses += 1
        vector = compute()  # outside the lock: two racing misses both compute, which is harmless
        vector.setflags(write=False)
        if self.maxsize:
            with self._lock:
                self._data[text] = vector
                self._data.move_to_end(text)
                while len(self._data) > self.maxsize:
                    self._data.popitem(last=False)
        return vector

    def cache_info(self) -> CacheInfo:
        with self._lock:
            return CacheInfo(self._hits, self._misses, len(self._data))

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self._hits = self._misses = 0


def l2_normalize(matrix: npt.NDArray[np.floating], dim: int) -> Vector:
    """Rows scaled to unit length as float32 ``(n, dim)``; all-zero rows stay zero."""
    out = np.asarray(matrix, dtype=np.float32).reshape(-1, dim)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return np.ascontiguousarray(out / np.maximum(norms, np.float32(1e-12)), dtype=np.float32)
