"""A scene described in the catalog's words is a search (a named heuristic after the offline
router, not a language model).

A noun phrase that describes a scene ("a man fixing a car engine in a garage", "a woman singing
into a microphone") is a search when the model calls it unrelated without much confidence. The
model sends such descriptions to UNRELATED about as often as commands ("turn on the lights"); a
command starts with its verb, a description with its subject.

A phrase that starts with a gerund ("buying pies at the bake shop", "filling up the tank at the
pumps") describes an act, as a caption does, and is a search however sure the model is, unless
it names who wants something ("making a deposit into my account") or asks. A request made to an
assistant says who it is for or asks; the router's unrelated training lines (CLINC's banking,
shopping and car requests) share such a phrase's words, never its shape.

A noun phrase with no finite auxiliary and no person ("a car parked in the garage", "kids
splashing in the swimming pool") is a caption however sure the model is: the model's confident
unrelated lines that start like a scene all say whose thing it is or state something with a
finite verb ("my car battery died", "the sound is too low", "someone stole my card").
"""

from __future__ import annotations

import re

from discovery.agent.intents import Classification, Intent

#: `scene_search`: below this confidence in UNRELATED, a catalog scene is a search.
SCENE_MAX_UNRELATED = 0.8
#: ... when at least this share of its content words is in the catalog (0.6 until stop 49: "a
#: patient laid up in a sickbed" knows half; the intent files were unchanged at 0.5).
SCENE_MIN_KNOWN = 0.5
_SCENE_START = re.compile(
    r"^\s*(?:a|an|the|some|somebody|someone|people|my|our|any|two|three|four|several|old|young"
    # people named by a plural or an adjective: "folks relaxing on a backyard patio"
    r"|folks|fans|kids|children|men|women|boys|girls|ladies|gentlemen|guys|couples?|famil(?:y|ies)"
    r"|workers|crowds?|soldiers|students|musicians|players|friends|neighbou?rs|teen(?:ager)?s"
    r"|bab(?:y|ies)|little|elderly|older|happy|smiling|big|small|everyone)\b",
    re.I,
)
#: A gerund first ("buying ..."), but not "anything ...", "during ...", "morning ...".
_GERUND_START = re.compile(
    r"^\s*(?!(?:any|no|some|every)thing\b|during\b|morning\b|evening\b)[a-z]{3,}ing\b", re.I
)
#: Who wants it: a request made to an assistant.
_PERSON = re.compile(r"\b(?:i|i'm|i'd|i've|me|my|mine|you|your|we|us|our)\b", re.I)
#: A finite auxiliary or modal: the phrase states or asks something ("the sound is too low").
_FINITE = re.compile(
    r"\b(?:is|are|was|were|am|be|been|has|have|had|do|does|did|can|could|will|would|shall|should"
    r"|may|might|must|need|needs|isn't|aren't|wasn't|weren't|hasn't|haven't|don't|doesn't|didn't"
    r"|can't|won't|wouldn't|shouldn't|it's|that's|what|how|why)\b",
    re.I,
)


def scene_search(
    text: str, routed: Classification, known: float, search_probability: float
) -> Classification:
    """SEARCH for a statement whose content words the catalog mostly knows (`known`, the share)
    and that the model called UNRELATED: one that starts like a noun phrase ("a", "the",
    "people", ...) when that confidence is below `SCENE_MAX_UNRELATED` or it reads as a caption
    (`_caption`), or one that starts with a gerund and names no person it is for; else `routed`
    as it is."""
    if (
        routed.intent is Intent.UNRELATED
        and known >= SCENE_MIN_KNOWN
        and "?" not in text
        and (
            (
                _SCENE_START.match(text)
                and (routed.confidence < SCENE_MAX_UNRELATED or _caption(text))
            )
            or (_GERUND_START.match(text) and not _PERSON.search(text))
        )
    ):
        return Classification(
            Intent.SEARCH, search_probability, "local", "a scene in catalog words"
        )
    return routed


def _caption(text: str) -> bool:
    """A noun phrase with no person and no finite auxiliary: "a car parked in the garage"."""
    return not _PERSON.search(text) and not _FINITE.search(text)
