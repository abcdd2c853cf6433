"""Text embeddings: the Embedder protocol, the packaged local model and Google's.

``build_embedder(settings)`` returns the configured one. Implementations live in
``local`` and ``google`` and are imported lazily, so importing this package is cheap.
"""

from discovery.embeddings.base import CacheInfo, Embedder, EmbeddingModelError, QueryCache
from discovery.embeddings.factory import MODEL_DIMENSIONS, build_embedder

__all__ = [
    "MODEL_DIMENSIONS",
    "CacheInfo",
    "Embedder",
    "EmbeddingModelError",
    "QueryCache",
    "build_embedder",
]
