"""The refinement middleware around `search_archives_db`.

When an attempt matched nothing, or its best similarity is below `min_score`, or (with an LLM)
the relevance grader rejects it, the middleware writes a new query and searches again, up to
`max_attempts` in total. A grader that also measures support (`SupportMeter`: the share of
the first records holding a key word of the request) makes an accepted attempt with a
share below `min_support` doubtful: searched again, shown only if no attempt is accepted (then
the best-supported one). It never repeats a query, keeps the best result set across attempts
(not the last), emits one `attempt` event per attempt and records the attempts in the agent
state. With a `Rescuer` (`offline/rescue.py`), a first attempt accepted outright gets a second
look: the rescuer's probes are searched, and one whose records are clearly better evidence is
shown instead (recorded as attempt 2); a probe that is not is only logged. The loop's
bookkeeping (`RefinementLoop`, `refinement_loop.py`) is plain code shared by
the sync and async hooks.
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

from discovery.agent.offline.closest import ClosestRecords
from discovery.agent.offline.rescue import Rescuer
from discovery.agent.planning import (
    RefineContext,
    Refiner,
    RelevanceGrader,
    SupportMeter,
)
from discovery.agent.references import with_default_exclusions
from discovery.agent.refinement_loop import RefinementLoop
from discovery.agent.responses import ArchiveRecord
from discovery.agent.state import DiscoveryState, latest_turn
from discovery.agent.tools import SEARCH_TOOL, SearchArtifact
from discovery.logs import log_event, user_text

log = logging.getLogger(__name__)

MIN_SUPPORT = 0.6  # below this share of supported records an accepted attempt is doubtful


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
        min_support: float = MIN_SUPPORT,
        rescuer: Rescuer | None = None,
        closest: ClosestRecords | None = None,
    ) -> None:
        super().__init__()
        self.rescuer, self.closest = rescuer, closest
        self.refiner, self.grader, self.tool_name = refiner, grader, tool_name
        self.min_score, self.max_attempts = min_score, max_attempts
        self.min_support = min_support

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
                else:
                    share = self._support(loop.request, attempt.query, artifact)
                    if share is not None:
                        loop.measure(share, doubtful=share < self.min_support)
            self._report(request, loop)
            if loop.done or similar:
                if not similar and self._may_rescue(loop, args):
                    yield from self._rescue(request, loop, args, artifact)
                return loop.result(request.tool_call, self._closest(loop))  # type: ignore[arg-type]
            refinement = yield Refine(loop.context())
            new_args = loop.next_args(args, refinement)
            if new_args is None or refinement is None:
                return loop.result(request.tool_call, self._closest(loop))  # type: ignore[arg-type]
            args, strategy = new_args, refinement.strategy

    def _closest(self, loop: RefinementLoop) -> bool:
        """Every attempt rejected (a doubtful one is not, `settle`): whether the request's
        own records are close enough to be shown as the closest ones (`offline/closest.py`)."""
        loop.settle()
        if self.closest is None or any(a.accepted for a in loop.attempts):
            return False
        first, attempt = loop.artifacts[0], loop.attempts[0]
        if not first.records or attempt.filters.get("similar_to"):
            return False
        evidence = self.closest.evidence(loop.request, attempt.query, first.records,
                                         first.text_matched, first.text_only)  # fmt: skip
        shown = self.closest.close(evidence)
        log_event(log, "closest", cover_top=evidence.cover_top, keys=evidence.keys,
                  top_score=round(evidence.top_score, 3), shown=shown)  # fmt: skip
        return shown

    def _may_rescue(self, loop: RefinementLoop, args: dict[str, Any]) -> bool:
        """A first attempt accepted outright, on the default ranking, with records."""
        first = loop.attempts[0]
        return (
            self.rescuer is not None
            and len(loop.attempts) == 1
            and first.accepted
            and first.count > 0
            and args.get("leg") is None
        )

    def _rescue(
        self,
        request: ToolCallRequest,
        loop: RefinementLoop,
        args: dict[str, Any],
        artifact: SearchArtifact,
    ) -> Generator[Search, Any, None]:
        """Search the rescuer's probes in order; the first whose records are clearly better
        evidence than the first attempt's (and not weak) becomes attempt 2 and is shown."""
        rescuer, query = cast(Rescuer, self.rescuer), loop.attempts[0].query
        first = rescuer.evidence(loop.request, query, artifact.records)
        for probe in rescuer.probes(loop.request, query, first):
            probe_args = loop.next_args(args, probe)
            if probe_args is None:
                continue
            other = _artifact((yield Search(probe_args)))
            if other is None or not other.records:
                continue
            evidence = rescuer.evidence(loop.request, query, other.records)
            better = rescuer.prefers(first, probe, evidence)
            log_event(log, "rescue_probe", query=user_text(probe.query), leg=probe.leg,
                      similarity=round(evidence.similarity, 3), shown=better)  # fmt: skip
            if better and (other.best_score or 0.0) >= self.min_score:  # so observed "ok"
                loop.observe(probe_args, other, probe.strategy)
                loop.prefer_last()
                self._report(request, loop)
                return

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

    def _support(self, request: str, query: str, artifact: SearchArtifact) -> float | None:
        if not isinstance(self.grader, SupportMeter):
            return None
        return self.grader.support(request, query, artifact.records, artifact.text_only)

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
