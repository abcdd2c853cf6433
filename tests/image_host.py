"""A real image host the tests start on loopback: a PNG, a redirect to it, and the ways serving
an image goes wrong (HTML, a body that is not the declared image, too large, missing, slow)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

PNG = (Path(__file__).parent / "fixtures" / "thumbnail.png").read_bytes()


@dataclass
class ImageHost:
    port: int = 0
    hits: list[str] = field(default_factory=list)

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"

    @property
    def allowed(self) -> str:
        """The `host:port` to allow (DISCOVERY_IMAGE_FETCH_ALLOWED_HOSTS)."""
        return f"127.0.0.1:{self.port}"


def _handler(host: ImageHost) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:  # quiet
            pass

        def _send(self, code: int, body: bytes, kind: str, **headers: str) -> None:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            for key, value in headers.items():
                self.send_header(key.replace("_", "-"), value)
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            host.hits.append(self.path)
            routes = {
                "/photo.png": (200, PNG, "image/png"),
                "/page.html": (200, b"<html>not an image</html>", "text/html"),
                "/fake.png": (200, b"<html>not an image</html>", "image/png"),
                "/logo.svg": (200, b"<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml"),
                "/huge.png": (200, PNG + b"\0" * 6_000_000, "image/png"),
            }
            if self.path in routes:
                self._send(*routes[self.path])
            elif self.path == "/moved.png":
                self._send(302, b"", "text/plain", Location="/photo.png")
            elif self.path == "/slow.png":
                time.sleep(3)
                self._send(200, PNG, "image/png")
            else:
                self._send(404, b"missing", "text/plain")

    return Handler


@contextmanager
def image_host() -> Iterator[ImageHost]:
    state = ImageHost()
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
