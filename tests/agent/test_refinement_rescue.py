"""The refinement middleware's second look (a `Rescuer`) against a scripted search handler,
sync and async: a probe clearly better by evidence is shown as attempt 2, any other probe is
searched and dropped."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from langchain_core.messages import HumanMessage, ToolMessage
from langgraph.prebuilt.tool_node import ToolCallRequest
from langgraph.types import Command

from discovery.agent.offline.lexical import KeyTerms
from discovery.agent.offline.rescue import Rescuer
from discovery.agent.offline.terms import TermStats
from discovery.agent.planning import RefineContext, Refinement
from discovery.agent.refinement import SearchRefinementMiddleware
from discovery.agent.responses import ArchiveRecord
from discovery.agent.tools import SEARCH_TOOL

COUNTS = [("the", 500), ("quilt", 12), ("bee", 40), ("spelling", 25), ("club", 80)]
# (query, leg) -> the titles and similarities it returns
Script = dict[tuple[str, str | None], list[tuple[str, float]]]


class NoRefiner:
    def refine(self, ctx: RefineContext) -> Refinement | None:
        return None

    async def arefine(self, ctx: RefineContext) -> Refinement | None:
        return None


def middleware(rescue: bool = True) -> SearchRefinementMiddleware:
    rescuer = Rescuer(KeyTerms(TermStats(counts=COUNTS), {})) if rescue else None
    return SearchRefinementMiddleware(NoRefiner(), min_score=0.3, rescuer=rescuer)


async def run(mode: str, mw: SearchRefinementMiddleware, text: str, query: str,
              script: Script, calls: list[tuple[str, str | None]]) -> Any:  # fmt: skip
    def handler(request: ToolCallRequest) -> ToolMessage:
        args = request.tool_call["args"]
        key = (args["query"], args.get("leg"))
        calls.append(key)
        records = [
            ArchiveRecord(id=f"{key}-{i}", title=t, description="", summary="", score=s)
            for i, (t, s) in enumerate(script.get(key, []))
        ]
        art = {"query": key[0], "filters": {}, "records": [r.model_dump() for r in records],
               "best_score": max((r.score for r in records), default=None)}  # fmt: skip
        return ToolMessage(content="", artifact=art, tool_call_id="call_1", name=SEARCH_TOOL)

    request = ToolCallRequest(
        tool_call={"name": SEARCH_TOOL, "args": {"query": query}, "id": "call_1"},
        tool=None,
        state={"messages": [HumanMessage(content=text)]},
        runtime=SimpleNamespace(stream_writer=None),  # type: ignore[arg-type]
    )
    if mode == "sync":
        return mw.wrap_tool_call(request, handler)

    async def ahandler(req: ToolCallRequest) -> ToolMessage:
        return handler(req)

    return await mw.awrap_tool_call(request, ahandler)


def outcome(result: Any) -> tuple[list[str], list[dict[str, Any]]]:
    assert isinstance(result, Command) and isinstance(result.update, dict)
    (message,) = result.update["messages"]
    return [r["title"] for r in message.artifact["records"]], result.update["search_attempts"]


MODES = pytest.mark.parametrize("mode", ["sync", "async"])
# The word-matched records are far from the request in meaning; the dense ranking's are near.
WORDY = [("Spelling bee winners", 0.32), ("Bee keeping club", 0.30), ("Quilt", 0.45)] * 2
NEAR = [("Quilting bee at the church hall", 0.52), ("Women sewing a quilt", 0.50)] * 3


@MODES
async def test_shows_the_dense_ranking_when_it_is_clearly_nearer(mode: str) -> None:
    calls: list[tuple[str, str | None]] = []
    script = {("quilting bee", None): WORDY, ("quilting bee", "dense"): NEAR}
    titles, attempts = outcome(
        await run(mode, middleware(), "any quilting bee photos?", "quilting bee", script, calls)
    )
    assert calls == [("quilting bee", None), ("quilting bee", "dense")]
    assert titles[0] == "Quilting bee at the church hall" and "Spelling bee winners" not in titles
    assert [(a["accepted"], a["strategy"]) for a in attempts] == [
        (False, "initial"),
        (True, "dense"),
    ]


@MODES
async def test_keeps_the_first_attempt_when_the_probe_is_no_better(mode: str) -> None:
    calls: list[tuple[str, str | None]] = []
    mixed = [("Quilt", 0.45), ("Spelling bee winners", 0.45)] * 3
    about_as_near = [("Quilt show", 0.47), ("Bee keeping club", 0.46)] * 3
    script = {("quilting bee", None): mixed, ("quilting bee", "dense"): about_as_near}
    titles, attempts = outcome(
        await run(mode, middleware(), "any quilting bee photos?", "quilting bee", script, calls)
    )
    assert calls == [("quilting bee", None), ("quilting bee", "dense")]  # searched, dropped
    assert titles[:2] == ["Quilt", "Spelling bee winners"]
    assert [a["strategy"] for a in attempts] == ["initial"]  # the turn's one attempt


@MODES
async def test_records_holding_the_request_s_words_are_not_probed(mode: str) -> None:
    calls: list[tuple[str, str | None]] = []
    held = [("Quilting bee at the church hall", 0.40)] * 5
    script = {("quilting bee", None): held, ("quilting bee", "dense"): NEAR}
    await run(mode, middleware(), "any quilting bee photos?", "quilting bee", script, calls)
    assert calls == [("quilting bee", None)]


@MODES
async def test_searches_a_missing_name_alone_and_shows_it_when_found(mode: str) -> None:
    calls: list[tuple[str, str | None]] = []
    text = "photos of the Garden Quilt Club and its shows"
    found = [("Garden Quilt Club exhibition", 0.41)] * 5
    script = {("garden quilt club shows", None): NEAR, ("garden quilt club", None): found,
              ("garden quilt club shows", "dense"): NEAR}  # fmt: skip
    titles, attempts = outcome(
        await run(mode, middleware(), text, "garden quilt club shows", script, calls)
    )
    assert calls[-1] == ("garden quilt club", None)
    assert titles[0] == "Garden Quilt Club exhibition"
    assert [a["query"] for a in attempts] == ["garden quilt club shows", "garden quilt club"]


@MODES
async def test_without_a_rescuer_nothing_is_probed(mode: str) -> None:
    calls: list[tuple[str, str | None]] = []
    script = {("quilting bee", None): WORDY, ("quilting bee", "dense"): NEAR}
    await run(mode, middleware(rescue=False), "quilting bee", "quilting bee", script, calls)
    assert calls == [("quilting bee", None)]
