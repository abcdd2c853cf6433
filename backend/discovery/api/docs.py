"""The API's documentation pages, `/docs` (Swagger UI) and `/redoc`, from assets the app ships.

FastAPI's own pages load Swagger UI and ReDoc from a CDN, so they are blank without the
internet; the product runs offline. The same scripts come inside the `fastapi-offline` wheel
(Swagger UI 5, ReDoc), served here at `/docs-assets/`; nothing is loaded from elsewhere (no
Google fonts, our own favicon)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import (
    get_redoc_html,
    get_swagger_ui_html,
    get_swagger_ui_oauth2_redirect_html,
)
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from discovery.api.headers import CSP, docs_policy

ASSETS_URL = "/docs-assets"
ASSETS_DIR = Path(str(files("fastapi_offline") / "static"))


def install_docs(app: FastAPI) -> None:
    """`/docs`, `/redoc` and their assets (create the app with `docs_url=None, redoc_url=None`)."""
    app.mount(ASSETS_URL, StaticFiles(directory=ASSETS_DIR), name="docs-assets")
    openapi_url = app.openapi_url or "/openapi.json"
    redirect_url = app.swagger_ui_oauth2_redirect_url or "/docs/oauth2-redirect"
    favicon = f"{ASSETS_URL}/favicon.png"

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return _with_policy(
            get_swagger_ui_html(
                openapi_url=openapi_url,
                title=f"{app.title}: API",
                oauth2_redirect_url=redirect_url,
                swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
                swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
                swagger_favicon_url=favicon,
                swagger_ui_parameters={"defaultModelsExpandDepth": 0, "tryItOutEnabled": True},
            )
        )

    @app.get(redirect_url, include_in_schema=False)
    async def swagger_ui_redirect() -> HTMLResponse:
        return _with_policy(get_swagger_ui_oauth2_redirect_html())

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return _with_policy(
            get_redoc_html(
                openapi_url=openapi_url,
                title=f"{app.title}: API",
                redoc_js_url=f"{ASSETS_URL}/redoc.standalone.js",
                redoc_favicon_url=favicon,
                with_google_fonts=False,
            )
        )


def _with_policy(page: HTMLResponse) -> HTMLResponse:
    """The page's own Content-Security-Policy: its inline scripts allowed by their hashes."""
    page.headers[CSP] = docs_policy(bytes(page.body).decode())
    return page
