"""Turns that only make sense inside the thread or the catalog (a heuristic, named as such):
"more like the second one", "who's in the third photo?", "how many are there in total?", "who
took these?", catalog questions in the catalog's own words ("how many films by Stan
Brakhage are there"), and a change of subject inside a thread ("forget clocks, show me mirrors
instead", which the router alone read as unrelated); a request for a period the router called
unclear ("medieval and renaissance objects") is a search too (`names_a_period`).

The intent router reads each message alone, so it may call these unclear or unrelated (measured:
"how many are there in total?" went to unrelated, "more like that one" to unclear, "now
restrict that to the forties" to unrelated). The intent
middleware asks `points_back` and routes such a turn to search, where the planner resolves it
against the thread, or answers that there is nothing to point at. Role-change attempts never
get here: the guardrail patterns decide those first."""

from __future__ import annotations

import re
from collections.abc import Sequence

from langchain_core.messages import BaseMessage

from discovery.agent.offline.catalog_evidence import CatalogEvidence
from discovery.agent.offline.loose_references import read_reference
from discovery.agent.offline.media_types import parse_media_type
from discovery.agent.offline.periods import period_filters, without_eras
from discovery.agent.offline.presidencies import names_a_presidency
from discovery.agent.offline.querying import (
    is_follow_up,
    kept_to_only,
    subject,
    without_lead,
)
from discovery.agent.offline.questions import parse_question
from discovery.agent.offline.turn_phrases import widens
from discovery.agent.references import shown_records

# "pics of ...", "drawings of ...", "photos showing ...": a request for records of a kind
_RECORDS_OF_RE = re.compile(
    r"\b(?:pics?|pix|pictures?|photos?|photographs?|images?|snaps(?:hots?)?|drawings?|"
    r"paintings?|prints?|footage|films?)\s+(?:of|with|showing|where|from)\b",
    re.I,
)
_HOW_TO_RE = re.compile(r"\s*(?:how|why)\b", re.I)
# Words of a narrowing that say nothing about the subject ("now restrict that to the forties").
_NARROWING_WORDS = frozenset("only just restrict limit narrow narrowed down keep stick".split())
# Words a turn changes its subject with, inside a thread.
_SWITCH = frozenset("forget forgot never mind nevermind instead rather scratch".split())
# "how many ounces are in a cup of milk?": a conversion of units, not a count of records
_CONVERSION_RE = re.compile(
    r"^\s*how\s+many\s+(?:ounces|grams|kilograms|kilos|pounds|cups|teaspoons|tablespoons|pints"
    r"|quarts|gallons|liters|litres|calories|inches|feet|yards|miles|meters|metres|kilometers"
    r"|kilometres|seconds|minutes|hours|days|weeks)\b[^?]*?\b(?:in|per)\s+(?:a|an|one|each|every)\b",
    re.I,
)
_SWITCH_RE = re.compile(r"\b(?:forget|never\s*mind|instead|scratch\s+that|rather\s+than)\b", re.I)


def narrows(text: str) -> bool:
    """Whether `text` narrows the thread's search by a period or a kind of record and nothing
    else ("keep only the photographs", "now restrict that to the forties", "only the 1950s")."""
    if not is_follow_up(text):  # "keep it to ..." reads as "only ..."
        return False
    said = subject(without_lead(kept_to_only(text))).split()
    return bool(period_filters(text) or parse_media_type(text)) and not (
        set(said) - _NARROWING_WORDS
    )


def asks_for_records(text: str, catalog: CatalogEvidence | None = None) -> bool:
    """Whether `text` asks for records of a kind with a subject the catalog has a word of ("so
    basically pics of ppl smoking", "I need drawings of houses, elevations and plans"), which
    the router alone may read as unclear or unrelated."""
    if catalog is None or _HOW_TO_RE.match(text) or (m := _RECORDS_OF_RE.search(text)) is None:
        return False  # "how do I take better photos with my phone" asks how, not for records
    return any(catalog.knows_all(w) for w in subject(text[m.end() :]).split())


def names_a_period(text: str, catalog: CatalogEvidence | None = None) -> bool:
    """Whether `text` is a request for a period the catalog can filter by, with no word the
    catalog does not know ("medieval and renaissance objects", "anything older than 1800"),
    which the router alone may read as unclear; not a follow-up ("only the ones from the 1930s"
    as a first message is answered with a question by the planner)."""
    if not period_filters(text) or is_follow_up(text):
        return False
    rest = subject(without_eras(text))
    return not rest or (catalog is not None and catalog.knows_all(rest))


def presidency_request(text: str, catalog: CatalogEvidence | None = None) -> bool:
    """Whether `text` states a request for a president's years, with no word the catalog does
    not know besides ("things made while Ulysses Grant was president"), which the router alone
    may read as unrelated (a question, "who was vice president while Nixon was president?",
    is left to the router)."""
    return "?" not in text and names_a_presidency(text) and names_a_period(text, catalog)


def points_back(
    text: str, messages: Sequence[BaseMessage], catalog: CatalogEvidence | None = None
) -> bool:
    """Whether `text` points at a shown record, lifts a filter of the thread's search ("any
    decade is fine") or narrows it by a period or a kind of record (`narrows`), changes the
    subject of a thread that has shown records to one the catalog knows (`catalog`), asks about
    what the thread has shown, or asks a catalog question ("how many films by Stan Brakhage?")
    every word of whose subject the catalog uses (`catalog`; "how many calories in an apple?"
    is not one)."""
    if read_reference(text, bool(shown_records(messages))) is not None:
        return True  # with nothing shown, the planner says so
    if widens(text) and shown_records(messages):
        return True  # "actually any decade is fine": the thread's search, a filter lifted
    if narrows(text) and shown_records(messages):
        return True  # "now restrict that to the forties": the thread's search, narrowed
    if _SWITCH_RE.search(text) and shown_records(messages) and catalog is not None:
        # "forget clocks, show me mirrors instead": a new subject the catalog knows
        return catalog.knows_all(" ".join(w for w in subject(text).split() if w not in _SWITCH))
    question = parse_question(text)
    if question is None or _CONVERSION_RE.match(text):
        return False
    if not question.subject and question.filters.get("media_type"):
        return True  # "how many video works are there?": a kind of record the catalog has
    if question.about_previous:
        return True  # "so what was the total on those?": with nothing shown, the planner says so
    return catalog is not None and bool(question.subject) and catalog.knows_all(question.subject)
