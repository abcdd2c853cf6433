"""Requests take their defaults from Settings; what a caller gives wins."""

from __future__ import annotations

import pytest

from discovery.db import ItemKind
from discovery.search.models import SearchFilters, SearchValidationError
from discovery.search.service import search_request
from discovery.settings import Settings


def test_search_request_fills_left_out_fields_from_settings() -> None:
    settings = Settings(
        discovery_tool_limit=2,
        discovery_tool_threshold=0.5,
        discovery_skill_limit=4,
        discovery_skill_threshold=0.25,
    )
    request = search_request(settings, query="jazz", limit=None, tool_threshold=None)
    assert (request.limit, request.tool_threshold) == (2, 0.5)
    assert (request.skill_limit, request.skill_threshold) == (4, 0.25)


def test_search_request_lets_given_values_win_and_validates_them() -> None:
    settings = Settings(discovery_tool_limit=2)
    assert search_request(settings, query="jazz", limit=7).limit == 7
    with pytest.raises(SearchValidationError):
        search_request(settings, query="jazz", tool_threshold=3.0)


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        (None, (4, 0.25)),
        ({"kinds": None}, (4, 0.25)),
        ({"kinds": ["archive"]}, (4, 0.25)),
        ({"kinds": ["tool", "archive"]}, (4, 0.25)),
        ({"kinds": ["tool"]}, (9, 0.05)),
        ({"kinds": ["prompt", "resource"]}, (9, 0.05)),
        (SearchFilters(kinds=[ItemKind.TOOL]), (9, 0.05)),
    ],
)
def test_a_tool_catalog_search_takes_the_tool_skill_defaults(
    filters: object, expected: tuple[int, float]
) -> None:
    settings = Settings(
        discovery_skill_limit=4,
        discovery_skill_threshold=0.25,
        discovery_tool_skill_limit=9,
        discovery_tool_skill_threshold=0.05,
    )
    request = search_request(settings, query="convert a pdf", filters=filters)
    assert (request.skill_limit, request.skill_threshold) == expected
    given = search_request(settings, query="x", filters=filters, skill_limit=2, skill_threshold=0.7)
    assert (given.skill_limit, given.skill_threshold) == (2, 0.7)
