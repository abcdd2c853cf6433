"""Request text: NUL and lone surrogates refused anywhere in a request model, with the field
and the position; real Unicode (accents, emoji, other scripts) accepted."""

from __future__ import annotations

import pytest
from pydantic import Field, ValidationError

from discovery.search.models import SearchRequest
from discovery.text import RequestModel, text_problem


class _Body(RequestModel):
    name: str = "x"
    tags: list[str] = Field(default_factory=list)
    meta: dict[str, object] = Field(default_factory=dict)


@pytest.mark.parametrize(
    "value",
    ["Café 東京 🎷 jazz", ["a", "b"], {"k": ["ü", {"nested": "ok"}]}, 3, None],
)
def test_find_text_problem_none_in_valid_text(value: object) -> None:
    assert text_problem(value) is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("\ud800 jazz", "lone UTF-16 surrogate (U+D800) at position 0"),
        ("jazz \udfff", "lone UTF-16 surrogate (U+DFFF) at position 5"),
        ("ja\x00zz", "NUL character at position 2"),
        (["ok", "bad\x00"], "NUL character"),
        ({"key\ud83c": "v"}, "surrogate"),
        ({"k": ["x", ("y", "\udc80")]}, "surrogate"),
    ],
)
def test_find_text_problem_in_bad_text(value: object, expected: str) -> None:
    problem = text_problem(value)
    assert problem is not None and expected in problem


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"name": "\ud800"}, "name"),
        ({"tags": ["fine", "x\x00"]}, "tags"),
        ({"meta": {"a": {"b": "\udfff"}}}, "meta"),
    ],
)
def test_validate_request_model_with_bad_text_fails(fields: dict, where: str) -> None:
    with pytest.raises(ValidationError) as caught:
        _Body(**fields)
    error = caught.value.errors()[0]
    assert error["type"] == "invalid_text" and error["loc"] == (where,)
    assert error["msg"].startswith("the text contains")


def test_validate_search_request_with_lone_surrogate_fails() -> None:
    with pytest.raises(ValidationError, match="surrogate"):
        SearchRequest(query="\ud800 jazz")
    with pytest.raises(ValidationError, match="NUL"):
        SearchRequest(query="jazz", media_types=["photo\x00graph"])
