"""`discovery sync mcp` against real MCP servers started here: the tiny server of
tests/fixtures (built with the `mcp` SDK, over stdio and streamable HTTP) and the published
`mcp-server-time` (stdio). Real embedded PostgreSQL and the real local model."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from discovery.catalog.tools.mcp_sync import (
    ServerConfig,
    ServerConfigError,
    load_servers,
    sync_servers,
)
from discovery.runtime import Runtime

pytestmark = pytest.mark.integration

TINY = str(Path(__file__).parents[2] / "fixtures" / "tiny_mcp_server.py")


def tiny(tools: str | None = None, name: str = "tiny") -> ServerConfig:
    env = {"TINY_TOOLS": tools} if tools else {}
    return ServerConfig(name, command=sys.executable, args=[TINY], env=env, timeout_s=60)


async def _items(runtime: Runtime, server: str) -> dict[str, tuple]:
    async with runtime.db.connection() as conn:
        rows = await (
            await conn.execute(
                "select id, kind, is_active, primary_skill_id, metadata ->> 'source' from items"
                " where metadata ->> 'server' = %s",
                (server,),
            )
        ).fetchall()
    return {r[0]: r[1:] for r in rows}


async def test_sync_lists_tools_prompts_and_resources_of_stdio_servers(runtime: Runtime) -> None:
    time_server = ServerConfig(
        "time", command=sys.executable, args=["-m", "mcp_server_time", "--local-timezone", "UTC"]
    )
    results = await sync_servers(
        runtime.db, runtime.embedder, runtime.settings, [tiny(), time_server]
    )
    assert [(r.server, r.listed, r.error) for r in results] == [("tiny", 5, None),
                                                                ("time", 2, None)]  # fmt: skip
    items = await _items(runtime, "tiny")
    assert {i: v[0] for i, v in items.items()} == {
        "tool:tiny::get_forecast": "tool", "tool:tiny::git_status": "tool",
        "tool:tiny::get_stock_price": "tool", "prompt:tiny::commit_message": "prompt",
        "resource:tiny::notes://readme": "resource",
    }  # fmt: skip
    assert items["tool:tiny::get_forecast"][2] == "tools.weather"
    assert all(v[1] and v[3] == "mcp" for v in items.values())
    assert "tool:time::convert_time" in await _items(runtime, "time")
    async with runtime.db.connection() as conn:
        [(schema,)] = await (
            await conn.execute(
                "select input_schema from item_schemas where item_id = 'tool:time::convert_time'"
            )
        ).fetchall()
    assert "source_timezone" in schema["properties"]


async def test_a_tool_that_disappears_is_inactive_and_comes_back(runtime: Runtime) -> None:
    await sync_servers(runtime.db, runtime.embedder, runtime.settings, [tiny()])
    [result] = await sync_servers(
        runtime.db, runtime.embedder, runtime.settings, [tiny("get_forecast,git_status")]
    )
    assert (result.listed, result.deactivated) == (4, 1)
    assert result.report is not None and result.report.unchanged == 4
    items = await _items(runtime, "tiny")
    assert items["tool:tiny::get_stock_price"][1] is False  # kept, not deleted
    assert sum(v[1] for v in items.values()) == 4
    async with runtime.db.connection() as conn:
        [(count,)] = await (
            await conn.execute("select tool_count from skills where id = 'tools.finance_markets'")
        ).fetchall()
    assert count == 0  # the skill's members changed with it
    await sync_servers(runtime.db, runtime.embedder, runtime.settings, [tiny()])
    assert (await _items(runtime, "tiny"))["tool:tiny::get_stock_price"][1] is True


async def test_an_unreachable_server_is_reported_and_its_items_kept(runtime: Runtime) -> None:
    await sync_servers(runtime.db, runtime.embedder, runtime.settings, [tiny()])
    broken = ServerConfig("tiny", command=sys.executable, args=["-c", "raise SystemExit(3)"],
                          timeout_s=20)  # fmt: skip
    [result] = await sync_servers(runtime.db, runtime.embedder, runtime.settings, [broken])
    assert result.error and result.listed == 0
    assert all(v[1] for v in (await _items(runtime, "tiny")).values())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def http_server() -> Iterator[str]:
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, TINY, "--http", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=10)


async def test_sync_over_streamable_http(runtime: Runtime, http_server: str) -> None:
    config = ServerConfig("tiny-http", url=http_server, timeout_s=30)
    [result] = await sync_servers(runtime.db, runtime.embedder, runtime.settings, [config])
    assert (result.error, result.listed) == (None, 5)
    assert "tool:tiny-http::git_status" in await _items(runtime, "tiny-http")


def test_servers_file_toml_and_json(tmp_path: Path) -> None:
    toml = tmp_path / "servers.toml"
    toml.write_text('[servers.time]\ncommand = "mcp-server-time"\nargs = ["--local-timezone", '
                    '"UTC"]\n\n[servers.remote]\nurl = "http://127.0.0.1:9/mcp"\n')  # fmt: skip
    assert [(s.name, s.command, s.url) for s in load_servers(toml)] == [
        ("time", "mcp-server-time", None), ("remote", None, "http://127.0.0.1:9/mcp")]  # fmt: skip
    js = tmp_path / "servers.json"
    js.write_text('{"mcpServers": {"git": {"command": "uvx", "args": ["mcp-server-git"]}}}')
    assert load_servers(js)[0].args == ["mcp-server-git"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[servers.x]\nargs = []\n", "exactly one of command or url"),
        ('[servers.x]\ncommand = "a"\nurl = "b"\n', "exactly one of command or url"),
        ('[servers.x]\ncommand = "a"\nargs = "b"\n', "args must be a list"),
        ('[servers.x]\ncommand = "a"\nport = 1\n', "unknown keys"),
        ("nothing = 1\n", "expected a 'servers'"),
        ("[servers\n", "servers.toml"),
    ],
)
def test_bad_servers_files_are_refused_clearly(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "servers.toml"
    path.write_text(text)
    with pytest.raises(ServerConfigError, match=message):
        load_servers(path)
    with pytest.raises(ServerConfigError, match="no MCP servers file"):
        load_servers(tmp_path / "missing.toml")
