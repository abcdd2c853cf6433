"""Validation of search requests: typed errors, never pydantic's own, and queries are just text."""

from __future__ import annotations

import pytest

from discovery.search.models import SearchRequest, SearchValidationError, Strategy


@pytest.mark.parametrize("query", ["", "   ", "\n\t"])
def test_build_rejects_empty_query_as_empty_query(query: str) -> None:
    with pytest.raises(SearchValidationError) as caught:
        SearchRequest.build(query=query)
    assert caught.value.is_empty_query
    assert caught.value.errors[0]["field"] == "query"


def test_build_rejects_query_over_1000_chars_as_422_kind() -> None:
    with pytest.raises(SearchValidationError) as caught:
        SearchRequest.build(query="a" * 1001)
    assert not caught.value.is_empty_query
    assert "1000" in str(caught.value)


def test_build_accepts_query_of_exactly_1000_chars() -> None:
    assert len(SearchRequest.build(query="b" * 1000).query) == 1000


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("tool_threshold", -0.01),
        ("tool_threshold", 1.01),
        ("skill_threshold", 2),
        ("limit", 0),
        ("limit", 101),
        ("skill_limit", 0),
        ("strategy", "semantic"),
    ],
)
def test_build_rejects_out_of_range_values(field: str, value: object) -> None:
    with pytest.raises(SearchValidationError) as caught:
        SearchRequest.build(query="jazz", **{field: value})
    assert caught.value.errors[0]["field"] == field
    assert not caught.value.is_empty_query


def test_build_rejects_bad_filters_with_their_path() -> None:
    with pytest.raises(SearchValidationError) as caught:
        SearchRequest.build(query="jazz", filters={"kinds": ["painting"]})
    assert caught.value.errors[0]["field"].startswith("filters.kinds")


def test_build_keeps_quotes_sql_and_markup_as_text() -> None:
    text = '\'; drop table items; -- <script>alert(1)</script> "quoted"'
    assert SearchRequest.build(query=text).query == text.strip()


def test_build_defaults_match_the_contract() -> None:
    request = SearchRequest.build(query="  jazz  ")
    assert request.query == "jazz"
    assert request.strategy is Strategy.HIERARCHICAL
    assert (request.limit, request.skill_limit) == (5, 3)
    assert (request.skill_threshold, request.tool_threshold) == (0.4, 0.3)
    assert request.filters.active_only
