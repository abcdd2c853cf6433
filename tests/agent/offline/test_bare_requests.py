"""A request for help that names nothing to find is asked about, not searched (pure)."""

from __future__ import annotations

import pytest

from discovery.agent.intents import Classification, Intent
from discovery.agent.offline.bare_requests import bare_help

SEARCH = Classification(Intent.SEARCH, 0.8, "local")


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("hi! can you help me find some pictures?", Intent.GREETING),
        ("hello there, could you help me look through the photos?", Intent.GREETING),
        ("Good morning! Would you please help me dig up some photographs", Intent.GREETING),
        ("help me find something", Intent.UNCLEAR),
        ("can you help me search the archive please?", Intent.UNCLEAR),
    ],
)
def test_a_request_for_help_that_names_nothing_is_not_a_search(text: str, intent: Intent) -> None:
    assert bare_help(text, SEARCH).intent is intent


@pytest.mark.parametrize(
    "text",
    [
        "hi! can you help me find some pictures of boxers?",
        "help me find Lena Horne",
        "could you help me find photos from the 1950s",
        "some pictures",
        "hello",  # the router's greeting stands (below): only a search is re-read
    ],
)
def test_a_request_that_names_something_keeps_the_routers_answer(text: str) -> None:
    assert bare_help(text, SEARCH) is SEARCH


def test_only_a_search_is_re_read() -> None:
    unrelated = Classification(Intent.UNRELATED, 0.9, "local")
    assert bare_help("help me find something", unrelated) is unrelated


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("yo, image wizard!", Intent.GREETING),
        ("hey photo guru!", Intent.GREETING),
        ("hiya, photo sleuth!", Intent.GREETING),
        ("good evening, archive assistant", Intent.GREETING),
        ("hey, boxing photos", Intent.SEARCH),  # a request after the greeting
        ("hello, the robot exhibit", Intent.SEARCH),
    ],
)
def test_a_greeting_to_the_assistant_by_a_title_is_a_greeting(text: str, intent: Intent) -> None:
    routed = Classification(Intent.SEARCH, 0.45, "local")
    assert bare_help(text, routed).intent is intent
