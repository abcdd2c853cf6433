"""Phrases of a follow-up the offline planner reads: "keep it to ...", ", not X", and the
subject of a turn that lifts a filter."""

from __future__ import annotations

import pytest

from discovery.agent.offline.querying import PlannedSearch, plan_turn, subject, without_lead
from discovery.agent.offline.turn_phrases import KEEP_TO_RE, own_subject, without_negated

ITALIAN = {"query": "italian textiles", "media_type": "textile"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("objects from Africa, not photos", "objects from Africa"),
        ("Japanese prints, but not the landscapes", "Japanese prints"),
        ("paintings, except portraits", "paintings"),
        ("photos of people not smiling", "photos of people not smiling"),  # no comma, no "but"
    ],
)
def test_what_the_person_does_not_want_is_left_out(text: str, expected: str) -> None:
    assert without_negated(text) == expected


def test_keep_it_to_narrows_without_a_subject() -> None:
    assert KEEP_TO_RE.match("keep it to the fifties")
    assert KEEP_TO_RE.match(without_lead("ok, stick to photographs"))  # as the planner reads it
    assert plan_turn("ok, stick to photographs", ITALIAN) == PlannedSearch(
        "italian photographs", {"media_type": "photograph"}, True
    )
    assert not KEEP_TO_RE.match("keepsakes from weddings")
    planned = plan_turn("keep it to the fifties", ITALIAN)
    assert planned.follow_up and (planned.filters["year_from"], planned.filters["year_to"]) == (
        1950,
        1959,
    )
    assert planned.query.startswith("italian")  # the thread's subject, not "keep"


def test_a_turn_that_lifts_a_filter_may_name_a_subject_of_its_own() -> None:
    assert own_subject("and Persian pieces of any kind?", subject) == "persian pieces"
    assert own_subject("actually any decade is fine", subject) == ""
    assert plan_turn("and Persian pieces of any kind?", ITALIAN) == PlannedSearch(
        "persian pieces", {}, True
    )
    assert plan_turn("any type will do", ITALIAN) == PlannedSearch("italian", {}, True)


def test_a_negated_media_type_is_no_filter() -> None:
    assert plan_turn("objects from Africa, not photos") == PlannedSearch("objects from africa", {})


@pytest.mark.parametrize(
    ("text", "query", "filters"),
    [
        # written apart from the sets: what a new request rules out is the search's -word
        ("lamps, but no chandeliers", "lamps -chandeliers", {}),
        ("drawings that aren't made of charcoal", "drawings -charcoal", {"media_type": "drawing"}),
        ("quilts other than crazy quilts", "quilts", {}),  # cannot be said: nothing excluded
        ("prints but nothing that's a woodcut", "prints -woodcut", {"media_type": "print"}),
        ("girls without hair ribbons", "girls -ribbons", {}),  # the thing, not its every word
        ("plain dresses, no pattern at all", "plain dresses -pattern", {}),  # not "-all"
        # the period after it stays the request's
        (
            "photos of boys without caps from the 1940s",
            "photos of boys from the 1940s -caps",
            {"media_type": "photograph", "year_from": 1940, "year_to": 1949},
        ),
    ],
)
def test_what_a_request_rules_out_is_excluded_from_the_search(
    text: str, query: str, filters: dict[str, object]
) -> None:
    assert plan_turn(text) == PlannedSearch(query, filters)


@pytest.mark.parametrize(
    ("text", "year_from", "subject"),
    [
        ("just keep the fifties ones", 1950, "italian"),
        ("keep only the brides", None, "italian brides"),
        ("now restrict that to the forties", 1940, "italian"),
        ("only the chairs among them", None, "italian chairs"),
        ("show just the ones with chairs in them", None, "italian chairs"),
        ("give me only those from the forties", 1940, "italian"),
        ("nothing but the 1960s, please", 1960, "italian"),
    ],
)
def test_more_narrowings_keep_the_thread_subject(
    text: str, year_from: int | None, subject: str
) -> None:
    planned = plan_turn(text, ITALIAN)
    assert planned.follow_up and planned.filters.get("year_from") == year_from
    assert planned.query.startswith(subject) and "keep" not in planned.query
    assert "among" not in planned.query and "restrict" not in planned.query


def test_keep_going_is_no_narrowing() -> None:
    assert not KEEP_TO_RE.match("keep going")
    assert not KEEP_TO_RE.match("show me just jazz photos")  # a request of its own
    assert not KEEP_TO_RE.match("keepsake boxes")


def test_keeping_the_ones_with_something_narrows_the_thread() -> None:
    baseball = {"query": "baseball games"}
    assert plan_turn("keep the ones shot at Forbes Field", baseball) == PlannedSearch(
        "baseball games forbes field",
        {},
        True,
        ("forbes", "field"),  # the records holding it first
    )
    forties = plan_turn("keep the forties and drop the rest", baseball)
    assert forties.follow_up and forties.query == "baseball games forties"
    assert (forties.filters["year_from"], forties.filters["year_to"]) == (1940, 1949)
    assert not KEEP_TO_RE.match("keepsakes from weddings")
    assert not plan_turn("I want to keep the bride photos", baseball).follow_up


def test_holding_on_to_or_leaving_just_some_narrows_the_thread() -> None:
    banners = {"query": "banners at banquets"}
    sixties = plan_turn("hold on to the sixties ones only", banners)
    assert sixties.follow_up and sixties.query == "banners banquets sixties"
    assert (sixties.filters["year_from"], sixties.filters["year_to"]) == (1960, 1969)
    assert plan_turn("leave just the ones with a banner", None).query == "banner"
    assert not plan_turn("hold on to your hats", banners).follow_up
    assert not plan_turn("leave the room", banners).follow_up


@pytest.mark.parametrize(
    "text", ["only the 1940s ones from that batch", "just the forties ones out of that lot"]
)
def test_a_word_for_the_records_shown_is_no_subject(text: str) -> None:
    planned = plan_turn(text, ITALIAN)
    assert planned.follow_up and planned.filters["year_from"] == 1940
    assert planned.query.split()[0] == "italian" and planned.filters["media_type"] == "textile"
    assert not {"batch", "lot"} & set(planned.query.split())
    # with nothing searched before, the period alone is asked for
    assert not {"batch", "lot"} & set(plan_turn(text).query.split())
    assert plan_turn("a tea set from the 1800s").query == "tea set from the 1800s"
