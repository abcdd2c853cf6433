"""The refinement middleware against a scripted search handler, sync and async."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from langchain_core.messages import HumanMessage, ToolMessage
from langgraph.prebuilt.tool_node import ToolCallRequest
from langgraph.types import Command

from discovery.agent.planning import RefineContext, Refinement
from discovery.agent.refinement import SearchRefinementMiddleware
from discovery.agent.responses import ArchiveRecord
from discovery.agent.tools import SEARCH_TOOL

# query -> best scores of the records it returns ([] = nothing matched)
Script = dict[str, list[float]]


class ScriptedRefiner:
    """Returns the next query of a fixed list; records every context it saw."""

    def __init__(self, queries: list[str], strategy: str = "synonyms") -> None:
        self.queries, self.strategy = list(queries), strategy
        self.seen: list[RefineContext] = []

    def refine(self, ctx: RefineContext) -> Refinement | None:
        self.seen.append(ctx)
        return Refinement(self.queries.pop(0), self.strategy) if self.queries else None

    async def arefine(self, ctx: RefineContext) -> Refinement | None:
        return self.refine(ctx)


def artifact(query: str, scores: list[float]) -> dict[str, Any]:
    records = [
        ArchiveRecord(id=f"{query}-{i}", title=f"{query} record {i}", description="",
                      summary="", score=s).model_dump()
        for i, s in enumerate(scores)
    ]  # fmt: skip
    return {"query": query, "filters": {}, "records": records,
            "best_score": max(scores, default=None), "accepted": True}  # fmt: skip


def handler_for(script: Script, calls: list[str]) -> Callable[[ToolCallRequest], ToolMessage]:
    def handler(request: ToolCallRequest) -> ToolMessage:
        query = request.tool_call["args"]["query"]
        calls.append(query)
        art = artifact(query, script.get(query, []))
        return ToolMessage(content=query, artifact=art, tool_call_id=request.tool_call["id"])

    return handler


def make_request(
    query: str, events: list[dict[str, Any]], name: str = SEARCH_TOOL
) -> ToolCallRequest:
    return ToolCallRequest(
        tool_call={"name": name, "args": {"query": query}, "id": "call_1"},
        tool=None,
        state={"messages": [HumanMessage(content=f"please find {query}")]},
        runtime=SimpleNamespace(stream_writer=events.append),  # type: ignore[arg-type]
    )


async def run(mode: str, mw: SearchRefinementMiddleware, request: ToolCallRequest,
              script: Script, calls: list[str]) -> Any:  # fmt: skip
    handler = handler_for(script, calls)
    if mode == "sync":
        return mw.wrap_tool_call(request, handler)

    async def ahandler(req: ToolCallRequest) -> ToolMessage:
        return handler(req)

    return await mw.awrap_tool_call(request, ahandler)


def outcome(result: Any) -> tuple[ToolMessage, list[dict[str, Any]]]:
    assert isinstance(result, Command)
    update = result.update
    assert isinstance(update, dict)
    (message,) = update["messages"]
    return message, update["search_attempts"]


MODES = pytest.mark.parametrize("mode", ["sync", "async"])


@MODES
async def test_accepts_first_attempt_when_best_score_passes(mode: str) -> None:
    calls: list[str] = []
    events: list[dict[str, Any]] = []
    refiner = ScriptedRefiner(["never used"])
    mw = SearchRefinementMiddleware(refiner, min_score=0.4)
    message, attempts = outcome(
        await run(mode, mw, make_request("jazz", events), {"jazz": [0.6, 0.5]}, calls)
    )
    assert calls == ["jazz"]
    assert [a["reason"] for a in attempts] == ["ok"]
    assert message.artifact["accepted"] is True
    assert message.tool_call_id == "call_1"
    assert refiner.seen == []
    assert [e["event"] for e in events] == ["attempt"]


@MODES
async def test_refines_empty_results_then_succeeds_on_attempt_two(mode: str) -> None:
    calls: list[str] = []
    events: list[dict[str, Any]] = []
    refiner = ScriptedRefiner(["jazz band"], strategy="broaden")
    mw = SearchRefinementMiddleware(refiner)
    script = {"jazz band nightclub wylie": [], "jazz band": [0.55]}
    message, attempts = outcome(
        await run(mode, mw, make_request("jazz band nightclub wylie", events), script, calls)
    )
    assert calls == ["jazz band nightclub wylie", "jazz band"]
    assert [(a["reason"], a["strategy"]) for a in attempts] == [
        ("empty", "initial"),
        ("ok", "broaden"),
    ]
    assert refiner.seen[0].reason == "empty"
    assert message.artifact["query"] == "jazz band"
    assert [(e["attempt"], e["query"], e["count"], e["reason"]) for e in events] == [
        (1, "jazz band nightclub wylie", 0, "empty"),
        (2, "jazz band", 1, "ok"),
    ]


@MODES
async def test_refines_weak_results_with_the_request_and_titles_in_context(mode: str) -> None:
    calls: list[str] = []
    refiner = ScriptedRefiner(["boxer training gym"], strategy="feedback")
    mw = SearchRefinementMiddleware(refiner)
    script = {"boxing": [0.35, 0.2], "boxer training gym": [0.62]}
    message, attempts = outcome(await run(mode, mw, make_request("boxing", []), script, calls))
    ctx = refiner.seen[0]
    assert (ctx.reason, ctx.request, ctx.tried) == ("weak", "please find boxing", ["boxing"])
    assert ctx.titles == ["boxing record 0", "boxing record 1"]
    assert [a["reason"] for a in attempts] == ["weak", "ok"]
    assert message.artifact["accepted"] is True


@MODES
async def test_keeps_the_best_of_three_failed_attempts_not_the_last(mode: str) -> None:
    calls: list[str] = []
    refiner = ScriptedRefiner(["b", "c", "d"])
    mw = SearchRefinementMiddleware(refiner, max_attempts=3)
    script = {"a": [0.2], "b": [0.38, 0.1], "c": [0.31]}
    message, attempts = outcome(await run(mode, mw, make_request("a", []), script, calls))
    assert calls == ["a", "b", "c"]
    assert [a["attempt"] for a in attempts] == [1, 2, 3]
    assert message.artifact["query"] == "b"
    assert message.artifact["accepted"] is False
    assert "Nothing relevant" in str(message.content)


@MODES
async def test_never_repeats_a_query(mode: str) -> None:
    calls: list[str] = []
    refiner = ScriptedRefiner(["Jazz!", "jazz", "swing"])
    mw = SearchRefinementMiddleware(refiner, max_attempts=3)
    message, attempts = outcome(
        await run(mode, mw, make_request("jazz", []), {"jazz": [0.1]}, calls)
    )
    assert calls == ["jazz"]  # the refiner offered the same words again: the loop stops
    assert len(attempts) == 1
    assert message.artifact["accepted"] is False


@MODES
async def test_passes_other_tools_through_untouched(mode: str) -> None:
    calls: list[str] = []
    refiner = ScriptedRefiner(["x"])
    mw = SearchRefinementMiddleware(refiner)
    result = await run(mode, mw, make_request("jazz", [], name="other_tool"), {}, calls)
    assert isinstance(result, ToolMessage)
    assert calls == ["jazz"]
    assert refiner.seen == []


@MODES
async def test_a_weak_similarity_with_bm25_evidence_is_not_refined(mode: str) -> None:
    """Hybrid search found the first records by their words too: a low cosine alone does not
    send the turn to refinement."""
    calls: list[str] = []
    mw = SearchRefinementMiddleware(ScriptedRefiner(["other"]), min_score=0.4)

    def handler(request: ToolCallRequest) -> ToolMessage:
        query = request.tool_call["args"]["query"]
        calls.append(query)
        art = artifact(query, [0.25, 0.2]) | {"text_matched": query == "bm25 words"}
        return ToolMessage(content=query, artifact=art, tool_call_id=request.tool_call["id"])

    for query, refined in (("bm25 words", False), ("no words", True)):
        calls.clear()
        request = make_request(query, [])
        if mode == "sync":
            result = mw.wrap_tool_call(request, handler)
        else:

            async def ahandler(req: ToolCallRequest) -> ToolMessage:
                return handler(req)

            result = await mw.awrap_tool_call(request, ahandler)
        _, attempts = outcome(result)
        assert (len(attempts) > 1) is refined, query


@MODES
async def test_the_answer_fuses_the_attempts_records(mode: str) -> None:
    """After a refinement the records interleave by rank, the request's own first: what the
    first attempt found is not lost, and the refinement adds its own."""
    calls: list[str] = []
    mw = SearchRefinementMiddleware(ScriptedRefiner(["b"]), max_attempts=3)
    script = {"a": [0.3, 0.2, 0.1], "b": [0.5, 0.45]}
    message, _ = outcome(await run(mode, mw, make_request("a", []), script, calls))
    ids = [r["id"] for r in message.artifact["records"]]
    assert ids == ["a-0", "b-0", "a-1"]  # as many as one attempt returns
    assert message.artifact["query"] == "b" and message.artifact["accepted"] is True


class GraderRejecting:
    """Judges every result set of the given queries off-topic (a scripted relevance grader)."""

    def __init__(self, rejected: set[str]) -> None:
        self.rejected = rejected

    def grade(self, request: str, query: str, records: list[ArchiveRecord]) -> bool:
        return query not in self.rejected

    async def agrade(self, request: str, query: str, records: list[ArchiveRecord]) -> bool:
        return self.grade(request, query, records)


@MODES
async def test_records_the_grader_rejected_are_not_fused_into_the_answer(mode: str) -> None:
    """An accepted refinement is shown without the off-topic records of the attempts before
    it ("paintings of the sea or ships" showed its rejected paintings again)."""
    calls: list[str] = []
    mw = SearchRefinementMiddleware(
        ScriptedRefiner(["b"]), max_attempts=3, grader=GraderRejecting({"a"})
    )
    script = {"a": [0.9, 0.8, 0.7], "b": [0.5, 0.45]}
    message, attempts = outcome(await run(mode, mw, make_request("a", []), script, calls))
    assert [a["reason"] for a in attempts] == ["irrelevant", "ok"]
    assert [r["id"] for r in message.artifact["records"]] == ["b-0", "b-1"]


@MODES
async def test_when_every_attempt_is_rejected_their_records_are_still_fused(mode: str) -> None:
    calls: list[str] = []
    mw = SearchRefinementMiddleware(
        ScriptedRefiner(["b"]), max_attempts=2, grader=GraderRejecting({"a", "b"})
    )
    script = {"a": [0.9, 0.8], "b": [0.5]}
    message, _ = outcome(await run(mode, mw, make_request("a", []), script, calls))
    assert message.artifact["accepted"] is False
    assert [r["id"] for r in message.artifact["records"]] == ["a-0", "b-0"]


@MODES
async def test_a_similar_to_search_is_one_attempt_not_graded_and_leaves_out_the_shown(
    mode: str,
) -> None:
    class RejectAll:
        def grade(self, request: str, query: str, records: list[ArchiveRecord]) -> bool:
            raise AssertionError("a similar_to search is not graded by the request's words")

        async def agrade(self, request: str, query: str, records: list[ArchiveRecord]) -> bool:
            return self.grade(request, query, records)

    shown = ToolMessage(
        content="2 records", artifact=artifact("boxing", [0.7, 0.6]), tool_call_id="c0",
        name=SEARCH_TOOL,
    )  # fmt: skip
    seen: list[dict[str, Any]] = []
    calls: list[str] = []
    handler = handler_for({"like: boxing record 1": [0.35]}, calls)

    def recording(request: ToolCallRequest) -> ToolMessage:
        seen.append(dict(request.tool_call["args"]))
        return handler(request)

    request = ToolCallRequest(
        tool_call={"name": SEARCH_TOOL, "id": "call_1",
                   "args": {"query": "like: boxing record 1", "similar_to": "boxing-1"}},
        tool=None,
        state={"messages": [HumanMessage(content="boxing"), shown,
                            HumanMessage(content="more like the second one")]},
        runtime=SimpleNamespace(stream_writer=None),  # type: ignore[arg-type]
    )  # fmt: skip
    mw = SearchRefinementMiddleware(ScriptedRefiner(["x"]), min_score=0.4, grader=RejectAll())
    if mode == "sync":
        result = mw.wrap_tool_call(request, recording)
    else:

        async def arecording(req: ToolCallRequest) -> ToolMessage:
            return recording(req)

        result = await mw.awrap_tool_call(request, arecording)
    message, attempts = outcome(result)
    assert calls == ["like: boxing record 1"]  # weak by score, yet not refined
    assert seen[0]["exclude_ids"] == ["boxing-0", "boxing-1"]
    assert [(a["reason"], a["accepted"]) for a in attempts] == [("ok", True)]
    assert attempts[0]["filters"] == {"similar_to": "boxing-1"}
    assert message.artifact["accepted"] is True


class ThinSupport(GraderRejecting):
    """Accepts every result set but measures a fixed support per query (a scripted grader
    with the `SupportMeter` evidence)."""

    def __init__(self, support: dict[str, float]) -> None:
        super().__init__(set())
        self.shares = support

    def support(
        self, request: str, query: str, records: list[ArchiveRecord], text_only: Any = ()
    ) -> float | None:
        return self.shares.get(records[0].id.rsplit("-", 1)[0]) if records else None


@MODES
async def test_a_thinly_supported_attempt_is_refined_and_a_better_one_shown(mode: str) -> None:
    calls: list[str] = []
    refiner = ScriptedRefiner(["b"])
    mw = SearchRefinementMiddleware(refiner, grader=ThinSupport({"a": 0.2, "b": 0.8}))
    script = {"a": [0.9, 0.8], "b": [0.5, 0.45]}
    message, attempts = outcome(await run(mode, mw, make_request("a", []), script, calls))
    assert calls == ["a", "b"] and refiner.seen[0].reason == "doubtful"
    assert [(a["reason"], a["accepted"]) for a in attempts] == [("weak", False), ("ok", True)]
    assert [r["id"] for r in message.artifact["records"]] == ["b-0", "b-1"]  # not fused


@MODES
async def test_when_no_attempt_is_better_supported_the_doubtful_one_is_shown(mode: str) -> None:
    calls: list[str] = []
    mw = SearchRefinementMiddleware(
        ScriptedRefiner(["b", "c"]), grader=ThinSupport({"a": 0.4, "b": 0.2, "c": 0.0})
    )
    script = {"a": [0.9, 0.8], "b": [0.5], "c": [0.6]}
    message, attempts = outcome(await run(mode, mw, make_request("a", []), script, calls))
    assert calls == ["a", "b", "c"] and message.artifact["accepted"] is True
    assert [a["accepted"] for a in attempts] == [True, False, False]  # the best supported
    assert [r["id"] for r in message.artifact["records"]] == ["a-0", "a-1"]


class OtherLeg(ScriptedRefiner):
    """Answers an attempt nothing supports with the same query on the dense ranking."""

    def refine(self, ctx: RefineContext) -> Refinement | None:
        self.seen.append(ctx)
        return Refinement(ctx.query, "dense", leg="dense")


@MODES
async def test_the_same_query_on_another_ranking_is_not_a_repeat(mode: str) -> None:
    """The refiner's dense-ranking attempt keeps the query; the loop runs it once (with
    `leg` in its arguments and filters) and never the same query on the same ranking again."""
    seen: list[dict[str, Any]] = []
    refiner = OtherLeg([])
    mw = SearchRefinementMiddleware(refiner, grader=ThinSupport({"a": 0.0}), max_attempts=3)
    request = make_request("a", [])
    handler = handler_for({"a": [0.9, 0.8]}, [])

    def recording(req: ToolCallRequest) -> ToolMessage:
        seen.append(dict(req.tool_call["args"]))
        return handler(req)

    if mode == "sync":
        result = mw.wrap_tool_call(request, recording)
    else:

        async def arecording(req: ToolCallRequest) -> ToolMessage:
            return recording(req)

        result = await mw.awrap_tool_call(request, arecording)
    _, attempts = outcome(result)
    assert [a.get("leg") for a in seen] == [None, "dense"]
    assert [(a["strategy"], a["filters"]) for a in attempts] == [
        ("initial", {}),
        ("dense", {"leg": "dense"}),
    ]
    assert refiner.seen[0].support == 0.0 and refiner.seen[1].leg == "dense"
