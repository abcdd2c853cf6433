"""Phrases of a follow-up turn the offline planner reads (a heuristic stand-in for an LLM,
documented as such): a narrowing that names no subject ("keep it to the fifties"), what the
person does not want (", not photos"), the filters a turn lifts ("any decade is fine") and
whether such a turn also names a subject of its own ("and Persian pieces of any kind?")."""

from __future__ import annotations

import re
from collections.abc import Callable

# "... and drop the rest": what a narrowing says of the records it does not keep
REST = r"\s*,?\s*(?:and\s+)?(?:drop|lose|ditch|toss|skip|forget|remove)\s+(?:all\s+)?the\s+rest\b"
REST_RE = re.compile(REST, re.IGNORECASE)
# "keep it to the fifties", "stick to photographs" (after the words a follow-up may open with):
# a narrowing that names no subject
KEEP_TO_RE = re.compile(
    r"^\s*(?:(?:keep|limit|restrict|hold|confine)\s+(?:it|them|this|that|things|the\s+results)\s+to|"
    r"stick\s+(?:to|with)"
    # "cut it down to the sixties", "narrow that down to photographs", "narrow it to the fifties"
    r"|(?:cut|trim|pare|whittle|narrow)\s+(?:it|them|this|that|these|those|things|"
    r"the\s+(?:results|list))\s+(?:(?:down|back)\s+)?to"
    # "pare the earrings photos down to ones with a man": the list named, then "down to"
    r"|(?:cut|trim|pare|whittle|narrow)\s+(?:the|those|these)\s+(?:[\w'-]+\s+){1,4}?down\s+to"
    # "keep only the brides", "just keep the fifties ones", "leave just the ones with a banner"
    r"|(?:(?:just|only)\s+)?(?:keep|leave)\s+(?:only|just)|(?:just|only)\s+keep(?=\s+the\b)"
    # "hang on to just the ones with a woman in them"
    r"|(?:hold|hang)\s+on\s+to\s+(?:only|just)"
    # "keep the 1940s only", "keep those with a piano only", "hold on to the sixties ones only"
    r"|(?:keep|(?:hold|hang)\s+on\s+to)(?=\s+(?:the|those|these)\b[^.?!]*\bonly\s*[.?!]*\s*$)"
    # "keep the ones shot at Forbes Field", "keep those with a piano", "keep the forties and
    # drop the rest"
    r"|keep(?=\s+(?:the\s+(?:\w+\s+)?ones|those|these)\b)"
    rf"|keep(?=\s+the\b[^.?!]*{REST})"
    # "show just the ones with women in them", "give me only those from the fifties" (not "show
    # me just jazz photos": a request of its own)
    r"|(?:show|give)(?:\s+(?:me|us))?\s+(?:only|just)"
    r"(?=\s+(?:the\s+(?:\w+\s+)?ones|those|these)\b)"
    # "nothing but the 1960s, please"
    r"|nothing\s+but"
    r")\b",
    re.IGNORECASE,
)
# "the sixties ones and nothing else", "those with a banner, nothing more", "the fifties ones
# alone": a narrowing said at its end (the kept records first)
ONLY_AT_END_RE = re.compile(
    r"^(?P<kept>(?:the|those|these)\b[^.?!]*?)\s*,?\s*(?:and\s+)?"
    r"(?:nothing\s+(?:else|more)|no\s+others?|none\s+of\s+the\s+rest|alone)\s*[.?!]*\s*$",
    re.IGNORECASE,
)
# "... alone", "... only" ending a narrowing said with "keep" or "trim": said by the "only" it
# becomes ("trim that to the 1950s alone": "only the 1950s")
ALONE_RE = re.compile(r"\s+(?:alone|only|exclusively)(?=[\s.?!]*$)", re.I)
# "the shots", "those trolley shots" in a narrowing: the records shown ("only the shots that
# have a woman in them": the ones with a woman), not a subject (a basketball shot)
SHOTS_RE = re.compile(
    r"\b(?P<the>the|those|these|(?P<only>only))\s+(?P<about>[a-z][\w'-]*\s+)?shots\b"
    r"(?(only)(?=\s+(?:that|which|with|where|showing)\b))",  # "only shots that include a lady"
    re.I,
)
# "... from that batch", "out of those results": the records shown, named by a word for a lot of
# them (a follow-up's pointer, not its subject)
_FROM_THOSE_RE = re.compile(
    r"\s*\b(?:from|out\s+of|of|in|among)\s+(?:that|this|those|these)\s+"
    r"(?:(?:last|same|previous|earlier)\s+)?(?:batch|bunch|lot|set|selection|list|results?)\b",
    re.IGNORECASE,
)
# "forget the bride, ...", "never mind the hats - ...", "scratch that. ...": an opening clause
# that drops the thread's subject, followed by the new request
_DROPPED_RE = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|actually|no|hmm+)\W+)?(?:forget|never\s*mind|scratch)\b"
    r"[^,.;:!?\u2014-]*[,.;:!?\u2014-]+\s*(?=\w)",
    re.IGNORECASE,
)
# ", not photos", "but not the prints", "except paintings", "but no etchings", "textiles other
# than tapestries", "men without hats", "sculptures that aren't made of bronze": what the person
# does not want
NEGATED_RE = re.compile(
    r"(?:(?:,\s*|\s+but\s+)(?:not|no|nothing(?:\s+(?:that's|that\s+is|made\s+of))?|"
    r"except(?:\s+for)?|excluding|other\s+than|apart\s+from)"
    r"|\s+(?:other\s+than|except(?:\s+for)?|excluding|without)"
    r"|\s+(?:that|which)\s+(?:aren't|are\s+not|isn't|is\s+not|weren't|were\s+not)"
    r"(?:\s+(?:made\s+(?:of|from|in)|by))?)\s+"
    r"(?:any\s+|the\s+|an?\s+)?(?P<not>[^,.;!?]*?)"
    # up to the end of the clause or a period after it ("women without hats from the 1950s")
    r"(?=\s*[,.;!?]|\s*$|\s+(?:from|during|before|after|since|in\s+the|taken|made)\b)",
    re.IGNORECASE,
)
# A follow-up that lifts a constraint: "any decade is fine", "any type will do".
_ANY_PERIOD_RE = re.compile(
    r"\b(?:of\s+)?any\s+(?:decade|period|year|date|time|era|century)s?\b", re.IGNORECASE
)
_ANY_MEDIA_RE = re.compile(r"\b(?:of\s+)?any\s+(?:type|kind|medium|media)s?\b", re.IGNORECASE)
# words that only judge the lifting ("is fine")
_VERDICT_WORDS = frozenset("fine good great alright whatever works perfect cool actually".split())


def without_pointer_phrase(text: str) -> str:
    """`text` without the phrase that points at the records shown ("only the 1940s ones from
    that batch": "only the 1940s ones")."""
    return _FROM_THOSE_RE.sub("", text)


def drops_subject(text: str) -> bool:
    """Whether the text opens by dropping the thread's subject and goes on to a new request
    ("forget the bride, any fireplace photo before 1950")."""
    return _DROPPED_RE.match(text) is not None


def without_negated(text: str) -> str:
    """The text without what it says the person does not want, after a comma or "but"
    ("objects from Africa, not photos": neither the word nor the media type is asked for), or
    in a clause it opens with to drop the thread's subject ("forget the bride, any fireplace
    photo before 1950": the fireplace photos)."""
    text = _DROPPED_RE.sub("", text) or text
    return NEGATED_RE.sub("", text).strip(" ,;") or text


def negated(text: str) -> list[str]:
    """The phrases the text says the person does not want ("prints, but no etchings":
    "etchings"; "no pattern at all": "pattern"), in order; none in a clause that drops the
    thread's subject."""
    found = NEGATED_RE.finditer(_DROPPED_RE.sub("", text))
    return [re.sub(r"\s+at\s+all$", "", m.group("not").strip()) for m in found]


def widens(text: str) -> dict[str, None]:
    """The filters a follow-up lifts ("actually any decade is fine": the period), as None."""
    lifted: dict[str, None] = {}
    if _ANY_PERIOD_RE.search(text):
        lifted |= {"year_from": None, "year_to": None}
    if _ANY_MEDIA_RE.search(text):
        lifted["media_type"] = None
    return lifted


def own_subject(text: str, subject: Callable[[str], str]) -> str:
    """The subject a turn that lifts a filter names besides the lifting ("and Persian pieces of
    any kind?": "persian pieces"; "actually any decade is fine": none). `subject` is the
    planner's reading of a text's subject."""
    words = subject(_ANY_MEDIA_RE.sub(" ", _ANY_PERIOD_RE.sub(" ", text))).split()
    return " ".join(w for w in words if w not in _VERDICT_WORDS)
