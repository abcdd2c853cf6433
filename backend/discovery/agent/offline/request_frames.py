"""The words a request is framed with, which the local planner's query writer leaves out
(`querying.write_query`; a heuristic stand-in for an LLM): the frame before the subject ("could
you show me", "do you have any", "I'm looking for", "let me see"), the asides inside it
("please", "if possible", "in the collection", "the textiles you hold") and the small words at
its ends."""

from __future__ import annotations

import re

from discovery.agent.offline.media_types import MEDIA_WORDS

SENTENCE_RE = re.compile(r"(?<=[.!?;])\s+|\s+(?:--|—)\s+")
# "could you show me", "do you have any", "I'm looking for", "is there anything showing", ...
FRAME_RE = re.compile(
    r"\b(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?(?:help\s+me\s+)?(?:out\s+)?"
    r"(?:find|show|pull\s+up|get|give|dig\s+up|look\s+for|search\s+for|bring\s+up|see\s+if)"
    r"(?:\s+me)?"
    r"|(?:do|does)\s+(?:you|the\s+(?:archive|collection|museum))\s+(?:have|hold|own|contain|got)"
    r"|have\s+you(?:\s+got)?|you\s+got|^\s*got\s+any(?:thing)?(?:\s+(?:showing|of|with))?"
    r"|(?:would|do|did)\s+you\s+(?:by\s+any\s+chance\s+)?happen\s+to\s+(?:have|hold)"
    r"|let'?s\s+(?:(?:have\s+a\s+)?look\s+at|see|try|check\s+out|switch\s+to|move\s+on\s+to)"
    # "change of subject: the sculpture collection", "new topic - mirrors"
    r"|(?:a\s+)?(?:change\s+of|new|different)\s+(?:subject|topic)(?=\s*[:,-])"
    r"|let\s+me\s+(?:see|view|browse|(?:have\s+a\s+)?look\s+at)"
    r"|(?:are|is)\s+there(?:\s+any(?:thing)?|\s+some)?(?:\s+(?:showing|about|with|of))?"
    r"|i(?:'m|\s+am)\s+(?:looking|searching|hoping)\s+(?:for|to\s+(?:find|see))"
    r"|(?:looking|searching)\s+for"
    r"|(?:i|we)(?:'d|\s+would)\s+(?:love|like)\s+to\s+(?:see|find|look\s+at)"
    # "I am trying to find ...", "for a class I would like portraits where ...", "we'd like"
    r"|(?:i|we)(?:'m|'re|\s+am|\s+are)\s+trying\s+to\s+(?:find|locate|track\s+down|dig\s+up)"
    r"|(?:i|we)(?:'d|\s+would)\s+(?:love|like|appreciate(?!\s+it\b))"
    r"|we(?:'re|\s+are)\s+(?:looking|searching)\s+for"
    r"|i\s+(?:want|need)(?:\s+to\s+(?:see|find))?"
    r"|wondering\s+(?:whether|if)\s+you\s+(?:have|had)"
    r"|(?:please\s+)?(?:show|find|give|get|fetch|pull\s+up|bring\s+up|dig\s+up)\s+me"
    r"|what\s+(?:pictures|photos|photographs|images|records|items)\s+(?:are\s+there|do\s+you\s+have)"
    r"|which\s+(?:pictures|photos|photographs|records)\s+(?:show|have)"
    r"|anything\s+(?:showing|about|with|of|on)"
    r"|(?:can|could|may)\s+i\s+(?:see|view|browse|(?:have\s+a\s+)?look\s+at)"
    r"|^\s*(?:please\s+)?(?:find|show|search\s+for|search|look\s+for|display|list"
    # "pull up photographs taken in the fifties"
    r"|pull\s+up|bring\s+up|dig\s+up|dig\s+out|call\s+up|fetch)"
    # "only the ones with a piano" with nothing to narrow: a request for pianos
    r"|^\s*(?:only|just)\s+(?:the\s+|those\s+|these\s+)?(?:ones?|photos?|pictures?|images?|"
    r"records?|shots?)\s+(?:with|of|showing|that\s+show|where|in\s+which))\b",
    re.IGNORECASE,
)
# "people named Fisher", "a lady by the name of Mabel", "someone called Dorothy": the name is
# what a record must say ("named" would find name tags; "people" any crowd). Said of a person
# ("a man named harry") or before a capitalized word ("anything named Wilhelmina").
_NAMING = r"(?:named|called|by\s+the\s+name\s+of|with\s+the\s+(?:last\s+|first\s+|family\s+)?name)"
_WHO = (
    r"people|folks|persons?|someone|somebody|anyone|anybody|(?:a\s+)?(?:man|woman|lady|girl|boy"
    r"|fellow|guy|gentleman|kid|child|family|couple|men|women|ladies|girls|boys|fellows|guys)"
)
_NAMED_RE = re.compile(rf"(?i:\b(?P<who>{_WHO})\s+{_NAMING}\s+)|(?i:\b{_NAMING}\s+)(?=[A-Z])")
_ANYONE = frozenset("people folks person persons someone somebody anyone anybody".split())


def named(text: str) -> str:
    """The text with a person named by a frame said as the name ("people named Fisher, not
    anybody fishing": "Fisher, not anybody fishing"; "a lady called Mabel": "a lady Mabel")."""

    def name_only(m: re.Match[str]) -> str:
        who = m.group("who") or ""
        return " " if who.lower() in _ANYONE or not who else f"{who} "

    return _NAMED_RE.sub(name_only, text)


# What "of any ..." and "whatever the ..." leave open: no constraint
_OPEN = r"(?:kind|sort|type|date|period|era|decade|age|year|time|medium)s?"
ASIDE_RE = re.compile(
    r"\b(?:please|thanks|thank you|any luck|if (?:possible|you have (?:any|them))|"
    r"would be (?:amazing|great|wonderful|perfect|helpful)|"
    r"in (?:the|your) (?:collection|archive)s?|"
    # "still lifes of any kind", "digital art of any date": no constraint
    rf"(?:of|from|in)\s+any\s+{_OPEN}|"
    # "every sculpture, whatever the date", "no matter the period"
    rf"(?:(?:of|from|in)\s+)?(?:whatever|no\s+matter)\s+(?:the\s+|its\s+|their\s+)?{_OPEN}|"
    # "the textiles you hold", "the paintings you have": what the archive holds, no subject
    r"(?:that |which )?you(?:'ve| have)? (?:got|hold|keep|own|have)(?=[\s.?!]*$)|"
    r"ideally|maybe|perhaps|by any chance)\b"
)
LEADING = frozenset(
    "a an the any some anything something few of more other please any's your".split()
)
TRAILING = frozenset("please thanks too also maybe or and in at the a any there instead".split())


# "every drawing", "the whole print collection", "all the videos": all of a kind, no subject
ALL_OF_WORDS = frozenset("every each whole entire".split())
COLLECTION_WORDS = frozenset("collection collections holdings".split())


def leads_to_all(tokens: list[str]) -> bool:
    """Whether the first of `tokens` asks for all of a kind ("every", "all the")."""
    return tokens[0] in ALL_OF_WORDS or (
        tokens[0] == "all"
        and len(tokens) > 2  # not "all of them", "all of it"
        and (tokens[1] in LEADING or tokens[1] in MEDIA_WORDS)
        and tokens[2] not in {"them", "it", "those", "these"}
    )


# Spoken hedges around a request ("um, so, like, clothes with little shapes on them, maybe?"):
# no part of the query. "so", "like" and "well" only before a comma ("like the second one"
# asks for a likeness). The router reads them (vague requests hedge: "some pictures maybe").
_HEDGE_OPEN_RE = re.compile(
    r"^\s*(?:(?:u+m+|u+h+|e+r+m?|h+m+)(?![\w-])[\s,.]*|(?:so|like|well|okay|ok)\s*,\s*)+", re.I
)
_HEDGE_CLOSE_RE = re.compile(
    r"[\s,]*\b(?:kinda|sorta|kind\s+of|sort\s+of|maybe|perhaps|i\s+guess|i\s+think"
    r"|or\s+something)\s*[?.!]*\s*$",
    re.I,
)


def unhedged(text: str) -> str:
    """The request without the spoken hedges around it (the question mark of "kinda?" with
    them: the tone of the hedge, not a question)."""
    return _HEDGE_CLOSE_RE.sub("", _HEDGE_OPEN_RE.sub("", text)).strip() or text
