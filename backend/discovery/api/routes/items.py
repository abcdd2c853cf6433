"""Catalog items by id: one item with all its metadata, and the items most like it ("More like
this": the item's own stored vector, ranked like a search, never the item itself)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query
from pydantic import Field

from discovery.api.deps import READ, ItemsDep
from discovery.db import ItemKind
from discovery.search.models import MAX_EXCLUDED, SearchFilters
from discovery.search.similar import ItemDetail, SimilarItems, SimilarQuery
from discovery.text import RequestModel

router = APIRouter(prefix="/items", tags=["items"], dependencies=[READ])

ItemId = Annotated[
    str,
    Path(
        min_length=1,
        max_length=300,
        pattern=r"^[^\x00]+$",
        description="The item's id, e.g. `cmoa:things/000ed880-7d5a-4e1a-8c11-e2339adab057` "
        "(slashes may be sent as they are or as %2F).",
    ),
]
Text = Annotated[str, Field(min_length=1, max_length=300, pattern=r"^[^\x00]+$")]


class SimilarParams(RequestModel):
    """What `GET /items/{item_id}/similar` narrows by."""

    limit: int = Field(default=10, ge=1, le=50, description="How many items, 1 to 50.")
    threshold: float = Field(
        default=0.0, ge=0.0, le=1.0, description="Minimum similarity to the item, 0 to 1."
    )
    item_type: ItemKind | None = Field(
        default=None, description="Only items of this kind; default: the item's own kind."
    )
    media_type: list[Text] | None = Field(
        default=None, max_length=20, description="Archive media types (any of them)."
    )
    date_from: int | None = Field(
        default=None, ge=-10000, le=10000, description="From this year, inclusive."
    )
    date_to: int | None = Field(
        default=None, ge=-10000, le=10000, description="To this year, inclusive."
    )
    exclude: list[Text] | None = Field(
        default=None,
        max_length=MAX_EXCLUDED,
        description=f"Ids to leave out (those already shown), at most {MAX_EXCLUDED}.",
    )


@router.get("/{item_id:path}/similar", responses={404: {}, 409: {}, 503: {}})
async def similar_items(
    item_id: ItemId, params: Annotated[SimilarParams, Query()], items: ItemsDep
) -> SimilarItems:
    """More like this: the items nearest to this one by its own stored vector (no text is
    embedded), through the same SQL ranking and filters as a search, nearest first. Page by
    sending the ids already shown as `exclude`. 404 for an unknown id; 409 when the item has no
    vector for the configured embedding model (run `discovery reindex`)."""
    query = SimilarQuery(
        item_id=item_id,
        limit=params.limit,
        threshold=params.threshold,
        filters=SearchFilters(
            kinds=(params.item_type,) if params.item_type else None,
            media_types=tuple(m.lower() for m in params.media_type) if params.media_type else None,
            date_from=params.date_from,
            date_to=params.date_to,
        ),
        exclude_ids=tuple(params.exclude or ()),
    )
    return await items.similar(query)


@router.get("/{item_id:path}", responses={404: {}, 503: {}})
async def get_item(item_id: ItemId, items: ItemsDep) -> ItemDetail:
    """One active item with all its stored metadata (for an archive record: creator, date,
    place, media type, tags, source and thumbnail URLs, and the source's own fields)."""
    return await items.item(item_id)
