"""Periods named in a request (a heuristic parser, part of the offline planner): "the 1950s",
"the fifties", "'40s", "1952", "19th century", open periods ("before 1850", "since 1960") and
named ones after "from", "during" or "in" ("from world war II", "during the Great Depression"),
as year ranges and as search filters."""

from __future__ import annotations

import re

DECADE_WORDS = {
    "twenties": 1920, "thirties": 1930, "forties": 1940, "fifties": 1950,
    "sixties": 1960, "seventies": 1970, "eighties": 1980, "nineties": 1990,
}  # fmt: skip
_DECADE_RE = re.compile(r"\b(1[5-9]|20)(\d)0'?s\b")
_SHORT_DECADE_RE = re.compile(r"(?<![\w])'?([2-9])0'?s\b")
YEAR_RE = re.compile(r"\b(1[5-9]\d\d|20[0-2]\d)\b")
_CENTURY_RE = re.compile(r"\b(1[5-9]|20)th[- ]century\b")
# Periods known by a name, read as years only after "from", "during" or "in" ("from world war
# II": the years 1939-1945); elsewhere the name is a subject ("world war II memorials").
NAMED_PERIODS: dict[str, tuple[int, int]] = {
    r"world\s+war\s+(?:i|1|one)|first\s+world\s+war|ww\s?(?:i|1)|great\s+war": (1914, 1918),
    r"world\s+war\s+(?:ii|2|two)|second\s+world\s+war|ww\s?(?:ii|2)": (1939, 1945),
    r"great\s+depression": (1929, 1939),
}
_NAMED_RE = re.compile(
    r"\b(?:from|during|in)\s+(?:the\s+)?(?:(?:time|days|years)\s+of\s+(?:the\s+)?)?("
    + "|".join(f"(?:{name})" for name in NAMED_PERIODS)
    + r")(?![\w-])",
    re.IGNORECASE,
)


def without_named_period(text: str) -> str:
    """The text without its named period ("navy from world war II" -> "navy"): the years are a
    filter, and the words would match records about other wars."""
    return _NAMED_RE.sub(" ", text)  # the case of the rest kept (names: `antecedents.py`)


def named_period(text: str) -> tuple[tuple[int, int], str] | None:
    """A period named after "from", "during" or "in" ("from world war II"), with the words that
    name it ("world war ii"), lowercased."""
    if (m := _NAMED_RE.search(text)) is None:
        return None
    name = m.group(1).lower()
    years = next(v for k, v in NAMED_PERIODS.items() if re.fullmatch(k, name))
    return years, name


def parse_period(text: str) -> tuple[int, int] | None:
    """A year range named in the text: '1950s', 'the fifties', "'40s", '1952', '19th century'."""
    lower = text.lower()
    decades = [int(m.group(1) + m.group(2) + "0") for m in _DECADE_RE.finditer(lower)]
    decades += [start for word, start in DECADE_WORDS.items() if re.search(rf"\b{word}\b", lower)]
    decades += [1900 + int(m.group(1)) * 10 for m in _SHORT_DECADE_RE.finditer(lower)]
    if decades:  # "the 1950s or 60s" -> 1950-1969
        return min(decades), max(decades) + 9
    if m := _CENTURY_RE.search(lower):
        start = (int(m.group(1)) - 1) * 100
        return start, start + 99
    if named := named_period(lower):
        return named[0]
    years = [int(y) for y in YEAR_RE.findall(lower)]
    if years:
        return min(years), max(years)
    return None


_OPEN_PERIOD_RE = re.compile(
    r"\b(before|until|till|up to|prior to|earlier than|after|since|later than)\s+(?:the\s+)?"
    r"(?:year\s+)?(1[5-9]\d\d|20[0-2]\d)\b"
)


OPEN_WORDS = frozenset("before until till prior earlier after since later".split())


def period_filters(text: str) -> dict[str, int]:
    """The period of the text as search filters: both years for "the 1950s", one for an open
    period ("before 1850": `year_to` 1849; "since 1960": `year_from` 1960)."""
    if m := _OPEN_PERIOD_RE.search(text.lower()):
        word, year = m.group(1), int(m.group(2))
        if word in ("after", "since", "later than"):
            return {"year_from": year + 1 if word != "since" else year}
        return {"year_to": year - 1 if word in ("before", "prior to", "earlier than") else year}
    period = parse_period(text)
    return {"year_from": period[0], "year_to": period[1]} if period else {}
