"""The agent evaluation's outcome shares and the causes of first-attempt failures."""

from __future__ import annotations

from typing import Any

import pytest

from discovery.evaluation.agent import AgentReport, QueryResult


def _result(outcome: str, first_ok: bool, accepted: list[bool]) -> QueryResult:
    attempts: list[dict[str, Any]] = [{"accepted": a, "query": "q"} for a in accepted]
    return QueryResult("id", "keywords", "q", outcome, first_ok, attempts, 1.0)


def test_failure_causes_separate_grader_misses_from_refinement() -> None:
    report = AgentReport(
        [
            _result("first", True, [True]),
            _result("irrelevant", False, [True]),  # the grader passed it: never refined
            _result("irrelevant", False, [True]),
            _result("message", False, []),  # not routed to search
            _result("rescued", False, [False, True]),
            _result("message", False, [False, False, False]),
            _result("message", False, [False]),  # judged irrelevant, nothing better found
            _result("irrelevant", False, [False, True]),
        ]
    )
    assert report.failure_causes() == {
        "accepted_irrelevant": 2,
        "not_searched": 1,
        "refined_rescued": 1,
        "refined_message": 2,
        "refined_irrelevant": 1,
    }
    assert report.first_failures == 7
    assert report.rescue_rate == pytest.approx(1 / 7)
    assert report.share("message") == pytest.approx(3 / 8)
