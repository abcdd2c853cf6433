"""Text the database and the embedder can take, checked once where requests come in: no NUL
character (PostgreSQL text cannot hold it) and no lone UTF-16 surrogate (a JSON `"\\ud800"`
escape decodes to one; it is not Unicode text, so neither UTF-8 nor the tokenizer can take it).

Request models derive from `RequestModel`: every string in every field (inside lists and dicts
too) is checked, and a bad one is a validation error naming the field and the position."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, field_validator
from pydantic_core import PydanticCustomError


def text_problem(value: Any) -> str | None:
    """What is wrong with the strings in `value` (a string, or lists and dicts of them), or
    None. Models inside are left to their own validation."""
    if isinstance(value, str):
        return _string_problem(value)
    if isinstance(value, dict):
        for key, item in value.items():
            problem = text_problem(key) or text_problem(item)
            if problem:
                return problem
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            problem = text_problem(item)
            if problem:
                return problem
    return None


#: Characters no stored text can hold: NUL (PostgreSQL) and lone surrogates (not UTF-8). The
#: catalog's own check (`catalog/checks.py`) refuses these and more.
UNSTORABLE = "\x00\ud800-\udfff"
_UNSTORABLE = re.compile(f"[{UNSTORABLE}]")


def _string_problem(value: str) -> str | None:
    found = _UNSTORABLE.search(value)
    if found is None:
        return None
    if found.group() == "\x00":
        return f"contains a NUL character at position {found.start()}"
    return (
        f"contains a lone UTF-16 surrogate (U+{ord(found.group()):04X}) at position"
        f" {found.start()}: not valid Unicode text"
    )


class RequestModel(BaseModel):
    """A model of something a client sends: its strings are checked by `text_problem`."""

    @field_validator("*", mode="after")
    @classmethod
    def _valid_text(cls, value: Any) -> Any:
        problem = text_problem(value)
        if problem:
            raise PydanticCustomError("invalid_text", "the text {problem}", {"problem": problem})
        return value
