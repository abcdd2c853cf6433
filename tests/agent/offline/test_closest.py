"""The evidence that the records of a rejected attempt are close (`offline/closest.py`)."""

from __future__ import annotations

from discovery.agent.offline.closest import ClosestRecords
from discovery.agent.offline.lexical import KeyTerms
from discovery.agent.offline.terms import TermStats
from discovery.agent.responses import ArchiveRecord

COUNTS = [("the", 900), ("nurse", 15), ("portrait", 300), ("group", 400), ("women", 500)]


def records(*scores: float) -> list[ArchiveRecord]:
    titles = ["Group portrait of nurses", "Nurse at a desk", "Women in uniform"]
    return [
        ArchiveRecord(id=f"r{i}", title=titles[i % 3], description="", summary="", score=s)
        for i, s in enumerate(scores)
    ]


def closest() -> ClosestRecords:
    return ClosestRecords(KeyTerms(TermStats(counts=COUNTS), {}), min_score=0.48)


def test_close_when_both_rankings_agree_and_the_first_record_is_near() -> None:
    c = closest()
    evidence = c.evidence("pictures of nurses", "nurses", records(0.55, 0.5, 0.4), True, ["r2"])
    assert evidence.top_score == 0.55 and evidence.text_only_top3 == 1
    assert evidence.cover_top == 1.0  # "nurse" is in the first title
    assert c.close(evidence)


def test_not_close_when_the_first_record_is_far() -> None:
    c = closest()
    assert not c.close(c.evidence("nurses", "nurses", records(0.45, 0.4), True, []))


def test_not_close_when_the_text_ranking_alone_holds_them_up() -> None:
    c = closest()
    assert not c.close(c.evidence("nurses", "nurses", records(0.6, 0.5), True, ["r0", "r1"]))
    assert not c.close(c.evidence("nurses", "nurses", records(0.6, 0.5), False, []))


def test_not_close_without_records() -> None:
    c = closest()
    evidence = c.evidence("qwzx plorkh", "qwzx plorkh", [], None, [])
    assert evidence.count == 0 and evidence.cover_top is None
    assert not c.close(evidence)
