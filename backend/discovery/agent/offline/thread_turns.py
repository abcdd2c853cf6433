"""Turns that only make sense inside the thread or the catalog (a heuristic, named as such):
"more like the second one", "who's in the third photo?", "how many are there in total?", "who
took these?", and catalog questions in the catalog's own words ("how many films by Stan
Brakhage are there").

The intent router reads each message alone, so it may call these unclear or unrelated (measured:
"how many are there in total?" went to unrelated, "more like that one" to unclear). The intent
middleware asks `points_back` and routes such a turn to search, where the planner resolves it
against the thread, or answers that there is nothing to point at. Role-change attempts never
get here: the guardrail patterns decide those first."""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import BaseMessage

from discovery.agent.offline.catalog_evidence import CatalogEvidence
from discovery.agent.offline.querying import widens
from discovery.agent.offline.questions import parse_question
from discovery.agent.offline.references import parse_reference
from discovery.agent.references import shown_records


def points_back(
    text: str, messages: Sequence[BaseMessage], catalog: CatalogEvidence | None = None
) -> bool:
    """Whether `text` points at a shown record, lifts a filter of the thread's search ("any
    decade is fine"), asks about what the thread has shown, or asks
    a catalog question ("how many films by Stan Brakhage?") every word of whose subject the
    catalog uses (`catalog`; "how many calories in an apple?" is not one)."""
    if parse_reference(text) is not None:
        return True  # with nothing shown, the planner says so
    if widens(text) and shown_records(messages):
        return True  # "actually any decade is fine": the thread's search, a filter lifted
    question = parse_question(text)
    if question is None:
        return False
    if question.about_previous:
        return bool(shown_records(messages))
    return catalog is not None and bool(question.subject) and catalog.knows_all(question.subject)
