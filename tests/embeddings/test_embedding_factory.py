"""build_embedder picks the configured model; MODEL_DIMENSIONS agrees with the classes."""

from __future__ import annotations

import pytest
from pydantic import SecretStr

from discovery.embeddings import MODEL_DIMENSIONS, build_embedder
from discovery.embeddings.google import GoogleEmbedder
from discovery.settings import EmbeddingModel, Settings


def test_dimensions_cover_every_model() -> None:
    assert MODEL_DIMENSIONS == {"all-MiniLM-L6-v2": 384, "text-embedding-004": 768}
    assert set(MODEL_DIMENSIONS) == {m.value for m in EmbeddingModel}


def test_google_from_settings_without_network() -> None:
    """Building the Google client makes no request; nothing here calls the service."""
    settings = Settings(
        discovery_embedding_model=EmbeddingModel.GOOGLE_TEXT_004,
        google_api_key=SecretStr("test-key-not-real"),
        discovery_embedding_batch_size=32,
        discovery_query_cache_size=7,
    )
    embedder = build_embedder(settings)
    assert isinstance(embedder, GoogleEmbedder)
    assert embedder.dim == MODEL_DIMENSIONS[embedder.model_id]
    assert embedder.batch_size == 32
    assert embedder._cache.maxsize == 7


@pytest.mark.integration
def test_local_by_default() -> None:
    from discovery.embeddings.local import LocalMiniLMEmbedder

    settings = Settings(
        discovery_embedding_model=EmbeddingModel.LOCAL_MINILM,
        discovery_query_cache_size=0,
    )
    embedder = build_embedder(settings)
    assert isinstance(embedder, LocalMiniLMEmbedder)
    assert embedder.dim == MODEL_DIMENSIONS[embedder.model_id]
    assert embedder._cache.maxsize == 0
