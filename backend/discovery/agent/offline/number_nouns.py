"""Counts said with a noun of number, as the catalog's captions say them ("a couple of young
lads" is "two young lads"): part of the local planner's query writing (`querying.py`; a
heuristic stand-in for an LLM)."""

from __future__ import annotations

import re

# Counts said with a noun of number, as captions count people and things ("Two girls ...").
# "a couple of photos" asks for results, not for two of something: that count is dropped.
_RESULTS = (
    r"(?:(?:the|those|these|your|more)\s+)*(?:[\w-]+\s+)?"
    r"(?:photo|picture|image|shot|snap|example|record|item|one|thing|piece)s?\b"
)
_COUNTS = (
    (re.compile(rf"\b(?:a\s+)?(?:pair|couple|few)\s+of\s+(?={_RESULTS})", re.I), ""),
    (re.compile(r"\b(?:a\s+)?half\s+a\s+dozen\b|\ba\s+half[\s-]+dozen\b", re.I), "six"),
    (re.compile(r"\ba\s+(?:pair|couple)\s+of\b", re.I), "two"),
    (re.compile(r"\ba\s+trio\s+of\b", re.I), "three"),
    (re.compile(r"\ba\s+dozen\b", re.I), "twelve"),
)


def counted(text: str) -> str:
    """The text with a count said by a noun of number said as a number word ("a couple of
    young lads" -> "two young lads", "half a dozen women" -> "six women")."""
    for pattern, number in _COUNTS:
        text = pattern.sub(number, text)
    return text
