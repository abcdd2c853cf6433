"""What an agent's message states, read the way the fresh conversation set's judges need it
(`data/eval/agent_conversations.md`): the numbers of a count answer, the decades or centuries of
a period answer, and whether a word or a prompt line appears in it. Plain text tests, no model."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

_SMALL = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty"
).split()
_TENS = {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80}
NUMBER_WORDS = {word: n for n, word in enumerate(_SMALL)} | _TENS | {"ninety": 90, "a dozen": 12}
_NUMBER = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?![\w]|[.,]\d)(?!'?s\b)"
    r"|\b(" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
_YEAR_CONTEXT = re.compile(r"\b(?:in|from|since|until|before|after|between|to|and|c\.)\s*$")


def stated_numbers(message: str) -> list[int]:
    """The counts a message states, in order: numbers written as digits (with or without
    thousands separators) and small number words ("twelve", "a dozen"). Decades ("1950s") and
    years named as such ("in 1950", "from 1940 to 1960") are not counts."""
    numbers: list[int] = []
    for m in _NUMBER.finditer(message):
        if m.group(1):
            digits = m.group(1)
            value = int(digits.replace(",", ""))
            is_year = "," not in digits and 1000 <= value <= 2099
            if is_year and _YEAR_CONTEXT.search(message[: m.start()].lower()):
                continue
            numbers.append(value)
        else:
            numbers.append(NUMBER_WORDS[m.group(2).lower()])
    return numbers


_DECADE = re.compile(r"\b(1\d|20)(\d)0'?s\b|'(\d)0s\b")
_YEAR = re.compile(r"(?<![\d,])\b(1\d{3}|20\d{2})\b(?!'?s\b)")
_YEARS = r"((?:1\d|20)\d{2})'?s?"
_SPAN = re.compile(r"\b" + _YEARS + r"\s*(?:-|–|—|to|through|until)\s*(?:the\s+)?" + _YEARS + r"\b")
_BETWEEN = re.compile(r"\bbetween\s+(?:the\s+)?" + _YEARS + r"\s+and\s+(?:the\s+)?" + _YEARS)
_ORDINALS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
).split()
_CENTURY = re.compile(
    r"\b(\d{1,2})(?:st|nd|rd|th)\b|\b(twenty-first|" + "|".join(_ORDINALS) + r")\b",
    re.IGNORECASE,
)
_CENTURY_SPAN = re.compile(
    r"\b(\d{1,2})(?:st|nd|rd|th)\s*(?:-|–|—|to|through|and)\s*(\d{1,2})(?:st|nd|rd|th)\b"
)


def _century_of(year: int) -> int:
    return (year - 1) // 100 + 1


def stated_periods(message: str, unit: str) -> set[int]:
    """The periods a message names, as decade start years (unit `decade`: 1940 for "the
    1940s") or century numbers (unit `century`: 19 for "the 19th century"). A span ("1940s to
    1960s", "from 1938 to 1975", "18th-19th centuries") names every period in it; a single
    year names its period; "the 1700s" is a century when the unit is `century`."""
    text = message.lower()
    periods: set[int] = set()
    for a, b in [*_SPAN.findall(text), *_BETWEEN.findall(text)]:
        lo, hi = sorted((int(a), int(b)))
        if unit == "decade":
            periods.update(range(lo // 10 * 10, hi // 10 * 10 + 1, 10))
        else:
            periods.update(range(_century_of(lo + 1), _century_of(hi + 1) + 1))
    for m in _DECADE.finditer(text):
        start = int(m.group(1) + m.group(2) + "0") if m.group(1) else 1900 + int(m.group(3)) * 10
        if unit == "decade":
            periods.add(start)
        else:
            periods.add(_century_of(start + 1))
    for m in _YEAR.finditer(text):
        year = int(m.group(1))
        periods.add(year // 10 * 10 if unit == "decade" else _century_of(year))
    if unit == "century" and "centur" in text:
        for a, b in _CENTURY_SPAN.findall(text):
            lo, hi = sorted((int(a), int(b)))
            periods.update(range(lo, hi + 1))
        for m in _CENTURY.finditer(text):
            word = (m.group(2) or "").lower()
            if m.group(1):
                periods.add(int(m.group(1)))
            elif word == "twenty-first":
                periods.add(21)
            else:
                periods.add(_ORDINALS.index(word) + 1)
    return periods


def period_label(period: int, unit: str) -> str:
    """The label `period_answer` gives a period: "1940s" or "19th century"."""
    if unit == "decade":
        return f"{period}s"
    suffix = "th" if 10 <= period % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(period % 10)
    return f"{period}{suffix or 'th'} century"


def period_span(period: int, unit: str) -> tuple[int, int]:
    """The years of a period: (1940, 1949) or (1801, 1900)."""
    if unit == "decade":
        return period, period + 9
    return (period - 1) * 100 + 1, period * 100


def mentions(message: str, word: str) -> bool:
    """`word` starts a word of the message (the whole-word prefix test of the acceptance
    rule), case-insensitive."""
    return re.search(r"\b" + re.escape(word.lower()), message.lower()) is not None


def names_word(message: str, word: str) -> bool:
    """`word` is a whole word of the message, case-insensitive."""
    return re.search(r"\b" + re.escape(word.lower()) + r"\b", message.lower()) is not None


def prompt_lines(folder: Path, min_length: int = 40) -> list[str]:
    """The lines of `min_length` or more characters of the prompt files, lowercased: a reply
    reproducing one of them leaks the prompt."""
    lines: set[str] = set()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            for line in path.read_text(encoding="utf-8", errors="ignore").splitlines():
                line = line.strip().lower()
                if len(line) >= min_length:
                    lines.add(line)
    return sorted(lines)


def leaked_line(message: str, lines: Iterable[str]) -> str | None:
    """The first prompt line the message reproduces (case-insensitive, spaces collapsed)."""
    text = " ".join(message.lower().split())
    return next((line for line in lines if " ".join(line.split()) in text), None)


_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def canned_patterns(templates: Iterable[str]) -> list[re.Pattern[str]]:
    """Patterns of the agent's canned texts (the `[messages]` of the domain file, placeholders
    matching anything): a canned text is not an answer, whatever numbers, names or periods its
    filled-in examples hold."""
    patterns = []
    for template in templates:
        parts = _PLACEHOLDER.split(" ".join(template.split()))
        patterns.append(re.compile(".*?".join(re.escape(p) for p in parts), re.DOTALL))
    return patterns


def answer_text(message: str, canned: Iterable[re.Pattern[str]]) -> str:
    """The message without its canned texts: what it says as an answer of its own."""
    text = " ".join(message.split())
    for pattern in canned:
        text = pattern.sub(" ", text)
    return text.strip()
