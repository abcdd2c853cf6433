"""Word statistics of the archive, by English stem: how many records use each stem. The local
refiner drops the least informative words with it; the lexical grader checks key words with it.

Counted by the search layer (`search.vocabulary`: words lowercased, not stemmed), stemmed here
with Snowball, once per process, on first use."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Iterable

import snowballstemmer

from discovery.agent.planning import words
from discovery.db import Database
from discovery.search.spelling_variants import vowel_drops
from discovery.search.vocabulary import archive_word_counts

log = logging.getLogger(__name__)

_STEMMER = snowballstemmer.stemmer("english")


def stem(word: str) -> str:
    return str(_STEMMER.stemWord(word.lower()))


def stems(text: str) -> set[str]:
    return {stem(w) for w in words(text)}


_VOWELS = "aeiou"
MIN_VARIANT = 5  # shorter stems have too many neighbours one vowel away


def spelling_variants(word_stem: str) -> set[str]:
    """The stem with one vowel more or less beside another vowel: the British and American
    spellings of a word ("mustach" and "moustach", "color" and "colour", "archeolog" and
    "archaeolog"). Only for stems of `MIN_VARIANT` letters or more."""
    if len(word_stem) < MIN_VARIANT:
        return set()
    out = vowel_drops(word_stem)  # "colour" -> "color"; and one vowel more: "color" -> "colour"
    for i, c in enumerate(word_stem):
        if c not in _VOWELS:
            continue
        for v in _VOWELS:
            out.add(word_stem[:i] + v + word_stem[i:])
            out.add(word_stem[: i + 1] + v + word_stem[i + 1 :])
    out.discard(word_stem)
    return out


class TermStats:
    def __init__(self, db: Database | None = None, counts: Iterable[tuple[str, int]] = ()) -> None:
        self.db = db
        self._freq: Counter[str] | None = None
        self._counts: list[tuple[str, int]] = list(counts)
        if self._counts:
            self._freq = self._by_stem(self._counts)
        self._lock = asyncio.Lock()

    @staticmethod
    def _by_stem(counts: Iterable[tuple[str, int]]) -> Counter[str]:
        freq: Counter[str] = Counter()
        for word, n in counts:
            freq[stem(word)] += n  # an upper bound when two forms share a record
        return freq

    async def ensure(self) -> None:
        if self._freq is not None or self.db is None:
            return
        async with self._lock:
            if self._freq is None:
                async with self.db.connection() as conn:
                    self._counts = await archive_word_counts(conn)
                self._freq = self._by_stem(self._counts)
                log.info("term statistics: %d distinct stems", len(self._freq))

    def word_counts(self) -> list[tuple[str, int]]:
        """(word, records using it), as the catalog spells its words (empty until `ensure`)."""
        return self._counts

    @property
    def loaded(self) -> bool:
        return self._freq is not None

    def doc_freq(self, word: str) -> int:
        """Records using the word's stem; 1 for every word until `ensure` has run."""
        if self._freq is None:
            return 1
        return self._freq.get(stem(word), 0)

    def stem_freq(self, word_stem: str) -> int:
        """Records using a stem as `stems` gives it (not stemmed again: "tuskege" is the stem
        of "tuskegee", and stemming it again gives "tuskeg", which no record uses)."""
        if self._freq is None:
            return 1
        return self._freq.get(word_stem, 0)

    def largest(self) -> int:
        """The commonest stem's count: about the number of records (1 until `ensure`)."""
        return max(self._freq.values(), default=1) if self._freq else 1

    def known_stems(self) -> frozenset[str]:
        """Every stem the archive uses (empty until `ensure` has run)."""
        return frozenset(self._freq or ())
