"""Build the configured embedder from Settings."""

from __future__ import annotations

from discovery.embeddings.base import Embedder, EmbeddingModelError
from discovery.settings import EmbeddingModel, Settings

#: Vector length per model id; stored vectors and their columns follow it.
MODEL_DIMENSIONS: dict[str, int] = {
    EmbeddingModel.LOCAL_MINILM.value: 384,
    EmbeddingModel.GOOGLE_TEXT_004.value: 768,
}


def build_embedder(settings: Settings) -> Embedder:
    """The embedder ``settings.discovery_embedding_model`` names (loads the local model)."""
    model = settings.discovery_embedding_model
    batch_size = settings.discovery_embedding_batch_size
    cache_size = settings.discovery_query_cache_size
    if model is EmbeddingModel.LOCAL_MINILM:
        from discovery.embeddings.local import LocalMiniLMEmbedder

        return LocalMiniLMEmbedder(
            cache_size=cache_size,
            cache_dir=settings.discovery_data_dir.expanduser() / "models",
        )
    if model is EmbeddingModel.GOOGLE_TEXT_004:
        from discovery.embeddings.google import GoogleEmbedder

        if settings.google_api_key is None:
            raise EmbeddingModelError("text-embedding-004 needs GOOGLE_API_KEY")
        return GoogleEmbedder(
            api_key=settings.google_api_key.get_secret_value(),
            batch_size=batch_size,
            cache_size=cache_size,
        )
    raise EmbeddingModelError(f"no embedder for model {model!r}")  # pragma: no cover
