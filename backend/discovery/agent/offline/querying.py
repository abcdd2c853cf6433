"""The local planner's query writing (a heuristic stand-in for an LLM, documented as such).

- `write_query` keeps content words (object type, subject, people, place, period) and drops
  filler ("hi", "could you show me", "I'm looking for", "please").
- `periods.period_filters` and `parse_media_type` turn "from the 1950s" or "only photographs"
  into filters.
- `plan_turn` combines the latest message with the previous search of the thread, so follow-ups
  ("only photographs", "from the 1950s") narrow the earlier request. Turns that point at a shown
  record ("more like the second one") are read by `references.py` first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from discovery.agent.offline.antecedents import with_names
from discovery.agent.offline.media_types import MEDIA_WORDS, parse_media_type
from discovery.agent.offline.number_nouns import counted
from discovery.agent.offline.periods import (
    CENTURY_WORDS,
    DECADE_WORDS,
    OPEN_WORDS,
    YEAR_RE,
    century_word,
    era_period,
    period_filters,
    without_named_period,
)
from discovery.agent.offline.question_kinds import TECHNIQUE_WORDS
from discovery.agent.offline.request_frames import (
    ASIDE_RE,
    COLLECTION_WORDS,
    FRAME_RE,
    LEADING,
    SENTENCE_RE,
    TRAILING,
    leads_to_all,
    named,
    unhedged,
)
from discovery.agent.offline.turn_phrases import (
    ALONE_RE,
    KEEP_TO_RE,
    ONLY_AT_END_RE,
    REST_RE,
    SHOTS_RE,
    drops_subject,
    negated,
    own_subject,
    widens,
    without_negated,
    without_pointer_phrase,
)
from discovery.agent.planning import words

FILLER = frozenset(
    """
a an the and or but of for to in on at by with from into about as is are was were be been i i'm
im am me my we our us you your yours it its this that these those there here hi hello hey
please thanks thank could would can will should may might do does did doing show find get give
see look looking search searching want wanted need like love interested some any anything
something stuff things thing lots lot bunch few many more much other have has had got what
which who whom whose where when how why whether if just only also too very really maybe perhaps
kind kinds sort sorts type types researching research doing project family history wondering
curious trying let
archive archives collection collections record records item items material materials one ones
them they then than so well yes no ok okay their theirs i'd now among amongst during out
he she him his her hers himself herself up include includes appear appears feature features
""".split()
)

# Words too general to decide what a request is about on their own.
GENERIC_WORDS = frozenset(
    """
people person persons men man women woman group groups showing shows scene scenes view views
image images pictures picture portraits photo photos photographs photograph things old new
various different nice interesting lovely famous local work works taken made done time times
someone somebody anyone anybody everyone everybody
""".split()
)

_ORDINALS = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
    "fifth": 5, "5th": 5, "last": -1,
}  # fmt: skip
# Follow-ups that narrow the earlier request (its subject stays); the others switch subject.
# Words a reply may open with before the follow-up itself ("ok, just the ones with a cake";
# "ok, back to the photos: only the 1950s" returns to the thread's search).
_LEAD = (
    r"^\s*(?:(?:ok|okay|alright|all right|right|so|well|great|cool|nice|thanks|hmm|oh|actually|now"
    r"|back\s+to\s+(?:the\s+)?\w+)\b[\s,.!:]*)*"
)
_LEAD_RE = re.compile(_LEAD, re.IGNORECASE)
_NARROWING_RE = re.compile(
    _LEAD + r"(only|just|but|and(?=\s+(?:only|just|also|from|in|during|those|these|the\s+ones|"
    r"ones|by|with|without)\b)|also|narrow|limit|filter|same|any|from|in the|during|those|these|"
    r"ones|by)\b",
    re.IGNORECASE,
)
_FOLLOW_UP_RE = re.compile(
    _LEAD + r"(only|just|but|and|now|also|what about|how about|narrow|limit|filter|same|"
    r"show (me )?more|more|any|from|in the|during|those|these|ones|by)\b",
    re.IGNORECASE,
)


def without_lead(text: str) -> str:
    """The text without the words a follow-up may open with ("ok, back to the photos: only
    the 1950s" -> "only the 1950s")."""
    return _LEAD_RE.sub("", text, count=1)


def content_words(text: str) -> list[str]:
    """The words of `text` that are not filler, in order, without duplicates."""
    seen: set[str] = set()
    kept = []
    for w in words(text):
        if w not in FILLER and w not in seen:
            seen.add(w)
            kept.append(w)
    return kept


def write_query(text: str) -> str:
    """One concise query: the request itself, without greetings, the request frame ("could you
    show me", "do you have any", "I'm looking for") or chatty asides. The phrase keeps its small
    words ("kids at the pool", not "kids pool"): the embedding model reads phrases, not keywords.
    A named period ("from world war II") is left to the filters, and a count said in words is
    said as captions count ("a pair of girls" -> "two girls"; `counted`)."""
    text = counted(without_named_period(named(unhedged(text))))
    sentences = [s for s in SENTENCE_RE.split(text.replace("’", "'")) if content_words(s)]
    framed = [s for s in sentences if FRAME_RE.search(s)]
    picked = framed or sentences or [text]
    parts = []
    for sentence in picked:
        frames = list(FRAME_RE.finditer(sentence))
        phrase = sentence[frames[-1].end() :] if frames else sentence
        parts.append(trim(phrase))
    query = with_names(text, " ".join(p for p in parts if p))  # "their" -> the name
    return query or " ".join(content_words(text)) or text.strip().lower()


def trim(phrase: str) -> str:
    phrase = ASIDE_RE.sub(" ", phrase.lower())
    tokens = words(phrase)
    while tokens and (tokens[0] in LEADING or leads_to_all(tokens)):
        tokens.pop(0)
    while tokens and tokens[-1] in TRAILING:
        tokens.pop()
    if len(tokens) == 2 and tokens[0] in MEDIA_WORDS and tokens[1] in COLLECTION_WORDS:
        tokens.pop()  # "the sculpture collection": the sculptures
    return " ".join(tokens)


def subject(text: str) -> str:
    """Content words that are neither a media type nor a period."""
    period_words = set(DECADE_WORDS) | {"century", "decade", "years", "era", "period"}
    period_words |= {w for words in CENTURY_WORDS for w in re.split(r"[- ]", words)}
    return " ".join(
        w
        for w in content_words(without_named_period(text))
        if w not in MEDIA_WORDS
        and w not in period_words
        and not century_word(w)  # "nineteenth-century prints": a period
        and not YEAR_RE.fullmatch(w)
        and not re.fullmatch(r"'?\d0'?s|1[5-9]\d0'?s|\d+(st|nd|rd|th)", w)
        and w not in _ORDINALS
        and w not in OPEN_WORDS
        and w not in {"similar", "same", "related", "result", "results", "number"}
    )


# Words for records in general: a request of nothing else names no subject ("pieces from the
# Progressive Era", "decorative objects", "art from the Meiji period").
RECORD_WORDS = frozenset(
    "objects object pieces piece artworks artwork art arts creations holdings decorative".split()
)


# People a narrowing keeps ("only the ones with a woman in them"): general words, but what the
# records must show
_PEOPLE = frozenset("man men woman women".split())
# How a record was made, in a narrowing ("just the ones shot in the Harris Studio")
_HOW_MADE = frozenset("taken shot done photographed".split())


def names_nothing(query: str) -> bool:
    """Whether `query` names no subject: only records in general, kinds of record and eras
    ("works", "decorative pieces", "portraits from the Edwardian era")."""
    return all(
        w in GENERIC_WORDS or w in RECORD_WORDS or era_period(w) for w in subject(query).split()
    )


@dataclass
class PlannedSearch:
    query: str
    filters: dict[str, Any] = field(default_factory=dict)
    follow_up: bool = False
    required: tuple[str, ...] = ()  # what a narrowing adds ("woman"): records holding it first


def is_follow_up(text: str) -> bool:
    """Whether the text reads as a follow-up of an earlier request ("only ...", "from the ...",
    "keep it to the fifties")."""
    return bool(_FOLLOW_UP_RE.match(kept_to_only(text)))


def kept_to_only(text: str) -> str:
    """A narrowing said with "keep" or "stick to", or with "and nothing else" at its end, as one
    said with "only" ("keep it to the 50s", "keep the 1940s only", "the sixties ones and nothing
    else": "only the 50s", "only the 1940s", "only the sixties ones"), its "shots" said as
    "ones" ("only the shots with a woman": "only the ones with a woman"); other text as it is."""
    led = without_lead(text)
    if kept_to := KEEP_TO_RE.match(led):  # "trim that to the 1950s alone": "only the 1950s"
        text = f"only {ALONE_RE.sub('', REST_RE.sub(' ', led[kept_to.end() :])).strip()}"
    elif at_end := ONLY_AT_END_RE.match(led):
        text = f"only {at_end.group('kept')}"
    if _FOLLOW_UP_RE.match(text):  # "only the trolley shots with women": the trolley ones
        text = SHOTS_RE.sub(lambda m: f"{m['the']} {m['about'] or ''}ones", text)
    return text


def plan_turn(text: str, previous: dict[str, Any] | None = None) -> PlannedSearch:
    """The tool arguments for this turn, given the thread's previous search (if any)."""
    if drops_subject(text):  # "forget the bride, any fireplace photo": a request of its own
        previous = None
    wanted = without_negated(text)
    excluded = _excluded(text, wanted)
    text = wanted
    text = kept_to_only(text)  # "keep it to the 50s": "only the 50s"
    text = without_pointer_phrase(text)  # "... from that batch": the records shown
    media = parse_media_type(text)
    filters: dict[str, Any] = {"media_type": media} if media else {}
    if period := period_filters(text):  # a new period replaces the earlier one whole
        filters |= {"year_from": None, "year_to": None} | period
    filters = widens(text) | filters  # "any decade is fine": the period lifted
    topic = subject(text)
    if previous is not None and (not topic or _FOLLOW_UP_RE.match(text)):
        text = without_lead(text)  # "ok, back to the photos:" says no subject
        topic = subject(text)
        kept = {k: previous[k] for k in ("media_type", "year_from", "year_to") if k in previous}
        merged = {k: v for k, v in (kept | filters).items() if v is not None}
        earlier = _strip_constraints(str(previous.get("query", "")))
        if widens(text) and not own_subject(text, subject):  # "any decade is fine": lifted
            return PlannedSearch(earlier, merged, True)
        if topic and _NARROWING_RE.match(text):  # "just the ones in the Hill District"
            # "only the ones taken in a church": the place narrows, not how they were made
            topic = " ".join(w for w in topic.split() if w not in _HOW_MADE)
            query = " ".join(dict.fromkeys(f"{earlier} {topic}".split()))
            required = tuple(w for w in topic.split() if w in _PEOPLE or w not in GENERIC_WORDS)
            if re.search(r"\bor\b", text, re.I):  # "only the ones in a club or bar": either
                required = ()
        else:  # "what about coal mines?" switches; "only photographs" keeps the subject
            query, required = topic or earlier, ()
        extra = constraint_words(text)
        planned = " ".join(x for x in (query, extra) if x).strip()
        return PlannedSearch(planned, merged, True, required)
    filters = {k: v for k, v in filters.items() if v is not None}
    query = write_query(text) or text.strip().lower()
    return PlannedSearch(" ".join((query, *excluded)), filters)


def _excluded(text: str, kept: str) -> list[str]:
    """What a new request rules out, as the search's `-word` syntax ("prints, but no etchings":
    "-etchings"): of each thing it does not want, its last subject word or print technique
    ("girls without hair ribbons": "-ribbons"), unless the request asks for that word too
    ("quilts other than crazy quilts": nothing). A media type or a period it does not want is
    left out of the query, not excluded ("objects from Africa, not photos"); `kept` is the text
    without what it does not want."""
    wanted = set(content_words(kept))
    out = []
    for phrase in negated(text):
        topic = set(subject(phrase).split()) | TECHNIQUE_WORDS
        named = [w for w in content_words(phrase) if w in topic]
        if named and named[-1] not in wanted:
            out.append(f"-{named[-1]}")
    return out


def constraint_words(text: str) -> str:
    """Media and period words of the text, kept in a follow-up's query."""
    topic = set(subject(text).split())
    text = without_named_period(text)  # its years are the filter
    return " ".join(w for w in content_words(text) if w not in topic and w not in OPEN_WORDS)


def _strip_constraints(query: str) -> str:
    return subject(query) or query
