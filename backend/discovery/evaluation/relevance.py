"""What a person would accept for an evaluation query (`data/eval/agent_queries.jsonl`).

Over the lowercased `title description creator place media_type` of a record, every group of
`accept` must have an alternative matching `\\b<alt>` (a whole-word prefix match); a set
`media_type` must equal the record's; a set period must overlap the record's years (an undated
record never falls in a period)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

SHOWN = 5  # the records a person looks at first
NEEDED = 3  # ... of which this many must be acceptable for the answer to count as relevant


def acceptance_text(record: Mapping[str, Any]) -> str:
    fields = ("title", "description", "creator", "place", "media_type")
    return " ".join(str(record.get(f) or "") for f in fields).lower()


def overlaps(record: Mapping[str, Any], year_from: int | None, year_to: int | None) -> bool:
    if year_from is None and year_to is None:
        return True
    start, end = record.get("date_start"), record.get("date_end")
    years = [int(y) for y in (start, end) if y is not None]
    if not years:
        return False
    lo, hi = min(years), max(years)
    return (year_to is None or lo <= year_to) and (year_from is None or hi >= year_from)


class Acceptor:
    """The acceptance test of one evaluation query, compiled once."""

    def __init__(self, query: Mapping[str, Any]) -> None:
        self.groups = [[re.compile(r"\b" + alt.lower()) for alt in g] for g in query["accept"]]
        self.media_type = query.get("media_type")
        self.year_from, self.year_to = query.get("year_from"), query.get("year_to")

    def __call__(self, record: Mapping[str, Any]) -> bool:
        if self.media_type and record.get("media_type") != self.media_type:
            return False
        if not overlaps(record, self.year_from, self.year_to):
            return False
        text = acceptance_text(record)
        return all(any(p.search(text) for p in group) for group in self.groups)

    def relevant(self, records: Sequence[Mapping[str, Any]]) -> bool:
        """At least NEEDED of the first SHOWN records are acceptable (all of them, if fewer
        than NEEDED were returned at all)."""
        shown = records[:SHOWN]
        if not shown:
            return False
        good = sum(1 for r in shown if self(r))
        return good >= min(NEEDED, len(shown))
