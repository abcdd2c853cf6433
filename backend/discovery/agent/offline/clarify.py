"""The local planner's answer to a follow-up that has nothing to follow ("only the ones from
the 1950s" as a first message): a question instead of a search (a heuristic stand-in for an
LLM, documented as such)."""

from __future__ import annotations

from discovery.agent.offline.media_types import parse_media_type
from discovery.agent.offline.periods import period_filters


def clarify_constraints(text: str) -> str:
    """The question that answers a follow-up with only constraints and nothing to follow:
    'What would you like to see from the 1950s?'."""
    media, period = parse_media_type(text), period_filters(text)
    start, end = period.get("year_from"), period.get("year_to")
    when = ""
    if start is not None and end is not None:
        when = (
            f" from the {start}s"
            if end == start + 9 and start % 10 == 0
            else (f" from {start}" if start == end else f" from {start} to {end}")
        )
    elif start is not None:
        when = f" from {start} on"
    elif end is not None:
        when = f" up to {end}"
    if media:
        return (
            f"Which {media}s{when} would you like to see? Tell me a subject, a person or a place."
        )
    return f"What would you like to see{when}? Tell me a subject, a person or a place."
