"""Whether a word is a real English word (a heuristic of the spelling corrector, `spelling.py`):
a WordNet 3.0 lemma of any part of speech, an irregular form WordNet lists ("firemen",
"mice"), or a regular inflection of a lemma ("frocks", "mourners", "tiled", "carving").

The corrector's vocabulary is the catalog's, so a real word the catalog happens not to use
looked like a typo and was "corrected" to a catalog word one edit away: "frocks" -> "rocks",
"statues" -> "states", "mourners" -> "corners", "crockery" -> "grocery" (measured on the
studied conversation sets). A real word is still corrected to a form of itself the catalog
uses (`related`: "tweedy" -> "tweed", "pinstripes" -> "pinstriped") and to a word it is with a
letter left out (`letter_left_out`: "corse" -> "course", "payers" -> "players": WordNet knows
"corse" and "payer", and leaving out a letter is the commonest slip), never to another word.

The word list (`assets/wordnet_words.txt.gz`, 83,000 words, 260 KB) is built by
`scripts/build_synonyms.py` from Princeton WordNet 3.0 (licence: `assets/WORDNET_LICENSE`)."""

from __future__ import annotations

import gzip
import re
from functools import lru_cache
from pathlib import Path

ASSET = Path(__file__).with_name("assets") / "wordnet_words.txt.gz"
# (ending, what the base ends with instead): "ladies" -> "lady", "tiled" -> "tile", "firemen"
PLURAL_ENDINGS = (("ies", "y"), ("es", ""), ("s", ""))
_ENDINGS = (
    *PLURAL_ENDINGS, ("ied", "y"), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"),
    ("er", ""), ("er", "e"), ("est", ""), ("est", "e"), ("ly", ""), ("men", "man"),
)  # fmt: skip


@lru_cache(maxsize=1)
def _words() -> frozenset[str]:
    with gzip.open(ASSET, "rt", encoding="utf-8") as lines:
        return frozenset(line.strip() for line in lines if line.strip())


def load() -> bool:
    """Reads the word list now (once per process); True when it is there."""
    return bool(_words())


def is_english(word: str) -> bool:
    """Whether `word` (lowercase) is a WordNet word or a regular inflection of one (a doubled
    final consonant undone too: "shopping" -> "shop"; only one English doubles, so "boxxing"
    is no form of "box")."""
    words = _words()
    return word in words or any(
        (base in words and not _needs_doubling(word, base))
        or (base[-1:] == base[-2:-1] and base[-1:] in _DOUBLED and base[:-1] in words)
        for base in bases(word)
    )


def _needs_doubling(word: str, base: str) -> bool:
    """Whether `word` would be `base` with an ending added to it as it stands, where English
    doubles the base's last consonant: a one-vowel word ending in one consonant that doubles
    ("swim": "swimming", so "swiming" is no form of it; "visit" has two vowels, "fix" ends
    in one that never doubles)."""
    return (
        word.endswith(("ing", "ed", "er")) and word.startswith(base) and bool(_CVC.fullmatch(base))
    )


# The consonants English doubles before an ending ("robbing", "shopping", "trekking", "revving").
_DOUBLED = frozenset("bdfgklmnprstvz")
_CVC = re.compile(r"[^aeiou]*[aeiou][bdfgklmnprstvz]")


def bases(word: str, endings: tuple[tuple[str, str], ...] = _ENDINGS) -> list[str]:
    """The bases `word` may be a regular inflection of, by `endings` (each at least three
    letters long): "ladies" -> "lady", "tiled" -> "til", "tile"."""
    return [
        word[: -len(ending)] + base_ending
        for ending, base_ending in endings
        if word.endswith(ending) and len(word) - len(ending) >= 3
    ]


def letter_left_out(word: str, term: str) -> bool:
    """Whether `word` is `term` with one letter left out ("corse" of "course", "payers" of
    "players"): the commonest slip, which can leave another real word behind."""
    return len(term) == len(word) + 1 and any(
        term[:i] + term[i + 1 :] == word for i in range(len(term))
    )


def letter_doubled(word: str, term: str) -> bool:
    """Whether `word` is `term` with one of its letters typed twice ("scoutts" of "scouts",
    "capps" of "caps"): a slip that can look like an inflection of a real word."""
    return len(word) == len(term) + 1 and any(
        word[i] == word[i - 1] and word[:i] + word[i + 1 :] == term for i in range(1, len(word))
    )


def related(word: str, term: str) -> bool:
    """Whether two words are forms of one ("tweedy" and "tweed", "ruffly" and "ruffle",
    "pinstripes" and "pinstriped"): they agree up to the last letter of the shorter, two
    words of one length differ in an ending's letter ("stork" and "store" are two words), and
    what each has beyond the letters they share is an ending ("greenery" is no form of
    "greene", nor "airwaves" of "airs")."""
    shared = 0
    for a, b in zip(word, term, strict=False):
        if a != b:
            break
        shared += 1
    if len(word) == len(term) and shared == len(word) - 1:
        return word[-1] in _ENDING_LETTERS and term[-1] in _ENDING_LETTERS
    return (
        shared >= min(len(word), len(term)) - 1
        and word[shared:] in _TAILS
        and term[shared:] in _TAILS
    )


_ENDING_LETTERS = frozenset("sdeyr")  # the last letters of "-s", "-ed", "-e", "-y", "-er"
# What a form of a word may add to the letters it shares with another form ("tweed|y",
# "ruffl|y" / "ruffl|e", "pinstripe|s" / "pinstripe|d").
_TAILS = frozenset(
    ("", "s", "es", "e", "d", "ed", "y", "ey", "ly", "r", "er", "ers", "ing", "ings", "ie",
     "ies", "ied", "n", "en")
)  # fmt: skip


# Endings of English inflection and derivation (`is_known`), and whether a base may have lost
# an "e" or doubled its last consonant before them ("dancers": "dance"; "shoppers": "shop").
_KNOWN_ENDINGS = (
    ("ers", True), ("er", True), ("ing", True), ("ed", True), ("es", False), ("s", False),
)  # fmt: skip
_VOWELS = frozenset("aeiou")


def is_known(word: str, known: frozenset[str]) -> bool:
    """Whether `word` (lowercase) is a known word or an inflected form of one: "shoppers" is
    no typo of "slippers" because "shop" is known. A typo rarely leaves a known base behind an
    ending ("dreses", "caskits", "bowlling" and "christmass" do not). Only for words typed in
    lowercase."""
    if word in known:
        return True
    for ending, verbal in _KNOWN_ENDINGS:
        stem = word[: -len(ending)]
        if not word.endswith(ending) or len(stem) < 4 or (ending == "s" and stem[-1] == "s"):
            continue
        bases = set() if verbal and _CVC.fullmatch(stem) else {stem}  # "swiming": no "swim"
        if verbal:
            bases.add(stem + "e")
            # a doubled consonant after a single short vowel: "shopp" -> "shop", not "bowll"
            if stem[-1] == stem[-2] and stem[-3] in _VOWELS and stem[-4] not in _VOWELS:
                bases.add(stem[:-1])
        if bases & known:
            return True
    return False


def same_word(word: str, term: str) -> bool:
    """Whether one is an inflected form of the other ("watercolors" and "watercolor"): the
    same word in another number or tense, never a typo to correct (the text ranking stems
    both alike; correcting one to the other only announces a change the person did not
    need)."""
    return is_known(word, frozenset((term,))) or is_known(term, frozenset((word,)))
