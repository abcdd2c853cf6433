"""What a thread keeps after a turn: its last turns, with the search records cut to what a later
turn reads (id, title, creator, date, media type, score), so the state saved per step stays the
same size however long the thread grows (the checkpointer saves the whole state at every step)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage, RemoveMessage, ToolMessage

from discovery.agent.tools import SearchArtifact

_CUT = ("description", "summary", "place", "url", "thumbnail")


def compact_artifact(artifact: SearchArtifact) -> dict[str, Any]:
    """The artifact as a later turn reads it (the planner's follow-ups and "the second one"):
    query, filters, outcome and each record's id, title, creator, date, media type and score
    (what "the one by <creator>" needs); no descriptions."""
    cut = dict.fromkeys(_CUT, "")
    records = [r.model_copy(update=cut) for r in artifact.records]
    return artifact.model_copy(update={"records": records}).model_dump(mode="json")


def compacted(messages: Sequence[BaseMessage], start: int) -> list[BaseMessage]:
    """The search results of the turn starting at `start`, compacted (same ids: they replace
    the stored ones)."""
    out: list[BaseMessage] = []
    for message in messages[start:]:
        artifact = SearchArtifact.of(message)
        if artifact is None or not isinstance(message, ToolMessage):
            continue
        out.append(message.model_copy(update={"artifact": compact_artifact(artifact)}))
    return out


def forgotten(messages: Sequence[BaseMessage], window: int) -> list[RemoveMessage]:
    """Removals of every message before the last `window` turns (a turn starts with a person's
    message, so a tool call is never parted from its result)."""
    starts = [i for i, m in enumerate(messages) if isinstance(m, HumanMessage)]
    if len(starts) <= window:
        return []
    keep_from = starts[-window]
    return [RemoveMessage(id=m.id) for m in messages[:keep_from] if m.id is not None]


def window_update(messages: Sequence[BaseMessage], start: int, window: int) -> list[BaseMessage]:
    """The `messages` update that ends a turn: older turns forgotten, this one's records cut."""
    return [*forgotten(messages, window), *compacted(messages, start)]
