"""Google ``text-embedding-004`` (768 dims) through ``langchain-google-genai``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from discovery.embeddings.base import (
    CacheInfo,
    EmbeddingModelError,
    QueryCache,
    Vector,
    l2_normalize,
)

if TYPE_CHECKING:
    from langchain_google_genai import GoogleGenerativeAIEmbeddings

#: The Gemini API's resource name of the model (the SDK also accepts it without ``models/``).
GOOGLE_MODEL_NAME = "models/text-embedding-004"
#: ``batchEmbedContents`` takes at most 100 texts per request.
MAX_REQUEST_BATCH = 100


def build_google_client(api_key: str, **kwargs: object) -> GoogleGenerativeAIEmbeddings:
    """A Gemini Developer API client; ``kwargs`` go to GoogleGenerativeAIEmbeddings.

    ``vertexai=False`` is explicit so that no environment variable can switch the backend.
    """
    from langchain_google_genai import GoogleGenerativeAIEmbeddings

    return GoogleGenerativeAIEmbeddings(
        model=GOOGLE_MODEL_NAME,
        api_key=api_key,  # type: ignore[arg-type]  # alias of google_api_key
        vertexai=False,
        **kwargs,  # type: ignore[arg-type]
    )


class GoogleEmbedder:
    """``RETRIEVAL_QUERY`` vectors for queries, ``RETRIEVAL_DOCUMENT`` for documents.

    Service errors and malformed answers raise EmbeddingModelError. Vectors are re-normalized
    to unit length (the service's are already close) and returned as float32.
    """

    model_id: str = "text-embedding-004"
    dim: int = 768

    def __init__(
        self,
        api_key: str,
        batch_size: int = 64,
        cache_size: int = 2048,
        *,
        client: GoogleGenerativeAIEmbeddings | None = None,
    ) -> None:
        if batch_size < 1:
            raise ValueError("batch_size must be >= 1")
        if client is None and not api_key:
            raise EmbeddingModelError("text-embedding-004 needs a Google API key")
        self.batch_size = min(batch_size, MAX_REQUEST_BATCH)
        self._client = client if client is not None else build_google_client(api_key)
        self._cache = QueryCache(cache_size)

    def _check(self, rows: list[list[float]], expected: int) -> Vector:
        matrix = np.asarray(rows, dtype=np.float32)
        if matrix.ndim != 2 or matrix.shape != (expected, self.dim):
            raise EmbeddingModelError(
                f"{self.model_id} returned shape {matrix.shape}, expected ({expected}, {self.dim})"
            )
        return l2_normalize(matrix, self.dim)

    def _embed_uncached(self, texts: Sequence[str]) -> Vector:
        """The query path without the cache: one request per text."""
        if not texts:
            return np.empty((0, self.dim), dtype=np.float32)
        try:
            rows = [self._client.embed_query(t, task_type="RETRIEVAL_QUERY") for t in texts]
        except Exception as exc:  # GoogleGenerativeAIError wraps every SDK and HTTP error
            raise EmbeddingModelError(f"{self.model_id} query embedding failed: {exc}") from exc
        return self._check(rows, len(texts))

    def embed_query(self, text: str) -> Vector:
        return self._cache.get_or_compute(text, lambda: self._embed_uncached([text])[0])

    def embed_documents(self, texts: Sequence[str]) -> Vector:
        if not texts:
            return np.empty((0, self.dim), dtype=np.float32)
        try:
            rows = self._client.embed_documents(
                list(texts), batch_size=self.batch_size, task_type="RETRIEVAL_DOCUMENT"
            )
        except Exception as exc:
            raise EmbeddingModelError(f"{self.model_id} document embedding failed: {exc}") from exc
        return self._check(rows, len(texts))

    def cache_info(self) -> CacheInfo:
        return self._cache.cache_info()

    def cache_clear(self) -> None:
        self._cache.clear()
