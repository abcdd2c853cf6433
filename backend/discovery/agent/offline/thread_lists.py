"""Which of the thread's shown lists a turn names by its subject ("back to the hats: more like
the first one there", "the second stole picture"): part of the local planner's reading of
references (a heuristic stand-in for an LLM, documented as such)."""

from __future__ import annotations

import re

from discovery.agent.offline.querying import GENERIC_WORDS, content_words
from discovery.agent.offline.terms import stem
from discovery.agent.planning import words

# "the one before last from the mayor photos", "the third one in the wedding pictures": after a
# pointer, the list of that subject
_FROM_LIST_RE = re.compile(
    r"\b(?:from|of|in|among)\s+(?:the|those|these|my)\s+"
    r"(?P<about>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+"
    r"(?:photos|photographs|pictures|pics|images|results|ones|prints|records|shots)\b",
    re.I,
)


def list_after(rest: str) -> re.Match[str] | None:
    """Where what follows a pointer names a list by its subject ("from the mayor photos"; the
    subject is the group `about`), else None."""
    return _FROM_LIST_RE.search(rest)


def list_named(queries: list[str], about: str) -> int | None:
    """Which of the thread's shown lists (their queries, oldest first) `about` names ("back to
    the hats"): the newest whose query holds a specific word of it, as an index from the end
    (-1: the last list); None when none does or `about` has no specific word."""
    wanted = {stem(w) for w in content_words(about) if w not in GENERIC_WORDS}
    for back, query in enumerate(reversed(queries), 1):
        if wanted & {stem(w) for w in words(query)}:
            return -back
    return None
