"""Questions about the catalog, as the local planner reads them (a heuristic stand-in for an LLM,
documented as such): "how many photographs of Lena Horne?", "how many are there in total?",
"who took these photos?", "what decades do you have jazz photos from?", "how old are they?".

`parse_question` recognizes the kind (count, creator, period), the subject (the content words
left once the question's own words, media types and periods are taken out) and the filters. A
question with no subject of its own that points back ("these", "them", "in total"), or that
names nothing at all, is about the thread's previous search; `question_calls` turns it into the
`catalog_facts` call (and, for a question with its own subject, a search that shows the records).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from discovery.agent.offline.media_types import parse_media_type, without_media_phrases
from discovery.agent.offline.periods import period_filters, without_eras
from discovery.agent.offline.querying import GENERIC_WORDS, content_words, subject
from discovery.agent.offline.question_clauses import (
    with_alternatives,
    without_asides,
    without_making,
)
from discovery.agent.offline.question_kinds import (
    COUNT_RE,
    CREATOR_RE,
    HEAD_COUNT,
    HOW_BIG,
    MAKER_MEDIA,
    MAKERS,
    PERIOD_RE,
    SPAN,
    TECHNIQUE_WORDS,
)

_ALL_TOGETHER_RE = re.compile(r"\ball\s+(?:(?:kinds|types|sorts)\s+)?together\b", re.I)

Kind = Literal["count", "creator", "period"]

# Verbs only a photograph is the object of: a question with its own subject and one of these
# asks about photographs ("boxing" alone also matches a 1736 box puzzle).
_PHOTO_VERB_RE = re.compile(r"\b(?:taken|took|photographed|snapped)\b", re.I)
# Other verbs that say the media type: "who drew the floor plans?" asks about drawings (not
# "painted": watercolours are catalogued as drawings).
_MEDIA_VERBS = (
    (_PHOTO_VERB_RE, "photograph"),
    (re.compile(r"\b(?:drew|drawn|sketched)\b", re.I), "drawing"),
)
# Makers named by their trade after "by" ("house drawings by architects", "prints by Japanese
# artists"): who made the records, not words their text must hold.
_BY_MAKERS_RE = re.compile(
    r"\bby\s+(?:an?\s+|the\s+|some\s+|various\s+|different\s+)?(\w+\s+)??"
    r"(?:architects?|photographers?|artists?|painters?|sculptors?|designers?|printmakers?|"
    r"engravers?|illustrators?|craftsm[ae]n|makers?|firms?|studios?)\b",
    re.I,
)
_OPEN_YEAR_RE = re.compile(r"(?:pre|post)-?\d{4}'?s?")
_MAKER_WORD_RE = re.compile(MAKERS, re.I)
_TRADE_RE = re.compile(r"\bfilm\s+makers?\b|\bvideo\s+artists?\b", re.I)
_CENTURY_RE = re.compile(r"\b(?:centur(?:y|ies)|how\s+old|antique|ancient)\b", re.I)
# what a narrowing left: "does that leave", "are left", "remain", "still in there"
_LEAVES = (
    r"\b(?:does|did|do|would|will)\s+(?:that|this|it)\s+leave\b|\b(?:are|is)\s+left\b"
    r"|\bremains?\b|\bstill\s+(?:in\s+)?there\b"
    # "how many survive that cut?", "how many make the cut?"
    r"|\bsurvives?\s+(?:that|this|the)\s+cut\b|\b(?:make|makes|made)\s+(?:that|this|the)\s+cut\b"
    r"|\bafter\s+(?:that|this|the)\s+cut\b"  # "after that cut, what's the size of ..."
)
_LEAVES_RE = re.compile(_LEAVES, re.I)
# A question's own closing verbs and asides: "across which decades do the kitchen photos fall?"
# (not the season), "how many jukebox photos turn up?", "... are there, start to finish?"
_CLOSING_RE = re.compile(
    r"\bfall\s*(?:in|within|into|under)?\s*\??\s*$|\bturn(?:s|ed)?\s+up\b"
    r"|,?\s*(?:from\s+)?start\s+to\s+finish\b",
    re.I,
)
_BACK_RE = re.compile(
    r"\b(?:these|those|them|they|their|his|her|ones|such|in\s+total|total|altogether|"
    r"all\s+together|all\s+told|"
    r"in\s+all|so\s+far|here|shown|showed|results?|overall)\b"
    # "how many textiles is that?", "how many does that make?": the records just found
    r"|\b(?:is|was)\s+that\W*$|\bthat\s+(?:makes?|made|comes?\s+to|came\s+to|adds?\s+up)\b"
    # "how many does that leave?", "how many are still in there?": what the narrowing kept
    rf"|{_LEAVES}"
    rf"|{HEAD_COUNT}",  # "give me a head count", pointing at what was found
    re.I,
)
# "how many of those are by Teenie Harris?", "how many of the results show children?": a
# subject of its own, within the thread's previous search.
_AMONG_RE = re.compile(
    r"\b(?:of|among|in)\s+(?:these|those|them|the\s+(?:results?|ones|records|photos|pictures|"
    r"photographs|images)(?:\s+(?:you\s+)?(?:showed|shown|found)(?:\s+me)?)?)\b",
    re.I,
)
# "that Forbes Field batch": the records found, named by their subject (which the question has)
_BATCH_RE = re.compile(
    r"\b(?:that|this|those|these)\s+(?:[\w'-]+\s+){0,3}?(?:batch|bunch|selection)\b", re.I
)
# "how many of those older drawings are portraits?": a noun too general for a search's subject
# is what such a question asks for
_PREDICATE_RE = re.compile(r"\b(?:are|is)\s+(?:an?\s+)?(?P<what>[a-z][\w'-]*)\s*\??\s*$", re.I)
_PREDICATE_NOUNS = frozenset(
    "people person men man women woman group groups scene scenes view views portraits".split()
)
# "only the sculptures: how many?", "just the prints - how many?": the thread's search narrowed
_ONLY_RE = re.compile(r"^\s*(?:and\s+|now\s+)?(?:only|just)\s+(?:the\s+)?\w+\s*[:,;\u2014-]", re.I)
# "in the collection", "does the museum have": about the whole catalog, never the last search.
_WHOLE_RE = re.compile(
    r"\b(?:in|of|across)\s+(?:the|your|this)\s+(?:whole\s+|entire\s+)?"
    r"(?:collection|archive|museum|catalog(?:ue)?)\b"
    r"|\b(?:museum|archive|collection|catalog(?:ue)?)\s+(?:have|has|hold|holds|own|owns)\b",
    re.I,
)
_EM_RE = re.compile(r"(?<!\w)'em\b", re.I)
_HEAD_COUNT_RE = re.compile(HEAD_COUNT, re.I)
# "how many Italian pieces is that?", "... did you find?": a subject restated of what was found
_FOUND_RE = re.compile(
    r"\b(?:is|was)\s+that\W*$|\b(?:did|have)\s+you\s+(?:find|found|show|shown)\b"
    r"|\byou\s+(?:found|showed|have\s+shown)\b",
    re.I,
)
# "who made those older porcelain pieces?": the subject named with "those" or "these", of what
# was found (not "those are ...")
_THOSE_RE = re.compile(r"\b(?:these|those)\s+(?!(?:are|is|were|was|do|did|does)\b)[a-z]", re.I)
# "those modern prints", "these contemporary drawings": the period of what was found, no subject
_AGED_RE = re.compile(r"\b((?:these|those)\s+)(?:modern|contemporary)\s+(?=[a-z])", re.I)
# A hyphen beside a preposition joins words of a phrase, not of a compound ("sofa-with-women")
_LINKED_RE = re.compile(r"\b(?!black-and-white)(\w+)-(with|and|of|on|at|by)-(\w+)\b", re.I)
_QUOTED_RE = re.compile(r'"([^"]+)"|\u201c([^\u201d]+)\u201d')
_POSSESSIVE_RE = re.compile(r"\b\w+(?:'s|s')\s+[a-z]\w*")
# The question's own words: never part of its subject.
_QUESTION_WORDS = frozenset(
    """
    tell know wonder wondering curious idea say many number numbers total altogether overall
    keep keeps possess possesses size
    count headcount add adds added grand took exact precise actual rough approximate tally up
    name list recent taken made make makes created create painted directed wrote built done
    leave leaves left remain remains remaining photographed shot drew drawn designed carved
    produced printed sculpted photographer written photographers artist artists maker makers
    creator creators author authors whom decades decade periods period eras era centuries
    century years year dates date dated old time age ages come comes came exist exists held hold
    holds own owns available shown results result whose take takes paint paints draw draws shoot
    shoots photograph photographs design designs mention mentions mentioning mentioned feature
    features featuring featured depict depicts depicting depicted contain contains containing
    include includes including show shows showing cover covers span range such all most total
    museum library catalog catalogue who's what's where's when's there's that's it's behind
    painter painters sculptor sculptors designer designers count exactly roughly approximately
    about around sketched etched engraved filmed filmmaker filmmakers printmaker printmakers
    illustrator illustrators cinematographer cinematographers appear appears appeared appearing
    represented here exactly precisely spread spanning ranging over his her hers told showed
    main principal chief leading major key notable prominent primary across whole entire kept
    stored housed remaining belong belongs run runs stretch file files names go goes responsible
    attached full complete crafted fashioned going split directors director draftsman draftsmen
    draughtsmen
    """.split()
)
# People a question names by sex: words a count holds ("how many photographs show a woman in a
# plaid skirt?", "how many of those women on the phone?"), where "people" says nothing.
_SAID_PEOPLE = frozenset("man men woman women".split())
# Words of a period named or pointed at ("the early seventies", "such early objects")
_PERIOD_ADJECTIVES = frozenset("early late mid middle".split())
# Words a turn changes its mind with ("actually, forget that. show me nightclubs"), nouns that
# only say "a thing" ("the glass pieces"), "left once": never what a record must hold.
_NOT_SUBJECT = frozenset(
    """
    actually forget forgot never mind nevermind instead rather scratch anyway among
    piece pieces object objects thing things item items stuff material materials holdings ones
    pics pic pix shots shot snaps wearing wears wore dressed left once batch bunch selection
    pile heap stack haul
    called titled entitled named
    """.split()
)


@dataclass(frozen=True)
class CatalogQuestion:
    kind: Kind
    subject: str = ""
    filters: dict[str, Any] = field(default_factory=dict)
    about_previous: bool = False
    unit: Literal["decade", "century"] = "decade"
    by_trade: bool = False  # the media type said by a maker's trade ("which photographers")
    found: bool = False  # with its own subject, it points at what was found ("... is that?")
    among: bool = False  # it points among earlier records ("how many of those are ...?")


def parse_question(text: str) -> CatalogQuestion | None:
    """The catalog question in `text`, or None when it is not one."""
    kind: Kind | None
    text = _EM_RE.sub("them", text)  # "count 'em for me"
    text = _LINKED_RE.sub(r"\1 \2 \3", text)  # "the sofa-with-women tally": sofa with women
    if COUNT_RE.search(text):
        kind = "count"
    elif CREATOR_RE.search(text):
        kind = "creator"
    elif PERIOD_RE.search(text):
        kind = "period"
    else:
        return None
    filters: dict[str, Any] = {}
    text = _AGED_RE.sub(r"\1", text)  # "those modern prints": those prints
    asked, aside = without_asides(without_making(text) if kind == "creator" else text)
    topic = question_subject(_CLOSING_RE.sub(" ", _LEAVES_RE.sub(" ", asked)))  # no subject
    among = _AMONG_RE.search(text) is not None or aside
    if among and (p := _PREDICATE_RE.search(text)) and p["what"].lower() in _PREDICATE_NOUNS:
        topic = " ".join(dict.fromkeys([*topic.split(), p["what"].lower()]))
    if kind == "creator":  # "which silversmiths made ...": who, not what they made
        topic = " ".join(w for w in topic.split() if not _MAKER_WORD_RE.fullmatch(w))
    trades = [media for trade, media in MAKER_MEDIA if trade.search(text)]
    if media := parse_media_type(text):
        filters["media_type"] = media
    elif trades:
        filters["media_type"] = trades[0]  # "who are the film makers?", "which photographers"
    elif topic:  # "when were the boxing pictures taken?", "who drew the floor plans?"
        implied = [media for verb, media in _MEDIA_VERBS if verb.search(text)]
        if implied:
            filters["media_type"] = implied[0]
    filters |= period_filters(text)
    # No subject of its own, and pointing back ("these", "in total") or naming no kind of
    # record ("how many are from the 1950s?"): about the thread's previous search.
    back = not topic and (bool(_BACK_RE.search(text)) or not media)  # a trade names none
    back = back or among or bool(_ONLY_RE.match(text))
    back = back or bool(_BATCH_RE.search(text))
    back = back or bool(_LEAVES_RE.search(text))  # "how many gown ones does that leave?"
    back = back and not _WHOLE_RE.search(text)
    unit: Literal["decade", "century"] = "century" if _CENTURY_RE.search(text) else "decade"
    by_trade = not media and bool(trades)
    found = bool(topic) and (
        bool(_FOUND_RE.search(text)) or (not back and bool(_THOSE_RE.search(text)))
    )
    return CatalogQuestion(
        kind, topic, filters, back, unit, by_trade=by_trade, found=found, among=among
    )


def points_among(text: str) -> bool:
    """Whether `text` points among earlier records ("how many of those ...")."""
    return _AMONG_RE.search(text) is not None


def question_subject(text: str, people: bool = True) -> str:
    """The words a matching record must hold: content words minus the question's own words,
    media types, periods and words too general to require ("people", "pictures"; "women" is
    held); a phrase the text quotes or a possessive compound ("women's clubs") stays a "quoted
    phrase", which a record must hold as written, in a count as in a search. `people`: whether
    men and women named are held (False: the query of a search pointed back at, where they
    were words of the search, not of the question)."""
    return with_alternatives(phrased(_subject_words(text, people), text), text)


def phrased(topic: str, text: str) -> str:
    """`topic` with its runs of words that `text` quotes, or that form a possessive compound
    ("women's clubs", "children's books"), in double quotes."""
    tokens = topic.split()
    runs = [_subject_words(m.group(1) or m.group(2)).split() for m in _QUOTED_RE.finditer(text)]
    runs += [m.group(0).split() for m in _POSSESSIVE_RE.finditer(topic)]
    for run in sorted((r for r in runs if len(r) > 1), key=len, reverse=True):
        for i in range(len(tokens) - len(run) + 1):
            if tokens[i : i + len(run)] == run:
                tokens[i : i + len(run)] = [f'"{" ".join(run)}"']
                break
    return " ".join(tokens)


def _subject_words(text: str, people: bool = True) -> str:
    # "by architects" goes; "by Japanese artists" keeps "Japanese"
    text = _BY_MAKERS_RE.sub(lambda m: f" {m.group(1) or ''} ", without_media_phrases(text))
    text = _TRADE_RE.sub(" ", text)  # "the film makers": a trade, not the word "film"
    text = without_eras(text)  # "medieval things": a period, the filter
    text = re.sub(HOW_BIG, " ", text, flags=re.I)  # "how big is the collection of"
    text = _ALL_TOGETHER_RE.sub(" ", text)  # "all kinds together": every media type
    text = _HEAD_COUNT_RE.sub(" ", text)  # "a head count of those": a count, no heads
    text = re.sub(SPAN, " ", text, flags=re.I)  # "from those two decades": a period pointed at
    text = re.sub(r"\btime\s+(?:frames?|spans?)\b", " ", text, flags=re.I)  # "what time frame"
    text = re.sub(r"\bfall\s+(?:in|into|within)\b", " ", text, flags=re.I)  # "decades they fall in"
    kept = set(subject(text).split()) | (set(content_words(text)) & TECHNIQUE_WORDS)
    if period_filters(text) or _BACK_RE.search(text):  # "the early seventies", "such early ones"
        kept -= _PERIOD_ADJECTIVES
    return " ".join(
        w
        for w in content_words(text)
        if w in kept
        and w not in _QUESTION_WORDS
        and (w not in GENERIC_WORDS or (people and w in _SAID_PEOPLE))
        and w not in _NOT_SUBJECT
        and not w.isdigit()
        and not _OPEN_YEAR_RE.fullmatch(w)  # "pre-1900": a period
    )
