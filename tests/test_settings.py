"""Settings: safe defaults offline, refused unsafe values, and docs that match the code."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import SecretStr, ValidationError

from discovery.settings import EmbeddingModel, Settings

ROOT = Path(__file__).parents[1]


def test_nothing_is_required_for_the_offline_default() -> None:
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.uses_embedded_database
    assert settings.discovery_embedding_model is EmbeddingModel.LOCAL_MINILM


def test_google_embeddings_without_a_key_are_refused() -> None:
    with pytest.raises(ValidationError, match="GOOGLE_API_KEY"):
        Settings(discovery_embedding_model=EmbeddingModel.GOOGLE_TEXT_004, google_api_key=None)
    ok = Settings(
        discovery_embedding_model=EmbeddingModel.GOOGLE_TEXT_004,
        google_api_key=SecretStr("not-a-real-key-123"),
    )
    assert "not-a-real-key-123" not in repr(ok)  # secrets stay secret


def test_env_example_documents_every_setting() -> None:
    documented = (ROOT / ".env.example").read_text()
    missing = [name.upper() for name in Settings.model_fields if name.upper() not in documented]
    assert missing == []
