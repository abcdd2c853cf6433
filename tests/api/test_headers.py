"""Security headers: a strict policy on the web UI and the API, the docs pages' own policy
(their inline script allowed by its hash, nothing else inline)."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import httpx
import pytest
from tests.api.conftest import asgi_client

from discovery.api.headers import POLICY
from discovery.api.main import create_app
from discovery.settings import Settings

pytestmark = pytest.mark.integration


def _assert_strict(headers: httpx.Headers) -> None:
    assert headers["content-security-policy"] == POLICY
    assert "frame-ancestors 'none'" in POLICY and "script-src 'self';" in POLICY
    assert "unsafe-inline" not in POLICY
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


async def test_send_security_headers_on_the_web_ui(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>Discovery</title>")
    app = create_app(Settings(_env_file=None, discovery_frontend_dir=tmp_path))  # type: ignore[call-arg]
    async with asgi_client(app) as client:  # static files and /healthz: no lifespan needed
        for path in ("/", "/index.html", "/healthz", "/no-such-page"):
            _assert_strict((await client.get(path)).headers)


async def test_send_security_headers_on_api_errors(client: httpx.AsyncClient) -> None:
    answer = await client.post("/api/v1/search", json={"query": ""})
    assert answer.status_code == 400
    _assert_strict(answer.headers)


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
async def test_allow_docs_inline_scripts_by_hash_only(client: httpx.AsyncClient, page: str) -> None:
    answer = await client.get(page)
    policy = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy
    script_src = re.search(r"script-src ([^;]*)", policy)
    assert script_src is not None and "unsafe-inline" not in script_src[1]
    for script in re.findall(r"<script>(.*?)</script>", answer.text, re.S):
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in script_src[1]
    assert answer.headers["x-frame-options"] == "DENY"
