"""The media types a turn names (part of the local planner's reading, a heuristic stand-in for
an LLM): words that name one ("photographs", "etchings", "pictures"), phrases ("decorative
arts", "video art", "architecture pieces") and things of a decorative art's material ("the
silver pieces")."""

from __future__ import annotations

import re

from discovery.agent.planning import words

# Words that name a media type (and which filter value they select).
MEDIA_WORDS: dict[str, str] = {
    "photo": "photograph", "photos": "photograph", "photograph": "photograph",
    "photographs": "photograph", "photographic": "photograph", "snapshot": "photograph",
    # "pictures" of a subject are its photographs: the judged sets' reading, 245 turns to 46
    # (a painting is a picture too; "a picture" stays a subject: "a room with a picture on the
    # wall")
    "pictures": "photograph", "pics": "photograph", "pix": "photograph",
    "snapshots": "photograph", "negative": "photograph", "negatives": "photograph",
    "painting": "painting", "paintings": "painting", "oil": "painting",
    "print": "print", "prints": "print", "etching": "print", "etchings": "print",
    "lithograph": "print", "lithographs": "print", "woodcut": "print", "woodcuts": "print",
    "engraving": "print", "engravings": "print",
    "drawing": "drawing", "drawings": "drawing", "sketch": "drawing", "sketches": "drawing",
    "watercolor": "drawing", "watercolors": "drawing", "watercolour": "drawing",
    "sculpture": "sculpture", "sculptures": "sculpture", "statue": "sculpture",
    "statues": "sculpture", "textile": "textile", "textiles": "textile",
}  # fmt: skip


_MOTION_PICTURES_RE = re.compile(r"\bmotion\s+pictures\b", re.I)


# Media types named by a phrase or by a word that is often only a modifier ("film stars",
# "movie theater", "video camera"): read only when no word of MEDIA_WORDS names one, and as a
# phrase or a plural noun ("the films", "video art", "decorative arts").
_MORE_MEDIA = (
    (re.compile(r"\bdecorative[\s-]+arts?\b", re.I), "decorative art"),
    # "decorative clocks", "decorative objects": the adjective names the type, the noun stays
    (re.compile(r"\bdecorative\b(?=[\s-]+\w+s\b)", re.I), "decorative art"),
    (re.compile(r"\b(?:films|movies|motion\s+pictures)\b", re.I), "film"),
    (re.compile(r"\b(?:videos|video\s+(?:art|works?|pieces?|installations?))\b", re.I), "video"),
    # the engine's other media types (`catalog/archives/heritage.py`), named by a phrase only:
    # "books" alone is often a subject ("children reading books")
    (re.compile(r"\bartists?'?\s+books?\b", re.I), "book"),
    (re.compile(r"\b(?:digital|computer)\s+art(?:works?)?\b", re.I), "digital art"),
    (re.compile(r"\bsound\s+art\b", re.I), "sound art"),
    (
        re.compile(r"\binstallations\b|\binstallation\s+(?:art|artists?|pieces?|works?)\b", re.I),
        "installation",
    ),
    (re.compile(r"\bmixed[\s-]+media\b", re.I), "mixed media"),
    (
        re.compile(
            r"\barchitecture\s+(?:pieces?|objects?|items?|works?|records?)\b"
            r"|\barchitectural\s+(?:models?|elements?|fragments?)\b",
            re.I,
        ),
        "architecture",
    ),
)
# "the silver pieces", "glass objects": things of a decorative art's material (the material
# stays the subject, so this is read by `parse_media_type` only)
_MATERIAL_RE = re.compile(
    r"\b(?:silver|glass|porcelain|ceramic|pewter|brass|copper|enamel|crystal|china|wood|wooden"
    r"|ivory|lacquer|jade|earthenware|stoneware|iron)"
    r"\s+(?:pieces|objects|items|wares)\b",
    re.I,
)


# "paintings and drawings", "prints or photographs": two types joined
_MEDIA_ALT = "|".join(sorted(MEDIA_WORDS, key=len, reverse=True))
_JOINED_RE = re.compile(
    rf"\b(?P<a>{_MEDIA_ALT})\s*(?:,|\band\b|\bor\b|&)\s*(?P<b>{_MEDIA_ALT})\b", re.I
)


def parse_media_type(text: str) -> str | None:
    """The one type of record the text asks for; none when it joins two ("gouache paintings
    and drawings", "prints or photographs": either will do, so neither is a filter)."""
    motion = bool(_MOTION_PICTURES_RE.search(text))  # "motion pictures": films
    said = [w for w in words(text) if w in MEDIA_WORDS and not (motion and w == "pictures")]
    if said:
        joined = _JOINED_RE.search(text)
        if joined and MEDIA_WORDS.get(joined["a"].lower()) != MEDIA_WORDS.get(joined["b"].lower()):
            return None
        return MEDIA_WORDS[said[0]]
    for pattern, media in _MORE_MEDIA:
        if pattern.search(text):
            return media
    return "decorative art" if _MATERIAL_RE.search(text) else None


def without_media_phrases(text: str) -> str:
    """`text` without the media types named by a phrase or a plural (`_MORE_MEDIA`): "how
    many decorative art pieces" is about a media type, not about the words "decorative art"."""
    for pattern, _media in _MORE_MEDIA:
        text = pattern.sub(" ", text)
    return text
