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
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from discovery.agent.offline.querying import content_words
from discovery.agent.offline.thread_lists import BACK_TO_RE, ITS_RE, LIST_RE, LISTS, list_after

_COUNTED = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
)
_ORDINALS = {w: n for n, w in enumerate(_COUNTED.split(), 1)}
_ORDINALS |= {"last": -1, "final": -1, "top": 1, "bottom": -1}
_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
_NOUN = (
    r"(?:one|result|record|photo(?:graph)?|pic(?:ture)?|image|item|print|painting|drawing|piece|"
    r"object|entry|shot)"
)
_NUMBER = rf"(?:\d{{1,3}}|{'|'.join(_NUMBER_WORDS)})"
_FEW = r"two|three|four|five|[2-5]"
_POSITION_RES = [
    # "the second to last one", "the penultimate photo": the one before the last
    re.compile(
        r"\b(?P<before_last>last\s+but\s+one|"
        r"next[\s-]+to[\s-]+(?:the[\s-]+)?last|penultimate|"
        rf"{_NOUN}\s+(?:just\s+|right\s+)?(?:before|above)\s+(?:the\s+)?(?:last|final)"
        rf"(?:\s+{_NOUN})?)\b",
        re.I,
    ),
    # "the third from the bottom", "2nd to last", "the fourth one from the end": counted back
    re.compile(
        rf"\b(?P<from_end>{_COUNTED.replace(' ', '|')}|\d{{1,3}}(?:st|nd|rd|th))(?:\s+{_NOUN})?"
        r"[\s-]+(?:to|from)[\s-]+(?:the[\s-]+)?(?:last|end|bottom)\b",
        re.I,
    ),
    # "the first two", "the first 3 photos": the first of them (a likeness has one anchor)
    re.compile(rf"\bthe\s+(?P<word>first)\s+(?:{_FEW})\b(?:\s+{_NOUN}s?\b)?", re.I),
    # "that photo at the top", "the one at the bottom"
    re.compile(rf"\b(?:that|this|the)\s+{_NOUN}\s+(?:at|on)\s+the\s+(?P<word>top|bottom)\b", re.I),
    # "the second one", "that 2nd photo", "the last one", "the second, but ..."; not "the
    # 19th century" or "the first photographs of ..."
    re.compile(
        rf"\b(?:the|that|this)\s+(?:very\s+)?(?P<word>{'|'.join(_ORDINALS)}|\d{{1,3}}(?:st|nd|rd|th))\b"
        r"(?!\s+(?:century|centuries|half|time|decade|world|\w{3,}s)\b)"
        # and then the end, a noun or the turn's other words: not "the last supper"
        rf"(?=\s*(?:$|[,.?!;:]|{_NOUN}\b|(?:but|only|from|in|please|and|too|again|of|"
        r"with|without|though|instead|now)\b))"
        rf"(?:\s+{_NOUN}\b)?",
        re.IGNORECASE,
    ),
    # "#3", "number 3", "number three", "no. 3", "result 3", "photo 3"
    re.compile(rf"(?:#|\b(?:number|no\.?)\s*#?)\s*(?P<num>{_NUMBER})\b", re.IGNORECASE),
    re.compile(rf"\b{_NOUN}\s*#?\s*(?P<num>\d{{1,3}})\b", re.IGNORECASE),
    # "more like picture two": a number word after a noun, ending the pointer
    re.compile(
        rf"\b{_NOUN}\s+(?P<num>{'|'.join(_NUMBER_WORDS)})\b(?=\s*(?:[.?!,;]|$|but\b|only\b))",
        re.IGNORECASE,
    ),
    # "2nd", "3rd one" without "the"
    re.compile(r"\b(?P<word>\d{1,3}(?:st|nd|rd|th))\b(?!\s+century)", re.IGNORECASE),
    # "third one please", "second photo, more like it": an ordinal word and a noun, no "the"
    # (not "first photographs of ...": the noun is singular and no "of" follows)
    re.compile(
        rf"\b(?P<word>{'|'.join(w for w in _ORDINALS if w not in ('top', 'bottom'))})\s+"
        rf"{_NOUN}\b(?!\s*(?:of|from)\b)",
        re.IGNORECASE,
    ),
    # "that one", "this photo", "more like it", "more like that"
    re.compile(
        rf"\b(?P<this>(?:that|this)\s+{_NOUN}|(?:like|about)\s+(?:it|that|this)(?=\s*[.?!,]?\s*$)"
        r"|in\s+(?:that|this)\s+vein"
        # "the photo above", "the one up there"
        rf"|the\s+{_NOUN}\s+(?:above|up\s+there|you\s+(?:just\s+)?showed(?:\s+me)?))",
        re.IGNORECASE,
    ),
]
# "the second stole picture", "the last of the skirt photos", "the first Frankstown one", with a
# likeness or a question: a position in the list of that subject (`list_about`; a word no list
# was searched for leaves the position in the newest list)
_IN_ORDINAL = rf"\bthe\s+(?:very\s+)?(?P<word>{'|'.join(_ORDINALS)}|\d{{1,3}}(?:st|nd|rd|th))\s+"
_NOT_A_LIST = (
    r"(?!(?:century|centuries|half|time|decade|world|day|year|years|but|and|or|one|same|very"
    rf"|{'|'.join(_NUMBER_WORDS)}|few|couple|to|from|please|again|too|instead|only|though|now"
    r"|of|those|these|them)\b)"
)
_INLIST_RE = re.compile(
    rf"{_IN_ORDINAL}(?:of\s+(?:the|those|these)\s+)?{_NOT_A_LIST}"
    rf"(?P<list_about>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+{_NOUN}s?\b",
    re.I,
)
# without a noun: "the second salon there, more like it", "the fourth bride: more like her", "the
# sixth group of seven, anything like it?"; a reference only when a shown list was searched for
# that word (`Reference.names_list`: "more like the last supper" is a request)
_LIST_END = r"(?=\s*(?:[,.?!;:]|$|there\b|and\s+the\b))"  # "the 2nd house and the 4th"
_INLIST_BARE_RE = re.compile(
    rf"{_IN_ORDINAL}{_NOT_A_LIST}(?!{_NOUN}s?\b)"
    rf"(?P<list_about>[a-z][\w'-]*(?:\s+(?:of\s+)?(?!there\b)[a-z][\w'-]*)?){_LIST_END}",
    re.I,
)
# "more along the lines of house three": the list's subject and a number word after it (also a
# reference only when a shown list was searched for that word)
_SUBJECT_NUMBER_RE = re.compile(
    rf"\b(?!(?:the|a|an|of|number|no|group|and|or|but|like|those|these|{'|'.join(_ORDINALS)})\b)"
    rf"{_NOT_A_LIST}(?!{_NOUN}s?\b)(?P<list_about>[a-z][\w'-]*)\s+"
    rf"(?P<num>{'|'.join(w for w in _NUMBER_WORDS if w != 'one')})\b"
    f"{_LIST_END}",
    re.I,
)
# "the duckpins one, similar ones please": a shown record named by one word of its title (a
# guess, as "the one with ..."; lower case: "the Teenie Harris one" names a maker)
_WORD_ONE_RE = re.compile(
    r"\bthe\s+(?!(?:same|other|next|last|first|second|third|fourth|fifth|final|previous|earlier|"
    r"latest|newest|older|new|old|only|right|wrong|best|whole|very|top|bottom|middle|original|"
    r"above|below|big|small|little|good|nice|cool|great|exact|one)\b)"
    r"(?P<about>[a-z][\w'-]+)\s+one\b(?!\s+(?:of|from)\b)"
)
_CREATOR_RE = re.compile(
    rf"\b(?:the\s+)?{_NOUN}\s+(?:by|taken by|made by|painted by)\s+(?P<creator>[^,?!;]+?)"
    r"(?=\s*(?:[,?!;]|\.\s*$|\bbut\b|\bonly\b|\bfrom the\b|\bin the\b|$))",
    re.IGNORECASE,
)
# "the one with the trumpet player", "that photo of the Crawford Grill": a shown record named
# by its content (singular: "the ones with a cake" narrows instead). Also a guess.
_ABOUT_RE = re.compile(
    rf"\b(?P<the>the|that|this)\s+{_NOUN}\s+(?:with|of|showing|that\s+shows|featuring|where)\s+"
    r"(?P<about>[^,?!;:]+?)(?=\s*(?:[,?!;:]|\s[-\u2013\u2014]\s|\.\s*$|\bbut\b|\bonly\b"
    r"|\bfrom the\b|\bin the \d|$))",
    re.IGNORECASE,
)
# "more like that conference photo": the record just talked about, else the shown one whose
# title holds the word (a guess: none holds it, no reference)
_THAT_ABOUT_RE = re.compile(
    rf"\b(?:that|this)\s+(?!(?:one|same|kind|sort|type)\b)(?P<about>[a-z][\w'-]*)\s+{_NOUN}\b",
    re.IGNORECASE,
)
_SIMILAR_RE = re.compile(
    r"\b(?:like|similar|same as|related to|resembl\w*|more of|others? of|along the lines|"
    r"in (?:the|that|this) (?:same )?vein)\b",
    re.I,
)
_DESCRIBE_RE = re.compile(
    r"\b(?:who(?:'s| is| are|'re)?|what(?:'s| is)|where(?:'s| is| was)|when(?:'s| was| is)|"
    r"tell me (?:more )?about|describe|details (?:of|about|on)|more about|information (?:on|about)|"
    r"who (?:took|made|painted)|what year)\b",
    re.IGNORECASE,
)
_STARTS_AT_REFERENCE = re.compile(r"^\s*(?:and\s+|what about\s+|how about\s+)?(?:the|that|this|#)")
# A pointer plain enough to need no "like" or "the" before it: "show me #3", "what about
# number 7", "I want the 3rd one", "the second to last photo".
_PLAIN_POINTER = re.compile(
    rf"#\s*\d|\bnumber\s+{_NUMBER}\b|\bpenultimate\b|\b(?:to|from)\s+(?:the\s+)?(?:last|end|bottom)\b|"
    # "show me the 2nd", "I'd like the last": an ordinal ending the turn
    rf"\bthe\s+(?:very\s+)?(?:{'|'.join(_ORDINALS)}|\d{{1,3}}(?:st|nd|rd|th))\s*[.?!]?\s*$|"
    rf"\bthe\s+{_NOUN}\s+(?:above|up\s+there)\b|"
    rf"\b(?:{'|'.join(_ORDINALS)}|\d{{1,3}}(?:st|nd|rd|th))\s+"
    r"(?:one|result|record|photo(?:graph)?|picture|image|item)\b(?!\s*(?:of|from)\b)",
    re.IGNORECASE,
)
# "more like the Teenie Harris one", "similar to the Hiroshige print": a name (capitalized
# words) between "the" and a noun. Only a guess: when no shown record has that creator, the turn
# is read as a request instead (`Reference.guessed`).
_NAMED_RE = re.compile(
    rf"\bthe\s+(?P<creator>[A-Z][\w.'-]*(?:\s+[A-Z\"][\w.'\"-]*){{0,3}})\s+(?i:{_NOUN})\b"
)
# "the one Luke Swank took": the maker named after the pointer (also only a guess)
_TOOK_RE = re.compile(
    rf"\bthe\s+(?i:{_NOUN})\s+(?P<creator>[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){{0,3}})\s+"
    r"(?i:took|made|shot|painted|drew|photographed|did)\b"
)
_OPENS_TOOK_RE = re.compile(rf"^\s*(?:and\s+)?{_TOOK_RE.pattern}")


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


def parse_reference(text: str) -> Reference | None:
    """The shown record this turn points at, if it points at one; in an earlier list of the
    thread when the turn names one ("the 3rd one from the first list")."""
    if (back := BACK_TO_RE.match(text)) is not None and LIST_RE.search(text) is None:
        ref = _parse_reference(text[back.end() :])
        if ref is not None and (count := back.group("count")):
            steps = _NUMBER_WORDS.get(count.lower()) or int(count)
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
    describe = bool(_DESCRIBE_RE.search(text)) and not _SIMILAR_RE.search(text)
    pointed = bool(
        _SIMILAR_RE.search(text)
        or describe
        or _STARTS_AT_REFERENCE.match(text)
        or _PLAIN_POINTER.search(text)
    )
    if not pointed:
        return None
    if m := _CREATOR_RE.search(text):
        creator = m.group("creator").strip()
        if creator and not re.fullmatch(r"(?:the\s+)?\d{2,4}'?s?", creator, re.I):
            return Reference(creator=creator, describe=describe, rest=_without(text, m))
    *ordered, demonstrative = _POSITION_RES
    likes = list(_SIMILAR_RE.finditer(text))  # "#2 and #3 are nice, more like #3": the 3rd
    in_list = [_INLIST_RE, _INLIST_BARE_RE, _SUBJECT_NUMBER_RE] if likes or describe else []
    for start in dict.fromkeys((likes[-1].end() if likes else 0, 0)):
        for pattern in (*in_list, *ordered):
            if m := pattern.search(text, start):
                about = m.groupdict().get("list_about")
                bare = pattern is _INLIST_BARE_RE or pattern is _SUBJECT_NUMBER_RE
                return Reference(_position(m), describe=describe, rest=_without(text, m),
                                 list_about=about, names_list=bare)  # fmt: skip
    if (m := _ABOUT_RE.search(text)) and content_words(m.group("about")):
        about = m.group("about").strip()
        recent = m.group("the").lower() != "the"  # "that photo of the streetcar": just described
        return Reference(about=about, describe=describe, rest=_without(text, m), guessed=True,
                         demonstrative=recent)  # fmt: skip
    if m := _THAT_ABOUT_RE.search(text):  # "more like that conference photo"
        about = m.group("about")
        return Reference(about=about, describe=describe, rest=_without(text, m), guessed=True,
                         demonstrative=True)  # fmt: skip
    if took := _TOOK_RE.search(text):  # "the one Luke Swank took, more of those"
        creator = took.group("creator")
        return Reference(creator=creator, describe=describe, rest=_without(text, took),
                         guessed=True)  # fmt: skip
    if likes and (one := _WORD_ONE_RE.search(text)):  # "the duckpins one, similar ones please"
        return Reference(about=one.group("about"), describe=describe, rest=_without(text, one),
                         guessed=True)  # fmt: skip
    named, m = _NAMED_RE.search(text), demonstrative.search(text)
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
        return -(_ORDINALS.get(back.lower()) or int(re.sub(r"\D", "", back)))
    if num := groups.get("num"):
        return _NUMBER_WORDS.get(num.lower()) or int(num)
    if groups.get("this"):
        return 1  # "that one": the only or the first record
    word = groups["word"].lower()
    return _ORDINALS.get(word) or int(re.sub(r"\D", "", word))


def points_back(ref: Reference, text: str) -> bool:
    """Whether a guessed reference still points at a shown record when none matches it: "the
    one with the bride, anything like it?" and "the one Luke Swank took, more of those" ask
    about one shown (so the answer says none matches), where "more like the Hill District one"
    and "the Crawford Grill one, more like it" may be requests of their own (a place's name
    reads like a maker's)."""
    if ref.demonstrative or not _SIMILAR_RE.search(text) or _WORD_ONE_RE.search(text):
        return False  # "the duckpins one" may be a request of its own
    return ref.about is not None or (ref.creator is not None and bool(_OPENS_TOOK_RE.match(text)))


def _without(text: str, m: re.Match[str]) -> str:
    return f"{text[: m.start()]} {text[m.end() :]}".strip()
