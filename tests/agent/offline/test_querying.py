"""The local planner's query writing and follow-up handling (pure functions)."""

from __future__ import annotations

import pytest

from discovery.agent.offline.querying import (
    is_follow_up,
    kept_to_only,
    names_nothing,
    plan_turn,
    write_query,
)


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("steel mill workers", "steel mill workers"),
        ("Could you show me photographs of boxers training?", "photographs of boxers training"),
        ("do you have any pictures of the Crawford Grill?", "pictures of the crawford grill"),
        ("have you any prints of ships?", "prints of ships"),
        # spoken hedges around the request
        (
            "um, so, like, clothes with little shapes on them, maybe?",
            "clothes with little shapes on them",
        ),
        ("would you happen to have photos of barbershops?", "photos of barbershops"),
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
        ("I am trying to find photographs of brides", "photographs of brides"),
        (
            "For a costume history class I would like portraits where a man wears a vest",
            "portraits where a man wears a vest",
        ),
        ("we are researching hats and we'd like images of fedoras", "images of fedoras"),
        ("got any snaps of dockworkers?", "snaps of dockworkers"),
        ("actually let's look at overcoats instead", "overcoats"),
        # "pull up", "fetch me", "I'd appreciate": frames too
        ("pull up photographs taken in the fifties", "photographs taken in the fifties"),
        ("fetch me the jazz photos", "jazz photos"),
        ("I'd appreciate any photographs of a murder trial", "photographs of a murder trial"),
        ("pull-toys and rocking horses", "pull-toys and rocking horses"),  # no frame
        # a count said with a noun of number, as captions count
        ("a pair of little girls posing together", "two little girls posing together"),
        ("half a dozen women posing as a group", "six women posing as a group"),
        ("a trio of girls in a group shot", "three girls in a group shot"),
        # a couple of people stays; a couple of results is no count of anything
        ("a couple with their baby", "couple with their baby"),
        ("show me a couple of photos of boxers", "photos of boxers"),
        ("show me a couple of the boxing ones", "boxing ones"),
        # what the archive holds: no subject word
        ("let me see the textiles you hold", "textiles"),
        ("show me the paintings you have.", "paintings"),
        ("the photos you have of Lena Horne", "photos you have of lena horne"),
        # all of a kind: the kind ("all" before a subject stays a subject's)
        ("bring up every drawing in the collection", "drawing"),
        ("show me all the videos", "videos"),
        ("change of subject: the sculpture collection, please", "sculpture"),
        ("all of the kids at the pool", "kids at the pool"),
        ("all of them i guess", "all of them"),  # "all of" kept; the hedge dropped
        ("a coin collection", "coin collection"),
        ("every sculpture in the archive, whatever the date", "sculpture"),
        ("a bride's veil from whatever decade you have", "bride's veil"),
    ],
)
def test_write_query_keeps_the_request_and_drops_the_frame(text: str, query: str) -> None:
    assert write_query(text) == query


PREVIOUS = {"query": "jazz musicians 1950s", "year_from": 1950, "year_to": 1959}


def test_plan_turn_narrows_the_previous_search_by_media_type() -> None:
    plan = plan_turn("only photographs", PREVIOUS)
    assert plan.follow_up
    assert plan.query == "jazz musicians photographs"
    assert plan.filters == {"year_from": 1950, "year_to": 1959, "media_type": "photograph"}


def test_plan_turn_replaces_the_period_of_the_previous_search() -> None:
    plan = plan_turn("from the 1960s", PREVIOUS)
    assert plan.query == "jazz musicians 1960s"
    assert plan.filters == {"year_from": 1960, "year_to": 1969}


def test_plan_turn_starts_afresh_on_a_new_subject() -> None:
    plan = plan_turn("steel mill workers", PREVIOUS)
    assert (plan.query, plan.filters, plan.follow_up) == ("steel mill workers", {}, False)


def test_plan_turn_keeps_the_subject_when_a_follow_up_narrows_to_a_place() -> None:
    plan = plan_turn("just the ones in the Hill District", {"query": "boxing"})
    assert plan.follow_up
    assert plan.query == "boxing hill district"


def test_plan_turn_switches_subject_on_what_about() -> None:
    plan = plan_turn("what about coal mines?", PREVIOUS)
    assert plan.query == "coal mines"
    assert plan.filters == {"year_from": 1950, "year_to": 1959}


def test_plan_turn_narrows_to_an_open_period_and_drops_the_earlier_one() -> None:
    plan = plan_turn("and from before 1850", {"query": "glass pittsburgh", "year_from": 1900})
    assert plan.query == "glass pittsburgh 1850"
    assert plan.filters == {"year_to": 1849}


def test_a_follow_up_may_open_with_ok_or_actually() -> None:
    earlier = {"query": "weddings", "year_from": 1950, "year_to": 1959}
    plan = plan_turn("ok, just the ones with a cake", earlier)
    assert plan.follow_up and plan.query == "weddings cake"
    assert plan.filters == {"year_from": 1950, "year_to": 1959}


def test_a_follow_up_that_lifts_the_period_keeps_the_subject_and_other_filters() -> None:
    earlier = {"query": "boxing joe louis 1940s", "media_type": "photograph",
               "year_from": 1940, "year_to": 1949}  # fmt: skip
    plan = plan_turn("actually any decade is fine", earlier)
    assert plan.follow_up and plan.query == "boxing joe louis"
    assert plan.filters == {"media_type": "photograph"}
    assert plan_turn("any type is fine", earlier).filters == {"year_from": 1940, "year_to": 1949}


def test_a_follow_up_may_return_to_the_earlier_search_first() -> None:
    """ "back to the prints:" opens the follow-up; its words are no subject."""
    earlier = {"query": "harbor scenes", "media_type": "print"}
    plan = plan_turn("alright, back to the prints: just the 1880s", earlier)
    assert plan.follow_up and plan.query == "harbor scenes 1880s"
    assert plan.filters == {"media_type": "print", "year_from": 1880, "year_to": 1889}


def test_a_follow_up_naming_a_maker_narrows_the_earlier_search() -> None:
    plan = plan_turn("by Utamaro", {"query": "geisha portraits", "media_type": "print"})
    assert plan.follow_up and plan.query == "geisha portraits utamaro"
    assert plan.filters == {"media_type": "print"}
    assert plan_turn("by Utamaro").query == "by utamaro"  # nothing to narrow: a request


def test_a_named_period_is_a_filter_not_words_of_the_query() -> None:
    plan = plan_turn("and only during WWII", {"query": "nurses"})
    assert plan.query == "nurses"
    assert plan.filters == {"year_from": 1939, "year_to": 1945}
    first = plan_turn("Could you find pictures of factory workers from World War Two?")
    assert first.query == "pictures of factory workers"
    assert first.filters == {"media_type": "photograph", "year_from": 1939, "year_to": 1945}


def test_instead_and_now_are_not_subject_words() -> None:
    assert plan_turn("forget the boats, show me bridges instead", {"query": "boats"}).query == (
        "bridges"
    )
    narrowed = plan_turn("now only the 1930s", {"query": "steel mills"})
    assert narrowed.follow_up and "now" not in narrowed.query.split()
    assert narrowed.query.startswith("steel mills") and narrowed.filters["year_from"] == 1930


def test_dropping_the_threads_subject_makes_a_request_of_its_own() -> None:
    planned = plan_turn("forget the bride, any fireplace photo before 1950", {"query": "bride"})
    assert "bride" not in planned.query and "fireplace" in planned.query
    assert not planned.follow_up
    assert planned.filters == {"media_type": "photograph", "year_to": 1949}
    assert plan_turn("scratch that, boxing photos", {"query": "bride"}).query == "boxing photos"
    assert plan_turn("forget it", None).query == "forget it"  # nothing follows: left alone


def test_narrow_it_to_a_period_keeps_the_subject_without_the_verb() -> None:
    plan = plan_turn("narrow it to the fifties", {"query": "pictures of a bridal party"})
    assert plan.follow_up and plan.filters == {"year_from": 1950, "year_to": 1959}
    assert "bridal party" in plan.query and "narrow" not in plan.query


def test_a_narrowing_said_with_keep_is_a_follow_up() -> None:
    bands = {"query": "piano players", "media_type": "photograph"}
    planned = plan_turn("keep the 1940s only", bands)
    assert planned.follow_up and planned.query == "piano players 1940s"
    assert planned.filters == {"media_type": "photograph", "year_from": 1940, "year_to": 1949}
    assert is_follow_up("keep the 1940s only") and is_follow_up("keep it to the fifties")
    assert kept_to_only("ok, keep just the ones with a piano") == "only the ones with a piano"
    assert not is_follow_up("keep the change")


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("hang on to just the ones with a woman in them", "only the ones with a woman in them"),
        ("cut it back to the trolley shots with women", "only the trolley ones with women"),
        ("the sixties ones and nothing else", "only the sixties ones"),
        ("those with a banner, nothing more", "only those with a banner"),
        ("trim that to the 1950s alone", "only the 1950s"),
        ("the fifties ones alone", "only the fifties ones"),
        ("keep it to photographs exclusively", "only photographs"),
        ("a boy alone", "a boy alone"),  # a request
        ("hold it to the forties only", "only the forties"),
        ("narrow those to shots that include a lady", "only ones that include a lady"),
        ("only night shots", "only night shots"),
        ("only the shots that have a woman in them", "only the ones that have a woman in them"),
        ("kids taking shots at the hoop", "kids taking shots at the hoop"),  # a request
    ],
)
def test_narrowings_said_other_ways_read_as_only(text: str, kept: str) -> None:
    assert kept_to_only(text) == kept


def test_a_narrowing_to_the_shots_with_something_adds_that_thing_only() -> None:
    funeral = {"query": "pallbearers casket service"}
    planned = plan_turn("only the shots that have a woman in them", funeral)
    assert planned.follow_up and planned.query == "pallbearers casket service woman"
    assert planned.required == ("woman",)  # the records holding it first
    played = plan_turn("only those where somebody plays piano too", funeral)
    assert played.required == ("plays", "piano")  # "somebody" is no word a record must hold
    assert plan_turn("only the 1960s ones", funeral).required == ()  # a period, no word
    assert plan_turn("keep only the ones in a club or bar", funeral).required == ()  # either
    assert plan_turn("what about coal mines?", funeral).required == ()  # a new subject


def test_only_the_ones_with_something_and_nothing_to_narrow_asks_for_that_thing() -> None:
    assert plan_turn("keep just the ones with a piano").query == "piano"
    assert plan_turn("just the ones with a tiled floor").query == "tiled floor"
    assert plan_turn("only the ones with horses", {"query": "farms"}).query == "farms horses"


def test_a_request_for_any_kind_or_date_asks_for_no_kind_or_date() -> None:
    assert plan_turn("still lifes of any kind").query == "still lifes"
    assert plan_turn("digital art of any date").query == "digital art"
    assert plan_turn("a kind of dog").query == "kind of dog"


def test_a_request_of_records_in_general_names_nothing() -> None:
    assert plan_turn("works from the Reagan administration").query == "works"
    for query in ("works", "decorative pieces", "portraits edwardian", "art", "drawings done"):
        assert names_nothing(query), query
    for query in ("silver spoons", "jazz", "portraits of boxers"):
        assert not names_nothing(query), query


def test_a_narrowing_by_place_leaves_out_how_the_records_were_made() -> None:
    piano = {"query": "people playing piano"}
    assert (
        plan_turn("only the ones taken in a church", piano).query == "people playing piano church"
    )
    studio = plan_turn("just the ones shot in the Harris Studio", {"query": "portraits"})
    assert studio.query == "portraits harris studio"
