"""The image proxy: a record's thumbnail served from the app's own origin (`discovery.images`).

Only the thumbnail a record names is ever fetched: the path takes an item id, never a URL, so
the proxy cannot be pointed anywhere else."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, HTTPException, Path, status
from fastapi.responses import FileResponse, JSONResponse, Response

from discovery.api.deps import READ, ImagesDep, ItemsDep
from discovery.api.errors import error_body
from discovery.images import IMAGE_TYPES, ImageUnavailable

router = APIRouter(tags=["images"], dependencies=[READ])

CACHE_CONTROL = "public, max-age=604800"
"""A week: a record's thumbnail rarely changes, and the ETag answers a revalidation cheaply."""

IMAGE_RESPONSES: dict[int | str, dict] = {
    200: {
        "description": "The image (JPEG, PNG, GIF, WebP or AVIF), with `Cache-Control` and an "
        "`ETag`.",
        "content": {
            t: {"schema": {"type": "string", "format": "binary"}} for t in sorted(IMAGE_TYPES)
        },
    },
    304: {"description": "Not modified: the `If-None-Match` ETag is current."},
    404: {"description": "No such item, or the item has no thumbnail."},
    502: {
        "description": "The image could not be fetched: the host failed, refused, or sent "
        "something other than an image within the size limit."
    },
    503: {},
}


@router.get(
    "/images/{item_id:path}",
    response_class=Response,
    responses=IMAGE_RESPONSES,
)
async def thumbnail(
    item_id: Annotated[
        str,
        Path(min_length=1, max_length=300, pattern=r"^[^\x00]+$", description="The item's id."),
    ],
    items: ItemsDep,
    images: ImagesDep,
    if_none_match: Annotated[str | None, Header(max_length=200)] = None,
) -> Response:
    """A record's thumbnail from the app's own origin: fetched once from the URL in the record's
    metadata (public addresses only, an image type, a size limit), cached on disk, then served
    from the cache. Browsers never load the image host themselves, so an HTTPS page shows no
    mixed content."""
    item = await items.item(item_id)
    url = item.metadata.get("thumbnail")
    if not isinstance(url, str) or not url.strip():
        raise HTTPException(status.HTTP_404_NOT_FOUND, f"item {item_id!r} has no thumbnail")
    try:
        image = await images.get(url.strip())
    except ImageUnavailable as exc:
        message = f"the thumbnail of {item_id!r} cannot be served: {exc}"
        return JSONResponse(error_body("image_unavailable", message), status_code=502)
    etag = f'"{image.etag}"'
    headers = {
        "Cache-Control": CACHE_CONTROL,
        "ETag": etag,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'",
    }
    if if_none_match and etag in {t.strip() for t in if_none_match.split(",")}:
        return Response(status_code=304, headers=headers)
    return FileResponse(image.path, media_type=image.content_type, headers=headers)
