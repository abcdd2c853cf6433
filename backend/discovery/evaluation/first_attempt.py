"""Rescue measured honestly: did the first attempt's own records fail the judge?

A refined turn shows the attempts' records fused (or a later attempt's), so its response alone
cannot say whether refinement rescued anything: a first attempt the grader doubted may already
have held relevant records, and ending relevant then is no rescue. `FirstAttemptSearch` runs
the turn's first attempt again (its query and filters, through the agent's own search tool, on
the same catalog: the same records, deterministically) so that the evaluator can judge those
records with the turn's rule. A turn counts as **rescued** only when its first attempt's records
fail the judge and its final records pass it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.tools import BaseTool

from discovery.evaluation.relevance import Acceptor

_ARGS = ("media_type", "year_from", "year_to", "similar_to", "leg")


class FirstAttemptSearch:
    """The records of a turn's first attempt, searched again through `tool` (the agent's
    `search_archives_db`)."""

    def __init__(self, tool: BaseTool) -> None:
        self.tool = tool

    async def records(self, attempt: Mapping[str, Any]) -> list[dict[str, Any]]:
        filters = attempt.get("filters") or {}
        args = {"query": attempt.get("query", "")}
        args |= {k: filters[k] for k in _ARGS if filters.get(k) is not None}
        coroutine = getattr(self.tool, "coroutine", None)  # a StructuredTool's function
        if coroutine is None:
            return []
        _, artifact = await coroutine(**args)
        return list(artifact.get("records") or [])


async def first_relevant(
    search: FirstAttemptSearch | None,
    rule: Mapping[str, Any],
    attempts: Sequence[Mapping[str, Any]],
) -> bool | None:
    """Whether the first attempt's records pass `rule` (an `accept` rule), for a turn refined
    at least once; None when it cannot tell (no search given, one attempt, no `accept` rule,
    or a search by likeness, whose excluded records the attempt does not keep)."""
    if search is None or len(attempts) < 2 or "accept" not in rule:
        return None
    if (attempts[0].get("filters") or {}).get("similar_to"):
        return None
    records = await search.records(attempts[0])
    return bool(records) and Acceptor(rule).relevant(records)
