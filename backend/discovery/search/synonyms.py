"""The catalog's own word for a word it never uses ("waistcoats" when the catalog says "vests",
"greatcoat" / "overcoat", "pugilists" / "boxers", "wireless" / "radio"), from WordNet's synonym
sets: the spelling corrector's last rule (`spelling.py`), so the answer says what was searched
("Showing results for ...") and the person can still search exactly what they typed. The
corrector asks only about words the embedding model does not know whole: the dense ranking
understands "cops" or "somebody", and WordNet's senses of such common words are the ones that
lead astray ("cops" -> "coppers", the metal, in a catalog of copper pots).

A word (lowercase, `MIN_LENGTH` letters or more) is replaced only when the catalog uses neither
it nor its singular, and its senses offer single words the catalog uses in at least
`MIN_RECORDS` records (singular and plural counted together) with one best word across them;
it then becomes that word, in the word's number ("waistcoats" -> "vests"). Senses whose best
words differ ("braces": "pair" or "suspenders") make the word ambiguous: it is left alone. The
senses are those of the word itself when WordNet has it, else of its singular. This is a
thesaurus, not a model of the request: a sense the person did not mean can win when it is the
only one the catalog knows.

The synonym sets are Princeton WordNet 3.0's noun and adjective synsets
(`assets/wordnet_synonyms.tsv.gz`, built by `scripts/build_synonyms.py`; its licence is
`assets/WORDNET_LICENSE`)."""

from __future__ import annotations

import gzip
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import psycopg

from discovery.search.english_words import PLURAL_ENDINGS, bases

ASSET = Path(__file__).with_name("assets") / "wordnet_synonyms.tsv.gz"
MIN_LENGTH = 4
MIN_RECORDS = 3  # a replacement is a word at least this many of the catalog's records use

_COUNTS = """
select term, doc_count from spelling_terms where kind = %(kind)s and term = any(%(terms)s)
"""


class _Lexicon(NamedTuple):
    by_word: dict[str, tuple[int, ...]]  # word -> its senses
    senses: tuple[tuple[str, ...], ...]  # senses as word tuples
    irregular: dict[str, str]  # irregular plural -> singular
    nouns: frozenset[str]  # the words of the noun senses


@lru_cache(maxsize=1)
def _lexicon() -> _Lexicon:
    """The thesaurus, read once."""
    senses: list[tuple[str, ...]] = []
    index: dict[str, list[int]] = {}
    irregular: dict[str, str] = {}
    nouns: set[str] = set()
    with gzip.open(ASSET, "rt", encoding="utf-8") as lines:
        for line in lines:
            pos, _, rest = line.rstrip("\n").partition("\t")
            words = tuple(rest.split("|"))
            if pos == "exc":
                irregular[words[0]] = words[1]
                continue
            if pos == "n":
                nouns.update(words)
            for word in words:
                index.setdefault(word, []).append(len(senses))
            senses.append(words)
    return _Lexicon(
        {w: tuple(s) for w, s in index.items()}, tuple(senses), irregular, frozenset(nouns)
    )


def is_noun(word: str) -> bool:
    """Whether WordNet has `word` (lowercase) as a noun ("pageant"; not "sure" or "dirty")."""
    return word in _lexicon().nouns


def load() -> bool:
    """Reads the thesaurus now (about 0.1 s, once per process) rather than on the
    first request that needs it; True when it is there."""
    return bool(_lexicon().senses)


def singular(word: str) -> str | None:
    """The word's singular when it reads as an English plural WordNet knows ("waistcoats",
    "pinafores", "churches", "ladies", "mice", and by WordNet's rule for -men, which its list
    of exceptions leaves out, "women" and "firemen"), else None."""
    lexicon = _lexicon()
    index, irregular = lexicon.by_word, lexicon.irregular
    if word in irregular:
        return irregular[word]
    if word.endswith("men") and word not in index:  # not "omen", "abdomen"
        single = word[:-3] + "man"
        if single in index and single not in _MAN_NOT_MEN:  # not "germen" for "german"
            return single
    return next((b for b in bases(word, PLURAL_ENDINGS) if b in index), None)


def senses(word: str) -> list[tuple[str, ...]]:
    """The synonym sets of `word` (lowercase): its own when WordNet has it, else its
    singular's."""
    lexicon = _lexicon()
    index, sets = lexicon.by_word, lexicon.senses
    own = index.get(word)
    if own is None:
        base = singular(word)
        own = index.get(base, ()) if base else ()
    return [sets[i] for i in own]


def has_synonyms(word: str, min_length: int = MIN_LENGTH) -> bool:
    """Whether the rule could replace `word` (lowercase letters, long enough, in WordNet)."""
    return len(word) >= min_length and word.isalpha() and bool(senses(word))


_USUAL_PLURALS = {"person": "people"}  # the plural in use, where WordNet lists none
_MAN_NOT_MEN = frozenset(
    "human german roman shaman talisman caiman cayman ottoman dolman brahman doberman".split()
)


@lru_cache(maxsize=1)
def _irregular_plurals() -> dict[str, str]:
    """singular -> its irregular plural ("child" -> "children"), the first the exception list
    gives."""
    out: dict[str, str] = {}
    for inflected, base in _lexicon().irregular.items():
        out.setdefault(base, inflected)
    return out


def plural(word: str) -> str:
    """The plural of `word`: the usual irregular one ("people", "children", "women", "mice") or
    the regular ending."""
    if irregular := _USUAL_PLURALS.get(word) or _irregular_plurals().get(word):
        return irregular
    if word.endswith("man") and word not in _MAN_NOT_MEN:  # WordNet's rule: "women", "firemen"
        return word[:-3] + "men"
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
        return word[:-1] + "ies"
    return word + "s"


async def term_counts(
    conn: psycopg.AsyncConnection, terms: Iterable[str], kind: str
) -> dict[str, int]:
    """How many active items of `kind` use each of `terms` (`spelling_terms`); unused terms
    are left out."""
    rows = await (await conn.execute(_COUNTS, {"kind": kind, "terms": sorted(terms)})).fetchall()
    return {str(t): int(n) for t, n in rows}


def _mates(word: str, sense_size: int | None = None) -> list[list[str]]:
    """Per sense (of at most `sense_size` words, if given), the single words it offers for
    `word` (base forms)."""
    own = {word, singular(word)}
    return [
        [m for m in s if m not in own and m.isalpha() and len(m) >= 3]
        for s in senses(word)
        if sense_size is None or len(s) <= sense_size
    ]


def _is_plural(word: str) -> bool:
    return singular(word) is not None and word not in _lexicon().by_word


async def catalog_synonyms(
    conn: psycopg.AsyncConnection,
    words: list[str],
    kind: str,
    said: Iterable[str] = (),
    *,
    min_length: int = MIN_LENGTH,
    sense_size: int | None = None,
) -> dict[str, str]:
    """For each word (lowercase) the catalog of `kind` never uses, the catalog's own word for
    it by the rules above (words without one are left out). A word the request already `said`
    is no replacement ("mitts and gloves" stays: "gloves and gloves" would lose the mitts).
    `min_length` and `sense_size` (only senses of at most that many words: near synonyms,
    "sax" / "saxophone", not "hugging" / "kissing" among the nine words of its sense) let a
    caller ask about shorter words or more strictly."""
    said = {f for w in said for f in (w, singular(w) or w)}
    per_word = {
        w: [[m for m in mates if m not in said] for mates in _mates(w, sense_size)]
        for w in dict.fromkeys(words)
        if has_synonyms(w, min_length)
    }
    if not per_word:
        return {}
    terms = {w for w in per_word} | {b for w in per_word if (b := singular(w))}
    terms |= {f for sets in per_word.values() for ms in sets for m in ms for f in (m, plural(m))}
    used = await term_counts(conn, terms, kind)
    found = {}
    for word, sets in per_word.items():
        if used.get(word) or used.get(singular(word) or ""):
            continue
        best = set()
        for mates in sets:
            counted = [(used.get(m, 0) + used.get(plural(m), 0), m) for m in mates]
            counted = [(n, m) for n, m in counted if n >= MIN_RECORDS]
            if counted:
                best.add(max(counted, key=lambda pair: (pair[0], -len(pair[1])))[1])
        if len(best) == 1:  # every sense the catalog knows says the same word: unambiguous
            mate = best.pop()
            found[word] = plural(mate) if _is_plural(word) else mate
    return found
