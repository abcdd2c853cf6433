"""The refinement loop's bookkeeping (`RefinementLoop`): the attempts of one search tool call,
which one is best, the records fused across attempts, and the tool result the turn ends with.
Plain code, shared by the refinement middleware's sync and async hooks (`refinement.py`)."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import ToolMessage
from langgraph.types import Command

from discovery.agent.planning import RefineContext, Refinement, normalize
from discovery.agent.responses import ArchiveRecord, Attempt
from discovery.agent.tools import SEARCH_TOOL, SearchArtifact, describe, filters_of

FUSION_K = 10  # the attempts' rankings are fused with 1 / (FUSION_K + rank)


class RefinementLoop:
    def __init__(self, request: str, min_score: float, max_attempts: int) -> None:
        self.request, self.min_score, self.max_attempts = request, min_score, max_attempts
        self.attempts: list[Attempt] = []
        self.artifacts: list[SearchArtifact] = []
        self.support: list[float | None] = []  # per attempt, when the grader measured it
        self.doubted: set[int] = set()  # attempts the grader accepted on thin support

    def observe(self, args: dict[str, Any], artifact: SearchArtifact, strategy: str) -> Attempt:
        records, best = artifact.records, artifact.best_score
        if not records:
            reason = "empty"
        elif args.get("similar_to"):
            # More like a shown record: judged by whether it found any; the words of the
            # request ("more like the second one") say nothing about the records.
            reason = "ok"
        elif (
            (best is None or best < self.min_score)
            and not artifact.text_matched
            and args.get("match_threshold") != 0
        ):
            # A low similarity alone is no evidence against records the BM25 ranking found
            # too (hybrid search): refining those lost what the request had found. Nor when
            # the search asked for any similarity (a threshold of 0: "works from the Reagan
            # years" names no subject, and any record of those years answers).
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
        self.support.append(None)
        return attempt

    def reject(self, reason: str = "irrelevant") -> None:
        last = self.attempts[-1]
        self.attempts[-1] = last.model_copy(update={"reason": reason, "accepted": False})

    def measure(self, share: float, doubtful: bool) -> None:
        """The grader's support for the last attempt; a doubtful one is searched again (as a
        weak one) and shown only when no attempt is accepted (`settle`)."""
        i = len(self.attempts) - 1
        self.support[i] = share
        if doubtful:
            self.doubted.add(i)
            self.reject("weak")

    def prefer_last(self) -> None:
        """The last attempt (a rescue probe, `offline/rescue.py`) is shown instead of the
        earlier ones, which are doubted: not accepted, and not fused into the answer."""
        for i in range(len(self.attempts) - 1):
            self.doubted.add(i)
            self.attempts[i] = self.attempts[i].model_copy(
                update={"accepted": False, "reason": "weak"}
            )

    def settle(self) -> None:
        """When no attempt was accepted, the doubtful one with the most support (ties: the
        earlier) is: the grader did accept it, and nothing found better."""
        if any(a.accepted for a in self.attempts) or not self.doubted:
            return
        i = max(sorted(self.doubted), key=lambda j: self.support[j] or 0.0)
        self.attempts[i] = self.attempts[i].model_copy(update={"accepted": True})

    @property
    def done(self) -> bool:
        return self.attempts[-1].accepted or len(self.attempts) >= self.max_attempts

    def context(self) -> RefineContext:
        last, best = self.attempts[-1], self.best_index()
        return RefineContext(
            request=self.request,
            query=last.query,
            filters=last.filters,
            reason="doubtful" if len(self.attempts) - 1 in self.doubted else last.reason,
            tried=[normalize(a.query) for a in self.attempts],
            titles=[r.title for r in self.artifacts[best].records],
            support=self.support[-1],
            leg=last.filters.get("leg"),
        )

    def next_args(
        self, args: dict[str, Any], refinement: Refinement | None
    ) -> dict[str, Any] | None:
        if refinement is None or (normalize(refinement.query), refinement.leg) in {
            (normalize(a.query), a.filters.get("leg")) for a in self.attempts
        }:
            return None  # a query is never repeated (on the same ranking)
        new = {**args, "query": refinement.query, "leg": refinement.leg}
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
            for i, (a, t) in enumerate(zip(self.artifacts, self.attempts, strict=True))
            if t.accepted or (t.reason != "irrelevant" and i not in self.doubted)
        ]
        return kept or self.artifacts

    def result(self, call: dict[str, Any], closest: bool = False) -> Command[Any]:
        """The tool result the turn ends with; with `closest` (every attempt rejected, and
        the first one's records close by the evidence: `offline/closest.py`), the first
        attempt's own records, marked as the closest ones."""
        self.settle()
        i = self.best_index()
        best = self.attempts[i]
        artifact = self.artifacts[i].model_copy(
            update={"accepted": best.accepted, "records": self.fused_records()}
        )
        if closest and not best.accepted:
            artifact = self.artifacts[0].model_copy(update={"accepted": False, "closest": True})
            content = (
                f"Nothing matched closely after {len(self.attempts)} attempts. Shown as the "
                f"closest records: {describe(artifact)}"
            )
        elif best.accepted:
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
