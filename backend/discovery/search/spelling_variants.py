"""The catalog's own spelling of a word it does not use ("aluminium" when the catalog says
"aluminum", "colour" / "color", "panelling" / "paneling", "theatre" / "theater"): British and
American spellings of one word, which the spelling corrector (`spelling.py`) leaves alone when
the embedding model knows the word typed. A word is respelled only when the catalog never uses
it and uses exactly one of its variants at least `min_count` times (the commonest when several).

Variants, each one change: a vowel British spelling adds beside another dropped ("aluminium",
"colour", "moustache", "archaeology"; `british_drops`, not any vowel beside another: that made
"statues" "states" and "could" "cold"), a doubled "l" made single ("panelling", "enamelled"),
a final "re" made "er" ("theatre", "centre"), "grey" and "gray". These are rules, not a dictionary:
a variant can be another word, which is rare at five letters or more, and only a word the
catalog never uses is respelled."""

from __future__ import annotations

import psycopg

MIN_LENGTH = 5
_VOWELS = frozenset("aeiou")
_LOOKUP = """
select w.word, t.term, t.doc_count
from unnest(%(words)s::text[], %(variants)s::text[]) w(word, term)
join spelling_terms t on t.kind = %(kind)s and t.term = w.term and t.doc_count >= %(min)s
where not exists (select 1 from spelling_terms o where o.kind = %(kind)s and o.term = w.word)
order by w.word, t.doc_count desc, t.term
"""


def vowel_drops(word: str) -> set[str]:
    """The word with one vowel left out beside another vowel ("aluminium" -> "aluminum",
    "colour" -> "color", "moustache" -> "mustache")."""
    return {
        word[:i] + word[i + 1 :]
        for i, c in enumerate(word)
        if c in _VOWELS and any(b in _VOWELS for b in word[i - 1 : i] + word[i + 1 : i + 2])
    }


# The vowels British spelling adds beside another: (the vowel, the one before it, the one
# after it, the letter after that): "colour", "moustache", "archaeology", "foetus", "aluminium".
_BRITISH = (("u", "o", "r", ""), ("o", "", "u", ""), ("a", "", "e", ""), ("o", "", "e", ""),
            ("i", "", "u", "m"))  # fmt: skip


def british_drops(word: str) -> set[str]:
    """The word with a vowel British spelling adds left out ("colour" -> "color", "moustache"
    -> "mustache", "archaeology" -> "archeology", "aluminium" -> "aluminum"): only these,
    not any vowel beside another ("statues" is no "states", "could" no "cold")."""
    out = set()
    for i, c in enumerate(word):
        for vowel, before, after, then in _BRITISH:
            if c != vowel or not word[i + 1 :].startswith(after + then):
                continue
            if before and word[i - 1 : i] != before:
                continue
            out.add(word[:i] + word[i + 1 :])
    return out


def variants(word: str) -> set[str]:
    """The word's other spellings by the rules above (lowercase in, lowercase out)."""
    if len(word) < MIN_LENGTH or not word.isalpha():
        return set()
    out = british_drops(word)
    for i in range(1, len(word)):
        if word[i - 1 : i + 1] == "ll":
            out.add(word[:i] + word[i + 1 :])
    if word.endswith("re"):
        out.add(word[:-2] + "er")
    if word.endswith("res"):
        out.add(word[:-3] + "ers")
    out |= {word.replace("grey", "gray")} if "grey" in word else set()
    out.discard(word)
    return out


async def catalog_spellings(
    conn: psycopg.AsyncConnection, words: list[str], kind: str, min_count: int
) -> dict[str, str]:
    """For each word the catalog of `kind` never uses, its variant the catalog uses most."""
    pairs = [(w, v) for w in dict.fromkeys(words) for v in sorted(variants(w))]
    if not pairs:
        return {}
    args = {"words": [w for w, _ in pairs], "variants": [v for _, v in pairs], "kind": kind,
            "min": min_count}  # fmt: skip
    found: dict[str, str] = {}
    for word, term, _count in await (await conn.execute(_LOOKUP, args)).fetchall():
        found.setdefault(word, term)
    return found
