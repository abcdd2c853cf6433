"""What the SQL schema (supabase/migrations/) fixes and the Python layers above share: the item
kinds (the `items.kind` check constraint), and the error for a catalog whose vectors do not
cover the configured embedding model."""

from __future__ import annotations

from enum import StrEnum


class ItemKind(StrEnum):
    """An item's kind: one catalog holds them all."""

    ARCHIVE = "archive"
    TOOL = "tool"
    PROMPT = "prompt"
    RESOURCE = "resource"
    AGENT = "agent"
    CAPABILITY = "capability"


TOOL_KINDS: tuple[ItemKind, ...] = (ItemKind.TOOL, ItemKind.PROMPT, ItemKind.RESOURCE)
"""The kinds an MCP server lists (tools/list, prompts/list, resources/list)."""


class MissingEmbeddingsError(RuntimeError):
    """The catalog has items but no complete set of vectors for the configured model."""

    def __init__(self, model: str) -> None:
        super().__init__(
            f"the catalog has no ready vectors for the embedding model {model!r}; "
            f"run `discovery reindex` to embed the catalog with it"
        )
        self.model = model
