"""The thumbnail cache against a real image host on loopback: fetched once, checked, cached on
disk under the URL's hash, refused when the address, type or size is wrong."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
from tests.image_host import PNG, ImageHost, image_host

from discovery.fetching import FetchPolicy
from discovery.images import ImageCache, ImageUnavailable, looks_like


@pytest.fixture
def host() -> Iterator[ImageHost]:
    with image_host() as running:
        yield running


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(timeout=httpx.Timeout(5.0)) as http:
        yield http


def _cache(tmp_path: Path, client: httpx.AsyncClient, host: ImageHost, **policy: object):
    fields: dict = {"allowed_hosts": frozenset({host.allowed}), "timeout_s": 2.0} | policy
    return ImageCache(tmp_path / "images", FetchPolicy(**fields), client)


async def test_an_image_is_fetched_once_then_served_from_disk(
    tmp_path: Path, client: httpx.AsyncClient, host: ImageHost
) -> None:
    cache = _cache(tmp_path, client, host, max_bytes=1_000_000)
    first = await cache.get(host.url("/photo.png"))
    again = await cache.get(host.url("/photo.png"))
    assert first == again
    assert first.content_type == "image/png"
    assert first.path.read_bytes() == PNG
    assert host.hits == ["/photo.png"]
    # A new cache on the same directory (a restart) does not fetch again.
    restarted = _cache(tmp_path, client, host)
    assert (await restarted.get(host.url("/photo.png"))).etag == first.etag
    assert host.hits == ["/photo.png"]


async def test_redirects_are_followed_and_checked(
    tmp_path: Path, client: httpx.AsyncClient, host: ImageHost
) -> None:
    image = await _cache(tmp_path, client, host).get(host.url("/moved.png"))
    assert image.path.read_bytes() == PNG
    assert host.hits == ["/moved.png", "/photo.png"]
    with pytest.raises(ImageUnavailable, match="more than 0 redirects"):
        await _cache(tmp_path / "b", client, host, max_redirects=0).get(host.url("/moved.png"))


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/page.html", "not an image this proxy serves: 'text/html'"),
        ("/logo.svg", "not an image this proxy serves: 'image/svg+xml'"),
        ("/fake.png", "the body is not a image/png image"),
        ("/huge.png", "too large"),
        ("/missing.png", "HTTP 404"),
        ("/slow.png", "timed out"),
    ],
)
async def test_what_is_not_a_small_image_is_refused(
    tmp_path: Path, client: httpx.AsyncClient, host: ImageHost, path: str, reason: str
) -> None:
    cache = _cache(tmp_path, client, host, max_bytes=1_000_000, timeout_s=1.0)
    with pytest.raises(ImageUnavailable, match=re.escape(reason)):
        await cache.get(host.url(path))
    assert not list((tmp_path / "images").rglob("*.json"))


async def test_loopback_is_refused_unless_allowed_and_failures_are_remembered(
    tmp_path: Path, client: httpx.AsyncClient, host: ImageHost
) -> None:
    cache = _cache(tmp_path, client, host, allowed_hosts=frozenset())
    with pytest.raises(ImageUnavailable, match="non-public address"):
        await cache.get(host.url("/photo.png", host="localhost"))
    with pytest.raises(ImageUnavailable, match="non-public address"):
        await cache.get(host.url("/photo.png", host="localhost"))
    assert host.hits == []
    allowed = _cache(tmp_path / "b", client, host, allow_private=True)
    assert (await allowed.get(host.url("/photo.png", host="localhost"))).content_type == "image/png"


def test_first_bytes_must_match_the_declared_type() -> None:
    assert looks_like("image/png", PNG[:16])
    assert not looks_like("image/jpeg", PNG[:16])
    assert looks_like("image/webp", b"RIFF\x00\x00\x00\x00WEBPVP8 ")
    assert looks_like("image/avif", b"\x00\x00\x00\x1cftypavif")
