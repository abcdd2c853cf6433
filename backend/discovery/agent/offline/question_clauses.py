"""Which words of a catalog question can name its subject, read from the question's shape
rather than from a list of question words (a heuristic stand-in for an LLM, as `questions.py`).

- An aside set off by a comma that opens with a verb's -ing form and goes on only with words
  of how many says how to count, not what: "counting every one, how many bow tie photos are
  there?". Its words are no subject ("wedding photos, how many?" is no aside). One that
  opens with "within those", "of these" points at the records found ("within those drawings,
  how many are elevations?"); its words stay.
- Words that say where a word is or over which kinds to count are no subject either: "how
  many works in any medium have study in the title?" counts "study".
- Words joined by "or" or listed as plural nouns are alternatives ("lace or tulle").
- A creator question's verb says how the record was made, not what it shows: "which artists
  put together the mixed media works?", "whose brushes made those 1800s canvases?". Between the
  maker ("artists", "whose brushes") and the record named with "the", "those" or "these", the
  words are no subject.
"""

from __future__ import annotations

import re

from discovery.agent.offline.querying import content_words
from discovery.agent.offline.question_kinds import MAKERS

# A clause that opens with a verb's -ing form ("counting every one", "going by the results")
# or with a preposition of place and a pointer ("within those drawings", "out of these")
_ASIDE_RE = re.compile(
    r"(?:^|(?<=[,;:]))\s*(?:and\s+|so\s+|now\s+)?"
    r"(?:(?P<doing>[a-z]+ing)\b[^,;:?]*"
    r"|(?P<among>(?:within|among|amongst|inside|out\s+of|from|of|in)\s+(?:all\s+)?"
    r"(?:those|these|them|the\s+(?:results|ones\s+(?:you\s+)?(?:showed|found)))\b)[^,;:?]*)"
    r"\s*[,;:]",
    re.I,
)
# Where a word is, or over which kinds to count: "have study in the title", "works in any
# medium" (the whole text is counted, every kind of record)
_SCOPE_RE = re.compile(
    r"\b(?:in|within)\s+(?:the|its|their)\s+(?:own\s+)?titles?\b"
    r"|\b(?:in|of|across)\s+(?:any|every|each)\s+(?:medium|media|kind|type|format|sort)\b"
    r"|\b(?:in|of|across)\s+all\s+(?:media|kinds|types|formats|sorts)\b",
    re.I,
)
# What may follow the -ing word of an aside: words that say how many, not what ("counting every
# one", "tallying them all", "going by the results"); a closed class of words
_HOW_MANY = frozenset("every each all single whole everything one ones results lot".split())
_WHO_RE = re.compile(
    rf"\b(?:(?:who|which|what)(?:\s+[\w'-]+)??\s+{MAKERS}|whose\s+[\w'-]+|who)\b", re.I
)
_NAMED_RE = re.compile(r"\b(?:the|those|these)\b", re.I)
_BE = frozenset("is are was were be been 's 're".split())  # "whose church drawings are these?"
VERB_WORDS = 3  # at most this many words between the maker and the record
# "lace or tulle", "drums or a drummer" (the article is no word of the subject)
_OR_RE = re.compile(
    r"\b([a-z][\w'-]*)\s*,?\s+or\s+(?:(?:a|an|the|some)\s+)?(?=([a-z][\w'-]*))", re.I
)
# Two plural nouns of a list: "mirrors and clocks", "cups, bowls and teapots"
_PLURAL_LIST_RE = re.compile(
    r"\b([a-z][a-z'-]*[^s\W]s)(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?=([a-z][a-z'-]*[^s\W]s)\b)",
    re.I,
)


def without_asides(text: str) -> tuple[str, bool]:
    """`text` without its asides and the words that say where a word is or over which kinds
    to count ("in their title", "in any medium"), and whether an aside points among the
    records found."""
    among = False
    text = _SCOPE_RE.sub(" ", text)

    def drop(m: re.Match[str]) -> str:
        nonlocal among
        if m.group("doing") and not _counting(m.group(0)[m.end("doing") - m.start() :]):
            return m.group(0)  # "wedding photos, how many?": the subject itself
        if m.group("among"):  # "of those NAACP photos, ...": the list; its own words stay
            among = True
            return m.group(0).replace(m.group("among"), " ", 1)
        return " "

    return _ASIDE_RE.sub(drop, text), among


def _counting(rest: str) -> bool:
    """Whether the words after an aside's -ing word say only how many ("every one")."""
    said = content_words(rest)
    return bool(re.search(r"\w", rest)) and set(said) <= _HOW_MANY


def without_making(text: str) -> str:
    """A creator question without the words between its maker and the record it names."""
    who = _WHO_RE.search(text)
    named = _NAMED_RE.search(text, who.end()) if who else None
    if who is None or named is None:
        return text
    between = text[who.end() : named.start()].split()
    if not 0 < len(between) <= VERB_WORDS or _BE & {w.lower() for w in between}:
        return text
    if who.group(0).lower().startswith("whose"):  # "whose brushes made those": who, those
        return f"{text[: who.start()]}who {text[named.start() :]}"
    return f"{text[: who.end()]} {text[named.start() :]}"


def with_alternatives(topic: str, text: str) -> str:
    """`topic` with "or" between two of its words that `text` joins by "or" ("lace or tulle": a
    count reads either word) or lists as plural nouns ("mirrors and clocks", "cups, bowls and
    teapots"; not "men and women" or "German and Dutch candlesticks")."""
    tokens = topic.split()
    for m in [*_OR_RE.finditer(text), *_PLURAL_LIST_RE.finditer(text)]:
        a, b = m.group(1).lower(), m.group(2).lower()
        for i in range(len(tokens) - 1):
            if tokens[i] == a and tokens[i + 1] == b:
                tokens[i + 1 : i + 1] = ["or"]
                break
    return " ".join(tokens)
