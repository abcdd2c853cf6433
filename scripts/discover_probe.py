"""`discovery serve` with per-request stage timings of `POST /api/v1/discover` (issue 15), for
`scripts/bench_discover_tail.py`: where a request's time goes, at p50 and in the p95 tail.

Run as the server (`python scripts/discover_probe.py OUT.jsonl serve --port N ...`): it wraps,
in this process only, the ASGI app (first byte of the app to the last byte sent), `discover`,
the intent's embedding (the hop into the worker thread, the model, the hop back), every
psycopg statement and pool checkout, and records the garbage collector's pauses
(`gc.callbacks`). One JSON line per request, keyed by the client's `x-probe` header, written
when the server stops. A measuring tool, not part of the package: nothing here is imported
by `discovery`.
"""

from __future__ import annotations

import atexit
import contextvars
import cProfile
import gc
import json
import os
import sys
import time
from typing import Any

_REC: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar("rec", default=None)
_records: list[dict[str, Any]] = []
_gc: list[tuple[float, float, int]] = []
_gc_start = [0.0]
now = time.perf_counter
# DISCOVER_PROBE_PROFILE=FILE: cProfile (on thread CPU time) of the event loop's thread from the
# first request after the warm-up (x-probe >= 40) to the end, written to FILE.
_PROFILE = os.environ.get("DISCOVER_PROBE_PROFILE")
_profiler = cProfile.Profile(time.thread_time) if _PROFILE else None


def _gc_callback(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _gc_start[0] = now()
    else:
        _gc.append((_gc_start[0], now(), int(info["generation"])))


def _add(key: str, value: float) -> None:
    rec = _REC.get()
    if rec is not None:
        rec[key] = rec.get(key, 0.0) + value


def _wrap_app(app: Any) -> Any:
    async def probed(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["path"] != "/api/v1/discover":
            return await app(scope, receive, send)
        headers = dict(scope["headers"])
        rec: dict[str, Any] = {"id": headers.get(b"x-probe", b"").decode(), "t0": now()}
        if _profiler is not None and rec["id"] == "40":
            _profiler.enable()
        _REC.set(rec)

        async def timed_send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.body" and not message.get("more_body"):
                rec["t_body"] = now()
            await send(message)

        await app(scope, receive, timed_send)
        rec["t_end"] = now()
        _records.append(rec)

    return probed


def _install() -> None:
    import psycopg
    import psycopg_pool

    import discovery.api.main as main
    from discovery.embeddings.local import LocalMiniLMEmbedder
    from discovery.search.discover import DiscoverService

    create_app = main.create_app

    def probed_create_app(*args: Any, **kwargs: Any) -> Any:
        return _wrap_app(create_app(*args, **kwargs))

    main.create_app = probed_create_app  # type: ignore[assignment]

    discover = DiscoverService.discover

    async def probed_discover(self: Any, request: Any) -> Any:
        rec = _REC.get()
        if rec is not None:
            rec["t_discover"] = now()
        try:
            return await discover(self, request)
        finally:
            if rec is not None:
                rec["t_discover_end"] = now()

    DiscoverService.discover = probed_discover  # type: ignore[method-assign]

    embed = DiscoverService._embed

    async def probed_embed(self: Any, intent: str, started: float) -> Any:
        rec = _REC.get()
        if rec is not None:
            rec["t_embed_call"] = now()
        out = await embed(self, intent, started)
        if rec is not None:
            rec["t_embed_back"] = now()
        return out

    DiscoverService._embed = probed_embed  # type: ignore[method-assign]

    embed_query = LocalMiniLMEmbedder.embed_query

    def probed_embed_query(self: Any, text: str) -> Any:
        rec = _REC.get()  # asyncio.to_thread copies the request's context
        if rec is not None:
            rec["t_model"] = now()
        try:
            return embed_query(self, text)
        finally:
            if rec is not None:
                rec["t_model_end"] = now()

    LocalMiniLMEmbedder.embed_query = probed_embed_query  # type: ignore[method-assign]

    execute = psycopg.AsyncCursor.execute

    async def probed_execute(self: Any, *args: Any, **kwargs: Any) -> Any:
        started = now()
        try:
            return await execute(self, *args, **kwargs)
        finally:
            rec = _REC.get()
            if rec is not None:
                rec.setdefault("sql", []).append((started, now()))

    psycopg.AsyncCursor.execute = probed_execute  # type: ignore[method-assign]

    getconn = psycopg_pool.AsyncConnectionPool.getconn

    async def probed_getconn(self: Any, *args: Any, **kwargs: Any) -> Any:
        started = now()
        try:
            return await getconn(self, *args, **kwargs)
        finally:
            _add("pool_wait", now() - started)

    psycopg_pool.AsyncConnectionPool.getconn = probed_getconn  # type: ignore[method-assign]


def _dump(out: str) -> None:
    if _profiler is not None and _PROFILE:
        _profiler.disable()
        _profiler.dump_stats(_PROFILE)
    with open(out, "w", encoding="utf-8") as fh:
        for rec in _records:
            t0, t1 = rec["t0"], rec.get("t_end", rec["t0"])
            rec["gc"] = [(s - t0, e - s, g) for s, e, g in _gc if e > t0 and s < t1]
            fh.write(json.dumps(rec) + "\n")


def main() -> None:
    out, argv = sys.argv[1], sys.argv[2:]
    gc.callbacks.append(_gc_callback)
    _install()
    atexit.register(_dump, out)
    from discovery.cli.main import app

    sys.argv = ["discovery", *argv]
    app()


if __name__ == "__main__":
    main()
