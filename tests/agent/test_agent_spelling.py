"""Spelling in the agent's query-writing step (agent/spelling.py), end to end with the local
planner on the real database and the demo archive: a misspelled request is searched corrected
and the answer says so; the exact flag and quotes search what was typed."""

from __future__ import annotations

import re

import pytest

from discovery.agent.events import AttemptEvent, DoneEvent, ResultsEvent
from discovery.agent.service import AgentService

pytestmark = pytest.mark.integration


async def test_misspelled_request_is_searched_corrected_and_the_answer_says_so(
    agent: AgentService,
) -> None:
    response = await agent.run("photgraphs of boxng")
    assert response.response_type == "results" and response.total > 0
    assert response.message is not None
    assert response.message.startswith("Showing results for *photographs of boxing*.")
    assert response.spelling is not None
    assert response.spelling.original == "photgraphs of boxng"
    assert response.spelling.corrected == "photographs of boxing"
    assert response.spelling.changes == {"photgraphs": "photographs", "boxng": "boxing"}
    first = response.attempts[0]
    assert first.corrected_from == "photgraphs of boxng" and "boxing" in first.query
    assert any("box" in r.title.lower() for r in response.archives[:3])


async def test_correctly_spelled_request_has_no_spelling_note(agent: AgentService) -> None:
    response = await agent.run("photographs of boxing")
    assert response.response_type == "results" and response.spelling is None
    assert response.message is not None and not response.message.startswith("Showing results")
    assert response.attempts[0].corrected_from is None


@pytest.mark.parametrize(
    ("text", "spelling"), [("photgraphs of boxng", False), ('"photgraphs of boxng"', True)]
)
async def test_exact_flag_and_quotes_search_what_was_typed(
    agent: AgentService, text: str, spelling: bool
) -> None:
    response = await agent.run(text, spelling=spelling)
    assert response.spelling is None
    assert response.attempts[0].query == "photgraphs of boxng"
    assert all(a.corrected_from is None for a in response.attempts)


async def test_spelling_note_is_about_its_own_turn_only(agent: AgentService) -> None:
    first = await agent.run("crawferd grill")
    assert first.spelling is not None and first.spelling.corrected == "crawford grill"
    second = await agent.run("church choir singing", first.thread_id)
    assert second.spelling is None


async def test_stream_attempt_shows_the_corrected_query(agent: AgentService) -> None:
    events = [e async for e in agent.stream("jazz musicains")]
    attempts = [e for e in events if isinstance(e, AttemptEvent)]
    assert attempts[0].query == "jazz musicians"
    final = next(e for e in events if isinstance(e, ResultsEvent))
    assert final.response.spelling is not None
    assert isinstance(events[-1], DoneEvent)


async def test_a_count_counts_the_corrected_subject(agent: AgentService) -> None:
    """The facts tool's subject is corrected as the search's query is: the count is of the
    boxing photographs the search shows, not of the word "boxng" (no record)."""
    response = await agent.run("how many photgraphs of boxng are there?")
    assert response.spelling is not None
    assert response.spelling.changes == {"photgraphs": "photographs", "boxng": "boxing"}
    exact = await agent.run("how many photgraphs of boxng are there?", spelling=False)
    assert exact.spelling is None
    assert response.message is not None and exact.message is not None
    counted = [int(n) for n in re.findall(r"\b(\d+)\b", response.message)]
    assert counted and counted[0] > 0, response.message
    assert "boxing" in response.message and "boxng" in exact.message, exact.message


@pytest.mark.parametrize("text", ["handbgs and glovs", "landscpe paintngs"])
async def test_a_misspelled_request_the_router_turns_away_is_routed_as_spelled(
    agent: AgentService, text: str
) -> None:
    """The router reads "handbgs" as an unknown word: spelled as the catalog spells it, the
    turn is a search; with spelling off it is routed as typed."""
    typed = await agent.run(text, spelling=False)
    assert typed.intent != "search" and typed.response_type == "message"
    response = await agent.run(text)
    assert response.intent == "search" and response.response_type == "results"
    assert response.spelling is not None and response.spelling.original == text
