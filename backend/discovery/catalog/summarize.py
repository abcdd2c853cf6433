"""Item summaries. `ExtractiveSummarizer` is the offline stand-in used when no LLM is configured:
it writes nothing new, it only cuts and arranges the record's own text (the first sentence or
clause of the title, then "Creator, date; media type; place."). An LLM summarizer implements
the same `Summarizer` protocol. Parsing never summarizes; the ingest pipeline does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from discovery.catalog.records import CatalogItem
from discovery.catalog.text import clip

SUMMARY_MAX = 240
LEAD_MAX = 160
_MIN_CLAUSE = 30
# Words whose trailing period does not end a sentence ("Rev. George", "no. 6", "Co. Inc.").
_ABBREVIATIONS = frozenset(
    ("mr", "mrs", "ms", "dr", "rev", "st", "jr", "sr", "no", "nos", "co", "inc", "corp", "ltd",
     "bros", "mt", "ave", "vs", "ft", "gen", "capt", "lt", "sgt", "prof", "hon", "col", "ca")
)  # fmt: skip
_SENTENCE_END = re.compile(r"[.!?](?=\s+[\"'(\[A-Z0-9])")
_CLAUSE_END = re.compile(r"[,;:](?=\s)|\s[–—-]\s")


@runtime_checkable
class Summarizer(Protocol):
    """Writes an item's summary (one or two sentences) from its normalized fields."""

    def summarize(self, item: CatalogItem) -> str: ...


def first_sentence(text: str) -> str:
    """The text up to its first sentence end, skipping abbreviations and initials."""
    text = " ".join(text.split())
    for match in _SENTENCE_END.finditer(text):
        word = text[: match.start()].rsplit(" ", 1)[-1].lstrip("(\"'")
        if len(word) > 1 and word.lower() not in _ABBREVIATIONS:
            return text[: match.end()]
    return text


def lead_clause(text: str, limit: int = LEAD_MAX) -> str:
    """The first sentence; if longer than `limit`, its longest run of whole clauses that fits,
    else cut at a word boundary."""
    sentence = first_sentence(text)
    if len(sentence) <= limit:
        return sentence
    cuts = [m.start() for m in _CLAUSE_END.finditer(sentence) if _MIN_CLAUSE <= m.start() < limit]
    return sentence[: cuts[-1]] if cuts else clip(sentence, limit)


def _as_text(value: Any) -> str:
    if isinstance(value, list):
        return "; ".join(str(v) for v in value if v)
    return " ".join(str(value).split()) if value else ""


def _end(text: str) -> str:
    text = text.rstrip(" ,;:")
    return text if not text or text[-1] in ".!?…" else text + "."


def extractive_summary(item_fields: Mapping[str, Any]) -> str:
    """One or two sentences (<= 240 chars) from `title` (or `name`), `creator`, `date`,
    `media_type`, `place`, falling back to the first sentence of `description`."""
    title = _as_text(item_fields.get("title") or item_fields.get("name"))
    creator, date = _as_text(item_fields.get("creator")), _as_text(item_fields.get("date"))
    who_when = ", ".join(p for p in (creator, date) if p)
    facts = [_as_text(item_fields.get(k)) for k in ("media_type", "place")]
    tail = "; ".join(p for p in (who_when, *facts) if p)
    description = _as_text(item_fields.get("description"))
    if not tail and description:
        tail = first_sentence(description)
        tail = "" if tail.rstrip(".") == title.rstrip(".") else tail
    tail = _end(clip(tail, SUMMARY_MAX // 2)) if tail else ""
    if not title:
        return clip(tail, SUMMARY_MAX)
    lead = lead_clause(title, max(60, min(LEAD_MAX, SUMMARY_MAX - len(tail) - 2)))
    return clip(" ".join(p for p in (_end(lead), tail) if p), SUMMARY_MAX)


class ExtractiveSummarizer:
    """`Summarizer` without a model: `extractive_summary` over the item's title and metadata."""

    def summarize(self, item: CatalogItem) -> str:
        fields = {**item.metadata, "title": item.title or item.name}
        return extractive_summary({**fields, "description": item.description})
