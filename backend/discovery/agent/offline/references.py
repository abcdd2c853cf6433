"""The local planner's reading of turns that point at what the thread has shown (a heuristic
stand-in for an LLM, documented as such).

- `parse_reference` finds a pointer at a shown record: a position ("the second one", "2nd", "#3",
  "number three", "the last one", "the second to last", "the third from the bottom" = -3, "that
  photo at the top" = 1, "that one" = the first), "the one by <creator>", or, as guesses, "the
  <Name> one" (a creator) and "the one with <words>" (words of its title); whether the turn asks
  for more like it or about it ("who's in the third photo?"); and the list it counts in.
- `reference_targets.resolve` finds that record among the shown ones. A guess that finds no
  record is no reference (the planner reads the turn as a request), unless it points back
  (`points_back`).

The patterns they read with are in `reference_patterns.py`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from discovery.agent.offline import reference_patterns as rp
from discovery.agent.offline.querying import content_words
from discovery.agent.offline.thread_lists import BACK_TO_RE, ITS_RE, LIST_RE, LISTS, list_after


@dataclass(frozen=True)
class Reference:
    """A pointer at a shown record: a 1-based `position` (-1: the last), or a `creator`."""

    position: int | None = None
    creator: str | None = None
    describe: bool = False  # a question about the record, not "more like it"
    rest: str = ""  # the text without the pointer (its other constraints: "only the 1960s")
    guessed: bool = False  # a name read as a creator: not a reference when none has it
    about: str | None = None  # words of the record's title ("the one with the trumpet")
    demonstrative: bool = False  # "that photo", "more like it": the record just talked about
    list_index: int | None = None  # an earlier list of the thread (1: the first, -2: previous)
    list_about: str | None = None  # an earlier list named by its subject ("back to the hats")
    names_list: bool = False  # "the second salon": only if a list was searched for "salon"
    turned: bool = False  # a place turned by the words around it ("just above the last")


def parse_reference(text: str) -> Reference | None:
    """The shown record this turn points at, if it points at one; in an earlier list of the
    thread when the turn names one ("the 3rd one from the first list")."""
    if (back := BACK_TO_RE.match(text)) is not None and LIST_RE.search(text) is None:
        ref = _parse_reference(text[back.end() :])
        if ref is not None and (count := back.group("count")):
            steps = rp.NUMBER_WORDS.get(count.lower()) or int(count)
            return replace(ref, list_index=-(steps + 1))
        if ref is not None:
            return replace(ref, list_about=back.group("about").strip())
    if (m := LIST_RE.search(text)) is None:
        ref = _parse_reference(text)
        named = list_after(ref.rest) if ref is not None and ref.position else None
        if ref is not None and named and not ref.list_about:  # "... from the hat photos"
            return replace(ref, list_about=named.group("about"), rest=_without(ref.rest, named))
        return ref
    which = m.group("which").lower()
    rest = ITS_RE.sub("the ", _without(text, m))  # "more like its first photo"
    ref = _parse_reference(rest)
    if ref is None:  # "more like the first ones": the list named was the pointer itself
        return _parse_reference(text)
    return replace(ref, list_index=LISTS.get(which, -2))


def _parse_reference(text: str) -> Reference | None:
    describe = bool(rp.DESCRIBE_RE.search(text)) and not rp.SIMILAR_RE.search(text)
    pointed = bool(
        rp.SIMILAR_RE.search(text)
        or describe
        or rp.STARTS_AT_REFERENCE.match(text)
        or rp.PLAIN_POINTER.search(text)
    )
    if not pointed:
        return None
    if m := rp.CREATOR_RE.search(text):
        creator = m.group("creator").strip()
        if creator and not re.fullmatch(r"(?:the\s+)?\d{2,4}'?s?", creator, re.I):
            return Reference(creator=creator, describe=describe, rest=_without(text, m))
    *ordered, demonstrative = rp.POSITION_RES
    likes = list(rp.SIMILAR_RE.finditer(text))  # "#2 and #3 are nice, more like #3": the 3rd
    in_list = [rp.INLIST_RE, rp.INLIST_BARE_RE, rp.SUBJECT_NUMBER_RE] if likes or describe else []
    from_end, others = ordered[:2], ordered[2:]  # "second from the bottom of those new ones"
    for start in dict.fromkeys((likes[-1].end() if likes else 0, 0)):
        for pattern in (*from_end, *in_list, *others):
            if m := pattern.search(text, start):
                about = m.groupdict().get("list_about")
                bare = pattern is rp.INLIST_BARE_RE or pattern is rp.SUBJECT_NUMBER_RE
                return Reference(_position(m), describe=describe, rest=_without(text, m),
                                 list_about=about, names_list=bare)  # fmt: skip
    if (m := rp.ABOUT_RE.search(text)) and content_words(m.group("about")):
        about = m.group("about").strip()
        recent = m.group("the").lower() != "the"  # "that photo of the streetcar": just described
        return Reference(about=about, describe=describe, rest=_without(text, m), guessed=True,
                         demonstrative=recent)  # fmt: skip
    if m := rp.THAT_ABOUT_RE.search(text):  # "more like that conference photo"
        about = m.group("about")
        return Reference(about=about, describe=describe, rest=_without(text, m), guessed=True,
                         demonstrative=True)  # fmt: skip
    if took := rp.TOOK_RE.search(text):  # "the one Luke Swank took, more of those"
        creator = took.group("creator")
        return Reference(creator=creator, describe=describe, rest=_without(text, took),
                         guessed=True)  # fmt: skip
    # "the duckpins one, similar ones please", "candlestick one: anything resembling it?"
    if likes and (one := rp.WORD_ONE_RE.search(text) or rp.START_ONE_RE.match(text)):
        return Reference(about=one.group("about"), describe=describe, rest=_without(text, one),
                         guessed=True)  # fmt: skip
    named, m = rp.NAMED_RE.search(text), demonstrative.search(text)
    if m and not (named and named.group(0).lower().endswith(" one")):  # "that photo"
        rest = _without(text, m)
        return Reference(_position(m), describe=describe, rest=rest, demonstrative=True)
    if named:  # "the Luke Swank one, others like it": that name before "like it"
        creator = named.group("creator").strip('" ')
        return Reference(creator=creator, describe=describe, rest=_without(text, named),
                         guessed=True)  # fmt: skip
    return None


def _position(m: re.Match[str]) -> int:
    groups = m.groupdict()
    if groups.get("before_last"):
        return -2
    if back := groups.get("from_end"):  # "the 3rd from the bottom": -3
        return -(rp.ORDINALS.get(back.lower()) or int(re.sub(r"\D", "", back)))
    if num := groups.get("num"):
        return rp.NUMBER_WORDS.get(num.lower()) or int(num)
    if groups.get("this"):
        return 1  # "that one": the only or the first record
    word = groups["word"].lower()
    return rp.ORDINALS.get(word) or rp.AT_THE.get(word) or int(re.sub(r"\D", "", word))


def points_back(ref: Reference, text: str) -> bool:
    """Whether a guessed reference still points at a shown record when none matches it: "the
    one with the bride, anything like it?", "the one Luke Swank took, more of those" and, since
    stop 47, a turn that opens with a record named by words and "one" ("the lunch box one,
    similar ones please", "back to the banners: the Red Cross one, similar") ask about one shown
    (so the answer says none matches), where "more like the Hill District one" may be a request
    of its own (a place's name reads like a maker's). Every judged turn that opens so points at
    a shown record (12 of them had been searched for their words)."""
    if ref.demonstrative or not rp.SIMILAR_RE.search(text):
        return False
    opening = text[m.end() :] if (m := BACK_TO_RE.match(text)) else text
    if rp.OPENS_ONE_RE.match(opening) or rp.START_ONE_RE.match(opening):
        return True  # "the duckpins one, similar", "the Red Cross one": one shown, by its words
    if rp.WORD_ONE_RE.search(text):
        return False  # "more like the duckpins one" may be a request of its own
    return ref.about is not None or (ref.creator is not None and bool(rp.OPENS_TOOK_RE.match(text)))


def _without(text: str, m: re.Match[str]) -> str:
    return f"{text[: m.start()]} {text[m.end() :]}".strip()
