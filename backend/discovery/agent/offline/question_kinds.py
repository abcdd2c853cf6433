"""What kind of catalog question a turn asks, by its wording (the offline planner's heuristic
stand-in for an LLM, used by `questions.py`): a count ("how many", "tally"), a creator question
("who took these?", "which silversmiths made ...", "whose drawings are these?") or a period
question ("what decades ...", "when were they photographed?"), and the makers' trades that
name a media type ("the film makers" asks about films)."""

from __future__ import annotations

import re

HOW_BIG = r"\bhow\s+(?:large|big)\s+is\s+the\s+(?:collection|set|group|number)\s+of\b"
HEAD_COUNT = r"\bhead\s*-?\s*count\b"  # "a head count of those": a count, no heads
# "from those two decades": the period of the records pointed at, no subject word
SPAN = r"\b(?:those|these|the)\s+(?:two|three|four|both)\s+(?:decades|centuries|years|eras)\b"
COUNT_RE = re.compile(
    r"\bhow\s+many\b|^\s*(?:please\s+)?count\b"
    # "what's the number of ...", "what is the total?", "the total number of ...", "number of
    # photos of X?", "give me a count of ...", "what's the count for ..."
    # "what is the exact count of those?"
    r"|\b(?:what|which)(?:'s|\s+is|\s+are|\s+was|\s+were)?\s+(?:the\s+)?"
    r"(?:(?:total|exact|precise|overall|actual|rough|approximate|full|complete|current)\s+)?"
    r"(?:number|count|total)\b"
    r"|^\s*(?:and\s+|so\s+)?(?:the\s+)?(?:total\s+)?number\s+of\b"
    r"|\btotal\s+number\s+of\b"
    r"|\b(?:give|tell|get)\s+me\s+(?:a|the)\s+(?:count|number|total)\b"
    # "can you count them?", "please count the boxing photos", "total?", "in total?"
    r"|\bcount\s+(?:them|these|those|the|all|up|how)\b"
    r"|^\s*(?:and\s+|so\s+)?(?:in\s+)?total\s*\??\s*$"
    r"|^\s*(?:and|so|what\s+about)\b.*\bin\s+total\s*\??\s*$"  # "and architecture items in total?"
    # "what's the tally?", "a tally of the quilts", "how big is the collection of fans?"
    rf"|\btally\b|{HOW_BIG}"
    # "a head count of those", "what does that come to, in number?", "what do they add up to?"
    rf"|{HEAD_COUNT}|\bin\s+numbers?\s*\??\s*$|\bgrand\s+total\b"
    r"|\b(?:does|do|did)\s+(?:that|it|they|these|those)\s+(?:come|add)\s+(?:up\s+)?to\b"
    # "what do the church piano ones come to?", "what does that Forbes Field batch add up to?"
    r"|\bwhat\s+(?:does|do|did)\s+(?:the|that|this|these|those)\s+[\w\s'-]{0,40}?\b"
    r"(?:ones|photos|photographs|pictures|images|records|prints|works|items|pieces|batch|bunch|"
    r"lot|set|group|selection|list)\s+(?:come|add|amount)\s+(?:up\s+)?to\b"
    # "what is the bowling photo count?", "what's the textile total, then?": the count last
    r"|\b(?:what|which)(?:'s|\s+is|\s+was)\s+the\s+(?:[\w'-]+\s+){1,4}?(?:count|tally|total)"
    r"(?:,?\s+(?:then|now|please|again))?\s*\??\s*$"
    # "and the total comes to?", "what's the total come to"
    r"|\btotal\s+(?:comes?|came)\s+to\b"
    # "what's the size of the piano pile from the fifties?" (not "the size of the painting")
    r"|\bsize\s+of\s+(?:the|that|this|those|these)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:pile|heap|stack|batch|bunch|lot|set|group|selection|list|haul)\b",
    re.I,
)
# The nouns of people who make records.
MAKERS = (
    r"(?:photographers?|artists?|makers?|creators?|authors?|painters?|sculptors?|designers?|"
    r"directors?|dra(?:f|ugh)tsm[ae]n|"
    r"film\s*makers?|printmakers?|illustrators?|cinematographers?|architects?|engravers?|"
    r"etchers?|lithographers?|"
    # crafts: "silversmiths", "glassmakers", "cabinetmakers", "potters", "weavers"
    r"\w+smiths?|\w+makers?|potters?|weavers?|carvers?|jewel+ers?|manufacturers?|"
    r"firms?|compan(?:y|ies)|studios?|potter(?:y|ies)|factor(?:y|ies)|workshops?)"
)
# A maker's trade that says the media type ("who are the film makers?" asks about films).
MAKER_MEDIA = (
    (re.compile(r"\bphotographers?\b", re.I), "photograph"),
    (re.compile(r"\bfilm\s*makers?\b|\bcinematographers?\b|\bdirectors?\b", re.I), "film"),
    (re.compile(r"\bvideo\s+artists?\b", re.I), "video"),
    (re.compile(r"\bpainters?\b", re.I), "painting"),
    (re.compile(r"\b(?:printmakers?|etchers?|lithographers?)\b", re.I), "print"),
    (re.compile(r"\bsculptors?\b", re.I), "sculpture"),
)
# "who" opening the question (or after "tell me", "do you know"...): not "photos of people who
# made steel".
CREATOR_RE = re.compile(
    r"(?:^|[.,;:!?]\s*|\b(?:me|know|wonder|wondering|curious|idea|and|so|ok|okay|hi|hey)\s+)"
    r"(?:who(?:'s|\s+is|\s+are|\s+was|\s+were)?\s+(?:the\s+)?"
    r"(?:took|made|make|makes|created|create|painted|photographed|shot|drew|designed|carved|"
    r"produced|printed|sculpted|sketched|etched|engraved|filmed|did|behind|directed|wrote|"
    r"crafted|fashioned|"
    # "who are the film makers", "who were the main photographers"
    rf"(?:\w+\s+)?{MAKERS})"
    # "which photographers appear here?", "what Japanese artists ..."
    rf"|(?:which|what)\s+(?:\w+\s+)?{MAKERS})\b"
    # "which names are attached to those?", "what names are linked with these prints?"
    r"|\b(?:which|what)\s+names?\s+(?:are|is)\s+(?:attached|linked|tied|connected|associated)"
    r"\s+(?:to|with)\b"
    # "who are these by?", "who is this by"
    # "who were they taken by?", "who was this one made by?"
    r"|\bwho(?:'s|\s+is|\s+are|\s+was|\s+were)\s+(?:these|those|they|this|it|them)"
    r"(?:\s+(?!by\b)\w+){0,2}\s+by\b"
    r"|\bby\s+whom\b|\bwhose\s+(?:work|photos?|photographs?|pictures?|prints?|paintings?|are|is)\b"
    # "whose church drawings are these?"
    r"|^\s*(?:and\s+|so\s+)?whose\b"
    # "name the photographers", "list all the artists please"
    rf"|^\s*(?:please\s+|can\s+you\s+|could\s+you\s+)?(?:name|list)\s+(?:all\s+)?(?:the\s+)?"
    rf"(?:\w+\s+)?{MAKERS}\b"
    # "do you know the makers of those?", "and the artists of these?"
    # "the authors or artists of those"
    rf"|\b(?:the|their)\s+{MAKERS}(?:\s+(?:or|and)\s+{MAKERS})?\s+of\s+"
    r"(?:these|those|them|the\s+\w+)\b"
    # "tell me the filmmakers' names", "the names of the photographers"
    rf"|\b{MAKERS}(?:'s|')?\s+names?\b|\bnames\s+of\s+(?:the|their)\s+{MAKERS}\b"
    # "by who?", "and by which artist?", "made by who?"
    r"|^\s*(?:and\s+|so\s+|ok\s+|okay\s+)?(?:\w+\s+)?by\s+(?:who|which\s+\w+|what\s+\w+)\s*\??\s*$",
    re.I,
)
PERIOD_RE = re.compile(
    # "what time period ...", not "what time does the sun set?"
    r"\b(?:(?:what|which)\s+(?:decades?|periods?|years?|eras?|centur(?:y|ies)|dates?|"
    r"time\s+(?:periods?|frames?|spans?))"
    r"|how\s+(?:old|recent|new)\b|when\s+(?:were|was|are|is|did)\b.*\b(?:taken|made|created|"
    r"painted|photographed|shot|drawn|printed|built|produced|designed|from|date)"
    r"|(?:from|of)\s+(?:what|which|when)\b"
    r"|\b(?:date|time|year)\s+(?:range|span)|\brange\s+of\s+(?:dates|years)"
    # "split the desk pictures up by decade for me"
    r"|\b(?:split|break|sort|group)\b.*\bby\s+(?:decades?|centur(?:y|ies)|eras?|periods?)\b"
    # "give me the decades of the nurse pictures", "list their centuries"
    r"|\b(?:give|tell|show|list|name)(?:\s+(?:me|us))?\s+(?:the|their|its)\s+"
    r"(?:decades|centuries|eras|dates)\b)"
    # "decades?", "and their decades?", "what about the centuries?": the word alone
    r"|^\s*(?:(?:and|so|what\s+about|how\s+about)\s+)*(?:the\s+|their\s+|its\s+)?"
    r"(?:decades?|centur(?:y|ies)|dates?|periods?|eras?)\s*\??\s*$",
    re.I,
)

# Media words that name a technique within their type, which the records' media say ("Lithograph
# on paper"): a question about "the lithographs" is about those prints, not every print.
TECHNIQUE_WORDS = frozenset(
    """etching etchings lithograph lithographs woodcut woodcuts engraving engravings watercolor
    watercolors watercolour watercolours""".split()
)
