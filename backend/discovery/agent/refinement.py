"""The refinement middleware around `search_archives_db`.

When an attempt matched nothing, or its best similarity is below `min_score`, or (with an LLM)
the relevance grader rejects it, the middleware writes a new query and searches again, up to
`max_attempts` in total. It never repeats a query, keeps the best result set across attempts
(not the last), emits one `attempt` event per attempt and records the attempts in the agent
state. The loop's bookkeeping (`RefinementLoop`) is plain code shared by the sync and async hooks.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Generator
from dataclasses import dataclass
from typing import Any, cast

from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import ToolMessage
from langgraph.prebuilt.tool_node import ToolCallRequest
from langgraph.types import Command

from discovery.agent.planning import (
    RefineContext,
    Refinement,
    Refiner,
    RelevanceGrader,
    normalize,
)
from discovery.agent.references import with_default_exclusions
from discovery.agent.responses import ArchiveRecord, Attempt
from discovery.agent.state import DiscoveryState, latest_turn
from discovery.agent.tools import SEARCH_TOOL, SearchArtifact, describe, filters_of
from discovery.logs import log_event, user_text

log = logging.getLogger(__name__)

FUSION_K = 10  # the attempts' rankings are fused with 1 / (FUSION_K + rank)


class RefinementLoop:
    def __init__(self, request: str, min_score: float, max_attempts: int) -> None:
        self.request, self.min_score, self.max_attempts = request, min_score, max_attempts
        self.attempts: list[Attempt] = []
        self.artifacts: list[SearchArtifact] = []

    def observe(self, args: dict[str, Any], artifact: SearchArtifact, strategy: str) -> Attempt:
        records, best = artifact.records, artifact.best_score
        if not records:
            reason = "empty"
        elif args.get("similar_to"):
            # More like a shown record: judged by whether it found any; the words of the
            # request ("more like the second one") say nothing about the records.
            reason = "ok"
        elif (best is None or best < self.min_score) and not artifact.text_matched:
            # A low similarity alone is no evidence against records the BM25 ranking found
            # too (hybrid search): refining those lost what the request had found.
            reason = "weak"
        else:
            reason = "ok"
        attempt = Attempt(
            attempt=len(self.attempts) + 1,
            query=str(args.get("query") or artifact.query),
            filters=filters_of(args),
            count=len(records),
            best_score=best,
            reason=reason,  # type: ignore[arg-type]
            strategy=strategy,  # type: ignore[arg-type]
            accepted=reason == "ok",
        )
        self.attempts.append(attempt)
        self.artifacts.append(artifact)
        return attempt

    def reject(self, reason: str = "irrelevant") -> None:
        last = self.attempts[-1]
        self.attempts[-1] = last.model_copy(update={"reason": reason, "accepted": False})

    @property
    def done(self) -> bool:
        return self.attempts[-1].accepted or len(self.attempts) >= self.max_attempts

    def context(self) -> RefineContext:
        last, best = self.attempts[-1], self.best_index()
        return RefineContext(
            request=self.request,
            query=last.query,
            filters=last.filters,
            reason=last.reason,
            tried=[normalize(a.query) for a in self.attempts],
            titles=[r.title for r in self.artifacts[best].records],
        )

    def next_args(
        self, args: dict[str, Any], refinement: Refinement | None
    ) -> dict[str, Any] | None:
        if refinement is None or normalize(refinement.query) in {
            normalize(a.query) for a in self.attempts
        }:
            return None
        new = {**args, "query": refinement.query}
        if refinement.filters is not None:
            new = {k: v for k, v in new.items() if k not in ("media_type", "year_from", "year_to")}
            new |= refinement.filters
        return new

    def best_index(self) -> int:
        """An accepted attempt wins; then the highest best score; ties go to the earlier one."""

        def key(i: int) -> tuple[bool, float, int]:
            a = self.attempts[i]
            return (a.accepted, a.best_score if a.best_score is not None else -1.0, -i)

        return max(range(len(self.attempts)), key=key)

    def fused_records(self) -> list[ArchiveRecord]:
        """The attempts' records fused by reciprocal rank (ties: the earlier attempt first), so
        the answer keeps the best of what the person's own request found next to what a
        refinement found. Answering with one attempt's records alone lost what the request had
        found (measured on the judged archive sets, docs/archive-search.md)."""
        if len(self.artifacts) == 1:
            return self.artifacts[0].records
        scores: dict[str, float] = {}
        by_id: dict[str, ArchiveRecord] = {}
        for artifact in self._fusable():
            for rank, record in enumerate(artifact.records, start=1):
                scores[record.id] = scores.get(record.id, 0.0) + 1.0 / (FUSION_K + rank)
                by_id.setdefault(record.id, record)
        size = max(len(a.records) for a in self._fusable())
        return [by_id[i] for i in sorted(scores, key=lambda i: -scores[i])][:size]

    def _fusable(self) -> list[SearchArtifact]:
        """The attempts whose records may be shown: not those the grader judged off-topic,
        unless every attempt was (fusing rejected records into an accepted refinement showed
        the off-topic records again: "paintings of the sea or ships", docs/benchmarks.md)."""
        kept = [
            a
            for a, t in zip(self.artifacts, self.attempts, strict=True)
            if t.reason != "irrelevant"
        ]
        return kept or self.artifacts

    def result(self, call: dict[str, Any]) -> Command[Any]:
        i = self.best_index()
        best = self.attempts[i]
        artifact = self.artifacts[i].model_copy(
            update={"accepted": best.accepted, "records": self.fused_records()}
        )
        if best.accepted:
            content = describe(artifact)
            if len(self.attempts) > 1:
                content = f"(Best of {len(self.attempts)} attempts.) {content}"
        else:
            tried = ", ".join(f'"{a.query}"' for a in self.attempts)
            content = (
                f"Nothing relevant was found after {len(self.attempts)} attempts (tried {tried}). "
                "Tell the person so and suggest a broader or different wording."
            )
        message = ToolMessage(
            content=content,
            artifact=artifact.model_dump(mode="json"),
            tool_call_id=call["id"],
            name=SEARCH_TOOL,
        )
        attempts = [a.model_dump(mode="json") for a in self.attempts]
        return Command(update={"messages": [message], "search_attempts": attempts})


@dataclass
class Search:
    args: dict[str, Any]


@dataclass
class Grade:
    request: str
    query: str
    records: list[ArchiveRecord]


@dataclass
class Refine:
    context: RefineContext


Steps = Generator[Search | Grade | Refine, Any, ToolMessage | Command[Any]]


class SearchRefinementMiddleware(AgentMiddleware[DiscoveryState]):
    state_schema = DiscoveryState

    def __init__(
        self,
        refiner: Refiner,
        *,
        min_score: float = 0.4,
        max_attempts: int = 3,
        grader: RelevanceGrader | None = None,
        tool_name: str = SEARCH_TOOL,
    ) -> None:
        super().__init__()
        self.refiner, self.grader, self.tool_name = refiner, grader, tool_name
        self.min_score, self.max_attempts = min_score, max_attempts

    def _steps(self, request: ToolCallRequest) -> Steps:
        """The refinement loop, written once: it yields what to do (search, grade, refine) and
        is sent the outcome; the sync and async hooks below only perform the steps."""
        loop = RefinementLoop(_request_text(request), self.min_score, self.max_attempts)
        args, strategy = (
            with_default_exclusions(request.tool_call["args"], _messages(request)),
            "initial",
        )
        similar = bool(args.get("similar_to"))  # one attempt, not graded, not refined
        while True:
            result = yield Search(args)
            artifact = _artifact(result)
            if artifact is None:  # a failed call (or another tool's): handed back as it is
                return result
            attempt = loop.observe(args, artifact, strategy)
            if attempt.accepted and self.grader is not None and not similar:
                relevant = yield Grade(loop.request, attempt.query, artifact.records)
                if not relevant:
                    loop.reject()
            self._report(request, loop)
            if loop.done or similar:
                return loop.result(request.tool_call)  # type: ignore[arg-type]
            refinement = yield Refine(loop.context())
            new_args = loop.next_args(args, refinement)
            if new_args is None or refinement is None:
                return loop.result(request.tool_call)  # type: ignore[arg-type]
            args, strategy = new_args, refinement.strategy

    def wrap_tool_call(
        self,
        request: ToolCallRequest,
        handler: Callable[[ToolCallRequest], ToolMessage | Command[Any]],
    ) -> ToolMessage | Command[Any]:
        if request.tool_call["name"] != self.tool_name:
            return handler(request)
        steps, reply = self._steps(request), cast(Any, None)
        try:
            while True:
                step = steps.send(reply)
                if isinstance(step, Search):
                    reply = handler(_with_args(request, step.args))
                elif isinstance(step, Grade):
                    reply = self.grader.grade(step.request, step.query, step.records)  # type: ignore[union-attr]
                else:
                    reply = self.refiner.refine(step.context)
        except StopIteration as finished:
            return finished.value

    async def awrap_tool_call(
        self,
        request: ToolCallRequest,
        handler: Callable[[ToolCallRequest], Awaitable[ToolMessage | Command[Any]]],
    ) -> ToolMessage | Command[Any]:
        if request.tool_call["name"] != self.tool_name:
            return await handler(request)
        steps, reply = self._steps(request), cast(Any, None)
        try:
            while True:
                step = steps.send(reply)
                if isinstance(step, Search):
                    reply = await handler(_with_args(request, step.args))
                elif isinstance(step, Grade):
                    reply = await self.grader.agrade(step.request, step.query, step.records)  # type: ignore[union-attr]
                else:
                    reply = await self.refiner.arefine(step.context)
        except StopIteration as finished:
            return finished.value

    def _report(self, request: ToolCallRequest, loop: RefinementLoop) -> None:
        attempt = loop.attempts[-1]
        will_refine = not loop.done
        log_event(
            log,
            "search_attempt",
            attempt=attempt.attempt,
            query=user_text(attempt.query),
            count=attempt.count,
            best_score=attempt.best_score,
            reason=attempt.reason,
            strategy=attempt.strategy,
            refine=will_refine,
        )
        writer = getattr(request.runtime, "stream_writer", None)
        if writer is not None:
            writer({"event": "attempt", **attempt.model_dump(mode="json")})


def _artifact(result: object) -> SearchArtifact | None:
    if not isinstance(result, ToolMessage) or result.status == "error":
        return None
    return SearchArtifact.of(result) or SearchArtifact(query="")


def _with_args(request: ToolCallRequest, args: dict[str, Any]) -> ToolCallRequest:
    return request.override(tool_call={**request.tool_call, "args": args})


def _messages(request: ToolCallRequest) -> list[Any]:
    state = request.state if isinstance(request.state, dict) else {}
    return list(state.get("messages", []))


def _request_text(request: ToolCallRequest) -> str:
    text, _, _ = latest_turn(_messages(request))
    return text or str(request.tool_call["args"].get("query", ""))
