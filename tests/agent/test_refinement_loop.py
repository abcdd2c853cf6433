"""The refinement loop's reading of an attempt (`agent/refinement_loop.py`)."""

from __future__ import annotations

from discovery.agent.refinement_loop import RefinementLoop
from discovery.agent.responses import ArchiveRecord
from discovery.agent.tools import SearchArtifact


def _artifact(score: float) -> SearchArtifact:
    record = ArchiveRecord(id="a", title="Vase", description="", summary="", score=score)
    return SearchArtifact(query="pieces", records=[record], best_score=score)


def test_a_low_similarity_is_weak_unless_the_search_asked_for_any() -> None:
    loop = RefinementLoop("pieces from the Progressive Era", min_score=0.3, max_attempts=3)
    weak = loop.observe({"query": "pieces", "match_threshold": 0.3}, _artifact(0.2), "initial")
    assert (weak.reason, weak.accepted) == ("weak", False)
    # "any record of those years answers": the planner asked for similarity 0
    period = {"query": "pieces", "match_threshold": 0.0, "year_from": 1896, "year_to": 1916}
    any_ = loop.observe(period, _artifact(0.2), "initial")
    assert (any_.reason, any_.accepted) == ("ok", True)
