"""The vocabulary of the local planner's reading of references (`references.py`; a heuristic
stand-in for an LLM): the words that count ("second", "2nd", "last", "three"), the nouns for a
shown record, and the patterns of a pointer at one (a position, a position in a list named by
its subject, a maker, words of its title, a likeness or a question)."""

from __future__ import annotations

import re

COUNTED = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
)
ORDINALS = {w: n for n, w in enumerate(COUNTED.split(), 1)}
NTH = rf"(?:{'|'.join(COUNTED.split())}|\d{{1,3}}(?:st|nd|rd|th))"  # "third", "3rd"
# The nouns for a shown list: "closes out the list", "the bottom elevation in that batch"
LIST_WORDS = ("list", "lot", "batch", "set", "results", "page", "bunch")
LIST_NOUNS = rf"(?:{'|'.join(LIST_WORDS)})"
ORDINALS |= {"last": -1, "final": -1, "top": 1, "bottom": -1, "opening": 1, "lead": 1,
             "leading": 1, "topmost": 1, "bottommost": -1}  # fmt: skip
AT_THE = {"end": -1}  # "the one at the very end" (a place in the list, not an ordinal word)
# "the podium shot that leads the list", "the golf picture that ends the list": a place said by
# what the record does to the list
LIST_VERBS = {
    **dict.fromkeys("leads leading heads heading tops topping opens starts".split(), 1),
    **dict.fromkeys("closes closing ends ending finishes rounds".split(), -1),
}
AT_THE |= LIST_VERBS
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip
# The nouns for one shown record (a longer word before its beginning: "photograph", "photo")
NOUN_WORDS = (
    "one result record photograph photo picture pic image item print painting drawing piece "
    "object entry shot"
).split()
NOUN = rf"(?:{'|'.join(NOUN_WORDS)})"
NUMBER = rf"(?:\d{{1,3}}|{'|'.join(NUMBER_WORDS)})"
FEW = r"two|three|four|five|[2-5]"
# "in slot two", "at position 3": a place in the list by its number
IN_SLOT = r"\b(?:in|at)\s+(?:slot|position|spot)\s+(?:#\s*|number\s+)?"
POSITION_RES = [
    # "the second to last one", "the penultimate photo": the one before the last
    re.compile(
        r"\b(?P<before_last>last\s+but\s+one|"
        r"next[\s-]+to[\s-]+(?:the[\s-]+)?last|penultimate|"
        rf"{NOUN}\s+(?:just\s+|right\s+)?(?:before|above|ahead\s+of)\s+(?:the\s+)?(?:last|final|bottom)"
        rf"(?:\s+{NOUN})?"
        # "the plate one up from the bottom", "one up from the end"
        r"|\bone\s+up\s+from\s+the\s+(?:bottom|end)"
        # "the bowl just above the last one", "the guard just above the bottom one": any noun,
        # with "just" or "right"
        rf"|(?<=the\s)[a-z][\w'-]*\s+(?:listed\s+)?(?:just|right)\s+(?:before|above|ahead\s+of)\s+(?:the\s+)?"
        rf"(?:last|final|bottom)(?:\s+{NOUN})?)\b",
        re.I,
    ),
    # "the third from the bottom", "2nd to last", "the fourth one from the end": counted back
    re.compile(
        rf"\b(?P<from_end>{COUNTED.replace(' ', '|')}|\d{{1,3}}(?:st|nd|rd|th))(?:\s+{NOUN})?"
        r"[\s-]+(?:to|from)[\s-]+(?:the[\s-]+)?(?:last|end|bottom)\b",
        re.I,
    ),
    # "the hairstyle picture that came up second"; "second in line", "third from the top"
    re.compile(rf"\b(?:came|comes|showed|turned)\s+up\s+(?P<word>{NTH})\b", re.I),
    re.compile(rf"\b(?P<word>{NTH})\s+(?:in\s+line|from\s+the\s+top)\b", re.I),
    # "the first two", "the first 3 photos": the first of them (a likeness has one anchor)
    re.compile(rf"\bthe\s+(?P<word>first)\s+(?:{FEW})\b(?:\s+{NOUN}s?\b)?", re.I),
    # "that photo at the top", "the one at the bottom", "the one down at the very end", "the
    # police picture at the very end"
    re.compile(
        rf"\b(?:that|this|the)\s+(?:[a-z][\w'-]*\s+)?{NOUN}\s+(?:(?:down|up|over|right)\s+)?"
        r"(?:at|on)\s+the\s+"
        r"(?:very\s+)?(?P<word>top|bottom|end)\b",
        re.I,
    ),
    # "the second one", "that 2nd photo", "the last one", "the second, but ..."; not "the
    # 19th century" or "the first photographs of ..."
    re.compile(
        rf"\b(?:the|that|this)\s+(?:very\s+)?(?P<word>{'|'.join(ORDINALS)}|\d{{1,3}}(?:st|nd|rd|th))\b"
        r"(?!\s+(?:century|centuries|half|time|decade|world|\w{3,}s)\b)"
        # and then the end, a noun or the turn's other words: not "the last supper"
        rf"(?=\s*(?:$|[,.?!;:]|{NOUN}\b|(?:but|only|from|in|please|and|too|again|of|"
        r"with|without|though|instead|now)\b))"
        rf"(?:\s+{NOUN}\b)?",
        re.IGNORECASE,
    ),
    # "the mayor shot in third place", "the one at the second spot", "in slot two", "position 3"
    re.compile(
        rf"\b(?:in|at)\s+(?:the\s+)?(?P<word>{'|'.join(COUNTED.split())}|\d{{1,3}}(?:st|nd|rd|th))"
        r"\s+(?:place|position|spot|slot)\b",
        re.I,
    ),
    # "the podium shot that leads the list", "whatever picture closes out the list"
    re.compile(
        rf"\b(?P<word>{'|'.join(LIST_VERBS)})\s+(?:off\s+|out\s+|up\s+)?(?:the|that|this)\s+"
        rf"{LIST_NOUNS}\b",
        re.I,
    ),
    # "the piano shot sitting second", "the one listed third": a place said with a verb of place
    re.compile(
        rf"\b(?:sitting|placed|listed|coming|shown|appearing)\s+(?:in\s+)?(?P<word>{NTH})\b",
        re.I,
    ),
    re.compile(rf"{IN_SLOT}(?P<num>{NUMBER})\b", re.I),
    # "more like picture two", "scout picture twelve: ...", "picture nine up there": a number
    # word after a noun, ending the pointer; a word before the noun may name the list
    # ("fireplace shot two": the list of that subject)
    re.compile(
        r"\b(?:(?!(?:the|a|an|of|like|more|to|at|and|or|but|number|no|this|that|these|those|its|"
        r"their|similar|same)\b)(?P<list_about>[a-z][\w'-]*)\s+)?"
        rf"{NOUN}\s+(?P<num>{'|'.join(NUMBER_WORDS)})\b"
        r"(?=\s*(?:[.?!,;:]|$|but\b|only\b|up\s+there\b|there\b))",
        re.IGNORECASE,
    ),
    # "#3", "number 3", "number three", "no. 3", "result 3", "photo 3"
    re.compile(rf"(?:#|\b(?:number|no\.?)\s*#?)\s*(?P<num>{NUMBER})\b", re.IGNORECASE),
    re.compile(rf"\b{NOUN}\s*#?\s*(?P<num>\d{{1,3}})\b", re.IGNORECASE),
    # "2nd", "3rd one" without "the"
    re.compile(r"\b(?P<word>\d{1,3}(?:st|nd|rd|th))\b(?!\s+century)", re.IGNORECASE),
    # "third one please", "second photo, more like it": an ordinal word and a noun, no "the"
    # (not "first photographs of ...": the noun is singular and no "of" follows)
    re.compile(
        rf"\b(?P<word>{'|'.join(w for w in ORDINALS if w not in ('top', 'bottom'))})\s+"
        rf"{NOUN}\b(?!\s*(?:of|from)\b)",
        re.IGNORECASE,
    ),
    # "that one", "this photo", "more like it", "more like that"
    re.compile(
        rf"\b(?P<this>(?:that|this)\s+{NOUN}|(?:like|about)\s+(?:it|that|this)(?=\s*[.?!,]?\s*$)"
        r"|in\s+(?:that|this)\s+vein"
        # "the photo above", "the one up there"
        rf"|the\s+{NOUN}\s+(?:above|up\s+there|you\s+(?:just\s+)?showed(?:\s+me)?))",
        re.IGNORECASE,
    ),
]
# "the second stole picture", "the last of the skirt photos", "the first Frankstown one", with a
# likeness or a question: a position in the list of that subject (`list_about`; a word no list
# was searched for leaves the position in the newest list)
# ("third fireplace shot, find me its look-alikes": at the turn's start, "the" may be left out)
IN_ORDINAL = (
    rf"(?:\bthe\s+|^\s*)(?:very\s+)?(?P<word>{'|'.join(ORDINALS)}|\d{{1,3}}(?:st|nd|rd|th))\s+"
)
NOT_A_LIST = (
    r"(?!(?:century|centuries|half|time|decade|world|day|year|years|but|and|or|one|same|very"
    rf"|{'|'.join(NUMBER_WORDS)}|few|couple|to|from|please|again|too|instead|only|though|now"
    r"|of|those|these|them)\b)"
)
INLIST_RE = re.compile(
    rf"{IN_ORDINAL}(?:of\s+(?:the|those|these)\s+)?{NOT_A_LIST}"
    rf"(?P<list_about>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+{NOUN}s?\b",
    re.I,
)
# without a noun: "the second salon there, more like it", "the fourth bride: more like her", "the
# sixth group of seven, anything like it?"; a reference only when a shown list was searched for
# that word (`Reference.names_list`: "more like the last supper" is a request)
# "the 2nd house and the 4th", "the very last floor plan shown"
LIST_END = (
    r"(?=\s*(?:[,.?!;:]|$|there\b|and\s+the\b|shown\b|you\s+(?:just\s+)?showed\b"
    rf"|in\s+(?:that|this|the)\s+{LIST_NOUNS}\b))"  # "the bottom elevation in that list"
)
INLIST_BARE_RE = re.compile(
    rf"{IN_ORDINAL}{NOT_A_LIST}(?!{NOUN}s?\b)"
    rf"(?P<list_about>[a-z][\w'-]*(?:\s+(?:of\s+)?(?!there\b)[a-z][\w'-]*)?){LIST_END}",
    re.I,
)
# "more along the lines of house three": the list's subject and a number word after it (also a
# reference only when a shown list was searched for that word)
SUBJECT_NUMBER_RE = re.compile(
    rf"\b(?!(?:the|a|an|of|number|no|group|and|or|but|like|those|these|slot|position|spot|"
    rf"{'|'.join(ORDINALS)})\b)"
    rf"{NOT_A_LIST}(?!{NOUN}s?\b)(?P<list_about>[a-z][\w'-]*)\s+"
    rf"(?P<num>{'|'.join(w for w in NUMBER_WORDS if w != 'one')})\b"
    f"{LIST_END}",
    re.I,
)
# "the duckpins one, similar ones please", "the picture book one": a shown record named by one or
# two words of its title (a guess, as "the one with ..."; lower case: "the Teenie Harris one"
# names a maker)
WORD_ONE_RE = re.compile(
    r"\bthe\s+(?!(?:same|other|next|last|first|second|third|fourth|fifth|final|previous|earlier|"
    r"latest|newest|older|new|old|only|right|wrong|best|whole|very|top|bottom|middle|original|"
    r"above|below|big|small|little|good|nice|cool|great|exact|one)\b)"
    r"(?P<about>[a-z][\w'-]+(?:\s+[a-z][\w'-]+)?)\s+one\b(?!\s+(?:of|from)\b)"
)
# "candlestick one: anything resembling it?": a turn opening with the words and "one", no "the"
START_ONE_RE = re.compile(
    r"^\s*(?:(?:and|so|ok|okay|now)\b[\s,]*)?"
    r"(?!(?:this|that|the|which|any|each|every|some|no|one|a|an|just|only)\b)"
    r"(?P<about>[a-z][\w'-]+(?:\s+[a-z][\w'-]+)?)\s+one\s*[,:;]",
    re.I,
)
CREATOR_RE = re.compile(
    rf"\b(?:the\s+)?{NOUN}\s+(?:by|taken by|made by|painted by)\s+(?P<creator>[^,?!;]+?)"
    r"(?=\s*(?:[,?!;]|\.\s*$|\bbut\b|\bonly\b|\bfrom the\b|\bin the\b|$))",
    re.IGNORECASE,
)
# "the one with the trumpet player", "that photo of the Crawford Grill", "the one at the Centre
# Avenue YMCA": a shown record named by its content (singular: "the ones with a cake" narrows
# instead). Also a guess.
ABOUT_RE = re.compile(
    rf"\b(?P<the>the|that|this)\s+{NOUN}\s+(?:with|of|showing|that\s+shows|featuring|where|"
    r"at|in(?!\s+(?:the\s+)?(?:\d|middle\b|color\b|colour\b|black\b)))\s+"
    r"(?P<about>[^,?!;:]+?)(?=\s*(?:[,?!;:]|\s[-\u2013\u2014]\s|\.\s*$|\bbut\b|\bonly\b"
    r"|\bfrom the\b|\bin the \d|$))",
    re.IGNORECASE,
)
# "more like that conference photo", "that Syria Mosque photo": the record just talked about,
# else the shown one whose title holds the words (a guess: none holds them, no reference)
THAT_ABOUT_RE = re.compile(
    rf"\b(?:that|this)\s+(?!(?:one|same|kind|sort|type)\b)"
    rf"(?P<about>[a-z][\w'-]*(?:\s+(?!{NOUN}\b)[a-z][\w'-]*)?)\s+{NOUN}\b",
    re.IGNORECASE,
)
SIMILAR_RE = re.compile(
    r"\b(?:like|similar|comparable|akin to|same as|related to|resembl\w*|more of|others? of|"
    r"along (?:the|that|this|those|these) lines?|in the spirit of|"
    r"its (?:kind|sort|type|ilk|likes|kin)|look[\s-]?alikes?|"
    r"in (?:the|that|this) (?:same )?(?:vein|line)"
    # "anything close?", "something close to it", "anything near it?"
    r"|(?:anything|something|others?|ones?)\s+(?:close|near)(?:\s+(?:to\s+)?(?:it|that|this))?"
    r"(?![\w-])|(?:close|near)\s+to\s+(?:it|that|this)(?:\s+one)?"
    # "bring up its like", "only matches from the fifties", "find me matches for it"
    r"|its\s+like(?=\s*[.?!,;:]?\s*$)|(?:only|any)\s+matches|find\s+(?:me\s+)?matches"
    r"|matches\s+(?:for|to)\s+(?:it|that|this)|matches\s+only"
    # "match it for me", "match the boxing photo at the top", "find its match", "ones that look
    # the same", "anything else of that sort?", "others in that mold", "drawings that echo it"
    r"|match\s+(?:it|that|this|them|the)|(?:its|their)\s+match(?:es)?|look\s+the\s+same"
    r"|of\s+(?:that|this|the\s+same)\s+(?:sort|kind|type|ilk)|in\s+(?:that|this|the\s+same)\s+mou?ld"
    r"|echo(?:es|ing)?\s+(?:it|that|this))\b",
    re.I,
)
DESCRIBE_RE = re.compile(
    r"\b(?:who(?:'s| is| are|'re)?|what(?:'s| is)|where(?:'s| is| was)|when(?:'s| was| is)|"
    r"tell me (?:more )?about|describe|details (?:of|about|on)|more about|information (?:on|about)|"
    r"(?:a\s+)?(?:rundown|lowdown)\s+(?:of|on)|walk\s+me\s+through|(?:a\s+)?description\s+of|"
    r"the\s+story\s+(?:of|behind)|fill\s+me\s+in\s+on|"
    r"who (?:took|made|painted)|what year"
    # "what does the first sign photo show?"
    r"|what\s+(?:does|do)\s+(?:the|that|this|#)[^?]*?\b(?:show|depict|picture)s?)\b",
    re.IGNORECASE,
)
STARTS_AT_REFERENCE = re.compile(r"^\s*(?:and\s+|what about\s+|how about\s+)?(?:the|that|this|#)")
# A pointer plain enough to need no "like" or "the" before it: "show me #3", "what about
# number 7", "I want the 3rd one", "the second to last photo".
PLAIN_POINTER = re.compile(
    rf"#\s*\d|\bnumber\s+{NUMBER}\b|\bpenultimate\b|{IN_SLOT}{NUMBER}\b|"
    r"\b(?:to|from)\s+(?:the\s+)?(?:last|end|bottom)\b|"
    # "show me the 2nd", "I'd like the last": an ordinal ending the turn
    rf"\bthe\s+(?:very\s+)?(?:{'|'.join(ORDINALS)}|\d{{1,3}}(?:st|nd|rd|th))\s*[.?!]?\s*$|"
    rf"\bthe\s+{NOUN}\s+(?:above|up\s+there)\b|"
    rf"\b(?:{'|'.join(ORDINALS)}|\d{{1,3}}(?:st|nd|rd|th))\s+"
    r"(?:one|result|record|photo(?:graph)?|picture|image|item)\b(?!\s*(?:of|from)\b)",
    re.IGNORECASE,
)
# "more like the Teenie Harris one", "similar to the Hiroshige print": a name (capitalized
# words) between "the" and a noun. Only a guess: when no shown record has that creator, the turn
# is read as a request instead (`Reference.guessed`).
NAMED_RE = re.compile(
    rf"\bthe\s+(?P<creator>[A-Z][\w.'-]*(?:\s+[A-Z\"][\w.'\"-]*){{0,3}})\s+(?i:{NOUN})\b"
)
# "the one Luke Swank took": the maker named after the pointer (also only a guess)
TOOK_RE = re.compile(
    rf"\bthe\s+(?i:{NOUN})\s+(?P<creator>[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){{0,3}})\s+"
    r"(?i:took|made|shot|painted|drew|photographed|did)\b"
)
OPENS_TOOK_RE = re.compile(rf"^\s*(?:and\s+)?{TOOK_RE.pattern}")
# "the lunch box one, ...", "and the Red Cross one: ...": a turn that opens by naming a record
# (`references.points_back`)
OPENS_ONE_RE = re.compile(r"\s*(?:(?:and|so|ok|okay|now)\b[\s,]*)?the\s+[^,:;?!]+?\s+one\b", re.I)
