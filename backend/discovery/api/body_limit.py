"""The largest request body: a pure ASGI middleware answering 413 for a body over the limit.

A declared `Content-Length` over the limit is refused before the app runs; the bytes that
actually arrive are counted too (a chunked body, or one longer than it said), and the app's
reading stops at the limit. Paths under a prefix of `larger` (uploads) have their own limit."""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from discovery.api.errors import error_body


class BodyTooLarge(HTTPException):
    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is larger than {limit:,} bytes")


class BodyLimitMiddleware:
    def __init__(self, app: ASGIApp, limit: int, larger: dict[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.larger = larger or {}

    def limit_for(self, path: str) -> int:
        for prefix, limit in self.larger.items():
            if path.startswith(prefix):
                return limit
        return self.limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["path"])
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            await _refuse(scope, receive, send, limit)
            return
        received = 0
        over = started = replaced = False

        async def counted() -> Message:
            nonlocal received, over
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    over = True
                    raise BodyTooLarge(limit)
            return message

        async def guarded(message: Message) -> None:
            # Once the body was too large, the answer is our 413, whatever the app makes of
            # the interrupted read (a mounted app may turn it into a 400 or a 500).
            nonlocal started, replaced
            if replaced:
                return
            if message["type"] == "http.response.start":
                if over:
                    replaced = True
                    await _refuse(scope, receive, send, limit)
                    return
                started = True
            await send(message)

        try:
            await self.app(scope, counted, guarded)
        except BodyTooLarge:
            if started:
                raise
            if not replaced:
                await _refuse(scope, receive, send, limit)


async def _refuse(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    response = JSONResponse(
        error_body("too_large", BodyTooLarge(limit).detail),
        status_code=413,
        headers={"Connection": "close"},
    )
    await response(scope, receive, send)
