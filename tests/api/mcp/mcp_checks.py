"""What the MCP tests share: the tool names, a capability to find, and the check of
`discover("read a file")` every transport must pass."""

from __future__ import annotations

from typing import Any

from discovery.catalog.capabilities.records import CapabilityRun, Outcome
from discovery.catalog.capabilities.store import create_from_run
from discovery.db.executions import SuccessPrior
from discovery.runtime import Runtime

READ = "tool:Files::read_file"
NAMES = {"discover", "search_tools", "search_capabilities", "search_archives", "find_agents"}


async def add_capability(rt: Runtime) -> str:
    run = CapabilityRun(
        intent="Read a text file and print it",
        code_snippet="print(read('a'))",
        tools_used=[READ],
        outcome=Outcome(success=True, duration_ms=9),
    )
    capability, _ = await create_from_run(rt.db, rt.embedder, run, SuccessPrior())
    return capability.id


def check_read_a_file(result: Any, capability_id: str) -> None:
    """`discover("read a file")`: tools and capabilities in one ranking, with schemas and
    success rates."""
    assert not result.is_error, result.content
    data = result.structured_content
    by_id = {r["id"]: r for r in data["results"]}
    tool, capability = by_id[READ], by_id[capability_id]
    assert tool["type"] == "tool" and tool["input_schema"]["properties"]["path"]["type"] == "string"
    assert capability["type"] == "capability" and capability["success_rate"] == 0.925
    assert capability["tools_used"] == [READ] and capability["code_snippet"] == "print(read('a'))"
    scores = [r["score"] for r in data["results"]]
    assert scores == sorted(scores, reverse=True)
    assert data["meta"]["capabilities_count"] >= 1 and data["meta"]["tools_count"] >= 1
    assert result.content[0].text.startswith(f"{len(scores)} results for 'read a file'")
