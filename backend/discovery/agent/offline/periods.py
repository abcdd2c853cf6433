"""Periods named in a request (a heuristic parser, part of the offline planner), as year ranges
and search filters: "the 1950s", "the fifties", "'40s", "1952", "19th century", "the 1800s" (a
century), open periods ("before 1850", "since 1960", "pre-1900", "after the 1950s", "before the
19th century"), named ones after "from", "during" or "in" ("from world war II", "during the
Great Depression") and eras named anywhere ("medieval", "victorian")."""

from __future__ import annotations

import re

from discovery.agent.offline.presidencies import PRESIDENTS, TERM_RE

DECADE_WORDS = {
    "twenties": 1920, "thirties": 1930, "forties": 1940, "fifties": 1950,
    "sixties": 1960, "seventies": 1970, "eighties": 1980, "nineties": 1990,
}  # fmt: skip
_DECADE_RE = re.compile(r"\b(1[5-9]|20)(\d)0'?s\b")
_SHORT_DECADE_RE = re.compile(r"(?<![\w])'?([2-9])0'?s\b")
YEAR_RE = re.compile(r"\b(1[5-9]\d\d|20[0-2]\d)\b")
_CENTURY_RE = re.compile(r"\b(1[5-9]|20)th[- ]century\b")
# "the nineteenth century", "twentieth-century prints"
CENTURY_WORDS = {
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    "twentieth": 20, "twenty-first": 21, "twenty first": 21,
}  # fmt: skip
_CENTURY_WORD_RE = re.compile(
    r"\b(" + "|".join(CENTURY_WORDS) + r")[- ]centur(?:y|ies)\b", re.IGNORECASE
)


def century_word(word: str) -> bool:
    """Whether a word of a request is a century said as one hyphenated word
    ("nineteenth-century", "19th-century"): a period, the filter, not a subject word."""
    return bool(_CENTURY_RE.fullmatch(word) or _CENTURY_WORD_RE.fullmatch(word))


# Named periods whose name says it is a time ("age", "era", "epoque"): years anywhere in a request
# ("Gilded Age decorative pieces"; `_AGE_RE`), where a war or an event is a period only after
# "from", "during" or "in" ("world war II memorials" are about the war).
AGES: dict[str, tuple[int, int]] = {
    r"gilded\s+age": (1870, 1900),
    r"jazz\s+age": (1920, 1929),
    r"belle\s+[eé]poque": (1871, 1914),
    r"progressive\s+era": (1896, 1916),
    r"reconstruction\s+era": (1865, 1877),
    r"disco\s+(?:era|age)": (1974, 1979),
}
# Periods known by a name, read as years only after "from", "during" or "in" ("from world war
# II": the years 1939-1945); elsewhere the name is a subject ("world war II memorials").
NAMED_PERIODS: dict[str, tuple[int, int]] = {
    r"world\s+war\s+(?:i|1|one)|first\s+world\s+war|ww\s?(?:i|1)|great\s+war": (1914, 1918),
    r"world\s+war\s+(?:ii|2|two)|second\s+world\s+war|ww\s?(?:ii|2)|war\s+years|wartime": (
        1939,
        1945,
    ),
    r"(?:great\s+)?depression(?:\s+(?:years|era))?": (1929, 1939),
    r"korean\s+war": (1950, 1953),
    r"vietnam\s+war": (1955, 1975),
    r"(?:american\s+)?civil\s+war": (1861, 1865),
    r"civil\s+rights\s+(?:movement|era|years)": (1954, 1968),
    r"prohibition(?:\s+(?:years|era))?": (1920, 1933),
    r"new\s+deal(?:\s+(?:years|era))?": (1933, 1939),
    r"post-?war\s+(?:years|era|period)": (1945, 1949),
    r"industrial\s+revolution": (1760, 1840),
    r"american\s+revolution|revolutionary\s+war|war\s+of\s+independence": (1775, 1783),
    r"napoleonic\s+(?:era|wars?|period)": (1799, 1815),
    r"cold\s+war": (1947, 1991),
    r"disco\s+(?:era|years|age|days)": (1974, 1979),
    r"baroque": (1600, 1750),
    r"rococo": (1730, 1770),
    r"georgian(?:\s+(?:period|era|times))?": (1714, 1837),
    r"tudor(?:\s+(?:period|era|times))?": (1485, 1603),
    r"meiji(?:\s+(?:period|era|restoration))?": (1868, 1912),
    r"edo(?:\s+(?:period|era))?": (1603, 1868),
    r"taish[oō](?:\s+(?:period|era))?": (1912, 1926),
    r"sh[oō]wa(?:\s+(?:period|era))?": (1926, 1989),
    r"ming(?:\s+dynasty)?": (1368, 1644),
    r"qing(?:\s+dynasty)?": (1644, 1911),
    r"yuan\s+dynasty": (1271, 1368),
    r"song\s+dynasty": (960, 1279),
    r"tang\s+dynasty": (618, 907),
    **AGES,
}
# "the first half of the twentieth century": the century's first fifty years (1900-1949)
_HALF_RE = re.compile(
    r"\b(?P<half>first|second|earlier|latter|later)\s+half\s+of\s+(?:the\s+)?"
    r"(?=(?:1[5-9]|20)th[- ]century|(?:" + "|".join(CENTURY_WORDS) + r")[- ]century)",
    re.IGNORECASE,
)
_NAMED_RE = re.compile(
    r"\b(?:from|during|in|around|throughout|at\s+the\s+time\s+of)\s+(?:the\s+)?"
    # "from Japan's Meiji period"
    r"(?:(?:time|times|days|years|era)\s+of\s+(?:the\s+)?)?(?:[a-z]+'s\s+)?("
    + "|".join(f"(?:{name})" for name in NAMED_PERIODS)
    + r")(?:\s+(?:years|era|period))?(?![\w-])"
    # "just after the war", "right after the war": the late 1940s
    r"|\b(?:just|right|soon|shortly)\s+after\s+(the\s+war)\b",
    re.IGNORECASE,
)
_AGE_RE = re.compile(
    r"\b(?:the\s+)?(" + "|".join(f"(?:{name})" for name in AGES) + r")(?![\w-])", re.IGNORECASE
)
# Eras named by an adjective or a noun anywhere in a request ("medieval and renaissance objects",
# "victorian furniture"): their years, joined when several are named. Not "Harlem Renaissance"
# (the 1920s movement, a subject).
ERAS: dict[str, tuple[int, int]] = {
    r"medieval|mediaeval|middle\s+ages": (500, 1499),
    r"(?<!harlem\s)renaissance": (1400, 1599),
    r"victorian": (1837, 1901),
    r"elizabethan": (1558, 1603),
    r"jacobean": (1603, 1625),
    r"edwardian": (1901, 1910),
    r"antebellum": (1815, 1861),
    r"jacksonian": (1829, 1837),
    r"romanticism|romantic\s+(?:period|era|movement)": (1800, 1850),
    r"federal\s+(?:period|era)": (1780, 1830),
}
_ERA_RE = re.compile(r"\b(?:" + "|".join(f"(?:{era})" for era in ERAS) + r")\b", re.IGNORECASE)


def without_named_period(text: str) -> str:
    """The text without its named period ("navy from world war II" -> "navy"): the years are a
    filter, and the words would match records about other wars."""
    text = _HALF_RE.sub(" ", TERM_RE.sub(" ", text))
    text = _NAMED_RE.sub(" ", text)  # the case of the rest kept (names: `antecedents.py`)
    return _AGE_RE.sub(" ", text)


def without_eras(text: str) -> str:
    """The text without the eras it names ("medieval armor" -> "armor"): for what a counted
    record must hold (its years are the filter). A search keeps them: "medieval" helps the
    dense ranking find medieval things within the years."""
    return _ERA_RE.sub(" ", text)


def named_period(text: str) -> tuple[tuple[int, int], str] | None:
    """A period named after "from", "during", "in", "around" ... ("from world war II", "around
    the time of the Korean War"), "just after the war" (1945-1949), a named age anywhere ("Gilded
    Age decorative pieces") or a presidency ("while Kennedy was president"), with the words that
    name it ("world war ii"), lowercased."""
    if (t := TERM_RE.search(text)) is not None:
        name = next(n for n in t.groups() if n).lower()
        return next(v for k, v in PRESIDENTS.items() if re.fullmatch(k, name, re.I)), name
    if (m := _NAMED_RE.search(text)) is not None and m.group(2):  # "just after the war"
        return (1945, 1949), m.group(2).lower()
    if (m := m or _AGE_RE.search(text)) is None:  # "Gilded Age decorative pieces"
        return None
    name = m.group(1).lower()
    years = next(v for k, v in NAMED_PERIODS.items() if re.fullmatch(k, name, re.IGNORECASE))
    return years, name


def era_period(text: str) -> tuple[int, int] | None:
    """The years of the eras the text names ("medieval and renaissance": 500-1599)."""
    spans = [
        next(v for k, v in ERAS.items() if re.fullmatch(k, m.group(0), re.IGNORECASE))
        for m in _ERA_RE.finditer(text)
    ]
    return (min(a for a, _ in spans), max(b for _, b in spans)) if spans else None


def _is_century(year: int) -> bool:
    """ "The 1700s", "the 1800s", "the 1900s" name centuries as English uses them (1700-1799);
    "the 2000s" is read as the decade, as it usually is."""
    return year % 100 == 0 and year < 2000


def parse_period(text: str) -> tuple[int, int] | None:
    """A year range named in the text: '1950s', 'the fifties', "'40s", '1952', '19th century'."""
    lower = text.lower()
    found = [int(m.group(1) + m.group(2) + "0") for m in _DECADE_RE.finditer(lower)]
    centuries = [year for year in found if _is_century(year)]  # "the 1700s": 1700-1799
    decades = [year for year in found if not _is_century(year)]
    decades += [start for word, start in DECADE_WORDS.items() if re.search(rf"\b{word}\b", lower)]
    decades += [1900 + int(m.group(1)) * 10 for m in _SHORT_DECADE_RE.finditer(lower)]
    if decades or centuries:  # "the 1950s or 60s" -> 1950-1969
        ends = [d + 9 for d in decades] + [c + 99 for c in centuries]
        return min(decades + centuries), max(ends)
    if m := _CENTURY_RE.search(lower):
        return _century((int(m.group(1)) - 1) * 100, lower)
    if m := _CENTURY_WORD_RE.search(lower):
        return _century((CENTURY_WORDS[m.group(1).lower()] - 1) * 100, lower)
    if named := named_period(lower):
        return named[0]
    if era := era_period(lower):
        return era
    years = [int(y) for y in YEAR_RE.findall(lower)]
    if years:
        return min(years), max(years)
    return None


def _century(start: int, text: str) -> tuple[int, int]:
    """The century from `start`, or the half of it the text names ("the first half of")."""
    if (half := _HALF_RE.search(text)) is None:
        return start, start + 99
    if half.group("half").lower() in ("first", "earlier"):
        return start, start + 49
    return start + 50, start + 99


# "before 1850", "older than 1800", "pre-1900", "after the 1950s", "before the 19th century"
_OPEN_PERIOD_RE = re.compile(
    r"\b(before|until|till|up to|prior to|earlier than|older than|pre|predat(?:es?|ed|ing)|"
    r"after|since|later than|newer than|more recent than|post|postdat(?:es?|ed|ing))"
    r"(?:\s+|-)(?:the\s+)?"
    r"(?:year\s+)?(?:(?P<year>1[5-9]\d\d|20[0-2]\d)(?P<decade>'?s)?|(?P<century>1[0-9]|20)th"
    r"[\s-]+century)\b"
)
_ONWARD_RE = re.compile(
    r"\b(?P<year>1[5-9]\d\d|20[0-2]\d)'?s?\s+(?:onwards?|(?:and|or)\s+(?:later|after))\b"
    # "drawings made in 1950 or before", "the 1800s and earlier": up to that year (decade)
    r"|\b(?P<to_year>1[5-9]\d\d|20[0-2]\d)(?P<to_decade>'?s)?\s+(?:and|or)\s+(?:earlier|before)\b"
    # "drawings made from 1900 on", "from the 1950s forward, please" (not "from 1900 on the farm")
    r"|\bfrom\s+(?:the\s+)?(?P<from_year>1[5-9]\d\d|20[0-2]\d)'?s?\s+(?:on|forward)"
    r"(?=\s*(?:[.,;:!?]|$|and\b|only\b|please\b))"
)
_PREDATE = ("predate", "predates", "predated", "predating")
_POSTDATE = ("postdate", "postdates", "postdated", "postdating")
_UP_TO = frozenset(("before", "prior to", "earlier than", "older than", "pre", *_PREDATE))
_FROM = frozenset(("after", "later than", "newer than", "more recent than", "post", *_POSTDATE))

_OPEN = "before until till prior earlier older after since later newer pre".split()
OPEN_WORDS = frozenset((*_OPEN, *_PREDATE, *_POSTDATE))


def period_filters(text: str) -> dict[str, int]:
    """The period of the text as search filters: both years for "the 1950s", one for an open
    period ("before 1850": `year_to` 1849; "since 1960": `year_from` 1960)."""
    if (m := _ONWARD_RE.search(text.lower())) and m.group("to_year"):  # "1950 or before"
        year = int(m.group("to_year"))
        return {
            "year_to": year + (99 if _is_century(year) else 9) if m.group("to_decade") else year
        }
    if m:  # "from 1900 onward", "the 1950s and later", "in 1950 or after"
        return {"year_from": int(m.group("year") or m.group("from_year"))}
    if m := _OPEN_PERIOD_RE.search(text.lower()):
        word = re.sub(r"\s+", " ", m.group(1))
        if m.group("century"):  # the 19th century: 1800-1899
            first = (int(m.group("century")) - 1) * 100
            start, end = first, first + 99
        else:
            start = int(m.group("year"))
            span = 99 if _is_century(start) else 9  # "the 1950s": 1950-1959; "the 1800s"
            end = start + span if m.group("decade") else start
        if word in _FROM:
            return {"year_from": end + 1}
        if word == "since":
            return {"year_from": start}
        return {"year_to": start - 1 if word in _UP_TO else end}
    period = parse_period(text)
    return {"year_from": period[0], "year_to": period[1]} if period else {}
