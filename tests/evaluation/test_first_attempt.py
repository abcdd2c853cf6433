"""Rescue counted honestly: a refined turn's first attempt is searched again on the demo
archive (the real search tool and database) and judged by the turn's own rule."""

from __future__ import annotations

from discovery.agent.tools import make_search_tool
from discovery.evaluation.agent import AgentReport, QueryResult
from discovery.evaluation.first_attempt import FirstAttemptSearch, first_relevant
from discovery.runtime import Runtime

STEAM = {"accept": [["locomotive", "train", "railroad", "railway"]]}


def _attempt(query: str, **filters: object) -> dict[str, object]:
    return {"query": query, "filters": filters, "accepted": False}


async def test_judges_the_first_attempts_own_records(demo_runtime: Runtime) -> None:
    search = FirstAttemptSearch(make_search_tool(demo_runtime.search))
    relevant = [_attempt("railroad trains and locomotives"), _attempt("trains")]
    off_topic = [_attempt("wedding cake with bride"), _attempt("trains")]
    assert await first_relevant(search, STEAM, relevant) is True
    assert await first_relevant(search, STEAM, off_topic) is False


async def test_says_nothing_when_it_cannot_tell(demo_runtime: Runtime) -> None:
    search = FirstAttemptSearch(make_search_tool(demo_runtime.search))
    one = [_attempt("trains")]  # not refined: the shown records are the first attempt's
    assert await first_relevant(search, STEAM, one) is None
    assert await first_relevant(None, STEAM, [*one, *one]) is None
    assert await first_relevant(search, {"judge": "count"}, [*one, *one]) is None
    liked = [_attempt("like: x", similar_to="some-id"), _attempt("x")]
    assert await first_relevant(search, STEAM, liked) is None


def test_a_relevant_first_attempt_refined_anyway_is_no_rescue() -> None:
    def result(first_relevant: bool | None) -> QueryResult:
        attempts = [{"accepted": False, "query": "q"}, {"accepted": True, "query": "r"}]
        return QueryResult("id", "keywords", "q", "rescued", False, attempts, 1.0, first_relevant)

    failed = QueryResult("id", "keywords", "q", "irrelevant", False, [], 1.0)
    report = AgentReport([result(True), result(False), failed])
    assert report.rescue_rate == 2 / 3  # the older figure counts both
    assert report.first_relevant_refined == 1
    assert report.strict_rescue_rate == 1 / 2  # one real rescue of two real failures
