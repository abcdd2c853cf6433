"""A real HTTP server the tests start on loopback, serving real-shaped agent cards and the
ways fetching them goes wrong (invalid JSON, HTML, slow, huge, redirect loops, a redirect to
127.0.0.1, 304 on a matching ETag), plus a JWKS for signed cards."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

GOV = "governance_and_trust/"


def card(name: str = "DelegateDesk", **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "description": "Delegate and revoke voting power for token holders.",
        "url": "https://delegatedesk.ai/a2a",
        "version": "1.2.0",
        "protocolVersion": "0.3.0",
        "capabilities": {"streaming": True},
        "defaultInputModes": ["text"],
        "skills": [
            {"id": GOV + "delegation/add_delegation", "name": "Add delegation",
             "description": "Delegate voting power to another account."},
        ],
    } | extra  # fmt: skip


@dataclass
class CardServer:
    port: int = 0
    documents: dict[str, Any] = field(default_factory=dict)  # path -> JSON served
    etags: dict[str, str] = field(default_factory=dict)
    hits: list[str] = field(default_factory=list)

    def url(self, path: str, host: str = "localhost") -> str:
        return f"http://{host}:{self.port}{path}"


def _handler(server: CardServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:  # quiet
            pass

        def _send(self, code: int, body: bytes, kind: str = "application/json", **headers: str):
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            for key, value in headers.items():
                self.send_header(key.replace("_", "-"), value)
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            path = self.path
            server.hits.append(path)
            if path in server.documents:
                etag = server.etags.get(path)
                if etag and self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    self.end_headers()
                    return
                body = json.dumps(server.documents[path]).encode()
                self._send(200, body, **({"ETag": etag} if etag else {}))
            elif path == "/invalid.json":
                self._send(200, b"{not json")
            elif path == "/page.html":
                self._send(200, b"<html>hello</html>", "text/html")
            elif path == "/slow.json":
                time.sleep(3)
                self._send(200, b"{}")
            elif path == "/huge.json":  # no Content-Length: the size is only known by reading
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(b'{"name": "' + b"x" * 3_000_000 + b'"}')
            elif path == "/loop":
                self._send(302, b"", Location="/loop")
            elif path == "/to-loopback":
                self._send(302, b"", Location=f"http://127.0.0.1:{server.port}/card.json")
            elif path == "/moved":
                self._send(301, b"", Location="/card.json")
            else:
                self._send(404, b'{"error": "not found"}')

    return Handler


@contextmanager
def card_server() -> Iterator[CardServer]:
    state = CardServer()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    httpd.daemon_threads = True
    state.port = httpd.server_address[1]
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
