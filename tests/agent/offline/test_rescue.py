"""The rescuer's evidence, probes and choice (`agent/offline/rescue.py`): pure logic over word
counts given as data (no database)."""

from __future__ import annotations

from discovery.agent.offline.lexical import KeyTerms
from discovery.agent.offline.rescue import Evidence, Rescuer, subject_names
from discovery.agent.offline.terms import TermStats
from discovery.agent.planning import Refinement
from discovery.agent.responses import ArchiveRecord

COUNTS = [("the", 1000), ("lighthouse", 4), ("keeper", 60), ("harbor", 30), ("boat", 90)]


def rescuer() -> Rescuer:
    return Rescuer(KeyTerms(TermStats(counts=COUNTS), {}))


def record(title: str, score: float) -> ArchiveRecord:
    return ArchiveRecord(id=title, title=title, description="", summary="", score=score)


def test_subject_names_keeps_what_and_drops_where() -> None:
    text = "pictures of the Carnegie Music Hall concerts held in the Strip District please"
    assert subject_names(text) == ["carnegie music hall"]
    assert subject_names("dances at Kennywood Park and the Syria Mosque ballroom") == [
        "syria mosque"
    ]
    assert subject_names("boats near Point State Park") == []


def test_evidence_weighs_a_rare_word_above_a_common_one() -> None:
    r = rescuer()
    rare = r.evidence("the lighthouse keeper", "lighthouse keeper", [record("a lighthouse", 0.5)])
    common = r.evidence("the lighthouse keeper", "lighthouse keeper", [record("a keeper", 0.5)])
    assert rare.coverage is not None and common.coverage is not None
    assert rare.coverage > 0.5 > common.coverage
    assert rare.similarity == 0.5


def test_evidence_counts_the_share_of_the_first_five_holding_a_name_whole() -> None:
    r = rescuer()
    records = [record("Crescent Boat Club regatta", 0.5), record("Crescent moon", 0.5)]
    records += [record("boat club", 0.5)] * 3
    ev = r.evidence("photos of the Crescent Boat Club", "crescent boat club", records)
    assert ev.names == {"crescent boat club": 0.2}


def test_probes_the_dense_ranking_then_each_name_the_records_miss() -> None:
    r = rescuer()
    missing = Evidence(0.5, 0.5, {"crescent boat club": 0.2})
    probes = r.probes("photos of the Crescent Boat Club", "crescent boat club photos", missing)
    assert [(p.query, p.leg) for p in probes] == [
        ("crescent boat club photos", "dense"),
        ("crescent boat club", None),
    ]
    held = Evidence(0.5, 0.5, {"crescent boat club": 0.8})
    assert len(r.probes("photos of the Crescent Boat Club", "x", held)) == 1
    covered = Evidence(0.5, 0.9, {})  # the records hold the request's words: no dense probe
    assert r.probes("boats in the harbor", "harbor boats", covered) == []


def test_prefers_the_dense_ranking_only_when_nearer_and_as_well_covered() -> None:
    dense = Refinement("harbor boats", "dense", leg="dense")
    first = Evidence(similarity=0.40, coverage=0.8)
    assert Rescuer.prefers(first, dense, Evidence(similarity=0.47, coverage=0.6))
    assert not Rescuer.prefers(first, dense, Evidence(similarity=0.43, coverage=0.9))  # too close
    assert not Rescuer.prefers(first, dense, Evidence(similarity=0.55, coverage=0.3))  # lost words
    assert Rescuer.prefers(Evidence(0.40, None), dense, Evidence(0.46, None))  # nothing to cover


def test_prefers_a_name_search_only_when_its_records_hold_the_name() -> None:
    name = Refinement("crescent boat club", "specify")
    first = Evidence(0.5, 0.5, {"crescent boat club": 0.2})
    assert Rescuer.prefers(first, name, Evidence(0.4, 0.3, {"crescent boat club": 0.8}))
    assert not Rescuer.prefers(first, name, Evidence(0.6, 0.9, {"crescent boat club": 0.6}))
