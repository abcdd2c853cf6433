"""The closest records end to end: the local planner, the real database and the demo archive.
A follow-up whose words no record of its period holds ("only from the forties, the cheerful
ones") has every attempt rejected, while its first attempt's records are nurses of the 1940s
that both rankings hold up: they are shown with the hedged message. A nonsense request still
gets the no-results message."""

from __future__ import annotations

import pytest

from discovery.agent.domain import DomainConfig
from discovery.agent.service import AgentService

pytestmark = pytest.mark.integration


async def test_rejected_attempts_with_evidence_answer_with_the_closest_records(
    agent: AgentService,
) -> None:
    first = await agent.run("portraits of nurses")
    assert first.response_type == "results"
    response = await agent.run("only from the forties, the cheerful ones", first.thread_id)
    assert response.attempts and not any(a.accepted for a in response.attempts)
    assert response.response_type == "results" and response.archives
    assert response.message and "closest records" in response.message
    assert response.query == response.attempts[0].query  # the request's own attempt
    assert response.attempts[0].filters.get("year_from") == 1940
    assert any("nurs" in r.title.lower() for r in response.archives[:5])
    # the closest records were shown: a reference points at them
    more = await agent.run("more like the second one", first.thread_id)
    assert more.attempts[0].filters.get("similar_to") == response.archives[1].id


async def test_rejected_attempts_without_evidence_answer_with_no_results(
    agent: AgentService,
) -> None:
    response = await agent.run("find qwzx vbnmy plorkh")
    assert response.response_type == "message" and not response.archives
    no_results = DomainConfig.load().messages.no_results.split("{")[0]
    assert response.message and response.message.startswith(no_results)
