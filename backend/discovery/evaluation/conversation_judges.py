"""The `similar_to_reference` and `describes_reference` judges of the fresh conversation set
(`data/eval/agent_conversations.md`): which shown record a reference points to, its subject
words, whether a turn searched by it and whether a shown record is like it.

One implementation shared by the set's checker (`data/eval/check_agent_conversations.py`) and
the evaluator (`discovery eval conversations`)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from discovery.evaluation.relevance import Acceptor, acceptance_text

#: Words never taken as the subject of a record: function words, the Harris negative
#: boilerplate and film stocks, and the words of pose, position, clothing and appearance that
#: fill the titles of studio and group portraits.
STOPWORDS = frozenset(
    """
    about above across after against along also among and another any are around as at away
    back before behind below beneath beside besides between both but by can could down during
    each either for from front has have her here him his into its just like many more most near
    next not off one only onto other out over own possibly probably same several side some such
    than that the their them then there these they this those three through to together toward
    towards two under until upon very was were what when where which while who whom whose with
    within without four five six seven eight nine ten eleven twelve first second third fourth
    fifth half top bottom middle center centre left right foreground background rear far end
    row rows version versions another unknown untitled including include includes included
    photographic photograph photographs negative negatives black white kodak safety film agfa
    ansco superpan nitrate charles teenie harris studio portrait portraits posed posing pose
    standing seated sitting wearing holding gathered group interior exterior view light dark
    colored coloured patterned striped plaid floral checkered dotted polka solid toned
    dress dresses suit suits shirt shirts jacket jackets coat coats tie ties necktie neckties
    bow hat hats cap caps skirt skirts blouse blouses sweater collar collared sleeve sleeves
    sleeved sleeveless button buttons buttoned pocket pockets lapel lapels belt belted trim
    earrings necklace necklaces brooch bracelet ring rings gloves shoes socks pants trousers
    eyeglasses glasses moustache mustache hair hairstyle scarf handkerchief vest cuffs neckline
    waist pearls strand strands beads corsage carnation pin ribbon ribbons fur short long
    breasted double single v-neck man men woman women boy boys girl girls person people young
    elderly small large wide full length three-quarter quarter curtain curtains wall walls
    floor floors window windows door doors wallpaper rug carpet table tables chair chairs
    sofa bench backdrop mirror lamp paneling
    object objects piece work works gelatin
    """.split()
)
MAX_DOCUMENT_FREQUENCY = 0.10  # words in more than 10% of the records are not subject words
WORD = re.compile(r"[a-zà-ÿ][a-zà-ÿ\-']+")


def _normalize(word: str) -> str:
    word = word.strip("-'")
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word


class SubjectIndex:
    """Document frequencies of words over a catalog, with the records each word matches (the
    same whole-word prefix test `\\b<word>` as the acceptance rule)."""

    def __init__(self, records: Sequence[Mapping[str, Any]]) -> None:
        self.records = records
        self.texts = [acceptance_text(r) for r in records]
        self._hits: dict[str, frozenset[int]] = {}

    def hits(self, word: str) -> frozenset[int]:
        if word not in self._hits:
            pattern = re.compile(r"\b" + re.escape(word))
            self._hits[word] = frozenset(i for i, t in enumerate(self.texts) if pattern.search(t))
        return self._hits[word]

    def document_frequency(self, word: str) -> float:
        return len(self.hits(word)) / max(len(self.texts), 1)


def _subject_tokens(
    text: str, index: SubjectIndex, exclude: frozenset[str] = frozenset()
) -> list[str]:
    words: list[str] = []
    for raw in WORD.findall(text.lower()):
        word = _normalize(raw)
        if len(word) < 3 or word in STOPWORDS or word in exclude or word in words:
            continue
        if index.document_frequency(word) > MAX_DOCUMENT_FREQUENCY:
            continue
        words.append(word)
    return words


def subject_words(record: Mapping[str, Any], index: SubjectIndex) -> list[str]:
    """The words a person would call the subject of a record: the words of its title
    (lowercased, possessive and plural `s` dropped, 3+ letters), minus STOPWORDS, minus words
    found in more than MAX_DOCUMENT_FREQUENCY of the catalog's records. When the title gives
    fewer than 2 (object titles such as "Teapot"), the words of the description are added,
    minus the words of the creator's name (so "Silver" counts, "John Brown" does not)."""
    words = _subject_tokens(str(record.get("title") or ""), index)
    if len(words) < 2:
        creator = frozenset(
            _normalize(w) for w in WORD.findall(str(record.get("creator") or "").lower())
        )
        for word in _subject_tokens(str(record.get("description") or ""), index, creator):
            if word not in words:
                words.append(word)
    return words


def needed_shared(words: Sequence[str]) -> int:
    """How many subject words a record must share with the reference: 1 when the reference has
    up to 3 subject words (object and artwork titles), else a quarter of them rounded up, at
    least 2 (the long descriptive titles of the Harris photographs)."""
    return 1 if len(words) <= 3 else max(2, math.ceil(len(words) / 4))


def is_like(
    reference: Mapping[str, Any],
    record: Mapping[str, Any],
    words: Sequence[str],
    constraints: Mapping[str, Any] | None = None,
) -> bool:
    """A record is "like" the referenced record when it is not the same record, shares at least
    `needed_shared(words)` of the reference's subject words (whole-word prefix match over the
    acceptance text), has the turn's media type (or, when the turn sets none, the reference's),
    and falls in the turn's period if one is set."""
    if not words:
        return False
    if record.get("id") and record.get("id") == reference.get("id"):
        return False
    constraints = constraints or {}
    media = constraints.get("media_type") or reference.get("media_type")
    rule: dict[str, Any] = {
        "accept": [],
        "media_type": media,
        "year_from": constraints.get("year_from"),
        "year_to": constraints.get("year_to"),
    }
    if not Acceptor(rule)(record):
        return False
    text = acceptance_text(record)
    shared = sum(1 for w in words if re.search(r"\b" + re.escape(w), text))
    return shared >= needed_shared(words)


def resolve_reference(
    reference: Any, shown: Sequence[Mapping[str, Any]]
) -> Mapping[str, Any] | None:
    """The shown record a reference points to: a 1-based position (negative from the end: -2
    is "the one before last"), "last",
    {"creator": text} (the first shown record whose creator contains the text) or
    {"title": text} (the first whose title has a word starting with the text: "the one with
    the piano"). None when the reference points past the shown records or no shown record
    matches (then the right outcome is a message)."""
    if reference == "last":
        return shown[-1] if shown else None
    if isinstance(reference, int):
        if reference < 0:
            return shown[reference] if -reference <= len(shown) else None
        return shown[reference - 1] if 1 <= reference <= len(shown) else None
    if isinstance(reference, Mapping) and "creator" in reference:
        needle = str(reference["creator"]).lower()
        return next((r for r in shown if needle in str(r.get("creator") or "").lower()), None)
    if isinstance(reference, Mapping) and "title" in reference:
        pattern = re.compile(r"\b" + re.escape(str(reference["title"]).lower()))
        return next((r for r in shown if pattern.search(str(r.get("title") or "").lower())), None)
    raise ValueError(f"bad reference: {reference!r}")


def search_anchored(
    reference: Mapping[str, Any],
    words: Sequence[str],
    attempt_query: str,
    attempt_filters: Mapping[str, Any] | None,
    previous_query: str = "",
) -> bool:
    """The turn searched by the referenced record: its first attempt names the record's id in
    the query or filters, or its query contains a subject word of the record that the previous
    turn's query did not contain (so re-running the previous search does not count)."""
    blob = f"{attempt_query} {json.dumps(attempt_filters or {}, default=str)}".lower()
    if reference.get("id") and str(reference["id"]).lower() in blob:
        return True
    query, previous = attempt_query.lower(), previous_query.lower()
    return any(
        re.search(r"\b" + re.escape(w), query) and not re.search(r"\b" + re.escape(w), previous)
        for w in words
    )
