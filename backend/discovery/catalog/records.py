"""Catalog records: the normalized `CatalogItem` every source is parsed into, and `RowError`.

`CatalogItem` is the boundary of every ingest: it refuses, on construction, what the catalog
cannot store (NUL, lone surrogates, control characters, over-long fields; `checks.py`), and every
reader turns that refusal into a `RowError` with the file and line (`row_problem` words it).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, ValidationError, computed_field, model_validator

from discovery.catalog.checks import METADATA_LIMIT, field_problem, value_problem
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

    @model_validator(mode="after")
    def _storable(self) -> CatalogItem:
        """Refuse what PostgreSQL would reject or the catalog calls junk (`checks.py`)."""
        for field in ("id", "name", "title", "description", "summary", "embedding_text"):
            if problem := field_problem(field, getattr(self, field)):
                raise ValueError(problem)
        if problem := value_problem(self.metadata, "metadata"):
            raise ValueError(problem)
        if (size := len(canonical_json(self.metadata))) > METADATA_LIMIT:
            raise ValueError(f"metadata is {size:,} characters as JSON; at most {METADATA_LIMIT:,}")
        return self

    @classmethod
    def stored(cls, **fields: Any) -> CatalogItem:
        """An item read back from the database, unchecked: it was checked when written, or was
        written before a check existed, and re-reading it must not fail."""
        return cls.model_construct(**(fields | {"kind": ItemKind(fields["kind"])}))

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


ROW_FAULTS: tuple[type[Exception], ...] = (
    ValueError,
    TypeError,
    KeyError,
    AttributeError,
    RecursionError,
)
"""What reading one third-party record may raise: each reader reports it as a `RowError` (with
`row_problem`) and reads on; nothing a record holds stops an ingest."""


def row_problem(exc: BaseException) -> str:
    """One line for a record's problem; pydantic's errors as `field: message`, without the input."""
    if isinstance(exc, ValidationError):
        parts = []
        for error in exc.errors(include_url=False, include_input=False):
            where = ".".join(str(p) for p in error["loc"])
            message = str(error["msg"]).removeprefix("Value error, ")
            if error["type"] == "string_unicode":  # pydantic-core refuses lone surrogates
                message = "not valid Unicode text (a lone UTF-16 surrogate?)"
            parts.append(f"{where}: {message}" if where else message)
        return "; ".join(parts)
    if isinstance(exc, RecursionError):
        return "nested too deeply to read"
    return str(exc) or type(exc).__name__
