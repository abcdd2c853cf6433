"""The closest records (`offline/closest.py`) in the refinement middleware, against a scripted
search handler and a grader that rejects everything, sync and async: with evidence the turn's
tool result carries the first attempt's records marked `closest`, the attempts still all
rejected; without it, no records are marked."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from langchain_core.messages import HumanMessage, ToolMessage
from langgraph.prebuilt.tool_node import ToolCallRequest
from langgraph.types import Command

from discovery.agent.offline.closest import ClosestRecords
from discovery.agent.offline.lexical import KeyTerms
from discovery.agent.offline.terms import TermStats
from discovery.agent.planning import RefineContext, Refinement
from discovery.agent.refinement import SearchRefinementMiddleware
from discovery.agent.responses import ArchiveRecord
from discovery.agent.tools import SEARCH_TOOL

MODES = pytest.mark.parametrize("mode", ["sync", "async"])


class Rejecting:
    def grade(self, request: str, query: str, records: list[ArchiveRecord]) -> bool:
        return False

    async def agrade(self, request: str, query: str, records: list[ArchiveRecord]) -> bool:
        return False


class Focus:
    def refine(self, ctx: RefineContext) -> Refinement | None:
        return Refinement(f"{ctx.query} again", "specify")

    async def arefine(self, ctx: RefineContext) -> Refinement | None:
        return self.refine(ctx)


def middleware() -> SearchRefinementMiddleware:
    keys = KeyTerms(TermStats(counts=[("nurse", 15), ("the", 900)]), {})
    return SearchRefinementMiddleware(
        Focus(), min_score=0.3, grader=Rejecting(), closest=ClosestRecords(keys, 0.48)
    )


async def run(mode: str, score: float, text_matched: bool) -> Command[Any]:
    def handler(request: ToolCallRequest) -> ToolMessage:
        query = request.tool_call["args"]["query"]
        records = [
            ArchiveRecord(
                id=f"{query}-{i}", title=f"{query} {i}", description="", summary="", score=score
            )
            for i in range(5)
        ]
        art = {"query": query, "filters": {}, "records": [r.model_dump() for r in records],
               "best_score": score, "text_matched": text_matched}  # fmt: skip
        return ToolMessage(content="", artifact=art, tool_call_id="call_1", name=SEARCH_TOOL)

    request = ToolCallRequest(
        tool_call={"name": SEARCH_TOOL, "args": {"query": "nurses"}, "id": "call_1"},
        tool=None,
        state={"messages": [HumanMessage(content="pictures of nurses")]},
        runtime=SimpleNamespace(stream_writer=None),  # type: ignore[arg-type]
    )
    mw = middleware()
    if mode == "sync":
        result = mw.wrap_tool_call(request, handler)
    else:

        async def ahandler(req: ToolCallRequest) -> ToolMessage:
            return handler(req)

        result = await mw.awrap_tool_call(request, ahandler)
    assert isinstance(result, Command)
    return result


@MODES
async def test_every_attempt_rejected_with_evidence_shows_the_first_attempts_records(
    mode: str,
) -> None:
    result = await run(mode, score=0.6, text_matched=True)
    (message,) = result.update["messages"]  # type: ignore[index]
    attempts = result.update["search_attempts"]  # type: ignore[index]
    assert [a["query"] for a in attempts] == ["nurses", "nurses again", "nurses again again"]
    assert not any(a["accepted"] for a in attempts)  # the trail is unchanged
    assert message.artifact["closest"] is True and message.artifact["accepted"] is False
    assert [r["id"] for r in message.artifact["records"]][:2] == ["nurses-0", "nurses-1"]
    assert message.artifact["query"] == "nurses"


@MODES
@pytest.mark.parametrize(("score", "text_matched"), [(0.4, True), (0.6, False)])
async def test_every_attempt_rejected_without_evidence_marks_nothing_closest(
    mode: str, score: float, text_matched: bool
) -> None:
    result = await run(mode, score=score, text_matched=text_matched)
    (message,) = result.update["messages"]  # type: ignore[index]
    assert message.artifact["closest"] is False
    assert not any(a["accepted"] for a in result.update["search_attempts"])  # type: ignore[index]
