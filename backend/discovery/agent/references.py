"""What the thread has shown, for turns that point at it ("more like the second one", "who's in
the third photo?"): the records of the last search the person saw, in the order shown, the ids
shown so far (left out of a `similar_to` search by default), and the prompt section that lists
them for an LLM (the local planner resolves references itself: `offline/references.py`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from discovery import prompts
from discovery.agent.record_tool import RECORD_TOOL
from discovery.agent.responses import ArchiveRecord
from discovery.agent.tools import SearchArtifact
from discovery.search.models import MAX_EXCLUDED

PROMPT_LISTED = 20
"""Shown records listed in the model's context at most (their ids are what it cites)."""


def shown_artifacts(messages: Sequence[BaseMessage]) -> list[SearchArtifact]:
    """The searches whose records the person saw (accepted, or the closest records shown when
    every attempt was rejected; with records), oldest first."""
    found = (SearchArtifact.of(m) for m in messages)
    return [a for a in found if a is not None and (a.accepted or a.closest) and a.records]


def shown_records(
    messages: Sequence[BaseMessage], list_index: int | None = None
) -> list[ArchiveRecord]:
    """The records of the last search the person saw, in the order shown (position 1 first);
    of an earlier one with `list_index` (1: the first list, -2: the one before the last),
    the nearest list there is when the thread has fewer."""
    artifact = shown_list(messages, list_index)
    return artifact.records if artifact else []


def shown_list(
    messages: Sequence[BaseMessage], list_index: int | None = None
) -> SearchArtifact | None:
    """The search whose records the person saw last, or the one `list_index` names."""
    shown = shown_artifacts(messages)
    if not shown:
        return None
    index = -1 if list_index is None else list_index - 1 if list_index > 0 else list_index
    return shown[max(-len(shown), min(index, len(shown) - 1))]


def last_described(messages: Sequence[BaseMessage]) -> str | None:
    """The id of the shown record the thread last asked about (`describe_archive_record`:
    "what's happening in the second picture?"), when no search came after it: "more like that
    photo" then means that record, not the first one shown."""
    for message in reversed(messages):
        if SearchArtifact.of(message) is not None:
            return None
        if isinstance(message, AIMessage):
            for call in message.tool_calls:
                if call["name"] == RECORD_TOOL and call["args"].get("item_id"):
                    return str(call["args"]["item_id"])
    return None


def shown_ids(messages: Sequence[BaseMessage]) -> list[str]:
    """Every record id the thread has shown, newest first, at most `MAX_EXCLUDED`."""
    ids: list[str] = []
    for artifact in reversed(shown_artifacts(messages)):
        ids += [r.id for r in artifact.records if r.id not in ids]
    return ids[:MAX_EXCLUDED]


def with_default_exclusions(
    args: dict[str, Any], messages: Sequence[BaseMessage]
) -> dict[str, Any]:
    """A `similar_to` call leaves out what the thread already showed, unless it says which ids
    to leave out itself (an empty list: none)."""
    if not args.get("similar_to") or args.get("exclude_ids") is not None:
        return args
    return {**args, "exclude_ids": shown_ids(messages)}


def shown_records_section(messages: Sequence[BaseMessage]) -> str:
    """The prompt section listing the shown records (position, id, title, creator, date), or ""
    when nothing has been shown in this thread."""
    records = shown_records(messages)
    if not records:
        return ""
    lines = []
    for i, r in enumerate(records[:PROMPT_LISTED], 1):
        facts = "; ".join(x for x in (r.creator, r.date, r.media_type) if x)
        lines.append(f"{i}. [{r.id}] {r.title[:120]}" + (f" ({facts})" if facts else ""))
    return prompts.render("shown_records", count=len(records), records="\n".join(lines))
