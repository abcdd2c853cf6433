"""A president's years in office, named by a frame that names the time ("the Eisenhower years",
"while Kennedy was president", "under the Truman administration"): part of the offline
planner's period parser (`periods.py`), a heuristic, not a language model."""

from __future__ import annotations

import re

# A president's years in office, by a frame that names the time: "the Eisenhower years".
PRESIDENTS: dict[str, tuple[int, int]] = {
    "jefferson": (1801, 1809), "lincoln": (1861, 1865), "grant": (1869, 1877),
    "mckinley": (1897, 1901), "teddy roosevelt": (1901, 1909), "theodore roosevelt": (1901, 1909),
    "taft": (1909, 1913), "wilson": (1913, 1921), "harding": (1921, 1923),
    "coolidge": (1923, 1929), "hoover": (1929, 1933),
    "roosevelt": (1933, 1945), "fdr": (1933, 1945), "truman": (1945, 1953),
    "eisenhower": (1953, 1961), "ike": (1953, 1961), "kennedy": (1961, 1963), "jfk": (1961, 1963),
    "lbj": (1963, 1969), "johnson": (1963, 1969), "nixon": (1969, 1974), "ford": (1974, 1977),
    "carter": (1977, 1981), "reagan": (1981, 1989), "clinton": (1993, 2001),
    "obama": (2009, 2017), "trump": (2017, 2021), "biden": (2021, 2025),
    # not Washington or Cleveland (cities: "in Washington years ago"), nor Jackson alone
    "andrew jackson": (1829, 1837), "polk": (1845, 1849), "buchanan": (1857, 1861),
    "hayes": (1877, 1881),
    # names a frame may still leave ambiguous (a city, a surname of another president, a
    # first name), only with the first name: "under Chester Arthur", not "the Arthur years"
    "george washington": (1789, 1797), "john adams": (1797, 1801), "james madison": (1809, 1817),
    "james monroe": (1817, 1825), "john quincy adams": (1825, 1829), "van buren": (1837, 1841),
    "william henry harrison": (1841, 1841), "john tyler": (1841, 1845),
    "zachary taylor": (1849, 1850), "fillmore": (1850, 1853), "franklin pierce": (1853, 1857),
    "andrew johnson": (1865, 1869), "garfield": (1881, 1881),
    r"chester\s+(?:a\.?\s+)?arthur": (1881, 1885), "grover cleveland": (1885, 1897),
    "benjamin harrison": (1889, 1893),
    # the two Bushes by what tells them apart (a pattern: "H. W.", "H.W.", "HW")
    r"(?:george\s+)?h\.?\s*w\.?\s+bush|bush\s+(?:senior|sr\.?)": (1989, 1993),
    r"(?:george\s+)?w\.?\s+bush|bush\s+(?:junior|jr\.?)": (2001, 2009),
}  # fmt: skip
_NAMES = "|".join(sorted(PRESIDENTS, key=len, reverse=True))  # "teddy roosevelt" first
# "Ulysses Grant", "Woodrow Wilson": a first name (and an initial) before the name
_FIRST = rf"(?:(?!(?:{_NAMES})\b)[a-z]+\s+(?:[a-z]\.?\s+)?)?"
_TERM = (  # "years", "administration", "time in office", "terms as president"
    r"(?:years|era|administration|presidency"
    r"|(?:time|terms?|years|days)\s+(?:in\s+office|as\s+president|in\s+the\s+white\s+house))"
)
TERM_RE = re.compile(
    # "while Kennedy was president", "while John Adams sat in the president's chair"
    r"\b(?:(?:from|during|in|of)\s+)?"
    r"(?:while|when|the\s+(?:[a-z]+\s+)?(?:years?|days|time)(?:\s+(?:that|when))?)\s+"
    rf"(?:president\s+)?{_FIRST}(?P<a>{_NAMES})\s+(?:was\s+(?:president|in\s+office|in\s+the"
    r"\s+white\s+house)|sat\s+in\s+the\s+(?:president's|presidential)\s+(?:chair|seat)"
    # "the eight years Barack Obama led the country", "while Truman governed the nation"
    r"|(?:ran|led|governed|headed)\s+the\s+(?:country|nation)|served|held\s+office|presided)\b"
    # "under the Truman administration", "dating from the Franklin Pierce years"
    rf"|\b(?:(?:dating|dated)\s+)?(?:during|in|under|from)\s+(?:the\s+)?(?:president\s+)?"
    rf"{_FIRST}(?P<b>{_NAMES})(?:'s)?\s+{_TERM}\b"
    rf"|\b(?:the\s+)?{_FIRST}(?P<c>{_NAMES})(?:'s)?\s+{_TERM}\b"
    rf"|\bunder\s+president\s+{_FIRST}(?P<d>{_NAMES})\b",
    re.IGNORECASE,
)


def names_a_presidency(text: str) -> bool:
    """Whether the text names a president's years by a frame that names the time ("while
    Ulysses Grant was president", "Teddy Roosevelt's time in office")."""
    return TERM_RE.search(text) is not None
