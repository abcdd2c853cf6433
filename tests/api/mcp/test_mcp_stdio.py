"""`discovery mcp` as an MCP client starts it: a real subprocess speaking stdio, driven by the
`mcp` SDK's own client, on a test database (DATABASE_URL) holding the small tool catalog and a
capability. Its log (stderr) carries the deprecation warnings."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client
from tests.api.mcp.mcp_checks import NAMES, add_capability, check_read_a_file
from tests.capability_catalog import tools_rt, tools_template, tools_url  # noqa: F401

from discovery.runtime import Runtime

pytestmark = pytest.mark.integration


async def test_discover_over_stdio_from_a_real_subprocess(
    tools_rt: Runtime,  # noqa: F811
    tools_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    capability_id = await add_capability(tools_rt)
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "discovery.cli", "mcp"],
        env={
            "DATABASE_URL": tools_url,
            "DISCOVERY_DATA_DIR": str(tmp_path / "data"),
            "HOME": os.environ.get("HOME", str(tmp_path)),
        },
        cwd=str(tmp_path),  # no .env of the checkout's
    )
    log = tmp_path / "server.log"
    with log.open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog)) as client:
            assert {t.name for t in (await client.list_tools()).tools} == NAMES
            result = await client.call_tool("discover", {"intent": "read a file"})
            check_read_a_file(result, capability_id)
            bad = await client.call_tool("discover", {"intent": "x", "limit": 500})
            assert bad.is_error
            old = await client.call_tool("search_tools", {"query": "read a file"})
            assert not old.is_error and old.structured_content["items"]
    assert "event=mcp_tool_deprecated tool=search_tools use=discover" in log.read_text()
