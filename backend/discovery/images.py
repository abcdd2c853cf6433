"""Record thumbnails, fetched once from the URL a record names and kept on disk.

The web UI never loads a third party's image itself (plain-http image hosts are mixed content
under HTTPS, and the page would tell every image host who looks at what): the API serves each
record's thumbnail from its own origin (`GET /api/images/{item_id}`), through this cache. A
URL is fetched once under the fetch policy of `discovery.fetching` (public addresses only, each
redirect checked), with a timeout, a size limit, an image content type whose first bytes agree,
then written to `<data dir>/images/` under the hash of its URL with its content type beside it.
A failed fetch is remembered for a few minutes, so a dead image host costs one attempt, not one
per card.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin

import httpx

from discovery.fetching import REDIRECTS, FetchPolicy, FetchRefused, check_peer, check_url
from discovery.settings import Settings

FAILURE_TTL_S = 300.0
_SIGNATURES: dict[str, tuple[bytes, ...]] = {
    "image/jpeg": (b"\xff\xd8\xff",),
    "image/png": (b"\x89PNG\r\n\x1a\n",),
    "image/gif": (b"GIF87a", b"GIF89a"),
    "image/webp": (b"RIFF",),
    "image/avif": (b"\x00\x00\x00",),
}
IMAGE_TYPES = frozenset(_SIGNATURES)
"""Raster types only: an SVG can carry script, and it would be served from the app's origin."""


class ImageUnavailable(Exception):
    """The image cannot be served: the fetch failed or was refused; the message says why."""


@dataclass(frozen=True)
class CachedImage:
    path: Path
    content_type: str
    etag: str


def _key(url: str) -> str:
    return hashlib.sha256(url.encode()).hexdigest()


def looks_like(content_type: str, head: bytes) -> bool:
    """Whether the first bytes agree with the declared image type."""
    if content_type == "image/webp":
        return head[:4] == b"RIFF" and head[8:12] == b"WEBP"
    if content_type == "image/avif":
        return head[4:8] == b"ftyp" and head[8:12] in (b"avif", b"avis")
    return any(head.startswith(s) for s in _SIGNATURES.get(content_type, ()))


class ImageCache:
    def __init__(self, directory: Path, policy: FetchPolicy, client: httpx.AsyncClient) -> None:
        self.directory = directory
        self.policy = policy
        self.client = client
        self._locks: dict[str, asyncio.Lock] = {}
        self._failures: dict[str, tuple[float, str]] = {}

    async def get(self, url: str) -> CachedImage:
        """The image at `url`, from the disk cache or fetched (once) into it."""
        key = _key(url)
        cached = self._cached(key)
        if cached:
            return cached
        lock = self._locks.setdefault(key, asyncio.Lock())
        async with lock:
            cached = self._cached(key)  # fetched while this request waited
            if cached:
                return cached
            failed = self._failures.get(key)
            if failed and time.monotonic() - failed[0] < FAILURE_TTL_S:
                raise ImageUnavailable(failed[1])
            try:
                async with asyncio.timeout(self.policy.timeout_s):
                    body, content_type = await self._fetch(url)
            except (FetchRefused, ImageUnavailable) as exc:
                raise self._failed(key, str(exc)) from None
            except TimeoutError:
                raise self._failed(key, f"timed out after {self.policy.timeout_s:g} s") from None
            except httpx.HTTPError as exc:
                raise self._failed(key, f"{type(exc).__name__}: {exc}"[:300]) from None
            finally:
                self._locks.pop(key, None)
            return self._store(key, url, body, content_type)

    def _failed(self, key: str, reason: str) -> ImageUnavailable:
        self._failures[key] = (time.monotonic(), reason)
        return ImageUnavailable(reason)

    def _cached(self, key: str) -> CachedImage | None:
        meta = self.directory / key[:2] / f"{key}.json"
        try:
            info = json.loads(meta.read_text())
        except (OSError, ValueError):
            return None
        path = meta.with_suffix("")
        if not path.is_file() or info.get("content_type") not in IMAGE_TYPES:
            return None
        return CachedImage(path, info["content_type"], str(info.get("etag", key[:32])))

    def _store(self, key: str, url: str, body: bytes, content_type: str) -> CachedImage:
        folder = self.directory / key[:2]
        folder.mkdir(parents=True, exist_ok=True)
        etag = hashlib.sha256(body).hexdigest()[:32]
        path = folder / key
        _write_atomically(path, body)
        info = {"url": url, "content_type": content_type, "etag": etag, "bytes": len(body)}
        _write_atomically(folder / f"{key}.json", json.dumps(info).encode())
        return CachedImage(path, content_type, etag)

    async def _fetch(self, url: str) -> tuple[bytes, str]:
        for _ in range(self.policy.max_redirects + 1):
            host = await check_url(url, self.policy)
            headers = {"Accept": ", ".join(sorted(IMAGE_TYPES))}
            async with self.client.stream("GET", url, headers=headers) as response:
                if host is not None:
                    check_peer(response, host)
                if response.status_code in REDIRECTS and "location" in response.headers:
                    url = urljoin(url, response.headers["location"])
                    continue
                if response.status_code != 200:
                    raise ImageUnavailable(f"the image host answered HTTP {response.status_code}")
                return await self._read(response)
        raise ImageUnavailable(f"more than {self.policy.max_redirects} redirects")

    async def _read(self, response: httpx.Response) -> tuple[bytes, str]:
        kind = response.headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if kind not in IMAGE_TYPES:
            raise ImageUnavailable(f"not an image this proxy serves: {kind or '(no type)'!r}")
        limit = self.policy.max_bytes
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise ImageUnavailable(f"too large: {declared} bytes (limit {limit})")
        body = bytearray()
        async for chunk in response.aiter_bytes():
            body += chunk
            if len(body) > limit:
                raise ImageUnavailable(f"too large: over {limit} bytes")
        if not looks_like(kind, bytes(body[:16])):
            raise ImageUnavailable(f"the body is not a {kind} image")
        return bytes(body), kind


def _write_atomically(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def image_policy(settings: Settings) -> FetchPolicy:
    return FetchPolicy(
        timeout_s=settings.discovery_image_fetch_timeout_seconds,
        max_bytes=settings.discovery_image_fetch_max_bytes,
        max_redirects=3,
        allow_private=settings.discovery_image_fetch_allow_private,
        allowed_hosts=settings.image_fetch_allowed_hosts,
    )


@asynccontextmanager
async def open_images(settings: Settings) -> AsyncIterator[ImageCache]:
    """The cache under `<data dir>/images`, with its own HTTP client (closed on exit)."""
    directory = settings.discovery_data_dir.expanduser().resolve() / "images"
    policy = image_policy(settings)
    timeout = httpx.Timeout(policy.timeout_s)
    headers = {"User-Agent": "Discovery image proxy"}
    async with httpx.AsyncClient(timeout=timeout, headers=headers) as client:
        yield ImageCache(directory, policy, client)
