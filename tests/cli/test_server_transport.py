"""`discovery serve` runs uvicorn on uvloop with the httptools parser (not asyncio's loop and the
pure-Python h11 parser uvicorn falls back to when they are missing)."""

from __future__ import annotations

import asyncio

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from discovery.cli.server import HTTP, LOOP


async def _app(scope: object, receive: object, send: object) -> None:  # pragma: no cover
    pass


def test_serve_transport_is_uvloop_and_httptools() -> None:
    config = uvicorn.Config(_app, loop=LOOP, http=HTTP)
    config.load()
    assert config.http_protocol_class is HttpToolsProtocol
    factory = config.get_loop_factory()
    assert factory is not None
    loop = factory()
    try:
        assert type(loop).__module__.startswith("uvloop")
    finally:
        loop.close()
    asyncio.set_event_loop(None)
