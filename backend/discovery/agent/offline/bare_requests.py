"""A request for help that names nothing to find (a named heuristic after the offline router,
not a language model): "hi! can you help me find some pictures?", "could you help me look
through the photos?", "help me find something". The router reads "find" and "photos" as a
search, and searching for "photos" shows arbitrary records; such a turn is answered like a
greeting (when it opens with one) or as unclear, so the person is asked what to look for.

Only a whole turn of that form: a request for help, then at most a generic object (things,
stuff, pictures, photographs, records, art, the collection), then at most "please" or "for
me". Any other word ("help me find photos of boxers", "help me find Lena Horne") keeps the
router's answer.

A greeting to the assistant by a title ("yo, image wizard!", "hey photo guru!"): a greeting
word, at most two words, then a word people call a helper by, and nothing else, is a greeting
too (the router had read "image" and "photo" as a search)."""

from __future__ import annotations

import re

from discovery.agent.intents import Classification, Intent

_GREETING = r"(?:hi|hello|hey|hiya|howdy|greetings|good\s+(?:morning|afternoon|evening))"
_AFTER_GREETING = r"\b(?:\s+there)?[\s!,.]*"  # "hi there, ..."
_OPENING = re.compile(rf"^\s*{_GREETING}{_AFTER_GREETING}", re.IGNORECASE)
# "yo, image wizard!", "hey photo guru!": a greeting to the assistant by a title, nothing else
_HAILED = re.compile(
    rf"^\s*(?:{_GREETING}|yo){_AFTER_GREETING}(?:[a-z]+\s+){{0,2}}"
    r"(?:wizard|guru|genius|bot|robot|expert|helper|assistant|librarian|archivist|whiz+|oracle"
    r"|sleuth|detective|maestro|machine|computer)s?[\s!.]*$",
    re.IGNORECASE,
)
_BARE_HELP = re.compile(
    r"^(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?help\s+me\s+(?:to\s+)?"
    r"(?:find|look(?:\s+(?:through|for|at|around))?|dig\s+up|search(?:\s+(?:for|through))?"
    r"|locate|browse|see|pull\s+up)"
    r"(?:\s+(?:some|any|a\s+few|the|a))?"
    r"(?:\s+(?:things?|stuff|something|anything|pictures?|photos?|photographs?|images?"
    r"|records?|items?|art(?:works?)?|works|material|collection|archives?))?"
    r"(?:\s+(?:please|for\s+me|here|in\s+here))?[\s?.!]*$",
    re.IGNORECASE,
)


def bare_help(text: str, routed: Classification) -> Classification:
    """GREETING or UNCLEAR for a request for help that names nothing to find, and GREETING for
    a greeting to the assistant by a title, when the router called it a search; else `routed`
    as it is."""
    if routed.intent is not Intent.SEARCH:
        return routed
    if _HAILED.match(text):
        return Classification(Intent.GREETING, routed.confidence, "local", "a greeting by title")
    opening = _OPENING.match(text)
    rest = text[opening.end() :] if opening else text
    if not _BARE_HELP.match(rest.strip()):
        return routed
    intent = Intent.GREETING if opening else Intent.UNCLEAR
    return Classification(intent, routed.confidence, "local", "a request for help, nothing named")
