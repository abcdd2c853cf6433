"""The app factory: settings and services (database, embedder, agent) are built once, in the
lifespan; one router per resource; the MCP server at /mcp; the built web UI at / when present."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles

from discovery.agent.service import open_agent
from discovery.agent.threads import purging
from discovery.api.body_limit import BodyLimitMiddleware
from discovery.api.docs import install_docs
from discovery.api.errors import install_error_handlers
from discovery.api.graphql import mount_graphql
from discovery.api.headers import SecurityHeadersMiddleware
from discovery.api.limits import RateLimitMiddleware
from discovery.api.mcp.server import mount_mcp, sessions_running
from discovery.api.openapi import document_api
from discovery.api.routes import (
    admin,
    agent,
    agents,
    capabilities,
    chat,
    config,
    discover,
    health,
    images,
    intents,
    items,
    search,
    skills,
    threads,
    tools,
)
from discovery.images import open_images
from discovery.logs import show_user_text
from discovery.runtime import load_demo_if_empty, open_runtime, settled_heap
from discovery.settings import Settings

log = logging.getLogger(__name__)


def _operation_id(route: APIRoute) -> str:
    return f"{route.tags[0]}-{route.name}" if route.tags else route.name


def create_app(settings: Settings | None = None, load_demo: bool = False) -> FastAPI:
    settings = settings or Settings()
    show_user_text(settings.discovery_log_user_text)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with open_runtime(settings) as runtime:
            if load_demo:
                await load_demo_if_empty(runtime)
            async with open_agent(runtime) as service, open_images(settings) as images:
                app.state.runtime, app.state.agent = runtime, service
                app.state.images = images
                every = settings.discovery_thread_purge_seconds
                async with sessions_running(mcp), purging(service.threads, every):
                    with settled_heap(settings):
                        yield

    app = FastAPI(
        title="Discovery",
        summary="Conversational search and discovery over one catalog of items.",
        lifespan=lifespan,
        generate_unique_id_function=_operation_id,
        docs_url=None,
        redoc_url=None,
    )
    install_error_handlers(app)
    document_api(app)
    # Outermost last: security headers on every answer, CORS headers on the 413s and 429s.
    app.add_middleware(RateLimitMiddleware, settings=settings)
    app.add_middleware(
        BodyLimitMiddleware,
        limit=settings.discovery_max_body_bytes,
        larger={"/api/v1/ingest/": admin.MAX_INGEST_BYTES},
    )
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Authorization", "Content-Type"],
            expose_headers=["Retry-After"],
        )
    app.add_middleware(SecurityHeadersMiddleware)
    app.include_router(health.router)
    for v1 in (search, discover, capabilities, tools, skills, admin, intents, items):
        app.include_router(v1.router, prefix="/api/v1")
    app.include_router(agents.router)
    mount_graphql(app)
    for router in (agent.router, chat.router, threads.router, config.router, images.router):
        app.include_router(router, prefix="/api")
    install_docs(app)
    mcp = mount_mcp(app, settings)  # before the web UI's catch-all mount at /
    frontend = settings.discovery_frontend_dir
    if (frontend / "index.html").is_file():
        app.mount("/", StaticFiles(directory=frontend, html=True), name="frontend")
    else:
        log.info("no built web UI at %s (npm run build in frontend/); API only", frontend)
    return app
