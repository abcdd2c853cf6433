"""The conversation figures: first-attempt relevance and rescue counted honestly."""

from __future__ import annotations

from typing import Any

from discovery.evaluation.conversation_report import summarize_turns
from discovery.evaluation.conversation_turns import Verdict
from discovery.evaluation.conversations import TurnResult


def _turn(relevant: bool, accepted: list[bool], first_relevant: bool | None = None) -> TurnResult:
    attempts: list[dict[str, Any]] = [{"accepted": a, "query": "q"} for a in accepted]
    verdict = Verdict(relevant, True, True, relevant, relevant=relevant)
    expected = {"outcome": "results", "judge": "accept", "accept": [["x"]]}
    return TurnResult("c1", "search", "tune", 1, "search", "accept", "q", expected, "search",
                      "results", "", [], attempts, 10.0, verdict, "t", first_relevant)  # fmt: skip


def test_a_rescue_needs_a_first_attempt_whose_own_records_failed() -> None:
    figures = summarize_turns(
        [
            _turn(True, [True]),  # relevant on the first attempt
            _turn(False, [True]),  # accepted, off-topic: never refined, a failure
            _turn(True, [False, True], first_relevant=False),  # a real rescue
            _turn(True, [False, True], first_relevant=True),  # doubted, yet already relevant
            _turn(False, [False, False, False], first_relevant=False),
        ]
    )
    assert figures["relevant_first_attempt"]["passed"] == 1
    assert figures["rescued_by_refinement"] == {"passed": 1, "turns": 3, "rate": 0.333}
    assert figures["first_relevant_but_refined"] == 1
    assert figures["ended_relevant_after_first_failure"]["passed"] == 2
