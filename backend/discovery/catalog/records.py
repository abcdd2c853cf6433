"""Catalog records: the normalized `CatalogItem` every source is parsed into, and `RowError`."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, computed_field

from discovery.db.schema import ItemKind

# The fields that define an item's content. The summary is left out on purpose: it is derived
# (extractive or LLM-written) from these, so re-summarizing never makes an item look changed.
HASHED_FIELDS = ("id", "kind", "name", "title", "description", "metadata", "embedding_text")


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no insignificant whitespace: equal values give equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


class CatalogItem(BaseModel):
    """One item of the catalog, ready to summarize, embed and upsert (idempotent by id + hash)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    kind: ItemKind
    name: str
    title: str
    description: str = ""
    summary: str = ""
    metadata: dict[str, Any] = Field(default_factory=dict)
    embedding_text: str = Field(description="The text to embed (kept short: cost grows with it).")

    @computed_field  # type: ignore[prop-decorator]
    @property
    def content_hash(self) -> str:
        """sha256 hex of the canonical JSON of the content fields (summary excluded)."""
        payload = {field: getattr(self, field) for field in HASHED_FIELDS}
        return hashlib.sha256(canonical_json(payload).encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class RowError:
    """A row that could not be parsed: which file, which 1-based line (or row/element), and why."""

    source: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.message}"


ParsedRow: TypeAlias = CatalogItem | RowError
