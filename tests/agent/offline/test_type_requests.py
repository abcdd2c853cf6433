"""The rule after the offline router for a request for a whole media type."""

from __future__ import annotations

import pytest

from discovery.agent.intents import Classification, Intent
from discovery.agent.offline.type_requests import type_request


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("show me all the videos", Intent.SEARCH),
        ("bring up every drawing in the collection", Intent.SEARCH),
        ("the whole print collection", Intent.SEARCH),
        ("show me your sculpture holdings", Intent.SEARCH),
        # a subject besides the type, or no wish for all of it: as routed
        ("show me all the videos of my cat", Intent.UNRELATED),
        ("a photo please", Intent.UNRELATED),
        ("all the flights to denver", Intent.UNRELATED),
    ],
)
def test_a_request_for_all_of_a_media_type_is_a_search(text: str, intent: Intent) -> None:
    routed = Classification(Intent.UNRELATED, 0.45, "local")
    assert type_request(text, routed, search_probability=0.35).intent is intent


def test_a_search_stays_a_search() -> None:
    routed = Classification(Intent.SEARCH, 0.9, "local")
    assert type_request("all the flights to denver", routed, 0.9) is routed
