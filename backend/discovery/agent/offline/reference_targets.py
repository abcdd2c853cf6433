"""Which shown record a reference points at (`references.parse_reference` reads the pointer):
`resolve` finds it, or says why it cannot (a position past the end, a creator none of them has,
nothing shown yet). A heuristic stand-in for an LLM, as the parser is."""

from __future__ import annotations

import re

from discovery.agent.offline.querying import content_words
from discovery.agent.offline.references import Reference
from discovery.agent.offline.terms import stem
from discovery.agent.planning import words
from discovery.agent.responses import ArchiveRecord


def resolve(ref: Reference, shown: list[ArchiveRecord]) -> ArchiveRecord | str:
    """The record pointed at, or the message saying why there is none (no search then)."""
    if not shown:
        return (
            "I haven't shown you any records in this conversation yet, so I can't tell which "
            "one you mean. What would you like to find?"
        )
    n = len(shown)
    counted = "one record" if n == 1 else f"{n} records"
    if ref.creator is not None:
        wanted = _name_words(ref.creator).split()
        for record in shown:  # 'Teenie Harris', 'Charles Harris': 'Charles "Teenie" Harris'
            if wanted and _in_order(wanted, _name_words(record.creator).split()):
                return record
        for record in shown if ref.guessed else ():  # "the Stallworth one": a name in a title
            if wanted and _in_order(wanted, _name_words(record.title).split()):
                return record
        if ref.guessed:  # "the Red Cross one": a maker's name or words of a title
            return (
                f"None of the {counted} I showed is by {ref.creator} or has those words in its "
                "title. Which one do you mean?"
            )
        return f"None of the {counted} I showed is by {ref.creator}. Which one do you mean?"
    if ref.about is not None:  # the first record holding the most (at least half) of its words
        texts = [{stem(w) for w in words(f"{r.title} {r.creator}")} for r in shown]
        stems = {stem(w) for w in content_words(ref.about)}
        # words every record shown holds, or the list's own subject, tell none apart ("the
        # nurse uniform one" in the uniform list: "nurse"), unless they are all the words
        listed = {stem(w) for w in content_words(ref.list_about or "")}
        common = set(texts[0]).intersection(*texts[1:]) if n > 1 else set()
        stems = (stems - common - listed) or stems
        held = [len(stems & t) for t in texts]
        best = max(held, default=0)
        if stems and best and 2 * best >= len(stems):
            return shown[held.index(best)]
        return f"None of the {counted} I showed matches {ref.about!r}. Which one do you mean?"
    position = ref.position or 1
    index = n + position if position < 0 else position - 1  # -1: the last, -2: the one before
    if not 0 <= index < n:
        return f"I showed {counted}; which one do you mean?"
    return shown[index]


def _in_order(wanted: list[str], name: list[str]) -> bool:
    """Whether every word of `wanted` occurs in `name`, in the same order."""
    rest = iter(name)
    return all(w in rest for w in wanted)


def _name_words(name: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", name.lower()))
