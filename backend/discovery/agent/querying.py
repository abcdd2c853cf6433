"""The local planner's query writing (a heuristic stand-in for an LLM, documented as such).

- `write_query` keeps content words (object type, subject, people, place, period) and drops
  filler ("hi", "could you show me", "I'm looking for", "please").
- `parse_period` and `parse_media_type` turn "from the 1950s" or "only photographs" into filters.
- `plan_turn` combines the latest message with the previous search of the thread, so follow-ups
  ("only photographs", "from the 1950s", "more like the second one") narrow the earlier request.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

WORD_RE = re.compile(r"[a-z0-9][a-z0-9'&.-]*[a-z0-9]|[a-z0-9]")

FILLER = frozenset("""
a an the and or but of for to in on at by with from into about as is are was were be been
i i'm im am me my we our us you your yours it its this that these those there here
hi hello hey please thanks thank could would can will should may might do does did doing
show find get give see look looking search searching want wanted need like love interested
some any anything something stuff things thing lots lot bunch few many more much other
have has had got what which who whom whose where when how why whether if
just only also too very really maybe perhaps kind sort type types
researching research doing project family history wondering curious trying
archive archives collection collections record records item items material materials
one ones them they then than so well yes no ok okay
""".split())  # fmt: skip

# Words that name a media type (and which filter value they select).
MEDIA_WORDS: dict[str, str] = {
    "photo": "photograph", "photos": "photograph", "photograph": "photograph",
    "photographs": "photograph", "photographic": "photograph", "snapshot": "photograph",
    "snapshots": "photograph", "negative": "photograph", "negatives": "photograph",
    "painting": "painting", "paintings": "painting", "oil": "painting",
    "print": "print", "prints": "print", "etching": "print", "etchings": "print",
    "lithograph": "print", "lithographs": "print", "woodcut": "print", "woodcuts": "print",
    "engraving": "print", "engravings": "print",
    "drawing": "drawing", "drawings": "drawing", "sketch": "drawing", "sketches": "drawing",
    "watercolor": "drawing", "watercolors": "drawing", "watercolour": "drawing",
    "sculpture": "sculpture", "sculptures": "sculpture", "statue": "sculpture",
    "statues": "sculpture", "textile": "textile", "textiles": "textile",
}  # fmt: skip

_DECADE_WORDS = {
    "twenties": 1920, "thirties": 1930, "forties": 1940, "fifties": 1950,
    "sixties": 1960, "seventies": 1970, "eighties": 1980, "nineties": 1990,
}  # fmt: skip
_DECADE_RE = re.compile(r"\b(1[5-9]|20)(\d)0'?s\b")
_SHORT_DECADE_RE = re.compile(r"(?<![\w])'?([2-9])0'?s\b")
_YEAR_RE = re.compile(r"\b(1[5-9]\d\d|20[0-2]\d)\b")
_CENTURY_RE = re.compile(r"\b(1[5-9]|20)th[- ]century\b")

_ORDINALS = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
    "fifth": 5, "5th": 5, "last": -1,
}  # fmt: skip
_REFERENCE_RE = re.compile(
    r"\b(?:like|similar to|same as|related to)\s+(?:the\s+)?(?:(\w+)\s+(?:one|result|record|"
    r"photo(?:graph)?|picture|image|item)|(?:number|no\.?|#)\s*(\d+))",
    re.IGNORECASE,
)
_FOLLOW_UP_RE = re.compile(
    r"^\s*(only|just|but|and|now|also|what about|how about|narrow|limit|filter|same|"
    r"show (me )?more|more|any|from|in the|during|those|these|ones)\b",
    re.IGNORECASE,
)


def words(text: str) -> list[str]:
    return WORD_RE.findall(text.lower().replace("’", "'"))


def write_query(text: str) -> str:
    """The content words of `text`, in order, without duplicates or filler."""
    seen: set[str] = set()
    kept = []
    for w in words(text):
        if w in FILLER or w in seen:
            continue
        seen.add(w)
        kept.append(w)
    return " ".join(kept)


def parse_period(text: str) -> tuple[int, int] | None:
    """A year range named in the text: '1950s', 'the fifties', "'40s", '1952', '19th century'."""
    lower = text.lower()
    if m := _DECADE_RE.search(lower):
        start = int(m.group(1) + m.group(2) + "0")
        return start, start + 9
    for word, start in _DECADE_WORDS.items():
        if re.search(rf"\b{word}\b", lower):
            return start, start + 9
    if m := _SHORT_DECADE_RE.search(lower):
        start = 1900 + int(m.group(1)) * 10
        return start, start + 9
    if m := _CENTURY_RE.search(lower):
        start = (int(m.group(1)) - 1) * 100
        return start, start + 99
    years = [int(y) for y in _YEAR_RE.findall(lower)]
    if years:
        return min(years), max(years)
    return None


def parse_media_type(text: str) -> str | None:
    for w in words(text):
        if w in MEDIA_WORDS:
            return MEDIA_WORDS[w]
    return None


def parse_reference(text: str) -> int | None:
    """'more like the second one' -> 2; 'similar to number 3' -> 3; 'like the last one' -> -1."""
    m = _REFERENCE_RE.search(text)
    if not m:
        return None
    if m.group(2):
        return int(m.group(2))
    return _ORDINALS.get(m.group(1).lower())


def subject(text: str) -> str:
    """Content words that are neither a media type nor a period."""
    period_words = set(_DECADE_WORDS) | {"century", "decade", "years", "era", "period"}
    return " ".join(
        w
        for w in write_query(text).split()
        if w not in MEDIA_WORDS
        and w not in period_words
        and not _YEAR_RE.fullmatch(w)
        and not re.fullmatch(r"'?\d0'?s|1[5-9]\d0'?s|\d+(st|nd|rd|th)", w)
        and w not in _ORDINALS
        and w not in {"similar", "same", "related", "result", "results", "number"}
    )


@dataclass
class PlannedSearch:
    query: str
    filters: dict[str, Any] = field(default_factory=dict)
    follow_up: bool = False


def plan_turn(
    text: str,
    previous: dict[str, Any] | None = None,
    previous_records: list[dict[str, Any]] | None = None,
) -> PlannedSearch:
    """The tool arguments for this turn, given the thread's previous search (if any)."""
    period, media = parse_period(text), parse_media_type(text)
    filters: dict[str, Any] = {}
    if media:
        filters["media_type"] = media
    if period:
        filters["year_from"], filters["year_to"] = period
    ref = parse_reference(text)
    if previous is not None and ref is not None and previous_records:
        index = ref - 1 if ref > 0 else len(previous_records) - 1
        if 0 <= index < len(previous_records):
            title = previous_records[index].get("title", "")
            kept = {k: previous[k] for k in ("media_type", "year_from", "year_to") if k in previous}
            return PlannedSearch(write_query(" ".join(title.split()[:14])), kept | filters, True)
    topic = subject(text)
    if previous is not None and (not topic or _FOLLOW_UP_RE.match(text)):
        kept = {k: previous[k] for k in ("media_type", "year_from", "year_to") if k in previous}
        merged = kept | filters
        query = topic if topic else _strip_constraints(str(previous.get("query", "")))
        extra = " ".join(_constraint_words(text))
        return PlannedSearch(" ".join(x for x in (query, extra) if x).strip(), merged, True)
    return PlannedSearch(write_query(text) or text.strip().lower(), filters)


def _constraint_words(text: str) -> list[str]:
    """Media and period words of the text, kept in a follow-up's query."""
    return [w for w in write_query(text).split() if w not in subject(text).split()]


def _strip_constraints(query: str) -> str:
    return subject(query) or query
