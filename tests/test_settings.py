"""Settings: safe defaults offline, refused unsafe values, and docs that match the code."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import pytest
from pydantic import SecretStr, ValidationError

from discovery.settings import REPO_ROOT, EmbeddingModel, Settings

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


def _readme_settings() -> dict[str, str]:
    """`{NAME: default}` from the README's settings table (backticks dropped)."""
    text = (ROOT / "README.md").read_text()
    table = text.split("| setting | default | what |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split("|") for line in table.splitlines()[2:]]
    return {cells[1].strip().strip("`"): cells[2].strip().strip("`") for cells in rows}


def _as_written(value: object) -> str:
    if value is None or value == "":
        return "unset"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, Path):
        return value.relative_to(REPO_ROOT).as_posix()
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def test_the_readme_settings_table_matches_settings() -> None:
    documented = _readme_settings()
    fields = {name.upper(): f.default for name, f in Settings.model_fields.items()}
    assert sorted(documented) == sorted(fields)  # every setting, and nothing else
    wrong = {k: (v, _as_written(fields[k])) for k, v in documented.items()}
    assert {k: pair for k, pair in wrong.items() if pair[0] != pair[1]} == {}
