"""The local planner's query writing and follow-up handling (pure functions)."""

from __future__ import annotations

import pytest

from discovery.agent.offline.querying import (
    parse_media_type,
    parse_period,
    parse_reference,
    plan_turn,
    write_query,
)
from discovery.agent.responses import ArchiveRecord


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("steel mill workers", "steel mill workers"),
        ("Could you show me photographs of boxers training?", "photographs of boxers training"),
        ("do you have any pictures of the Crawford Grill?", "pictures of the crawford grill"),
        (
            "Hi! I'm researching my family history and I was wondering whether you have any "
            "pictures of church choirs singing, maybe from the forties?",
            "pictures of church choirs singing from the forties",
        ),
        (
            "find photos of politicians giving speeches please",
            "photos of politicians giving speeches",
        ),
        ("Christmas crèche figures", "christmas crèche figures"),
    ],
)
def test_write_query_keeps_the_request_and_drops_the_frame(text: str, query: str) -> None:
    assert write_query(text) == query


@pytest.mark.parametrize(
    ("text", "period"),
    [
        ("jazz in the 1950s", (1950, 1959)),
        ("church choirs from the forties", (1940, 1949)),
        ("cars in the '60s", (1960, 1969)),
        ("chairs designed in the 1950s or 60s", (1950, 1969)),
        ("19th century landscapes", (1800, 1899)),
        ("the flood of 1936", (1936, 1936)),
        ("jazz musicians", None),
    ],
)
def test_parse_period_reads_decades_years_and_centuries(text: str, period: object) -> None:
    assert parse_period(text) == period


def test_parse_media_type_and_reference() -> None:
    assert parse_media_type("only photographs") == "photograph"
    assert parse_media_type("some etchings of bridges") == "print"
    assert parse_media_type("jazz musicians") is None
    assert parse_reference("more like the second one") == 2
    assert parse_reference("something similar to number 4") == 4
    assert parse_reference("like the last one") == -1
    assert parse_reference("jazz like Duke Ellington") is None


PREVIOUS = {"query": "jazz musicians 1950s", "year_from": 1950, "year_to": 1959}
RECORDS = [
    ArchiveRecord(id=f"r{i}", title=title, description="", summary="", score=0.5)
    for i, title in enumerate(("Lena Horne in a nightclub", "Art Blakey playing drums on stage"))
]


def test_plan_turn_narrows_the_previous_search_by_media_type() -> None:
    plan = plan_turn("only photographs", PREVIOUS, RECORDS)
    assert plan.follow_up
    assert plan.query == "jazz musicians photographs"
    assert plan.filters == {"year_from": 1950, "year_to": 1959, "media_type": "photograph"}


def test_plan_turn_replaces_the_period_of_the_previous_search() -> None:
    plan = plan_turn("from the 1960s", PREVIOUS, RECORDS)
    assert plan.query == "jazz musicians 1960s"
    assert plan.filters == {"year_from": 1960, "year_to": 1969}


def test_plan_turn_searches_like_a_referenced_record() -> None:
    plan = plan_turn("more like the second one", PREVIOUS, RECORDS)
    assert plan.query == "art blakey playing drums on stage"
    assert plan.follow_up


def test_plan_turn_starts_afresh_on_a_new_subject() -> None:
    plan = plan_turn("steel mill workers", PREVIOUS, RECORDS)
    assert (plan.query, plan.filters, plan.follow_up) == ("steel mill workers", {}, False)
