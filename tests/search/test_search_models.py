"""Validation of search requests and query texts: one error type (`InvalidRequest`), never
pydantic's own, and queries are just text."""

from __future__ import annotations

import pytest

from discovery.search.models import InvalidRequest, SearchFilters, SearchRequest, query_text


@pytest.mark.parametrize("query", ["", "   ", "\n\t"])
def test_build_rejects_empty_query_as_empty_query(query: str) -> None:
    with pytest.raises(InvalidRequest) as caught:
        SearchRequest.build(query=query)
    assert caught.value.is_empty_query
    assert caught.value.errors[0]["field"] == "query"


def test_build_rejects_query_over_1000_chars_as_422_kind() -> None:
    with pytest.raises(InvalidRequest) as caught:
        SearchRequest.build(query="a" * 1001)
    assert not caught.value.is_empty_query
    assert "1000" in str(caught.value)


def test_build_accepts_query_of_exactly_1000_chars_after_stripping() -> None:
    assert len(SearchRequest.build(query="b" * 1000).query) == 1000
    assert len(SearchRequest.build(query=f"  {'b' * 1000}  ").query) == 1000


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
        ("item_type", "painting"),
        ("date_from", 10**6),
    ],
)
def test_build_rejects_out_of_range_values(field: str, value: object) -> None:
    with pytest.raises(InvalidRequest) as caught:
        SearchRequest.build(query="jazz", **{field: value})
    assert caught.value.errors[0]["field"] == field
    assert not caught.value.is_empty_query


def test_build_rejects_nul_in_list_fields() -> None:
    with pytest.raises(InvalidRequest) as caught:
        SearchRequest.build(query="jazz", media_types=["photo\x00graph"])
    assert caught.value.errors[0]["field"] == "media_types"


def test_build_keeps_quotes_sql_and_markup_as_text() -> None:
    text = '\'; drop table items; -- <script>alert(1)</script> "quoted"'
    assert SearchRequest.build(query=text).query == text.strip()


def test_the_contract_defaults_and_what_is_left_to_settings() -> None:
    request = SearchRequest.build(query="  jazz  ")
    assert request.query == "jazz"
    assert request.strategy is None  # the kind's default, from Settings
    assert request.include_schemas is False
    left_out = (request.limit, request.skill_limit, request.skill_threshold, request.tool_threshold)
    assert left_out == (None, None, None, None)


@pytest.mark.parametrize(
    ("text", "empty"), [("", True), (" \n", True), ("x" * 1001, False), ("a\x00b", False)]
)
def test_query_text_gives_the_same_error_as_a_search(text: str, empty: bool) -> None:
    with pytest.raises(InvalidRequest) as caught:
        query_text(text, field="messages")
    assert caught.value.is_empty_query is empty
    assert caught.value.errors[0]["field"] == "messages"
    assert query_text("  jazz ") == "jazz"


def test_filters_become_the_sql_functions_arguments() -> None:
    args = SearchFilters(media_types=("painting",), date_from=1800).sql_args()
    assert args == {
        "filter_kinds": None,
        "filter_skill_ids": None,
        "active_only": True,
        "filter_media_types": ["painting"],
        "date_from": 1800,
        "date_to": None,
    }
