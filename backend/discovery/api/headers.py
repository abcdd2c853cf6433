"""Security headers on every HTTP response: a strict Content-Security-Policy (everything from
the app's own origin; thumbnails come through its image proxy, `/api/images/...`), no framing,
no content sniffing, no referrer. A response that sets its own policy keeps it (the API docs
pages allow their one inline script by its hash: `docs_policy`)."""

from __future__ import annotations

import base64
import hashlib
import re

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "Content-Security-Policy"

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The web UI's policy (its build has no inline script or style)."""

HEADERS = {
    CSP: POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def docs_policy(html: str) -> str:
    """The policy of an API docs page (Swagger UI, ReDoc, from the app's own assets): its
    inline scripts by hash, inline styles (ReDoc makes its styles at run time), data: images
    (Swagger UI's icons), blob: workers (ReDoc's search)."""
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'"
        for s in _INLINE_SCRIPT.findall(html)
    )
    return (
        f"default-src 'self'; script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self' blob:; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


class SecurityHeadersMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, with_headers)
