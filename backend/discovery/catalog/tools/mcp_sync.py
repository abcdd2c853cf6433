"""`discovery sync mcp`: list the tools, prompts and resources of configured MCP servers (stdio or
streamable HTTP, through the `mcp` client), upsert them, and mark the items a server no longer
lists inactive (never deleted: a tool that comes back is active again, with its history).

The servers file is TOML (`[servers.<name>]`) or JSON (`{"mcpServers": {<name>: ...}}`, the
layout MCP clients use); each server has either `command` (+ `args`, `env`, `cwd`) or `url`.
A server that cannot be reached is reported and its items are left as they were.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from discovery.catalog.ingest import ingest
from discovery.catalog.records import CatalogItem, RowError
from discovery.catalog.skills.proposals import propose_configured
from discovery.catalog.skills.review import open_classifier
from discovery.catalog.skills.store import refresh_skill_vectors
from discovery.catalog.tools.read import tool_item
from discovery.catalog.writer import IngestReport
from discovery.db import TOOL_KINDS, Database, ItemKind
from discovery.embeddings import Embedder
from discovery.settings import Settings, SkillProposals

log = logging.getLogger(__name__)


class ServerConfigError(ValueError):
    """The servers file is missing or malformed; the message names the file and the server."""


@dataclass(frozen=True)
class ServerConfig:
    name: str
    command: str | None = None
    args: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    url: str | None = None
    timeout_s: float = 30.0


@dataclass
class SyncResult:
    server: str
    listed: int = 0
    report: IngestReport | None = None
    deactivated: int = 0
    error: str | None = None


def load_servers(path: Path) -> list[ServerConfig]:
    if not path.is_file():
        raise ServerConfigError(f"no MCP servers file at {path} (see DISCOVERY_MCP_SERVERS_FILE)")
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ServerConfigError(f"{path}: {exc}") from None
    entries = data.get("servers", data.get("mcpServers"))
    if not isinstance(entries, dict) or not entries:
        raise ServerConfigError(f"{path}: expected a 'servers' (or 'mcpServers') table")
    return [_server(path, name, entry) for name, entry in entries.items()]


def _server(path: Path, name: str, entry: Any) -> ServerConfig:
    where = f"{path}: server {name!r}"
    if not isinstance(entry, dict):
        raise ServerConfigError(f"{where}: expected a table")
    if bool(entry.get("command")) == bool(entry.get("url")):
        raise ServerConfigError(f"{where}: give exactly one of command or url")
    unknown = set(entry) - {"command", "args", "env", "cwd", "url", "timeout_s", "type"}
    if unknown:
        raise ServerConfigError(f"{where}: unknown keys {sorted(unknown)}")
    args, env = entry.get("args", []), entry.get("env", {})
    if not (isinstance(args, list) and all(isinstance(a, str) for a in args)):
        raise ServerConfigError(f"{where}: args must be a list of strings")
    if not (isinstance(env, dict) and all(isinstance(v, str) for v in env.values())):
        raise ServerConfigError(f"{where}: env must map names to strings")
    return ServerConfig(name, entry.get("command"), args, env, entry.get("cwd"), entry.get("url"),
                        float(entry.get("timeout_s", 30.0)))  # fmt: skip


async def list_server(config: ServerConfig) -> list[CatalogItem | RowError]:
    """Every tool, prompt and resource the server lists (all pages), as items or row errors."""
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    target: Any = config.url or stdio_client(
        StdioServerParameters(
            command=config.command or "", args=config.args, env=config.env or None, cwd=config.cwd
        ),
        errlog=_errlog(),
    )
    out: list[CatalogItem | RowError] = []
    async with Client(target, raise_exceptions=True) as client:
        capabilities = client.server_capabilities
        listings: list[tuple[ItemKind, str, Any]] = [(ItemKind.TOOL, "tools", client.list_tools)]
        if capabilities.prompts is not None:
            listings.append((ItemKind.PROMPT, "prompts", client.list_prompts))
        if capabilities.resources is not None:
            listings.append((ItemKind.RESOURCE, "resources", client.list_resources))
        for kind, key, fetch in listings:
            if kind == "tool" and capabilities.tools is None:
                continue
            index, cursor = 0, None
            while True:
                page = await fetch(cursor=cursor)
                for entry in getattr(page, key):
                    index += 1
                    row = entry.model_dump(by_alias=True, exclude_none=True, mode="json")
                    try:
                        out.append(tool_item(row, server=config.name, kind=kind, source="mcp"))
                    except ValueError as exc:
                        out.append(RowError(f"mcp://{config.name}#{key}", index, str(exc)))
                cursor = page.next_cursor
                if not cursor:
                    break
    return out


def _errlog() -> TextIO:
    """Where a stdio server's own stderr goes: ours, or the process's when ours is not a file
    (a test runner's capture)."""
    try:
        sys.stderr.fileno()
        return sys.stderr
    except (AttributeError, OSError, ValueError):
        return sys.__stderr__ or sys.stderr


async def sync_servers(
    db: Database, embedder: Embedder, settings: Settings, servers: list[ServerConfig]
) -> list[SyncResult]:
    classifier = await open_classifier(db, embedder, settings)
    proposals = settings.discovery_skill_proposals is not SkillProposals.OFF
    results = []
    for config in servers:
        result = SyncResult(config.name)
        try:
            rows = await asyncio.wait_for(list_server(config), config.timeout_s)
        except Exception as exc:  # unreachable, crashed, timed out: keep what we have
            log.warning("MCP server %s: listing failed: %s", config.name, exc)
            result.error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            results.append(result)
            continue
        listed = [r.id for r in rows if isinstance(r, CatalogItem)]
        result.listed = len(listed)
        result.report = await ingest(
            db,
            embedder,
            rows,
            classifier=classifier,
            batch_size=settings.discovery_ingest_batch_size,
            suggest_skills=not proposals,
        )
        result.deactivated = await deactivate_missing(db, embedder, config.name, listed)
        results.append(result)
    if proposals and any(r.report is not None for r in results):
        await propose_configured(db, embedder, settings)
    return results


async def deactivate_missing(
    db: Database, embedder: Embedder, server: str, listed: list[str]
) -> int:
    """Mark the server's active items that it no longer lists inactive; refresh skill vectors."""
    async with db.connection() as conn:
        cur = await conn.execute(
            "update items set is_active = false, updated_at = now()"
            " where kind = any(%s) and metadata ->> 'server' = %s and is_active"
            " and not (id = any(%s))",
            (list(TOOL_KINDS), server, listed),
        )
        if cur.rowcount:
            await refresh_skill_vectors(conn, embedder)
        return cur.rowcount
