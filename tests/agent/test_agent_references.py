"""Turns that point at what a thread has shown, with the local planner on the real database and
the demo archive: "more like the second one" searches by that record's own vector
(`similar_to`), "who's in the third photo?" describes it from the catalog, and a follow-up with
nothing to follow is answered with a question."""

from __future__ import annotations

import pytest

from discovery.agent.service import AgentService

pytestmark = pytest.mark.integration


async def test_more_like_the_second_one_searches_by_that_records_vector(
    agent: AgentService,
) -> None:
    first = await agent.run("boxing photos")
    assert first.response_type == "results" and first.total >= 3
    second = first.archives[1]
    similar = await agent.run("more like the second one", first.thread_id)
    assert (similar.response_type, similar.intent) == ("results", "search")
    attempt = similar.attempts[0]
    assert attempt.filters["similar_to"] == second.id
    assert attempt.query.startswith("like: ") and attempt.accepted
    assert len(similar.attempts) == 1  # never judged "irrelevant" by the request's words
    shown = {r.id for r in first.archives}
    found = [r.id for r in similar.archives]
    assert second.id not in found
    # New records are found; shown ones come back only after the new ones holding the record's
    # subject words, when fewer of those than asked for exist (more_like.like_first, tested in
    # tests/agent/test_more_like.py): the demo archive's boxing matches are all on the first page.
    assert any(i not in shown for i in found)
    assert similar.message and "records like" in similar.message


async def test_a_reference_keeps_the_threads_filters_and_adds_its_own(
    agent: AgentService,
) -> None:
    first = await agent.run("jazz musicians, only photographs")
    assert first.response_type == "results"
    assert first.attempts[0].filters.get("media_type") == "photograph"
    fourth = first.archives[3]
    narrowed = await agent.run("more like the fourth one but only from the 1950s", first.thread_id)
    assert narrowed.attempts[0].filters == {
        "media_type": "photograph",
        "year_from": 1950,
        "year_to": 1959,
        "similar_to": fourth.id,
    }
    for record in narrowed.archives:
        assert record.media_type == "photograph"
        assert record.date_start is not None and record.date_start <= 1959
    # A narrowing follow-up narrows the records like the same one.
    later = await agent.run("only from the 1960s", first.thread_id)
    assert later.attempts[0].filters == {
        "media_type": "photograph",
        "year_from": 1960,
        "year_to": 1969,
        "similar_to": fourth.id,
    }
    assert later.attempts[0].query == narrowed.attempts[0].query
    # A new subject is a new search.
    fresh = await agent.run("steel mill workers", first.thread_id)
    assert "similar_to" not in fresh.attempts[0].filters


async def test_the_one_by_a_shown_creator_resolves_and_an_absent_one_is_a_message(
    agent: AgentService,
) -> None:
    first = await agent.run("boxing photos")
    creators = [r.creator for r in first.archives if r.creator]
    assert creators, "the demo records carry their creators"
    by = await agent.run(f"more like the one by {creators[0].split()[-1]}", first.thread_id)
    expected = next(r for r in first.archives if creators[0].split()[-1] in r.creator)
    assert by.attempts[0].filters["similar_to"] == expected.id
    nobody = await agent.run("more like the one by Rembrandt van Rijn", first.thread_id)
    assert (nobody.response_type, nobody.attempts) == ("message", [])
    assert nobody.message and "Rembrandt van Rijn" in nobody.message


async def test_a_position_past_the_end_is_a_message_not_a_guess(agent: AgentService) -> None:
    first = await agent.run("boxing photos")
    past = await agent.run("more like the 12th one", first.thread_id)
    assert (past.response_type, past.attempts) == ("message", [])
    assert past.message == f"I showed {first.total} records; which one do you mean?"


async def test_a_question_about_a_shown_record_is_answered_from_the_catalog(
    agent: AgentService,
) -> None:
    first = await agent.run("boxing photos")
    third = first.archives[2]
    answer = await agent.run("who's in the third photo?", first.thread_id)
    assert (answer.response_type, answer.archives, answer.attempts) == ("message", [], [])
    assert answer.message and third.title.strip()[:40] in answer.message
    if third.creator:
        assert third.creator in answer.message


async def test_a_follow_up_with_nothing_to_follow_is_asked_about(agent: AgentService) -> None:
    clarify = await agent.run("just the ones from before that")
    assert (clarify.response_type, clarify.attempts) == ("message", [])
    assert clarify.message and clarify.message.startswith("What would you like to see")
    # a period with nothing before it is a request for that period (any subject)
    fifties = await agent.run("only the ones from the 1950s")
    assert fifties.response_type == "results"
    assert fifties.attempts[0].filters == {"year_from": 1950, "year_to": 1959}
    reference = await agent.run("more like the second one you showed me")
    assert (reference.response_type, reference.attempts) == ("message", [])
    assert reference.message and "haven't shown you any records" in reference.message


async def test_a_follow_up_with_a_subject_is_a_new_request(agent: AgentService) -> None:
    response = await agent.run("just photographs of steel mills")
    assert response.response_type == "results"
    assert response.attempts[0].filters.get("media_type") == "photograph"
    assert "steel mills" in response.attempts[0].query


async def test_a_name_without_by_is_a_creator_only_when_a_shown_record_has_it(
    agent: AgentService,
) -> None:
    first = await agent.run("boxing photos")
    harris = next(r for r in first.archives if "Harris" in r.creator)
    by = await agent.run("more like the Teenie Harris photo", first.thread_id)
    assert by.attempts[0].filters["similar_to"] == harris.id
    place = await agent.run("more like the Hill District one", first.thread_id)
    assert place.attempts and "similar_to" not in place.attempts[0].filters
    assert "hill district" in place.attempts[0].query.lower()


async def test_positions_in_words_and_from_the_end_resolve(agent: AgentService) -> None:
    first = await agent.run("boxing photos")
    third = await agent.run("show me more like number three", first.thread_id)
    assert third.attempts[0].filters["similar_to"] == first.archives[2].id
    before_last = await agent.run("the second to last one", first.thread_id)
    assert before_last.attempts[0].filters["similar_to"] == third.archives[-2].id


async def test_the_one_with_words_of_its_title_resolves(agent: AgentService) -> None:
    first = await agent.run("boxing photos")
    second = first.archives[1]
    word = max(second.title.split()[:6], key=len).strip(",.").lower()
    similar = await agent.run(f"more like the one with the {word}", first.thread_id)
    target = next(r for r in first.archives if word in r.title.lower())
    assert similar.attempts[0].filters["similar_to"] == target.id

    # none of the shown records holds the word: the answer says so, no search for it
    missing = await agent.run("the one with the giraffe, anything like it?", first.thread_id)
    assert missing.response_type == "message" and not missing.attempts
    # so for a turn that opens with "the <words> one" (since stop 47)
    named = await agent.run("the giraffe one, similar ones please", first.thread_id)
    assert named.response_type == "message" and not named.attempts
    assert "giraffe" in named.message
    assert missing.message is not None and "None of the" in missing.message
    assert "'the giraffe'" in missing.message


async def test_that_photo_after_a_question_about_one_record_means_that_record(
    agent: AgentService,
) -> None:
    first = await agent.run("jazz musicians on stage")
    fourth = first.archives[3]
    await agent.run("tell me about the fourth one", first.thread_id)
    similar = await agent.run("show me more like that picture", first.thread_id)
    assert similar.attempts[0].filters["similar_to"] == fourth.id
    # without a question about one record in between, "that picture" is the first shown
    again = await agent.run("jazz musicians on stage")
    plain = await agent.run("show me more like that picture", again.thread_id)
    assert plain.attempts[0].filters["similar_to"] == again.archives[0].id


async def test_that_subject_photo_is_the_record_just_described_or_the_one_holding_the_word(
    agent: AgentService,
) -> None:
    first = await agent.run("jazz musicians on stage")
    fourth = first.archives[3]
    await agent.run("tell me about the fourth one", first.thread_id)
    similar = await agent.run("find more like that jazz photo, please", first.thread_id)
    assert similar.attempts[0].filters["similar_to"] == fourth.id
    # nothing described: the first shown record whose title holds the word
    again = await agent.run("boxing photos")
    word = max(again.archives[1].title.split()[:6], key=len).strip(",.").lower()
    named = await agent.run(f"anything like that {word} picture?", again.thread_id)
    target = next(r for r in again.archives if word in r.title.lower())
    assert named.attempts[0].filters["similar_to"] == target.id


async def test_now_opening_a_narrowing_keeps_the_record_it_is_like(agent: AgentService) -> None:
    first = await agent.run("boxing photos")
    like = await agent.run("more like the third", first.thread_id)
    narrowed = await agent.run("now just the 1950s ones", like.thread_id)
    filters = narrowed.attempts[0].filters
    assert filters["similar_to"] == first.archives[2].id
    assert (filters["year_from"], filters["year_to"]) == (1950, 1959)
