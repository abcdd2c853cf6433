"""The app factory: settings and services are built once, in the lifespan."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.routing import APIRoute

from discovery.api.errors import install_error_handlers
from discovery.api.routes import health, search
from discovery.runtime import load_demo_if_empty, open_runtime
from discovery.settings import Settings


def _operation_id(route: APIRoute) -> str:
    return f"{route.tags[0]}-{route.name}" if route.tags else route.name


def create_app(settings: Settings | None = None, load_demo: bool = False) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with open_runtime(settings or Settings()) as runtime:
            if load_demo:
                await load_demo_if_empty(runtime)
            app.state.runtime = runtime
            yield

    app = FastAPI(
        title="Discovery",
        summary="Conversational search and discovery over one catalog of items.",
        lifespan=lifespan,
        generate_unique_id_function=_operation_id,
    )
    install_error_handlers(app)
    app.include_router(health.router)
    app.include_router(search.router, prefix="/api/v1")
    return app
