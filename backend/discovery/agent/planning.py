"""What the refinement middleware delegates: writing the next query (`Refiner`) and judging a
result set (`RelevanceGrader`), with the data they exchange. Two implementations of each: an
LLM (`llm_steps.py`) and the offline planner (`offline/`), which the LLM falls back to."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from discovery.agent.responses import ArchiveRecord

WORD_RE = re.compile(r"[^\W_](?:[\w'&.-]*[^\W_])?")


def words(text: str) -> list[str]:
    """Lowercased words (inner apostrophes, ampersands, dots and hyphens kept)."""
    return WORD_RE.findall(text.lower().replace("’", "'"))


def normalize(query: str) -> str:
    """A query as compared with the ones already tried (a query is never repeated)."""
    return " ".join(words(query))


@dataclass
class RefineContext:
    request: str  # what the person asked, in their words
    query: str  # the last query tried
    filters: dict[str, Any]
    reason: str  # "empty", "weak", "irrelevant" or "doubtful" (accepted on thin support)
    tried: list[str]  # every query tried so far, normalized
    titles: list[str] = field(default_factory=list)  # best records so far, best first
    support: float | None = None  # the last attempt's support (SupportMeter), when measured
    leg: str | None = None  # the last attempt's ranking when not the default ("dense")


@dataclass
class Refinement:
    query: str
    strategy: str
    filters: dict[str, Any] | None = None  # None: keep the current filters
    leg: str | None = None  # "dense": the dense ranking alone (the search tool's `leg` argument)


class Refiner(Protocol):
    def refine(self, ctx: RefineContext) -> Refinement | None: ...

    async def arefine(self, ctx: RefineContext) -> Refinement | None: ...


class RelevanceGrader(Protocol):
    """Judges whether a person would accept the records."""

    def grade(self, request: str, query: str, records: list[ArchiveRecord]) -> bool: ...

    async def agrade(self, request: str, query: str, records: list[ArchiveRecord]) -> bool: ...


@runtime_checkable
class SupportMeter(Protocol):
    """Evidence beyond a grader's yes: the share of the first records that hold a key word of
    the request, None when it cannot tell. A result set the grader accepts with a low
    share is doubtful: searched again, and shown only if no attempt does better. `text_only`:
    the ids of the records only the text ranking found (`SearchArtifact.text_only`)."""

    def support(
        self,
        request: str,
        query: str,
        records: list[ArchiveRecord],
        text_only: Collection[str] = (),
    ) -> float | None: ...
