"""`describe_archive_record`: the agent's second tool, for questions about a record it has shown
("who's in the third photo?", "tell me about the second one"). It reads the full record from
the catalog by id (the thread keeps only a compact copy) and returns a short description from
its stored fields; no records are shown for such a turn."""

from __future__ import annotations

from typing import Any

from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field

from discovery.search.similar import ItemDetail, SimilarService, UnknownItem

RECORD_TOOL = "describe_archive_record"
DESCRIPTION = (
    "Read one archive record the person has been shown, by its id, to answer a question about "
    "it (who or what it shows, who made it, when and where)."
)
_DESCRIPTION_CHARS = 400


class RecordArgs(BaseModel):
    item_id: str = Field(description="The id of a record shown earlier in this thread.")


def describe_record(item: ItemDetail) -> str:
    """A few sentences from the record's stored fields: title, creator, date, place, type and
    the start of its description."""
    meta: dict[str, Any] = item.metadata
    facts = [
        f"by {meta['creator']}" if meta.get("creator") else "",
        f"dated {meta['date']}" if meta.get("date") else "",
        f"at {meta['place']}" if meta.get("place") else "",
    ]
    kind = str(meta.get("media_type") or "record")
    text = f'This {kind} is titled "{item.title.strip()}"'
    said = ", ".join(f for f in facts if f)
    text += f", {said}." if said else "."
    body = (item.description or item.summary).strip()
    if body and body.lower() != item.title.strip().lower():
        cut = (
            body[:_DESCRIPTION_CHARS].rsplit(" ", 1)[0] if len(body) > _DESCRIPTION_CHARS else body
        )
        text += f" {cut}{' ...' if len(body) > _DESCRIPTION_CHARS else ''}"
    return text


def make_record_tool(items: SimilarService) -> BaseTool:
    async def describe_archive_record(item_id: str) -> str:
        try:
            return describe_record(await items.item(item_id))
        except UnknownItem:
            return f"The record {item_id} is no longer in the catalog."

    return StructuredTool.from_function(
        coroutine=describe_archive_record,
        name=RECORD_TOOL,
        description=DESCRIPTION,
        args_schema=RecordArgs,
    )
