"""Which of the thread's shown lists a turn names: by its subject ("back to the hats: more like
the first one there", "the second stole picture", "the last one of the jacquard list"), by its
place in the thread ("from the first list", "going back two searches"). Part of the local
planner's reading of references (a heuristic stand-in for an LLM, documented as such)."""

from __future__ import annotations

import re

from discovery.agent.offline.querying import GENERIC_WORDS, content_words
from discovery.agent.offline.terms import stem
from discovery.agent.planning import words
from discovery.search.similar import LIKE_PREFIX

# "the one before last from the mayor photos", "the third one in the wedding pictures", "the last
# one of the jacquard list": after a pointer, the list of that subject
_FROM_LIST_RE = re.compile(
    r"\b(?:from|of|in|among)\s+(?:the|those|these|my)\s+"
    r"(?P<about>[a-z0-9][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+"
    r"(?:photos|photographs|pictures|pics|images|results|ones|prints|records|shots|scenes|"
    r"list|batch|set|search)\b",
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
    # first the lists searched for a subject, then the more-like lists ("like: <title>"), whose
    # titles hold the subject's words by chance: "back to the trolleys" after "more like the
    # Wilkinsburg Trolley one" means the trolley search, not the records like one trolley; a
    # word said the same way before one only said alike ("the second pianist" after "piano
    # players", "graduate three" after "grads in their caps")
    found = []
    for back, query in enumerate(reversed(queries), 1):
        said = {stem(w) for w in words(query)}
        if wanted & said:
            found.append((0, query.startswith(LIKE_PREFIX), back))
        elif any(_alike(a, b) for a in wanted for b in said):
            found.append((1, query.startswith(LIKE_PREFIX), back))
    return -min(found)[2] if found else None


def newest_searched(queries: list[str]) -> int | None:
    """The newest of the thread's lists (their queries, oldest first) searched for a subject,
    not for records like one ("like: <title>"), as an index from the end; None when there is
    none. A list named by a period no search's words had ("the second-to-last of the 1900s
    prints" after "twentieth-century prints" and "more like the bottom one") is one searched
    for a subject (the planner asks; "the last of those new ones" is the newest list)."""
    return next((-back for back, q in enumerate(reversed(queries), 1)
                 if not q.startswith(LIKE_PREFIX)), None)  # fmt: skip


ALIKE = 4  # letters two stems must begin with alike ...
ALIKE_SHARE = 0.8  # ... and at least this share of the shorter one


def _alike(a: str, b: str) -> bool:
    """Whether two stems begin alike ("pianist" / "piano", "graduat" / "grad")."""
    shorter = min(len(a), len(b))
    if shorter < ALIKE:
        return False
    common = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), shorter)
    return common >= ALIKE and common >= ALIKE_SHARE * shorter


# "from the first list", "going back to the earlier results", "in the original search": which
# of the thread's lists the pointer counts in (1: the first; -2: the one before the last).
LIST_RE = re.compile(
    r"\b(?:(?:back\s+)?(?:to|from|in|on|of|at)\s+)?(?:the|that|those|these|my)\s+"
    r"(?P<which>first|original|initial|earlier|previous|prior|older|second|third|other)\s+"
    # "the first result" is a record (a position), "the first results" a list; a subject word
    # may come between ("return to that first fireplace batch")
    r"(?:(?!(?:one|result|record|photo|picture|image|item)\b)[a-z][\w'-]*\s+)?"
    r"(?:list|results|search(?:es)?|set|batch|ones|page|lot|group)\b"
    r"(?:\s+(?:you\s+)?(?:showed|gave|found)(?:\s+me)?)?",
    re.IGNORECASE,
)
LISTS = {"first": 1, "original": 1, "initial": 1, "second": 2, "third": 3}  # else -2
# "back to the hats: more like the first one there": the list of an earlier search, named by
# its subject; "going back two lists, ...": counted back from the last one.
BACK_TO_RE = re.compile(
    r"^\s*(?:(?:ok|okay|so|now|and|right)\b[\s,]*)?"
    r"(?:(?:(?:let's\s+)?go(?:ing)?\s+)?back|return(?:ing)?)\s+"  # "returning to the hats:"
    r"(?:(?P<count>one|two|three|[1-3])\s+(?:lists?|searches|results|sets)|"
    r"to\s+(?:the\s+|those\s+|my\s+)?(?P<about>[^:,;.?!]+?))\s*[:,;.]\s*",
    re.I,
)
ITS_RE = re.compile(
    r"\b(?:its|their)\s+(?=(?:very\s+)?(?:\d{1,3}(?:st|nd|rd|th)\b|[a-z]+\b))", re.I
)
